// Issue 47: a message held by quiet hours is worded from what is known when it is shown, not when it was held. The
// real engine, simulator and files with a fake clock: night desk (me 03:00–11:00 Berlin = 02:00–10:00Z every day),
// quiet hours 22:00–07:00 Berlin. During quiet hours the service changes Thursday's shift of mine twice; the
// summary at 07:00 says what the service says then, and never the first change's "now 03:00–07:00", which the
// second one made untrue (it is dropped, and said once as the record's note). Test failed before: the summary held
// both sentences as they were written, the first stating a block I no longer have.
import { describe, expect, it } from 'vitest';
import { askMe, NEAR_REFRESH, nightDesk, patchSettings, QUIET_NIGHTS } from '../support/night-desk';
import { NIGHT_ID } from '../support/seeds';
import { ms } from '../../support/time';

describe('a change held by quiet hours, changed again before they end', () => {
  it('is worded at 07:00 from the latest read: the stale statement is dropped, the true one said once', async () => {
    const h = await nightDesk('2026-03-10T20:00:00Z', { refresh: NEAR_REFRESH });
    await patchSettings(h, () => ({ quietHours: QUIET_NIGHTS }));
    const engine = h.engine();
    await engine.start();
    // 23:30 Berlin, quiet: Alice takes 07:00–11:00 of Thursday's shift (12 Mar): mine is 03:00–07:00 now.
    await h.clock.advanceTo(ms('2026-03-10T22:30:00Z'));
    const thu = (from: string, to: string) => ({ startMs: ms(from), endMs: ms(to), userIds: ['usr_alice'] });
    h.sim.state.addOverride(NIGHT_ID, thu('2026-03-12T06:00:00Z', '2026-03-12T10:00:00Z'), h.clock.now());
    await engine.handlers['sync:refresh'](null);
    // 02:00 Berlin, still quiet: she takes 05:00–11:00 instead: mine is 03:00–05:00.
    await h.clock.advanceTo(ms('2026-03-11T01:00:00Z'));
    h.sim.state.addOverride(NIGHT_ID, thu('2026-03-12T04:00:00Z', '2026-03-12T10:00:00Z'), h.clock.now());
    await engine.handlers['sync:refresh'](null);
    askMe(h, 'cov_dentist');
    await h.clock.advanceTo(ms('2026-03-11T06:30:00Z'));
    const summaries = h.notifier.shown.filter((s) => s.title.endsWith('while notifications were quiet'));
    expect(summaries).toHaveLength(1);
    const body = summaries[0]?.body ?? '';
    // Nothing says I have Thursday 03:00–07:00: the service no longer says so at 07:00.
    expect(body).not.toMatch(/now Thu 03:00–07:00/);
    // What is true at 07:00 is said, worded then: my block is Thu 03:00–05:00, its timing from 07:00 Wednesday.
    expect(body).toMatch(/now Thu 03:00–05:00/);
    expect(body).toMatch(/on call in 20 h/);
    expect(body.match(/Your shift was changed/g) ?? []).toHaveLength(1);
    await engine.stop();
  }, 60_000);
});
