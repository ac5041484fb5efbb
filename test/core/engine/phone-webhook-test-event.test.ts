// The webhook's "Send test" (adv50 round 10, finding 2): real engine, simulator, fake clock; the receiver records
// every POST through the test's `send`. A test carries its own event, so a receiver acting on `event` (forwarding to
// a pager) can't take it for a real unanswered start, and it promises no "I'm on it" the webhook doesn't have. The
// real alert at T+N keeps its event. Failed before: the test was sent as "shift-start-not-acknowledged" with the
// text "Tap “I’m on it” so the app knows your phone rings and answers."
import { describe, expect, it } from 'vitest';
import type { HttpRequest } from '../../../electron/core/escalation/http';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { HOUR, MIN, MY_START, START } from '../support/phone-engine-rig';

const HOOK = 'https://hooks.example.com/T0SECRETSECRETSECRET/abcdefghijklmnop';
const BODY_KEYS = ['event', 'id', 'title', 'text'];

describe('webhook: Send test', () => {
  it('is sent as event "test", says no answer is expected; the real alert keeps its own event', async () => {
    const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    const bodies: Record<string, unknown>[] = [];
    const send = (req: HttpRequest) => {
      const parsed: unknown = JSON.parse(req.body ?? '{}');
      if (parsed !== null && typeof parsed === 'object') bodies.push({ ...parsed });
      return Promise.resolve({ status: 200, text: 'ok' });
    };
    const engine = h.engine({ phone: { send, pushoverApi: 'https://api.pushover.example' } });
    await engine.start();
    await h.clock.advance(1_000);
    const saved = await engine.phoneIntent({
      kind: 'save',
      settings: { provider: 'webhook', ntfyServer: 'https://ntfy.sh', afterMin: 3 },
      secrets: { webhookUrl: HOOK },
    });
    expect(saved.ok).toBe(true);
    const test = await h.clock.runWhileAdvancing(engine.phoneIntent({ kind: 'send-test' }));
    expect(test.ok).toBe(true);
    expect(bodies).toHaveLength(1);
    const [sentTest] = bodies;
    expect(Object.keys(sentTest ?? {})).toEqual(BODY_KEYS);
    expect(sentTest).toMatchObject({ event: 'test', title: 'Test from OnCall Tray' });
    expect(String(sentTest?.text)).toMatch(/test/i);
    expect(String(sentTest?.text)).toMatch(/no answer is expected/);
    expect(String(sentTest?.text)).not.toMatch(/I’m on it|I'm on it|Tap/);

    await h.clock.advanceTo(MY_START + 3 * MIN + 30_000);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toMatchObject({ event: 'shift-start-not-acknowledged' });
    await h.clock.advanceTo(MY_START + HOUR);
    await engine.stop();
  }, 30_000);
});
