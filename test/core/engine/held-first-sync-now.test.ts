// Issue 47 (round 20, the held kinds' sweep): the one summary the first sync makes of requests already waiting ("2
// coverage requests are waiting") was held through quiet hours as its sentence: a request withdrawn meanwhile was
// still counted. It is worded when shown, from the requests still asking me then. Night desk (Berlin), quiet hours
// 22:00–07:00; the app starts for the first time at 23:00Z with two of Alice's requests waiting; one is withdrawn.
import { describe, expect, it } from 'vitest';
import { askMe, nightDesk, patchSettings, QUIET_NIGHTS } from '../support/night-desk';
import { ms } from '../../support/time';

describe('engine: the first sync summary of waiting requests, held through quiet hours', () => {
  it('counts only the requests still asking me when shown', async () => {
    const h = await nightDesk('2026-03-10T23:00:00Z');
    await patchSettings(h, () => ({ quietHours: QUIET_NIGHTS }));
    askMe(h, 'cov_one');
    askMe(h, 'cov_two');
    const engine = h.engine({ alarms: false });
    await engine.start();
    await h.clock.advanceTo(ms('2026-03-11T01:00:00Z'));
    expect(h.notifier.shown.filter((n) => /coverage|Coverage/.test(n.title))).toEqual([]);
    const gone = h.sim.state.coverageRequests.findIndex((c) => c.id === 'cov_two');
    h.sim.state.coverageRequests.splice(gone, 1);
    await h.clock.advanceTo(ms('2026-03-11T06:10:00Z'));
    const lines = h.notifier.shown.flatMap((n) => n.body.split('\n'));
    expect(lines.filter((l) => /coverage requests are waiting/.test(l))).toEqual([]);
    expect(lines.filter((l) => /Dentist/.test(l))).toEqual([
      'Coverage request from Alice Doe: Night desk Sat 11:00–19:00: Dentist',
    ]);
    await engine.stop();
  }, 30_000);
});
