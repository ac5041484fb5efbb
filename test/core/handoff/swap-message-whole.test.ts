// Issue 47, "no text is patched after it is made": a swap side that did not go through says why in its own
// sentence(s), whole, after the swap's sentence, never cut of its full stop and put in brackets ("did not land (The
// on-call service had a problem (HTTP 500). Try again later)"). Real engine, simulator, fake clock (pair world).
import { describe, expect, it } from 'vitest';
import { startPairWorld } from './support/pair-world';

describe('a swap side that did not go through says why whole', () => {
  it('the first side answered 500: the side’s message appears whole, after the sentence', async () => {
    const { h, engine } = await startPairWorld();
    h.sim.faults.set('createOverride', { status: 500, times: 1 });
    const answer = await h.clock.runWhileAdvancing(
      engine.handlers['swap:create']({
        mine: { scheduleId: 'sch_pair', start: '2026-03-23T08:00:00Z', end: '2026-03-24T08:00:00Z' },
        theirs: {
          scheduleId: 'sch_solo',
          start: '2026-03-26T08:00:00Z',
          end: '2026-03-27T08:00:00Z',
          email: 'carol@example.com',
        },
      }),
    );
    if (!answer.ok) throw new Error(answer.error.message);
    const side = answer.value.mine;
    expect(side.state).not.toBe('handed_off');
    expect(side.message).toMatch(/\.$|”$/);
    expect(answer.value.text).toContain(side.message);
    expect(answer.value.text).not.toMatch(/\(\s*\)|\.\)|\.\./);
  }, 60_000);
});
