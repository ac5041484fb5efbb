// Issue 49 (fix49d, 3): on call back to back on two schedules (Platform primary until 23:37, then Payments from
// 23:37), readiness said "Not ready for your shift at 23:37": the block that carries my continuous on-call time on is
// no start to be ready for. Readiness is about the next shift that starts after my continuous on-call time (shared
// on-call-run.ts), in one account and across accounts. States derived by the real deriveState and combineStates.
// Failed before: readiness was about the 23:37 block.
import { describe, expect, it } from 'vitest';
import { deriveState } from '../../../electron/core/state/derive';
import { combineStates } from '../../../electron/core/state/combine';
import { nextStartShift } from '../../../electron/shared/on-call-run';
import { accountIdOf } from '../../../electron/shared/accounts';
import { defaultSettings, serviceSettings, type Account } from '../../../electron/shared/settings';
import type { AppState } from '../../../electron/shared/view-state';
import type { Shift } from '../../../electron/api/schemas';
import { readinessLine } from '../../../electron/shared/readiness-text';
import { alice, deriveInput, details, me, scheduleSnap, shift, snapshotOf } from '../support/fixtures';

const ZONE = 'Europe/Berlin';
const NOW = Date.parse('2026-03-04T22:35:00Z'); // 23:35 in Berlin
const HOUR = 3_600_000;
const iso = (msAt: number): string => new Date(msAt).toISOString().replace('.000Z', 'Z');
const READ = iso(NOW - 60_000);
const BOUNDARY = NOW + 2 * 60_000; // 22:37Z: Platform primary's block ends, Payments' begins

const snap = (id: string, name: string, shifts: Shift[]) =>
  scheduleSnap(id, shifts, {
    details: details(name, ZONE, [me, alice]),
    detailsFetchedAt: READ,
    shiftsFetchedAt: READ,
    shiftsFrom: iso(NOW - 24 * HOUR),
    shiftsTo: iso(NOW + 30 * 24 * HOUR),
  });

/** Platform primary: me until 22:37Z, then Alice (and, with `again`, me again from `again` for 4 h). */
const platform = (again?: number) =>
  snap('sch_a', 'Platform primary', [
    shift(iso(BOUNDARY - 8 * HOUR), iso(BOUNDARY), me),
    shift(iso(BOUNDARY), iso(again ?? BOUNDARY + 40 * HOUR), alice),
    ...(again ? [shift(iso(again), iso(again + 4 * HOUR), me)] : []),
  ]);
/** Payments: Alice until 22:37Z, me for the next 3 h, then Alice. */
const payments = snap('sch_b', 'Payments', [
  shift(iso(BOUNDARY - 8 * HOUR), iso(BOUNDARY), alice),
  shift(iso(BOUNDARY), iso(BOUNDARY + 3 * HOUR), me),
  shift(iso(BOUNDARY + 3 * HOUR), iso(BOUNDARY + 40 * HOUR), alice),
]);

const account = (id: string, label: string, schedules: string[]): Account => ({
  id: accountIdOf(id),
  label,
  baseUrl: `https://${id}.example.com`,
  email: me.email,
  schedules: schedules.map((s) => ({ id: s })),
});

function world(accounts: Account[], snaps: Record<string, ReturnType<typeof snap>>): AppState {
  // Start at login off: a shift to be ready for reads "Not ready … turn on Start at login".
  const settings = { ...defaultSettings(), startAtLogin: false, accounts };
  const pairs = accounts.map((a) => ({
    account: a,
    state: deriveState(
      deriveInput({
        snapshot: snapshotOf(a.schedules.map((w) => snaps[w.id]!)),
        settings: serviceSettings(settings, a),
        nowMs: NOW,
        localZone: ZONE,
      }),
    ),
  }));
  return combineStates(pairs, settings, []);
}

describe('readiness is about the next start after my continuous on-call time', () => {
  it('one account: the back-to-back 23:37 block is no shift to be ready for', () => {
    const state = world([account('work', 'Work', ['sch_a', 'sch_b'])], { sch_a: platform(), sch_b: payments });
    expect(Date.parse(state.me.nextShift?.start ?? '')).toBe(BOUNDARY);
    expect(state.me.readiness).toBeNull();
  });

  it('two accounts, back to back across them: the same', () => {
    const state = world([account('work', 'Work', ['sch_a']), account('acme', 'Acme', ['sch_b'])], {
      sch_a: platform(),
      sch_b: payments,
    });
    expect(state.me.readiness).toBeNull();
  });

  it('a start after a break is still one to be ready for (at 05:00, after the run ends at 01:37)', () => {
    const again = BOUNDARY + 6 * HOUR + 23 * 60_000; // 05:00Z
    for (const state of [
      world([account('work', 'Work', ['sch_a', 'sch_b'])], { sch_a: platform(again), sch_b: payments }),
      world([account('work', 'Work', ['sch_a']), account('acme', 'Acme', ['sch_b'])], {
        sch_a: platform(again),
        sch_b: payments,
      }),
    ]) {
      expect(Date.parse(nextStartShift(state.me)?.start ?? '')).toBe(again);
      expect(Date.parse(state.me.readiness?.shift.start ?? '')).toBe(again);
      expect(state.me.readiness?.checks.some((c) => c.result === 'problem')).toBe(true);
    }
  });

  // adv49 round 12, #1: Work's own next start (its 00:37Z block) lies inside my on-call time over both accounts
  // (Acme's Payments carries it on until 01:37Z); the next real start is Work's 05:00Z block. Failed before: with two
  // accounts no account's readiness was about 05:00Z, so me.readiness was null ("Not ready" said nowhere).
  it('two accounts: my time carried on by the other account, readiness looks on to the next real start', () => {
    const inside = BOUNDARY + 2 * HOUR; // 00:37Z, for 2 h: within Payments' 22:37Z–01:37Z, so it carries on
    const again = BOUNDARY + 6 * HOUR + 23 * 60_000; // 05:00Z
    const work = snap('sch_a', 'Platform primary', [
      shift(iso(BOUNDARY - 8 * HOUR), iso(BOUNDARY), me),
      shift(iso(BOUNDARY), iso(inside), alice),
      shift(iso(inside), iso(inside + 2 * HOUR), me),
      shift(iso(inside + 2 * HOUR), iso(again), alice),
      shift(iso(again), iso(again + 4 * HOUR), me),
      shift(iso(again + 4 * HOUR), iso(again + 40 * HOUR), alice),
    ]);
    const one = world([account('work', 'Work', ['sch_a', 'sch_b'])], { sch_a: work, sch_b: payments });
    const two = world([account('work', 'Work', ['sch_a']), account('acme', 'Acme', ['sch_b'])], {
      sch_a: work,
      sch_b: payments,
    });
    for (const state of [one, two]) {
      expect(Date.parse(nextStartShift(state.me)?.start ?? '')).toBe(again);
      expect(Date.parse(state.me.readiness?.shift.start ?? '')).toBe(again);
      expect(state.me.readiness?.shift.scheduleName).toBe('Platform primary');
      const problem = state.me.readiness?.checks.find((c) => c.result === 'problem');
      expect(problem?.id).toBe('autostart');
      expect(problem?.action).toBe('start-at-login');
      // The shift's own checks are about the 05:00Z block (its schedule read fresh, its reminders on).
      expect(state.me.readiness?.checks.find((c) => c.id === 'schedule')?.result).toBe('ok');
      expect(state.me.readiness?.checks.find((c) => c.id === 'reminders')?.result).toBe('ok');
    }
    expect(two.me.readiness?.shift.accountId).toBe(accountIdOf('work'));
    // Start at login is the app's, not Work's: said once, unnamed, with two accounts too (adv49 r31).
    const line = two.me.readiness && readinessLine(two.me.readiness, () => '06:00', two);
    expect(line?.text).toMatch(/^Not ready for your shift at 06:00 — .*turn on Start at login/);
  });
});
