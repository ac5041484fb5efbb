// Fix 47q, item 2: my chained on-call run ("Platform, then Payments until …") on New York schedules seen from
// Berlin words its end with the schedule's own time on the tray tooltip's short lines and in `status`, as the full
// tray line, the popover headline and the notifications do. Expected words written by hand from the calendar.
// Failed before: the short line said "On call until 22:00" and `status` "… until 22:00", without "(16:00 New York)".
import { describe, expect, it } from 'vitest';
import { deriveState } from '../../../electron/core/state/derive';
import { defaultSettings, serviceSettings } from '../../../electron/shared/settings';
import { accountIdOf } from '../../../electron/shared/accounts';
import { myRunNext, myRunNow } from '../../../electron/shared/on-call-run';
import { statusNextRunPhrase, statusRunLine } from '../../../electron/cli/status-mine';
import { shortStateLines } from '../../../electron/core/state/tray-tooltip';
import { everyText } from '../../support/text-registry';
import { alice, details, me, scheduleSnap, shift, snapshotOf, SETUP_OK } from '../support/fixtures';

const ZONE = 'Europe/Berlin';
const HOUR = 3_600_000;
// Sat 28 Nov 2026, 12:00 UTC (13:00 Berlin, 07:00 New York). Me on Platform 11:00–15:00 UTC, then Payments until
// 21:00 UTC (22:00 Berlin, 16:00 New York).
const T = Date.parse('2026-11-28T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

function stateAt(nowMs: number) {
  const snap = (id: string, name: string, from: number, to: number) =>
    scheduleSnap(
      id,
      [
        shift(iso(T - 30 * HOUR), iso(from), alice),
        shift(iso(from), iso(to), me),
        shift(iso(to), iso(T + 200 * HOUR), alice),
      ],
      {
        details: details(name, 'America/New_York', [me, alice]),
        detailsFetchedAt: iso(nowMs - 60_000),
        shiftsFetchedAt: iso(nowMs - 60_000),
      },
    );
  const snapshot = snapshotOf([
    snap('sch_a', 'Platform', T - HOUR, T + 3 * HOUR),
    snap('sch_b', 'Payments', T + 3 * HOUR, T + 9 * HOUR),
  ]);
  const account = {
    id: accountIdOf('work'),
    label: 'Work',
    baseUrl: 'https://w.example.com',
    email: me.email,
    schedules: [{ id: 'sch_a' }, { id: 'sch_b' }],
  };
  const settings = { ...defaultSettings(), accounts: [account] };
  const svc = serviceSettings(settings, account);
  return deriveState({ snapshot, settings: svc, setup: SETUP_OK, syncing: false, notices: [], nowMs, localZone: ZONE });
}

describe("a chained run's end names the schedule's own time on every line that says it", () => {
  it("on the tray tooltip's short lines", () => {
    const state = stateAt(T);
    const lines = shortStateLines(state, { nowMs: T, localZone: ZONE, locale: undefined });
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l).toMatch(/until 22:00 \(16:00 New York\)/);
  });

  it("in `status`'s line of my run now, and of my next run", () => {
    const now = stateAt(T);
    const run = myRunNow(now, T);
    expect(run).not.toBeNull();
    expect(statusRunLine(now, run!, { nowMs: T, localZone: ZONE })).toBe(
      'You are on call now: Platform, then Payments until 22:00 (16:00 New York)',
    );
    const before = T - 5 * HOUR;
    const early = stateAt(before);
    const next = myRunNext(early, before);
    expect(next).not.toBeNull();
    expect(statusNextRunPhrase(early, next!, { nowMs: before, localZone: ZONE })).toBe(
      'Your next shift: Platform, then Payments 12:00–22:00 (06:00–16:00 New York) (in 4 h)',
    );
  });

  // The hand-off words each block with its own end in its own style ("16:00 Berlin (15:00 UTC)"): not a run.
  it('as the registry reads them: every statement of the run says the same end', () => {
    const state = stateAt(T);
    const said = everyText({ state, nowMs: T, localZone: ZONE }).filter(
      (s) => s.statement?.kind === 'now' && s.surface !== 'handoff',
    );
    expect(said.length).toBeGreaterThan(0);
    for (const s of said) expect(s.text, s.surface).toMatch(/22:00 \((?:06:00–)?16:00 New York\)/);
  });
});
