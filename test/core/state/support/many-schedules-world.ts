// Generated worlds for the tray's one-line state (issue 49, adv49 r26): 1–3 accounts of 1–10 schedules each, every
// account fresh, saved (its read failed 3 h ago), key rejected or never read, some schedules with a hole in the read,
// and my shifts on many schedules at once (often every one on the same rotation, as the finding had it). Each
// account's state is derived by the real deriveState from its own snapshot and combined as the engine does.
import fc from 'fast-check';
import { combineStates } from '../../../../electron/core/state/combine';
import { deriveState } from '../../../../electron/core/state/derive';
import { accountIdOf } from '../../../../electron/shared/accounts';
import { defaultSettings, serviceSettings, type Account } from '../../../../electron/shared/settings';
import type { AppState } from '../../../../electron/shared/view-state';
import { alice, bob, details, me, scheduleSnap, shift, snapshotOf, SETUP_OK } from '../../support/fixtures';
import { HOUR } from '../../../support/time';

export const NOW = Date.parse('2026-03-04T12:00:00Z');
export const ZONE = 'Europe/Berlin';
const SLOT = 12 * HOUR;
const NAMES = ['Platform primary', 'Payments', 'Database secondary', 'Edge', 'Mobile backend on-call'];
const LABELS = ['Work', 'Acme', 'Globex'];
const people = [me, alice, bob];

export type Read = 'fresh' | 'saved' | 'rejected' | 'unread';
export interface ManyAccount {
  read: Read;
  /** Per schedule, who is on call in each 12 h slot of [now − 12 h, now + 36 h): 0 me, 1 alice, 2 bob. */
  slots: number[][];
  /** A slot of one schedule the service sent unreadable. */
  hole?: { schedule: number; slot: number };
}

const slotsArb = fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 4, maxLength: 4 });
const accountArb = (schedules: number): fc.Arbitrary<ManyAccount> =>
  fc
    .record({
      read: fc.constantFrom<Read>('fresh', 'fresh', 'saved', 'rejected', 'unread'),
      // Often the same rotation on every schedule (the finding's world), else each its own.
      same: fc.boolean(),
      slots: fc.array(slotsArb, { minLength: schedules, maxLength: schedules }),
      hole: fc.option(
        fc.record({ schedule: fc.integer({ min: 0, max: schedules - 1 }), slot: fc.integer({ min: 0, max: 3 }) }),
        { nil: undefined },
      ),
    })
    .map(({ read, same, slots, hole }) => ({
      read,
      slots: same ? slots.map(() => slots[0]!) : slots,
      ...(hole ? { hole } : {}),
    }));

export const manyWorldArb: fc.Arbitrary<ManyAccount[]> = fc
  .record({ accounts: fc.integer({ min: 1, max: 3 }), schedules: fc.integer({ min: 1, max: 10 }) })
  .chain(({ accounts, schedules }) => fc.array(accountArb(schedules), { minLength: accounts, maxLength: accounts }));

const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');
const scheduleId = (k: number): string => `sch_${k}`;

function accountOf(i: number, w: ManyAccount): Account {
  const id = ['work', 'acme', 'globex'][i] ?? 'work';
  return {
    id: accountIdOf(id),
    label: LABELS[i] ?? id,
    baseUrl: `https://${id}.example.com`,
    email: me.email,
    schedules: w.slots.map((_, k) => ({ id: scheduleId(k) })),
  };
}

function stateOfAccount(w: ManyAccount, account: Account, settings: ReturnType<typeof defaultSettings>) {
  const failed = w.read === 'saved';
  const readAt = iso(failed ? NOW - 3 * HOUR : NOW - 60_000);
  const problem = failed ? { kind: 'network' as const, message: 'Failed.', at: iso(NOW - 60_000) } : null;
  const slotAt = (s: number) => ({ from: iso(NOW - SLOT + s * SLOT), to: iso(NOW + s * SLOT) });
  const schedules = w.slots.map((slots, k) => {
    const hole = w.hole?.schedule === k ? w.hole.slot : -1;
    const shifts = slots.flatMap((p, s) => (s === hole ? [] : [shift(slotAt(s).from, slotAt(s).to, people[p]!)]));
    const name = `${NAMES[k % NAMES.length]!} ${k}`;
    if (w.read === 'unread') return scheduleSnap(scheduleId(k), [], { shiftsFrom: null, shiftsTo: null, problem });
    return scheduleSnap(scheduleId(k), shifts, {
      shiftsFrom: slotAt(0).from,
      shiftsTo: slotAt(3).to,
      shiftHoles: hole < 0 ? [] : [slotAt(hole)],
      details: details(name, ZONE, people),
      detailsFetchedAt: readAt,
      shiftsFetchedAt: readAt,
      problem,
    });
  });
  const unread = w.read === 'unread' ? { kind: 'network' as const, message: 'Failed.', at: iso(NOW - 60_000) } : null;
  const snapshot = snapshotOf(
    schedules.map((s) => (unread ? { ...s, problem: unread } : s)),
    { keyRejected: w.read === 'rejected' },
  );
  return deriveState({
    snapshot,
    settings: serviceSettings(settings, account),
    setup: SETUP_OK,
    syncing: false,
    notices: [],
    nowMs: NOW,
    localZone: ZONE,
  });
}

/** The combined state of the world, as the engine tells it. */
export function manyState(world: readonly ManyAccount[]): AppState {
  const accounts = world.map((w, i) => accountOf(i, w));
  const settings = { ...defaultSettings(), accounts };
  return combineStates(
    world.map((w, i) => ({ account: accounts[i]!, state: stateOfAccount(w, accounts[i]!, settings) })),
    settings,
    [],
  );
}
