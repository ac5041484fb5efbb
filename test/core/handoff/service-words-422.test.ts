// Issue 48 (adversarial round 9, F4): a 422 that lists field problems and also says something of its own
// ({message, errors:[{field,message}]}) was told as "The service refused the override. Start: FIELD-WORDS." on
// every flow: the service's own message was dropped. It is now said first ("The service said: “…”"), then the
// field problems in the form's terms, each once. Pair world: two on call at once; Carol is alone on Solo.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import type { Harness } from '../support/engine-harness';
import { overridesOn, startPairWorld } from './support/pair-world';

// With a newline and a right-to-left override inside: the service's words stay one clean line.
const BODY = {
  message: 'SVC-WORDS-422 the\n window \u202eis frozen',
  errors: [{ field: 'start', message: 'FIELD-WORDS' }],
};
const TOLD =
  'The service refused the override. The service said: “SVC-WORDS-422 the window is frozen” Start: FIELD-WORDS.';

async function refusing(): Promise<{ h: Harness; engine: Engine }> {
  const w = await startPairWorld();
  w.h.sim.faults.set('createOverride', { status: 422, body: BODY, times: 1 });
  return w;
}

const once = (text: string, part: string): number => text.split(part).length - 1;

describe('a 422 with its own words and a field list', () => {
  it('take over: the service’s words first, then the field problem, once', async () => {
    const { h, engine } = await refusing();
    const taken = await h.clock.runWhileAdvancing(engine.handlers['take-over:now']({ scheduleId: 'sch_solo' }));
    const told = !taken.ok ? taken.error.message : '';
    expect(told).toBe(TOLD);
    expect(once(told, 'FIELD-WORDS')).toBe(1);
    expect(overridesOn(h, 'sch_solo')).toEqual([]);
  }, 60_000);

  it('away: the refused item says the same', async () => {
    const { h, engine } = await refusing();
    const items = [
      { scheduleId: 'sch_pair', start: '2026-03-23T08:00:00Z', end: '2026-03-24T08:00:00Z', email: 'bob@example.com' },
    ];
    const made = await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }));
    const item = made.ok ? made.value.run?.items[0] : undefined;
    expect([item?.state, item?.message]).toEqual(['refused', TOLD]);
    expect(once(item?.message ?? '', 'FIELD-WORDS')).toBe(1);
    expect(made.ok && made.value.said?.summary).toContain('SVC-WORDS-422');
  }, 60_000);
});
