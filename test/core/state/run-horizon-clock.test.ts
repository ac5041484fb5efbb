// Issue 47, adversarial round 6, finding 3 (the part left): my on-call run crosses two accounts past the 14-day
// horizon. Work's block started before the horizon and runs on past it (listed: it carries my time on); Acme's block
// starts where Work's ends, past Acme's horizon (not listed by Acme: nothing of Acme's carries it on). Right after the
// read the run said "until at least …, then unknown"; once the clock had moved on past that end (the state not yet
// derived again) every surface said it ended there plainly ("until 18 Mar, 11:00 (14 d left)"), while Acme's read has
// me on call from that instant: the cut was judged against the surface's now + 14 d, not the list's own horizon.
// Real deriveState and combineStates, every surface through the registry. Failed before: a plain end on each surface.
import { describe, expect, it } from 'vitest';
import { deriveState } from '../../../electron/core/state/derive';
import { combineStates } from '../../../electron/core/state/combine';
import { myRunNext, myRunNow } from '../../../electron/shared/on-call-run';
import { accountIdOf } from '../../../electron/shared/accounts';
import { defaultSettings, serviceSettings, type Account } from '../../../electron/shared/settings';
import type { Shift } from '../../../electron/api/schemas';
import { everyText } from '../../support/text-registry';
import { alice, deriveInput, details, me, scheduleSnap, shift, snapshotOf } from '../support/fixtures';

const ZONE = 'Europe/Berlin';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DERIVED = Date.parse('2026-03-04T08:00:00Z'); // Wed 09:00 Berlin, the read's instant
const READ_TO = DERIVED + 16 * DAY;
const iso = (msAt: number): string => new Date(msAt).toISOString().replace('.000Z', 'Z');
/** Work's block ends, and Acme's starts, 2 h past the horizon of the derive. */
const HANDOVER = DERIVED + 14 * DAY + 2 * HOUR;

/** Me over [from, to), Alice before and after, read from 2 days back to READ_TO. */
const snap = (from: number, to: number) => {
  const shifts: Shift[] = [
    shift(iso(DERIVED - 2 * DAY), iso(from), alice),
    shift(iso(from), iso(to), me),
    shift(iso(to), iso(READ_TO), alice),
  ];
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

function combined() {
  const accounts = [account('work', 'Work'), account('acme', 'Acme')];
  const settings = { ...defaultSettings(), accounts };
  // Work: me from 13 d 22 h on to the handover; Acme: me from the handover for 8 h.
  const snaps = [snap(DERIVED + 13 * DAY + 22 * HOUR, HANDOVER), snap(HANDOVER, HANDOVER + 8 * HOUR)];
  const pairs = accounts.map((a, i) => ({
    account: a,
    state: deriveState(
      deriveInput({
        snapshot: snapshotOf([snaps[i] ?? snaps[0]!]),
        settings: serviceSettings(settings, a),
        nowMs: DERIVED,
        localZone: ZONE,
      }),
    ),
  }));
  return combineStates(pairs, settings, []);
}

describe('a run past the horizon is judged against the list it was derived with, whatever the clock says since', () => {
  // Right after the read, between reads (the clock past the handover's horizon), and on call (the run now).
  for (const sinceMs of [30_000, 3 * HOUR, 13 * DAY + 23 * HOUR]) {
    it(`the clock ${Math.round(sinceMs / HOUR)} h on: the run's end is "at least", on every surface`, () => {
      const state = combined();
      const nowMs = DERIVED + sinceMs;
      const run = myRunNow(state, nowMs) ?? myRunNext(state, nowMs);
      expect(run?.end).toBe(iso(HANDOVER));
      expect(run?.endBasis.kind).toBe('unknown');
      // 18 Mar 10:00Z is 11:00 Berlin: said plainly, it is not followed by ", then unknown".
      const plain = /until (18 Mar, 11:00|Wed 11:00)(?!, then unknown)/;
      // Every line of every surface saying my on-call time (the schedules' own lines, Alice's shift ending there, are
      // true; so is a listed block's own end, Work's at the handover, and a take-over offer's window: it states the
      // block it takes, Alice's on Acme, ending there — adv47 r23 #3/#4).
      const mine = (l: string) => /on call|next|you|I'm|I am/i.test(l) && !/Alice/.test(l);
      const offer = (kind: string | undefined) => /^(take-over|hand-back)-/.test(kind ?? '');
      for (const t of everyText({ state, nowMs, localZone: ZONE }).filter(
        (x) => x.statement?.kind !== 'block' && !offer(x.kind),
      ))
        for (const line of t.text.split('\n').filter(mine)) expect(line, `${t.surface}: ${t.text}`).not.toMatch(plain);
    });
  }
});
