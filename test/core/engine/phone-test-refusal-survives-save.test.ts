// Issue 52 (beside known item 1): Settings → Phone's Send test refused for good (Pushover's 400: the user key is not
// valid) makes readiness say the phone won't be reached. Before, a save that changed only the wait made a new
// escalator and dropped it: readiness read "set up but not tested" while the same keys would be refused again. Only
// another channel (user key, token, topic, server) or a test that goes through ends it. Real engine, simulator, fake
// clock; the service's answers given by the test.
import { afterEach, describe, expect, it } from 'vitest';
import type { HttpRequest, HttpResponse } from '../../../electron/core/escalation/http';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { START } from '../support/phone-engine-rig';

const APP = 'a'.repeat(30);
const USER = 'u'.repeat(30);
const OTHER = 'v'.repeat(30);
const REVOKED = 'user identifier is not a valid user, group, or subscribed user key';
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

const save = (afterMin: number, secrets?: Record<string, string>) => ({
  kind: 'save' as const,
  settings: { provider: 'pushover' as const, ntfyServer: 'https://ntfy.sh', afterMin },
  ...(secrets ? { secrets } : {}),
});

describe('a Send test refused for good, then a Phone save', () => {
  it('of another wait: readiness still says the test was refused; another user key ends it', async () => {
    const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    // USER's messages are refused (the key revoked); any other key's are taken.
    const send = (req: HttpRequest): Promise<HttpResponse> =>
      Promise.resolve(
        req.url.endsWith('/1/messages.json') && req.body?.includes(`user=${USER}`)
          ? { status: 400, text: JSON.stringify({ user: 'invalid', errors: [REVOKED], status: 0 }) }
          : { status: 200, text: '{"status":1,"request":"x","receipt":"r1"}' },
      );
    const engine = h.engine({ phone: { send } });
    stops.push(async () => {
      await h.clock.runWhileAdvancing(engine.stop());
      await h.close();
    });
    await engine.start();
    await h.clock.advance(1_000);
    const line = () => engine.getState().me.readiness?.checks.find((c) => c.id === 'phone')?.message ?? '';
    expect((await engine.phoneIntent(save(3, { pushoverApp: APP, pushoverUser: USER }))).ok).toBe(true);
    const tested = await h.clock.runWhileAdvancing(engine.phoneIntent({ kind: 'send-test' }));
    expect(tested.ok).toBe(false);
    expect(line()).toContain('the test was refused');
    expect(line()).toContain(REVOKED);
    expect((await engine.phoneIntent(save(5))).ok).toBe(true);
    await h.clock.advance(1_000);
    expect(line()).toContain('the test was refused');
    expect(line()).toContain(REVOKED);
    expect((await engine.phoneIntent(save(5, { pushoverApp: APP, pushoverUser: OTHER }))).ok).toBe(true);
    await h.clock.advance(1_000);
    expect(line()).not.toContain(REVOKED);
  }, 60_000);
});
