// Issue 48: a refusal the service explains (a 403 with its own message) is told with the service's words after the
// app's own sentence, in every write flow (away, swap, take-over, the override form), bounded to one line and with
// control characters (newlines, bidirectional overrides) taken out. It was told as "This API key is not allowed to
// do that." alone. Pair world: two on call at once; my Mon 3/23 is with Alice; Carol is alone on Solo.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import type { Harness } from '../support/engine-harness';
import { overridesOn, startPairWorld } from './support/pair-world';
import { waitEnd as hhmm } from '../support/wait-end';

const SAID = 'Only schedule managers may add overrides to Pair.';
// What the service sends: its words, with a newline and a right-to-left override inside.
const BODY = { message: `Only schedule managers\n may add overrides \u202eto Pair.` };
const TOLD = `This API key is not allowed to do that. The service said: “${SAID}”`;

async function refusing(): Promise<{ h: Harness; engine: Engine }> {
  const w = await startPairWorld();
  w.h.sim.faults.set('createOverride', { status: 403, body: BODY, times: 1 });
  return w;
}

describe('the service’s own words on a refused write', () => {
  it('away: the item says the app’s sentence, then the service’s words', async () => {
    const { h, engine } = await refusing();
    const items = [
      { scheduleId: 'sch_pair', start: '2026-03-23T08:00:00Z', end: '2026-03-24T08:00:00Z', email: 'bob@example.com' },
    ];
    const made = await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }));
    const item = made.ok ? made.value.run?.items[0] : undefined;
    expect([item?.state, item?.message]).toEqual(['refused', TOLD]);
    expect(made.ok && made.value.said?.summary).toContain(SAID);
  }, 60_000);

  it('swap: the first side’s refusal is told with the service’s words', async () => {
    const { h, engine } = await refusing();
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
    expect(answer.value.mine.state).toBe('refused');
    expect(answer.value.mine.message).toBe(TOLD);
    expect(answer.value.text).toContain(SAID);
  }, 60_000);

  it('take over and the override form: the answer carries the service’s words', async () => {
    const { h, engine } = await refusing();
    const taken = await h.clock.runWhileAdvancing(engine.handlers['take-over:now']({ scheduleId: 'sch_solo' }));
    expect(!taken.ok && taken.error.message).toBe(TOLD);
    h.sim.faults.set('createOverride', { status: 403, body: BODY, times: 1 });
    const form = await h.clock.runWhileAdvancing(
      engine.handlers['override:create']({
        scheduleId: 'sch_solo',
        window: { kind: 'next_hours', hours: 2 },
        emails: [],
      }),
    );
    expect(!form.ok && form.error.message).toBe(TOLD);
    expect(overridesOn(h, 'sch_solo')).toEqual([]);
  }, 60_000);

  it('a long explanation is cut to one bounded line', async () => {
    const { h, engine } = await refusing();
    h.sim.faults.set('createOverride', {
      status: 404,
      body: { error: `${'no such schedule '.repeat(100)}` },
      times: 1,
    });
    const form = await h.clock.runWhileAdvancing(
      engine.handlers['override:create']({
        scheduleId: 'sch_solo',
        window: { kind: 'next_hours', hours: 2 },
        emails: [],
      }),
    );
    const told = !form.ok ? form.error.message : '';
    expect(told).toMatch(
      /^Not found: it may have been deleted, or the id is wrong\. The service said: “no such schedule/,
    );
    expect(told.length).toBeLessThan(420);
    expect(told).not.toMatch(/\n/);
  }, 60_000);

  // Adversarial round: a refusal written as markup ('<p>…</p>' as text/plain) lost the service's words entirely.
  const MARKUP = '<p>Overlaps override <b>ovr_1</b> by Dana &amp; Eve</p>';
  const SHOWN = 'Overlaps override ovr_1 by Dana & Eve';
  for (const status of [409, 403]) {
    it(`a ${status} written as markup: its words, tags dropped, on the away item and the override form`, async () => {
      const { h, engine } = await refusing();
      h.sim.faults.set('createOverride', { status, body: MARKUP, times: 1 });
      const items = [
        {
          scheduleId: 'sch_pair',
          start: '2026-03-23T08:00:00Z',
          end: '2026-03-24T08:00:00Z',
          email: 'bob@example.com',
        },
      ];
      const made = await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }));
      const item = made.ok ? made.value.run?.items[0] : undefined;
      expect(item?.state).toBe('refused');
      expect(item?.message).toContain(SHOWN);
      expect(item?.message).not.toMatch(/[<>]/);
      h.sim.faults.set('createOverride', { status, body: MARKUP, times: 1 });
      const form = await h.clock.runWhileAdvancing(
        engine.handlers['override:create']({
          scheduleId: 'sch_solo',
          window: { kind: 'custom', start: '2026-03-28T08:00:00Z', end: '2026-03-28T10:00:00Z' },
          emails: ['bob@example.com'],
        }),
      );
      expect(!form.ok && form.error.message).toContain(SHOWN);
    }, 60_000);
  }

  // Adversarial round 2: a 429 with the service's own message ("Slow down") dropped it on every flow.
  it('a 429 with its own words: the form and the away item tell them after the app’s sentence', async () => {
    const { h, engine } = await refusing();
    const busy = { status: 429, retryAfter: '30', body: { message: 'Slow down, ZZQ' }, times: 1 };
    // The wait said as the time asked for (adv47 r36 #1); the away item pressed within it is held, said alike.
    const until = hhmm(h.clock.now() + 30_000);
    const TOLD_BUSY = `The service is busy (rate limited). The service asked to wait until ${until}. The service said: “Slow down, ZZQ”`;
    h.sim.faults.set('createOverride', busy);
    const form = await h.clock.runWhileAdvancing(
      engine.handlers['override:create']({
        scheduleId: 'sch_solo',
        window: { kind: 'custom', start: '2026-03-26T08:00:00Z', end: '2026-03-27T08:00:00Z' },
        emails: [],
        replaces: ['carol@example.com'],
      }),
    );
    expect(!form.ok && form.error.message).toBe(TOLD_BUSY);
    h.sim.faults.set('createOverride', busy);
    const items = [
      { scheduleId: 'sch_pair', start: '2026-03-23T08:00:00Z', end: '2026-03-24T08:00:00Z', email: 'bob@example.com' },
    ];
    const made = await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }));
    const item = made.ok ? made.value.run?.items[0] : undefined;
    expect([item?.state, item?.message]).toEqual(['not_sent', TOLD_BUSY]);
  }, 60_000);
});
