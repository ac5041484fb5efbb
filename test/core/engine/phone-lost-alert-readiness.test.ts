// A webhook alert lost at 09:03 for today's 09:00 start (adv50 round 14, side note): real engine, simulator, fake
// clock; the receiver answers 500 to every POST. The loss is today's start's ("may not have reached your phone"),
// said in the phone's status (Settings → Phone), never as tomorrow's readiness. Failed before: at 10:00 the app
// notified "Not ready for your shift at Wed 10:00 (09:00 UTC) — Phone escalation: the phone alert for your shift
// start may not have reached your phone …", a lost alert for today told as tomorrow's readiness problem.
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { MIN, MY_START, START } from '../support/phone-engine-rig';

const HOOK = 'https://hooks.example.com/T0SECRETSECRETSECRET/abcdefghijklmnop';

describe('a phone alert lost for today’s start', () => {
  it('is said in the phone status, not as tomorrow’s readiness', async () => {
    const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    const posts: number[] = [];
    const send = () => (posts.push(h.clock.now()), Promise.resolve({ status: 500, text: 'boom' }));
    const engine = h.engine({ phone: { send } });
    await engine.start();
    await h.clock.advance(1_000);
    const saved = await engine.phoneIntent({
      kind: 'save',
      settings: { provider: 'webhook', ntfyServer: 'https://ntfy.sh', afterMin: 3 },
      secrets: { webhookUrl: HOOK },
    });
    expect(saved.ok).toBe(true);
    await h.clock.advanceTo(MY_START + 30 * MIN);
    expect(posts.length).toBeGreaterThan(0);
    expect(engine.getState().phone?.problem).toMatch(/may not have reached your phone/);
    // At 10:01, within the alert's answer window (it is said until 10:03).
    await h.clock.advanceTo(MY_START + 61 * MIN);
    // Readiness is for tomorrow's start by now: its phone line is not today's loss, which the phone status keeps.
    const phoneLine = engine.getState().me.readiness?.checks.find((c) => c.id === 'phone');
    expect(phoneLine?.result).not.toBe('problem');
    expect(engine.getState().phone?.problem).toMatch(/may not have reached your phone/);
    await h.clock.advanceTo(MY_START + 70 * MIN);
    const notReady = h.notifier.shown.filter((n) => /Not ready/.test(n.title) && /Phone/.test(n.body));
    expect(notReady).toEqual([]);
    await h.clock.runWhileAdvancing(engine.stop());
    await h.close();
  }, 30_000);
});
