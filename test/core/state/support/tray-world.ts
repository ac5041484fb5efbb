// The tray budget's generated worlds (issue 49): 1–3 accounts of 1–10 schedules, and every optional line the menu
// may carry at once: alarms, failing reads, readiness, a pause, a taken shortcut, Start at login waiting, a new
// version, phone lines, requests asking me, a saved coverage list, a half-done hand-off and half-done swaps.
import fc from 'fast-check';
import { accountIdOf, scheduleRef } from '../../../../electron/shared/accounts';
import type { AppState } from '../../../../electron/shared/view-state';
import { appState, schedule } from '../../../renderer/support/state';
import { partialSync } from '../../../support/sync-status';
import { accountIdsOf, UNREACHABLE, worldAccounts, worldAlarms } from './world-accounts';

export const NOW = Date.parse('2026-05-04T08:00:00Z');
export const ZONE = 'Europe/Berlin';

export interface World {
  accounts: number;
  schedules: number;
  alarms: { ringing: boolean }[];
  failing: boolean[];
  notReady: boolean;
  paused: boolean;
  shortcut: boolean;
  login: boolean;
  update: boolean;
  /** "Your phone may still ring …" lines (adv49 r9 F3) and two requests asking me. */
  phones: number;
  asks: boolean;
  /** adv49 r16: the coverage list as saved data (no sync problem says so) or never read (its line stays), an I'm
   *  away hand-off and swaps half done. */
  coverage: 'fresh' | 'stale' | 'unread';
  halfHandoff: boolean;
  halfSwaps: number;
}

export const worldArb: fc.Arbitrary<World> = fc.record({
  accounts: fc.integer({ min: 1, max: 3 }),
  schedules: fc.integer({ min: 1, max: 10 }),
  alarms: fc.array(fc.record({ ringing: fc.boolean() }), { maxLength: 6 }),
  failing: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
  notReady: fc.boolean(),
  paused: fc.boolean(),
  shortcut: fc.boolean(),
  login: fc.boolean(),
  update: fc.boolean(),
  phones: fc.integer({ min: 0, max: 3 }),
  asks: fc.boolean(),
  coverage: fc.constantFrom('fresh' as const, 'stale' as const, 'unread' as const),
  halfHandoff: fc.boolean(),
  halfSwaps: fc.integer({ min: 0, max: 2 }),
});

export function stateOf(w: World): AppState {
  const base = appState();
  const ids = accountIdsOf(w.accounts);
  const label = (i: number): string => (w.accounts === 1 ? 'oncall.example.com' : `Account ${i}`);
  const schedules = ids.flatMap((accountId, a) =>
    Array.from({ length: w.schedules }, (_, i) =>
      schedule({
        id: scheduleRef(accountId, `sch_${i}`),
        scheduleId: `sch_${i}`,
        accountId,
        name: `Schedule ${a}.${i}`,
      }),
    ),
  );
  const failing = (a: number): boolean => w.failing[a] === true;
  const alarms = worldAlarms(
    w.alarms.map((x) => x.ringing),
    { accounts: w.accounts, label, name: (a, i) => `Schedule ${a}.${i}`, nowMs: NOW },
  );
  const [first] = schedules;
  const shift = first && {
    accountId: first.accountId,
    scheduleId: first.id,
    scheduleName: first.name,
    start: new Date(NOW + 3_600_000).toISOString(),
    end: new Date(NOW + 9 * 3_600_000).toISOString(),
    endBasis: { kind: 'fresh' as const, readAt: null },
    basis: { kind: 'fresh' as const, readAt: null },
  };
  const check = {
    id: 'autostart' as const,
    result: 'problem' as const,
    message: 'After a restart, nothing will remind you: turn on Start at login.',
    action: 'start-at-login' as const,
  };
  const anyFailing = ids.some((_, a) => failing(a));
  const own = worldAccounts(ids, { label, schedules: w.schedules, failing });
  return {
    ...base,
    ...(w.update ? { update: { version: '9.9.9', url: 'https://example.com/release' } } : {}),
    ...own,
    settings: {
      ...base.settings,
      pausedUntil: w.paused ? new Date(NOW + 3_600_000).toISOString() : null,
      ...own.settings,
    },
    sync: anyFailing ? partialSync(UNREACHABLE) : { kind: 'ok' },
    schedules,
    me: {
      ...base.me,
      nextShift: shift ?? null,
      shifts: shift ? [shift] : [],
      readiness: shift && w.notReady ? { shift, checks: [check] } : null,
    },
    alarm: alarms[0] ?? null,
    otherAlarms: alarms.slice(1),
    ...(w.phones > 0 ? { phone: phoneWith(w.phones) } : {}),
    coverage: {
      ...base.coverage,
      ...(w.asks ? { askingMe: [ask('cov_1'), ask('cov_2')] } : {}),
      ...(w.coverage === 'fresh' ? {} : { status: listStatus(w.coverage) }),
    },
    ...(w.halfHandoff ? { halfHandoff: 'Handing off your Tue 09:00 shift to Erin Walsh is half done' } : {}),
    ...(w.halfSwaps > 0 ? { halfSwaps: Array.from({ length: w.halfSwaps }, (_, i) => halfSwap(i)) } : {}),
  };
}

function listStatus(kind: 'stale' | 'unread'): AppState['coverage']['status'] {
  return kind === 'stale' ? { kind, since: iso(-3 * 60), reason: UNREACHABLE } : { kind: 'error', reason: UNREACHABLE };
}
const iso = (minutes: number): string => new Date(NOW + minutes * 60_000).toISOString();

/** A swap with Erin whose second side didn't land: my block `i` days ahead. */
function halfSwap(i: number): NonNullable<AppState['halfSwaps']>[number] {
  const side = (email: string, state: 'handed_off' | 'not_landed') => ({
    scheduleId: scheduleRef(accountIdOf('main'), 'sch_0'),
    start: iso((24 * (i + 1) + 1) * 60),
    end: iso((24 * (i + 1) + 9) * 60),
    email,
    others: [],
    state,
    message: '',
  });
  const result = { mine: side('bob@example.com', 'not_landed'), theirs: side('erin@example.com', 'handed_off') };
  return { accountId: accountIdOf('main'), name: 'Erin Walsh', result: { ...result, back: null, text: '' } };
}

/** The problems outside the engine that `w` names. */
export function extrasOf(w: World): { shortcutProblem?: string; loginProblem?: string } {
  return {
    ...(w.shortcut ? { shortcutProblem: 'Shortcut Alt+O is unavailable' } : {}),
    ...(w.login ? { loginProblem: 'Start at login waits for approval in System Settings' } : {}),
  };
}

function phoneWith(n: number): NonNullable<AppState['phone']> {
  return {
    provider: 'ntfy',
    server: 'https://ntfy.sh',
    hasSecrets: true,
    lastTest: null,
    booking: 'booked',
    nextBooked: null,
    problem: 'could not connect to ntfy.sh',
    stillRing: Array.from({ length: n }, (_, i) => ({
      key: `k${i}`,
      at: new Date(NOW + (40 + 60 * i) * 60_000).toISOString(),
      scheduleName: `Schedule 0.${i}`,
      why: 'not-mine' as const,
      error: 'could not connect to ntfy.sh (ECONNREFUSED)',
      passed: false,
    })),
  };
}

function ask(id: string): AppState['coverage']['askingMe'][number] {
  const start = new Date(NOW + 12 * 3_600_000).toISOString();
  const end = new Date(NOW + 20 * 3_600_000).toISOString();
  return {
    accountId: accountIdOf('main'),
    id: `main:${id}`,
    requester: { id: 'usr_erin', name: 'Erin Walsh', email: 'erin@example.com' },
    reason: 'Dentist appointment',
    status: 'pending',
    shifts: [{ start, end, scheduleId: 'sch_3', scheduleName: 'Schedule 0.3' }],
  };
}
