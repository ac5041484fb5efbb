// Issue 47, adversarial round 6, finding 3: two accounts have me on call on alternate days with no gap. Derived at a
// shift change (the read at 08:00:00Z), each account's list of my blocks stopped at the horizon (now + 14 d, half
// open), so Acme's block starting exactly there was not listed, and the run was said to end there: "until 18 Mar,
// 09:00 (14 d left)", while Acme's read has me on call from that instant. The run's end is "at least" wherever the
// data has me on call after it. Real deriveState and combineStates. Failed before: the end was stated as known.
import { describe, expect, it } from 'vitest';
import { deriveState } from '../../../electron/core/state/derive';
import { combineStates } from '../../../electron/core/state/combine';
import { myRunNow } from '../../../electron/shared/on-call-run';
import { accountIdOf } from '../../../electron/shared/accounts';
import { defaultSettings, serviceSettings, type Account } from '../../../electron/shared/settings';
import type { Shift } from '../../../electron/api/schemas';
import { alice, deriveInput, details, me, scheduleSnap, shift, snapshotOf } from '../support/fixtures';

const ZONE = 'Europe/Berlin';
const DAY = 86_400_000;
const DERIVED = Date.parse('2026-03-04T08:00:00Z'); // Wed 09:00 Berlin: a shift change, the read's instant
const iso = (msAt: number): string => new Date(msAt).toISOString().replace('.000Z', 'Z');
const READ_TO = DERIVED + 15 * DAY - HOURS(1);
function HOURS(n: number): number {
  return n * 3_600_000;
}

/** Me on the days `mine` says (day 0 = Wed 08:00Z), Alice on the others, up to the read's end. */
const snap = (mine: (day: number) => boolean) => {
  const shifts: Shift[] = [];
  for (let d = -1; d < 15; d++) {
    const startMs = DERIVED + d * DAY;
    shifts.push(shift(iso(startMs), iso(Math.min(startMs + DAY, READ_TO)), mine(d) ? me : alice));
  }
  return scheduleSnap('sch_primary', shifts, {
    details: details('Platform primary', ZONE, [me, alice]),
    detailsFetchedAt: iso(DERIVED),
    shiftsFetchedAt: iso(DERIVED),
    shiftsFrom: iso(DERIVED - 2 * DAY),
    shiftsTo: iso(READ_TO),
  });
};

const account = (id: string, label: string): Account => ({
  id: accountIdOf(id),
  label,
  baseUrl: `https://${id}.example.com`,
  email: me.email,
  schedules: [{ id: 'sch_primary' }],
});

describe('a run reaching the horizon at a block boundary is not said to end there', () => {
  it('Acme on even days, Work on odd: "until at least …", never an end at the horizon', () => {
    const accounts = [account('work', 'Work'), account('acme', 'Acme')];
    const settings = { ...defaultSettings(), accounts };
    const snaps = { work: snap((d) => d % 2 !== 0), acme: snap((d) => d % 2 === 0) };
    const pairs = accounts.map((a) => ({
      account: a,
      state: deriveState(
        deriveInput({
          snapshot: snapshotOf([a.label === 'Work' ? snaps.work : snaps.acme]),
          settings: serviceSettings(settings, a),
          nowMs: DERIVED,
          localZone: ZONE,
        }),
      ),
    }));
    const state = combineStates(pairs, settings, []);
    const run = myRunNow(state, DERIVED + 30_000);
    expect(run).not.toBeNull();
    // Day 14 (18 Mar 08:00Z, the horizon) is Acme's and mine: the run goes on past it.
    expect(Date.parse(run?.end ?? '')).toBeGreaterThan(DERIVED + 14 * DAY);
    expect(run?.endBasis.kind).toBe('unknown');
  });
});
