// A shift's end inside quiet hours: "Shift ended" waits (it is not urgent) and is said once, in the summary when the
// quiet time ends, never dropped because its own instant passed while it waited.
import { describe, expect, it } from 'vitest';
import { nightDesk, NEAR_REFRESH, patchSettings } from '../support/night-desk';
import { ms } from '../../support/time';

describe('"Shift ended" inside quiet hours', () => {
  it('is held and said once in the summary at their end', async () => {
    // Night desk: mine 03:00–11:00 Berlin (02:00–10:00Z) every day; quiet 09:00–13:00 Berlin holds the 11:00 end.
    const h = await nightDesk('2026-03-11T01:00:00Z', { refresh: NEAR_REFRESH });
    await patchSettings(h, () => ({ quietHours: { enabled: true, start: '09:00', end: '13:00', days: [] } }));
    const engine = h.engine();
    await engine.start();
    await h.clock.advanceTo(ms('2026-03-11T13:00:00Z'));
    await engine.stop();
    const shown = h.notifier.shown.filter((s) => s.atMs >= ms('2026-03-11T08:00:00Z'));
    const said = shown.filter((s) => s.title === 'Shift ended' || /Shift ended/.test(s.body));
    expect(said.map((s) => new Date(s.atMs).toISOString())).toEqual(['2026-03-11T12:00:00.000Z']);
  }, 60_000);
});
