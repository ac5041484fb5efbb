// Issue 49, adversarial round 4, finding 1: the tooltip's first line named every on-call schedule "until 16:54" each
// (106 characters with 3 schedules, 237 with 3 accounts), so where the OS cuts a tooltip (Windows: 127 characters)
// the ringing alarm and the pause were gone. Over generated states (accounts 1–3, on call on 1–10 schedules each,
// long names, alarms 0–6, the pause, problems), the first 127 characters say my state, every alarm not acknowledged
// (or how many) and the pause; and the tooltip cut to a platform's limit ends at a line with "…".
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trayTooltip } from '../../../electron/core/state/tray-menu';
import { platformTraits } from '../../../electron/core/platform/desktop-platform';
import { scheduleRef } from '../../../electron/shared/accounts';
import type { AppState, MyShift } from '../../../electron/shared/view-state';
import { appState, bob, schedule } from '../../renderer/support/state';
import { accountIdsOf, worldAccounts, worldAlarms } from './support/world-accounts';

const NOW = Date.parse('2026-11-29T03:56:00Z');
const ZONE = 'Europe/Berlin';
const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 60);
const GLANCE = 127;
const fresh = { kind: 'fresh' as const, readAt: null };
const DAY_MS = 86_400_000;
const iso = (ms: number): string => new Date(ms).toISOString();
const savedBasis = { kind: 'saved' as const, savedAt: iso(NOW - 3 * 3_600_000) };

interface World {
  accounts: number;
  onCall: number;
  longNames: boolean;
  alarms: boolean[];
  paused: boolean;
  failing: boolean;
  /** The first account's blocks rest on saved data (adv47 round 6, #1: the short lead line dropped the mark). */
  saved: boolean;
}

const worldArb: fc.Arbitrary<World> = fc.record({
  accounts: fc.integer({ min: 1, max: 3 }),
  onCall: fc.integer({ min: 1, max: 10 }),
  longNames: fc.boolean(),
  alarms: fc.array(fc.boolean(), { maxLength: 6 }),
  paused: fc.boolean(),
  failing: fc.boolean(),
  saved: fc.boolean(),
});

function stateOf(w: World): AppState {
  const base = appState();
  const ids = accountIdsOf(w.accounts);
  const label = (a: number): string => (w.accounts === 1 ? 'oncall.example.com' : ['Work', 'Acme', 'Side gig'][a]!);
  const name = (a: number, i: number): string =>
    w.longNames ? `Schedule ${a}.${i} Platform infrastructure primary rotation` : `Sched ${a}.${i} Platform`;
  const schedules = ids.flatMap((accountId, a) =>
    Array.from({ length: w.onCall }, (_, i) =>
      schedule({
        id: scheduleRef(accountId, `sch_${i}`),
        scheduleId: `sch_${i}`,
        accountId,
        name: name(a, i),
        status: { kind: 'fresh', at: new Date(NOW - 60_000).toISOString() },
        known: { from: iso(NOW - 7 * DAY_MS), to: iso(NOW + 14 * DAY_MS), holes: [] },
        now: { users: [bob], start: iso(NOW - 2 * 60_000), end: iso(NOW + 12 * 3_600_000 - 2 * 60_000) },
        next: null,
        meOnCall: true,
      }),
    ),
  );
  const mine: MyShift[] = schedules.map((s) => ({
    accountId: s.accountId,
    scheduleId: s.id,
    scheduleName: s.name,
    start: new Date(NOW - 2 * 60_000).toISOString(),
    end: new Date(NOW + 12 * 3_600_000 - 2 * 60_000).toISOString(),
    endBasis: fresh,
    basis: w.saved && s.accountId === ids[0] ? savedBasis : fresh,
  }));
  const alarms = worldAlarms(w.alarms, { accounts: w.accounts, label, name, nowMs: NOW });
  const own = worldAccounts(ids, { label, schedules: w.onCall, failing: (a) => w.failing && a === 0 });
  return {
    ...base,
    ...own,
    settings: {
      ...base.settings,
      pausedUntil: w.paused ? new Date(NOW + 3_600_000).toISOString() : null,
      ...own.settings,
    },
    schedules,
    me: { ...base.me, onCallNow: mine, shifts: mine, nextShift: null },
    alarm: alarms[0] ?? null,
    otherAlarms: alarms.slice(1),
  };
}

describe('the tooltip says what asks me within the glance (issue 49, adversarial 4, finding 1)', () => {
  it('the first 127 characters: my state, each alarm not acknowledged (or how many), the pause', () => {
    fc.assert(
      fc.property(worldArb, (w) => {
        const text = trayTooltip(stateOf(w), NOW, ZONE, { locale: 'en-GB' });
        const glance = text.slice(0, GLANCE);
        expect(glance.split('\n')[0]).toMatch(/^On call:? .*16:54/);
        // My state rests on saved data: its lead line says so, whichever form fits (adv47 round 6, #1).
        // The basis in full, or in its fewest words where that keeps the accounts named (fix 47x).
        // With several accounts only the first's is saved: named, never the others' (adv47 r31 #1).
        // Or the mark right after Work's own item, when each account's item is listed ("Work · Sched 0.0 Platform
        // until 16:54 (saved data from 01:56), Acme · …"): scoped by its place (a counterexample of the oracle, kept).
        const savedWords =
          w.accounts > 1
            ? /\(Work('s)? saved (data from )?01:56\)|Work · [^,(]*\(saved (data from )?01:56\)/
            : /\(saved (data from )?01:56\)/;
        if (w.saved) expect(glance.split('\n')[0]).toMatch(savedWords);
        if (w.saved) expect(glance.split('\n')[0]).not.toMatch(/Acme · [^,(]*\(saved/);
        else expect(glance).not.toMatch(/saved data/);
        const ringing = w.alarms.filter((r) => r).length;
        const each = (glance.match(/: not acknowledged/g) ?? []).length;
        const counted = new RegExp(
          `^((${ringing} alarms|Shift-start alarm) not acknowledged|(${ringing} alarms|Alarm) unacknowledged)$`,
          'm',
        ).test(glance);
        expect(ringing === 0 ? each === 0 : each === ringing || counted).toBe(true);
        if (w.paused) expect(glance).toMatch(/Notifications paused until 05:56(\n|$)/);
        // Nothing is lost: every schedule of mine is still named further down.
        expect(text).toContain(stateOf(w).me.onCallNow.at(-1)?.scheduleName ?? '');
      }),
      {
        numRuns: NUM_RUNS,
        // Two accounts, one block each, short names: every item on the first line, the mark after Work's.
        examples: [
          [{ accounts: 2, onCall: 1, longNames: false, alarms: [], paused: false, failing: false, saved: true }],
        ],
      },
    );
  });

  it('cut to the platform limit at a line, with "…"', () => {
    const max = platformTraits('win32').tooltipMaxChars;
    fc.assert(
      fc.property(worldArb, (w) => {
        const whole = trayTooltip(stateOf(w), NOW, ZONE, { locale: 'en-GB' });
        const cut = trayTooltip(stateOf(w), NOW, ZONE, { locale: 'en-GB', maxChars: max });
        expect(cut.length).toBeLessThanOrEqual(max);
        if (whole.length <= max) {
          expect(cut).toBe(whole);
          return;
        }
        const lines = cut.split('\n');
        expect(lines.at(-1)).toBe('…');
        expect(whole.startsWith(lines.slice(0, -1).join('\n') + '\n')).toBe(true);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('the round-4 world: 3 schedules, 2 acknowledged, 1 ringing, paused', () => {
    const text = trayTooltip(
      stateOf({
        accounts: 1,
        onCall: 3,
        longNames: false,
        alarms: [false, true, false],
        paused: true,
        failing: false,
        saved: false,
      }),
      NOW,
      ZONE,
      { locale: 'en-GB' },
    );
    expect(text.split('\n').slice(0, 3)).toEqual([
      'On call until 16:54 · 3 schedules',
      'Shift-start alarm not acknowledged',
      'Notifications paused until 05:56',
    ]);
    expect(text).toContain('\nShift-start alarm (Sched 0.1 Platform, 04:54): not acknowledged\n');
    expect(text).toContain('On call: Sched 0.0 Platform until 16:54, Sched 0.1 Platform until 16:54');
    expect(text).toContain('Shift-start alarm (Sched 0.0 Platform, 04:54): acknowledged 04:55');
  });
});
