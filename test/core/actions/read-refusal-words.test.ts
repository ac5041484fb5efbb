// Issue 48, adv48 round 28 #1: every flow re-reads the schedule just before it writes. When the service refuses that
// read with a 4xx and says why, nothing is written, and every flow's answer says what the refusal means and then the
// service's own words (as a refused write does). A refusal that will not pass by itself (403, 404, a 422) says what
// to do, never "try again in a moment"/"retry when it can be read". Pair world: real engine, simulator, fake clock.
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../support/engine-harness';
import { overridesOn, startPairWorld, SWAP } from '../handoff/support/pair-world';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});
const SAID = 'Reads of this schedule are paused by ZZQ admin.';
const AWAY = [
  { scheduleId: 'sch_pair', start: '2026-03-23T08:00:00Z', end: '2026-03-24T08:00:00Z', email: 'carol@example.com' },
];
const FORM = {
  scheduleId: 'sch_solo',
  window: { kind: 'custom' as const, start: '2026-03-28T08:00:00Z', end: '2026-03-28T10:00:00Z' },
  emails: ['bob@example.com'],
};
/** "HH:MM" in Berlin (the harness's zone) of an instant rounded up to the minute, worked out apart from the app. */
const berlin = (ms: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' }).format(
    Math.ceil(ms / 60_000) * 60_000,
  );

async function answers(
  status: number,
  retryAfter?: string,
): Promise<{ said: Record<string, string>; waits: string[] }> {
  const w = await startPairWorld();
  h = w.h;
  const { engine } = w;
  const run = <T>(p: Promise<T>) => w.h.clock.runWhileAdvancing(p, 1000, 200);
  w.h.sim.faults.set('listShifts', { status, body: { message: SAID }, ...(retryAfter ? { retryAfter } : {}) });
  const said: Record<string, string> = {};
  const waits: string[] = [];
  // Each answer is worded at most a few seconds after its read was refused: the wait's end in that span.
  const note = (t0: number) => {
    for (let t = t0; t <= w.h.clock.now(); t += 1000) waits.push(berlin(t + Number(retryAfter ?? 0) * 1000));
  };
  let t0 = w.h.clock.now();
  const made = await run(engine.handlers['handoff:create']({ items: AWAY }));
  said.away = made.ok ? (made.value.run?.items[0]?.message ?? '') : made.error.message;
  note(t0);
  t0 = w.h.clock.now();
  const sw = await run(engine.handlers['swap:create'](SWAP));
  said.swap = sw.ok ? sw.value.text : sw.error.message;
  note(t0);
  t0 = w.h.clock.now();
  const to = await run(engine.handlers['take-over:now']({ scheduleId: 'sch_solo' }));
  said.takeOver = to.ok ? JSON.stringify(to.value) : to.error.message;
  note(t0);
  t0 = w.h.clock.now();
  const form = await run(engine.handlers['override:create'](FORM));
  said.form = form.ok ? JSON.stringify(form.value) : form.error.message;
  note(t0);
  if (process.env.SHOW) console.log(status, said);
  return { said, waits };
}

const TRANSIENT = /try again in a moment|retry when (it|they) can be read/i;

describe('a refused re-read before a write: the service’s words, in every flow', () => {
  for (const [status, means] of [
    [403, /not let this API key read/],
    [404, /did not find/],
    [422, /rejected the request \(HTTP 422\)/],
  ] as const)
    it(`HTTP ${status}: nothing is written; each flow says what it means, then the service's words`, async () => {
      const { said } = await answers(status);
      expect(overridesOn(h!, 'sch_pair').length + overridesOn(h!, 'sch_solo').length).toBe(0);
      for (const [flow, text] of Object.entries(said)) {
        expect(text, flow).toContain(`The service said: “${SAID}”`);
        expect(text, flow).toMatch(means);
        // Permanent: it will not pass by itself, so it is never told as a wait.
        expect(text, flow).not.toMatch(TRANSIENT);
      }
    }, 120_000);

  it('HTTP 429: each flow says the wait the service asked for, then its words; nothing is written', async () => {
    const { said, waits } = await answers(429, '3600');
    expect(overridesOn(h!, 'sch_pair').length + overridesOn(h!, 'sch_solo').length).toBe(0);
    for (const [flow, text] of Object.entries(said)) {
      expect(text, flow).toContain(`The service said: “${SAID}”`);
      const until = /The service asked to wait until (\d\d:\d\d)/.exec(text)?.[1];
      expect(waits, `${flow}: ${text}`).toContain(until);
    }
  }, 120_000);
});

describe('a refused read of the schedules’ people before I’m away writes', () => {
  it('HTTP 403 on the schedule read: nothing is written; the away item says the key’s rights and the words', async () => {
    const w = await startPairWorld();
    h = w.h;
    w.h.sim.faults.set('getSchedule', { status: 403, body: { message: SAID } });
    const made = await w.h.clock.runWhileAdvancing(w.engine.handlers['handoff:create']({ items: AWAY }), 1000, 200);
    const text = made.ok ? (made.value.run?.items[0]?.message ?? '') : made.error.message;
    expect(overridesOn(w.h, 'sch_pair')).toEqual([]);
    expect(text).toContain(`The service said: “${SAID}”`);
    expect(text).toMatch(/people could not be read .* not let this API key read the schedules’ people/);
    expect(text).not.toMatch(TRANSIENT);
  }, 60_000);
});
