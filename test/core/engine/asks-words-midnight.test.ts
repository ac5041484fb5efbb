// Issue 49: main words "Asks you" into the state it pushes (core/state/asks-words.ts), so the popover no longer
// re-words it on its own clock. A saved time is "21:30" on its own day and "4 Mar, 21:30" from the next local midnight:
// the state keeper words it again at that midnight, though nothing else changes then. Real deriveState through the
// keeper, fake clock; the expected words are written out from the read time and the zone: India's (UTC+5:30), so its
// midnight falls on none of the whole UTC hours a state from saved data is derived again at (core/state/change.ts).
import { describe, expect, it } from 'vitest';
import { createStateKeeper, serviceDerivation, type StateInputs } from '../../../electron/core/engine/state';
import { accountIdOf } from '../../../electron/shared/accounts';
import type { AppState } from '../../../electron/shared/view-state';
import { defaultSettings, serviceSettings } from '../../../electron/shared/settings';
import { alice, coverage, details, me, scheduleSnap, shift, snapshotOf, SETUP_OK } from '../support/fixtures';
import { FakeClock } from '../support/fake-clock';

const MIN = 60_000;
const HOUR = 60 * MIN;
const ZONE = 'Asia/Kolkata';
/** Wed 4 March 2026, 23:10 in India (17:40Z); the list was read at 21:30 there (16:00Z), unreachable since. */
const START = Date.parse('2026-03-04T17:40:00Z');
const READ_AT = '2026-03-04T16:00:00Z';
/** India's midnight into Thursday. */
const MIDNIGHT = Date.parse('2026-03-04T18:30:00Z');

function inputs(): StateInputs {
  const problem = { kind: 'network' as const, message: 'Failed.', at: '2026-03-04T17:30:00Z' };
  const schedule = scheduleSnap('sch_a', [shift('2026-03-04T12:00:00Z', '2026-03-07T12:00:00Z', alice)], {
    details: details('Platform', ZONE, [me, alice]),
    detailsFetchedAt: READ_AT,
    shiftsFetchedAt: READ_AT,
    problem,
  });
  const ask = coverage('cov_1', alice, [
    { start: '2026-03-06T08:00:00Z', end: '2026-03-06T12:00:00Z', scheduleId: 'sch_a' },
  ]);
  const account = {
    id: accountIdOf('work'),
    label: 'Work',
    baseUrl: 'https://work.example.com',
    email: me.email,
    schedules: [{ id: 'sch_a' }],
  };
  const settings = { ...defaultSettings(), accounts: [account] };
  return {
    snapshot: snapshotOf([schedule], { coverageRequests: [ask], coverageFetchedAt: READ_AT, coverageProblem: problem }),
    settings: serviceSettings(settings, account),
    setup: SETUP_OK,
    syncing: false,
    notices: [],
    servedFromCache: false,
  };
}

describe('Asks you worded by main (issue 49)', () => {
  it('says the saved time by its day from the local midnight on, pushed at that midnight', async () => {
    const clock = new FakeClock(START);
    const pushed: AppState[] = [];
    const keeper = createStateKeeper(
      clock,
      serviceDerivation(inputs, () => ZONE),
      (s) => pushed.push(s),
      () => ZONE,
    );
    const first = keeper.get().asksYou;
    expect(first?.heading).toBe('Asks you (1, from saved data from 21:30)');
    expect(first?.count).toBe('1, from saved data from 21:30');
    expect(first?.badge).toBe('1*');
    await clock.advance(MIDNIGHT + MIN - START);
    // Told at midnight, not at the keeper's next hourly check (00:40) nor the next whole UTC hour (00:30): the last push says the day.
    expect(pushed.at(-1)?.asksYou?.heading).toBe('Asks you (1, from saved data from 4 Mar, 21:30)');
    await clock.advance(HOUR);
    keeper.stop();
  });
});
