// Generated worlds of 2–3 accounts for the metamorphic properties of issue 34: equal schedule ids (sch_a, sch_b) and
// request ids (cov_1) on every service, each account independently healthy, down, asked to wait, key rejected,
// needing setup, half-added, or the same service as the first. Each account's state is derived by the real
// deriveState from its own snapshot; `combined(world, i)` is account i alone (the independent expectation).
import fc from 'fast-check';
import { combineStates, type AccountState } from '../../../../electron/core/state/combine';
import { deriveState } from '../../../../electron/core/state/derive';
import { withBestReads } from '../../../../electron/core/state/best-reads';
import { accountIdOf } from '../../../../electron/shared/accounts';
import { defaultSettings, serviceSettings, type Account, type Settings } from '../../../../electron/shared/settings';
import type { AppState } from '../../../../electron/shared/view-state';
import type { Snapshot } from '../../../../electron/core/model/snapshot';
import { alice, bob, coverage, details, me, scheduleSnap, shift, snapshotOf, SETUP_OK } from '../../support/fixtures';
import { HOUR } from '../../../support/time';
export { HOUR };

export const NOW = Date.parse('2026-03-04T12:00:00Z');
export const ZONE = 'Europe/Berlin';
export const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 40);
/** Room for a long FC_RUNS hunt on a busy machine; the default runs take a few seconds. */
export const PROPERTY_TIMEOUT_MS = Math.max(60_000, NUM_RUNS * 1_000);
export const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

// 'half': added without its key and before any schedule was saved (a failed or unfinished add).
export type Condition = 'healthy' | 'down' | 'wait' | 'rejected' | 'setup' | 'half' | 'twice';
export interface AccountWorld {
  condition: Condition;
  /** Who is on call in each 12 h slot of [now − 12 h, now + 36 h), per schedule: 0 me, 1 alice, 2 bob. */
  slots: [number[], number[]];
  /** Whether the coverage request cov_1 (same id on every service) asks me. */
  asks: boolean;
  /** A slot of one schedule the service sent unreadable (a hole in the read): only the worlds that ask for it. */
  hole?: { schedule: 0 | 1; slot: number };
}

const IDS = ['work', 'acme', 'globex'] as const;
const LABELS = ['Work', 'Acme', 'Globex'] as const;
const people = [me, alice, bob];

const slotsArb = fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 4, maxLength: 4 });
const accountArb = (first: boolean): fc.Arbitrary<AccountWorld> =>
  fc.record({
    condition: fc.constantFrom<Condition>(
      ...(['healthy', 'down', 'wait', 'rejected', 'setup', 'half', ...(first ? [] : ['twice'])] as Condition[]),
    ),
    slots: fc.tuple(slotsArb, slotsArb),
    asks: fc.boolean(),
  });
export const worldArb = fc
  .integer({ min: 2, max: 3 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => accountArb(i === 0))));

export function accountOf(i: number, w: AccountWorld): Account {
  const id = IDS[i] ?? 'work';
  // The same service as the first: its address and e-mail.
  const baseUrl = w.condition === 'twice' ? 'https://work.example.com' : `https://${id}.example.com`;
  return {
    id: accountIdOf(id),
    label: LABELS[i] ?? id,
    baseUrl,
    email: me.email,
    schedules: w.condition === 'half' ? [] : [{ id: 'sch_a' }, { id: 'sch_b' }],
  };
}

export function snapshotFor(w: AccountWorld): Snapshot {
  const failed = w.condition === 'down' || w.condition === 'wait';
  const readAt = iso(failed ? NOW - 3 * HOUR : NOW - 60_000);
  const problem = failed
    ? { kind: w.condition === 'down' ? 'network' : 'rate_limited', message: 'Failed.', at: iso(NOW - 60_000) }
    : null;
  const schedules = (['sch_a', 'sch_b'] as const).map((id, k) => {
    const slotAt = (s: number) => ({ from: iso(NOW - 12 * HOUR + s * 12 * HOUR), to: iso(NOW + s * 12 * HOUR) });
    const hole = w.hole?.schedule === k ? w.hole.slot : -1;
    const shifts = (w.slots[k] ?? []).flatMap((p, s) =>
      s === hole ? [] : [shift(slotAt(s).from, slotAt(s).to, people[p] ?? alice)],
    );
    const read = { shiftsFrom: slotAt(0).from, shiftsTo: slotAt(3).to };
    return scheduleSnap(id, shifts, {
      ...read,
      shiftHoles: hole < 0 ? [] : [slotAt(hole)],
      details: details(id === 'sch_a' ? 'Platform' : 'Payments', 'Europe/Berlin', [me, alice, bob]),
      detailsFetchedAt: readAt,
      shiftsFetchedAt: readAt,
      problem,
    });
  });
  const request = coverage('cov_1', alice, [
    { start: iso(NOW + 24 * HOUR), end: iso(NOW + 36 * HOUR), scheduleId: 'sch_a' },
  ]);
  return snapshotOf(schedules, {
    coverageRequests: w.asks ? [request] : [],
    coverageFetchedAt: readAt,
    coverageProblem: problem,
    keyRejected: w.condition === 'rejected',
  });
}

function pairOf(settings: Settings, account: Account, w: AccountWorld, snapshot = snapshotFor(w)): AccountState {
  const state = deriveState({
    snapshot,
    settings: serviceSettings(settings, account),
    setup:
      w.condition === 'setup' || w.condition === 'half' ? { ...SETUP_OK, hasKey: false, keyStorage: 'none' } : SETUP_OK,
    syncing: false,
    notices: [],
    nowMs: NOW,
    localZone: ZONE,
  });
  return { account, state };
}

/** The settings holding the world's accounts, or account `only` alone. */
export function settingsOf(world: readonly AccountWorld[], only?: number): Settings {
  const all = world.map((w, i) => accountOf(i, w));
  const keep = only === undefined ? all : [all[only]!];
  return { ...defaultSettings(), accounts: keep };
}

/** Each account's snapshot as the engine tells it: with `bestReads`, a schedule the same service reads better in
 *  another account is taken from that read (core/state/best-reads.ts), as account-session.ts `shown()` has it. */
export function shownSnapshots(
  world: readonly AccountWorld[],
  only?: number,
  bestReads = false,
): Map<string, Snapshot> {
  const settings = settingsOf(world, only);
  const index = (a: Account): number => world.findIndex((_, i) => accountOf(i, world[i]!).id === a.id);
  const own = new Map(settings.accounts.map((a) => [a.id as string, snapshotFor(world[index(a)]!)]));
  if (!bestReads) return own;
  return new Map(
    settings.accounts.map((a) => [a.id, withBestReads(settings.accounts, a.id, own.get(a.id)!, (id) => own.get(id))]),
  );
}

/** The combined state of the world, or of account `only` alone (with `bestReads`, as the engine tells it). */
export function combined(world: readonly AccountWorld[], only?: number, bestReads = false): AppState {
  const settings = settingsOf(world, only);
  const index = (a: Account): number => world.findIndex((_, i) => accountOf(i, world[i]!).id === a.id);
  const shown = shownSnapshots(world, only, bestReads);
  return combineStates(
    settings.accounts.map((a) => pairOf(settings, a, world[index(a)]!, shown.get(a.id))),
    settings,
    [],
  );
}

/** Text said about one account, without the "Work · " / "Work: " naming several accounts add. */
export const unnamed = (text: string, label: string): string =>
  text.replaceAll(`${label} · `, '').replace(`${label}: `, '');

/** Whether every schedule of the account is watched by an earlier account of the same service (then all of it is
 *  told once, as that one's); computed here from the settings alone, apart from the code under test. */
export function wholeDuplicate(accounts: readonly Account[], id: string): boolean {
  const at = accounts.findIndex((a) => a.id === id);
  const self = accounts[at];
  if (!self) return false;
  const same = (a: Account): boolean =>
    a.baseUrl.toLowerCase() === self.baseUrl.toLowerCase() && a.email.toLowerCase() === self.email.toLowerCase();
  const earlier = accounts.slice(0, at).filter(same);
  if (earlier.length === 0) return false;
  const watched = new Set(earlier.flatMap((a) => a.schedules.map((w) => w.id)));
  return self.schedules.every((w) => watched.has(w.id));
}
