// fix48z #2: a write answered with a 503 (the service answered, with an error) and not shown yet: a second press
// inside the 2-minute settle sends nothing and says so, worded by what happened — "the service answered the first
// attempt with an error", never "the first attempt's answer never came" (false: it answered). The override form and
// take over; a lost answer (reset) still says "never came". Real engine, the simulator, a fake clock.
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { MIN } from '../../support/time';
import { soloWorld } from './support/solo-world';

const START = Date.parse('2026-03-25T10:00:00Z');
const BERLIN = 'sch_berlin';
const WINDOW = { start: '2026-03-25T12:00:00.000Z', end: '2026-03-25T16:00:00.000Z' };
const ERROR_ANSWER = /the service answered the first attempt with an error/;
const NEVER_CAME = /answer never came/;

async function formTwice(fault: { status: number } | { reset: true; applyAfterMs: number }) {
  const h = await createHarness({ startMs: START, seed: threeZoneSeed() });
  await seedSettings(h, { email: ME, scheduleIds: [BERLIN] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  const form = { scheduleId: BERLIN, window: { kind: 'custom' as const, ...WINDOW }, emails: ['bob@example.com'] };
  h.sim.faults.set('createOverride', { ...fault, times: 1 });
  await h.clock.runWhileAdvancing(engine.handlers['override:create'](form));
  const posts = () => h.sim.requests.all().filter((r) => r.method === 'POST').length;
  const sent = posts();
  await h.clock.advance(MIN / 2);
  const again = await h.clock.runWhileAdvancing(engine.handlers['override:create'](form));
  const text = again.ok ? ('message' in again.value ? again.value.message : '') : again.error.message;
  expect(posts()).toBe(sent);
  await engine.stop();
  return text ?? '';
}

describe('a second press inside the settle after a 5xx says the service answered with an error', () => {
  it('override form: 503, then Create again 30 s on', async () => {
    const text = await formTwice({ status: 503 });
    expect(text).toMatch(/^Can't confirm yet — checking: /);
    expect(text).toMatch(ERROR_ANSWER);
    expect(text).not.toMatch(NEVER_CAME);
  }, 60_000);

  it('override form: a lost answer (reset, applied later) still says it never came', async () => {
    const text = await formTwice({ reset: true, applyAfterMs: 10 * MIN });
    expect(text).toMatch(NEVER_CAME);
    expect(text).not.toMatch(ERROR_ANSWER);
  }, 60_000);

  it('take over: 503, then Take over again 30 s on', async () => {
    const { h, engine } = await soloWorld();
    const request = {
      scheduleId: 'sch_solo',
      fromEmail: 'carol@example.com',
      seen: { onCall: ['carol@example.com'], until: '2026-03-26T08:00:00Z' },
    };
    h.sim.faults.set('createOverride', { status: 503, times: 1 });
    await h.clock.runWhileAdvancing(engine.handlers['take-over:now'](request));
    const posts = () => h.sim.requests.all().filter((r) => r.method === 'POST').length;
    const sent = posts();
    await h.clock.advance(MIN / 2);
    const again = await h.clock.runWhileAdvancing(engine.handlers['take-over:now'](request));
    const o = again.ok ? again.value.outcome : undefined;
    const text = again.ok ? (o && 'message' in o ? o.message : '') : again.error.message;
    expect(text).toMatch(/Can't confirm yet — checking: /);
    expect(text).toMatch(ERROR_ANSWER);
    expect(text).not.toMatch(NEVER_CAME);
    expect(posts()).toBe(sent);
    await engine.stop();
  }, 60_000);
});
