// A slow webhook (adv50 r25 #2): the receiver takes each POST at once but answers only 30 s later (n8n, Zapier or
// Home Assistant after a cold start, a slow tunnel). Real engine, simulator, fake clock, the loopback webhook
// receiver (test/support/webhook-standin.ts), which does not de-duplicate by Idempotency-Key. Each try's answer is
// lost (10 s timeout), yet each try landed: the alert must reach the receiver once, and the words must say it may
// have landed. Failed before: three POSTs (T+N, +1 s, +5 s, one key) for the alert and for Send test, then
// "…may not have reached your phone (no answer in time); it is not sent again" and "The test could not be sent".
import { describe, expect, it } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '../../../electron/core/escalation/http';
import { HOOK, startWebhookStandIn } from '../../support/webhook-standin';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { MIN, MY_START, START } from '../support/phone-engine-rig';

const ALERT = 'shift-start-not-acknowledged';
const SLOW_MS = 30_000;

async function slowHook() {
  const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  const hook = await startWebhookStandIn(h.clock, SLOW_MS);
  const engine = h.engine({ phone: { send: hook.send } });
  await engine.start();
  await h.clock.advance(1_000);
  const saved = await engine.phoneIntent({
    kind: 'save',
    settings: { provider: 'webhook', ntfyServer: 'https://ntfy.sh', afterMin: 3 },
    secrets: { webhookUrl: HOOK },
  });
  expect(saved.ok).toBe(true);
  return { h, engine, hook };
}

describe('a webhook that answers only after 30 s', () => {
  it('gets the unanswered start’s alert once, and the status says it may or may not have landed', async () => {
    const { h, engine, hook } = await slowHook();
    await h.clock.advanceTo(MY_START + 3 * MIN + 2 * REQUEST_TIMEOUT_MS);
    const alerts = () => hook.posts.filter((p) => p.event === ALERT);
    expect(alerts()).toHaveLength(1);
    const [first] = alerts();
    // The receiver took it at T+N (the app's own send, 3 min after the 09:00 ring), and nothing since.
    expect(first?.atMs).toBeGreaterThanOrEqual(MY_START + 3 * MIN);
    expect(first?.atMs).toBeLessThan(MY_START + 3 * MIN + REQUEST_TIMEOUT_MS);
    expect(first?.key).not.toBe('');
    const problem = engine.getState().phone?.problem ?? '';
    expect(problem).toContain('may or may not have reached your phone (no answer in time: outcome unknown)');
    expect(problem).toContain('it is not sent again');
    expect(problem).not.toContain(HOOK);
    // Through the alert's hour of waiting for an answer: still one POST (never sent again later either).
    await h.clock.advanceTo(MY_START + 70 * MIN);
    expect(alerts()).toHaveLength(1);
    await engine.stop();
  }, 30_000);

  it('Send test is POSTed once and answered "may have been sent", never "could not be sent"', async () => {
    const { h, engine, hook } = await slowHook();
    const fromMs = h.clock.now();
    const r = await h.clock.runWhileAdvancing(engine.phoneIntent({ kind: 'send-test' }));
    const tests = hook.posts.filter((p) => p.event === 'test');
    expect(tests).toHaveLength(1);
    expect(tests[0]?.atMs).toBeLessThan(fromMs + REQUEST_TIMEOUT_MS);
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(/^The test may have been sent \(outcome unknown\): no answer in time\. /);
    expect(r.message).toContain('It was not sent again');
    expect(r.message).not.toContain('could not be sent');
    expect(r.message).not.toContain(HOOK);
    await engine.stop();
  }, 30_000);
});
