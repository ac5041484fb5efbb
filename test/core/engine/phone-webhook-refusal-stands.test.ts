// adv50 r37: a webhook tested OK (Send test answered 200), then the hook is deleted at the receiver (404 "no_such
// hook", as Slack answers a removed one): the shift-start alert is refused. Readiness after the start's hour.
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { MIN, MY_START, START } from '../support/phone-engine-rig';

const HOOK = 'https://hooks.example.com/T0SECRETSECRETSECRET/abcdefghijklmnop';
const REASON = '404';

describe('a webhook refusal of the shift-start alert stands after its hour', () => {
  it('tomorrow’s readiness is not "armed ✓" until a Send test goes through again', async () => {
    const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    let gone = false;
    const posts: number[] = [];
    const send = () => {
      posts.push(h.clock.now());
      return Promise.resolve(gone ? { status: 404, text: 'no_such_hook' } : { status: 200, text: 'ok' });
    };
    const engine = h.engine({ phone: { send } });
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
    const line = () => engine.getState().me.readiness?.checks.find((c) => c.id === 'phone');
    expect(line()?.result).toBe('ok');
    gone = true;
    await h.clock.advanceTo(MY_START + 5 * MIN);
    await h.clock.advanceTo(MY_START + 61 * MIN);
    await h.clock.advanceTo(MY_START + 3 * 60 * MIN);
    await h.clock.advanceTo(MY_START + 23 * 60 * MIN);
    const last = line();
    // The hook made again at the receiver: a Send test that goes through ends the refusal (the test's own time).
    gone = false;
    const again = await h.clock.runWhileAdvancing(engine.phoneIntent({ kind: 'send-test' }));
    const fixed = line();
    await h.clock.runWhileAdvancing(engine.stop());
    await h.close();
    expect(last?.result).toBe('problem');
    // The service's own reason, quoted: never the words of a phone that is armed.
    expect(last?.message).toContain(REASON);
    expect(last?.message).not.toContain('armed ✓');
    expect(again.ok).toBe(true);
    expect(fixed?.result).toBe('ok');
    expect(fixed?.message).toContain('armed ✓');
  }, 90_000);
});
