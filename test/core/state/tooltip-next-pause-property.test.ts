// Issue 49, adversarial round 7, #1: before my shift the tooltip led with the full "Next on call: …" line (long
// names, the schedules whose shifts couldn't be read), so at Windows' 127 characters an active pause (and a ringing
// alarm) fell past the cut. Over generated states (on call now or next, accounts 1–3, long names, a hole, the app's
// and the accounts' pauses, alarms), cut at each platform's limit (from the platform table): a pause running says
// "paused until …", a ringing alarm is said, and my state's first line is whole (never cut mid-word), with its time.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trayTooltip } from '../../../electron/core/state/tray-menu';
import { DESKTOP_PLATFORMS, platformTraits } from '../../../electron/core/platform/desktop-platform';
import { accountIdOf, scheduleRef } from '../../../electron/shared/accounts';
import type { AlarmStatus } from '../../../electron/shared/phone-intent';
import type { AppState, MyShift } from '../../../electron/shared/view-state';
import { accountView, appState, bob, schedule } from '../../renderer/support/state';

const NOW = Date.parse('2026-11-29T09:33:00Z');
const ZONE = 'Europe/Berlin';
const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 60);
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const iso = (ms: number): string => new Date(ms).toISOString();
const fresh = { kind: 'fresh' as const, readAt: null };
const LIMITS = [...new Set(DESKTOP_PLATFORMS.map((p) => platformTraits(p).tooltipMaxChars))];

interface World {
  onCall: boolean;
  accounts: number;
  schedules: number;
  longNames: boolean;
  hole: boolean;
  appPaused: boolean;
  accountsPaused: boolean;
  ringing: number;
  saved: boolean;
}

const worldArb: fc.Arbitrary<World> = fc.record({
  onCall: fc.boolean(),
  accounts: fc.integer({ min: 1, max: 3 }),
  schedules: fc.integer({ min: 1, max: 4 }),
  longNames: fc.boolean(),
  hole: fc.boolean(),
  appPaused: fc.boolean(),
  accountsPaused: fc.boolean(),
  ringing: fc.integer({ min: 0, max: 3 }),
  saved: fc.boolean(),
});

const LONG = 'Zahlungsabwicklungsplattform-Bereitschaftsdienst Primär';

function stateOf(w: World): AppState {
  const base = appState();
  const ids = Array.from({ length: w.accounts }, (_, i) => accountIdOf(i === 0 ? 'main' : `acc${i}`));
  const label = (a: number): string =>
    w.accounts === 1 ? 'oncall.example.com' : ['Work', 'Nebenjob Überstunden Wochenende', 'Side gig'][a]!;
  const name = (a: number, i: number): string => (w.longNames ? `${LONG} ${a}.${i}` : `Platform ${a}.${i}`);
  const start = w.onCall ? NOW - 2 * 60_000 : NOW + 12 * HOUR_MS;
  const end = start + 12 * HOUR_MS;
  const schedules = ids.flatMap((accountId, a) =>
    Array.from({ length: w.schedules }, (_, i) =>
      schedule({
        id: scheduleRef(accountId, `sch_${i}`),
        scheduleId: `sch_${i}`,
        accountId,
        name: name(a, i),
        status: { kind: 'fresh', at: iso(NOW - 60_000) },
        // The last schedule of the last account read only up to an hour from now: a shift of mine may hide there.
        known: {
          from: iso(NOW - 7 * DAY_MS),
          to: iso(w.hole && a === w.accounts - 1 && i === w.schedules - 1 ? NOW + HOUR_MS : NOW + 14 * DAY_MS),
          holes: [],
        },
        now: { users: [bob], start: iso(NOW - HOUR_MS), end: iso(NOW + HOUR_MS) },
        next: null,
        meOnCall: w.onCall && i === 0,
      }),
    ),
  );
  const mine: MyShift[] = schedules
    .filter((s) => s.scheduleId === 'sch_0')
    .map((s) => ({
      accountId: s.accountId,
      scheduleId: s.id,
      scheduleName: s.name,
      start: iso(start),
      end: iso(end),
      endBasis: fresh,
      // Read from saved data (the service answered 500 since): the statement of it says so (adv47 r11 #1).
      basis: w.saved && !w.onCall ? { kind: 'saved' as const, savedAt: iso(NOW - HOUR_MS) } : fresh,
    }));
  const alarms: AlarmStatus[] = Array.from({ length: w.ringing }, (_, i) => ({
    key: `alarm-${i}`,
    ...(w.accounts > 1 ? { accountName: label(i % w.accounts) } : {}),
    scheduleName: name(i % w.accounts, 0),
    start: iso(NOW - 2 * 60_000),
    ringing: true,
    ackedAt: null,
    ackSource: null,
  }));
  return {
    ...base,
    settings: {
      ...base.settings,
      pausedUntil: w.appPaused ? iso(NOW + HOUR_MS) : null,
      accounts: ids.map((id, a) => ({
        id,
        label: label(a),
        baseUrl: `https://${id}.example.com`,
        email: 'bob@example.com',
        schedules: Array.from({ length: w.schedules }, (_, i) => ({ id: `sch_${i}` })),
        ...(w.accountsPaused ? { pausedUntil: iso(NOW + 2 * HOUR_MS) } : {}),
      })),
    },
    accounts: ids.map((id, a) => accountView({ id, label: label(a), address: `https://${id}.example.com` })),
    schedules,
    me: {
      ...base.me,
      onCallNow: w.onCall ? mine : [],
      shifts: mine,
      nextShift: w.onCall ? null : (mine[0] ?? null),
    },
    alarm: alarms[0] ?? null,
    otherAlarms: alarms.slice(1),
  };
}

describe('the pause and a ringing alarm survive the OS cut in every state (issue 49, adversarial 7, #1)', () => {
  it.each(LIMITS)('cut at %i characters: paused until …, the alarm, my state whole with its time', (max) => {
    fc.assert(
      fc.property(worldArb, (w) => {
        const whole = trayTooltip(stateOf(w), NOW, ZONE, { locale: 'en-GB' });
        const cut = trayTooltip(stateOf(w), NOW, ZONE, { locale: 'en-GB', maxChars: max });
        expect(cut.length).toBeLessThanOrEqual(max);
        const first = cut.split('\n')[0] ?? '';
        // My state's first line is a whole line of the tooltip (not sliced), and it says the time: until 22:31
        // on call, or the start 22:33 before it.
        expect(whole.split('\n')).toContain(first);
        expect(first).toMatch(w.onCall ? /^On call\b.*until .*22:31/ : /^(Next on call|Next known): .*22:33/);
        if (w.appPaused) expect(cut).toMatch(/^(Notifications p|P)aused until 11:33$/m);
        else if (w.accountsPaused) expect(cut).toMatch(/([Rr]eminders|\d accounts?) paused until 12:33$/m);
        if (w.ringing > 0) expect(cut).toMatch(/not acknowledged|unacknowledged/);
        // What may hide before the next shift is still said at the glance ("Next known", not "Next on call").
        if (!w.onCall && w.hole) expect(first).toMatch(/^Next known: |^On call now: unknown|known only until/);
        // adv47 r11 #1, #2: the short next line keeps its basis, its account and the scope of the unknown; the
        // pauses fold into one line before it loses them.
        if (w.saved && !w.onCall) expect(first).toMatch(/saved (data from )?09:33/);
        if (!w.onCall && w.accounts > 1) expect(first).toMatch(/Work/);
        if (!w.onCall && w.hole) expect(first).toMatch(/unknown|couldn't be read|known only until/);
        if (w.appPaused || w.accountsPaused) expect(cut).toMatch(/[Pp]aused until/);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it("the round-7 world: next shift, long names, a hole, paused — Windows' cut keeps the pause", () => {
    const w = {
      onCall: false,
      accounts: 3,
      schedules: 3,
      longNames: true,
      hole: true,
      appPaused: true,
      accountsPaused: false,
      ringing: 0,
      saved: false,
    };
    const cut = trayTooltip(stateOf(w), NOW, ZONE, {
      locale: 'en-GB',
      maxChars: platformTraits('win32').tooltipMaxChars,
    });
    expect(cut.split('\n').slice(0, 2)).toEqual([
      'Next known: Work · 22:33 (in 12 h) · some shifts before it unknown',
      'Notifications paused until 11:33',
    ]);
  });
});
