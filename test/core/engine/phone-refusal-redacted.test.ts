// A phone server's refusal reason is shown in readiness (and Send test's answer); a careless server echoes what it
// was sent: the token, the topic, the topic's address with credentials. Every provider reason goes through the one
// redaction (escalation/secret.ts), before it is cut to length (a secret cut in two would no longer match).
// Real engine, simulator, fake clock, the ntfy stand-in echoing credentials in its 401 body.
// Failed before: readiness showed the wrong token and the topic the server echoed.
import { afterEach, describe, expect, it } from 'vitest';
import { closeStands, TOPIC, withNtfy } from '../support/phone-engine-rig';

afterEach(closeStands);

const RIGHT = 'tk_abcdefghijklmnopqrstuvwxyz012';
const WRONG = 'tk_zyxwvutsrqponmlkjihgfedcba987';

describe('a refusal that echoes the credentials', () => {
  it('says the reason without the token or the topic, in readiness and Send test', async () => {
    const { h, s, engine } = await withNtfy();
    s.protect([TOPIC], RIGHT);
    s.echoCredentials();
    await h.clock.runWhileAdvancing(
      engine.phoneIntent({
        kind: 'save',
        settings: { provider: 'ntfy', ntfyServer: s.url, afterMin: 5 },
        secrets: { ntfyTopic: TOPIC, ntfyToken: WRONG },
      }),
    );
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    const phone = engine.getState().me.readiness?.checks.find((c) => c.id === 'phone');
    const tested = await h.clock.runWhileAdvancing(engine.phoneIntent({ kind: 'send-test' }));
    await engine.stop();
    expect(phone?.result).toBe('problem');
    expect(phone?.message).toContain('401');
    expect(phone?.message).toContain('unauthorized');
    for (const text of [phone?.message ?? '', tested.message]) {
      expect(text).not.toContain(WRONG.slice(0, 10));
      // Not even the part of it before the cut.
      expect(text).not.toContain(TOPIC.slice(0, 12));
      expect(text).not.toContain('pw-');
      expect(text).not.toContain('auth=');
    }
  }, 30_000);
});
