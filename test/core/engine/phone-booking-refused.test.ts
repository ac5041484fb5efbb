// An ntfy booking refused for good (fix50l #3: a 403 for a missing token on a protected server) is not tried again
// every minute: readiness says the phone won't be reached, with the server's reason, and nothing more goes to the
// server until the phone settings change or Send test. Real engine, simulator, fake clock, the ntfy stand-in.
// Failed before: the same refused booking was POSTed again each minute (about 60 requests in the hour).
import { afterEach, describe, expect, it } from 'vitest';
import { closeStands, HOUR, MIN, MY_START, TOPIC, withNtfy } from '../support/phone-engine-rig';

afterEach(closeStands);

describe('an ntfy booking refused with a 4xx', () => {
  it('is final until Send test or a settings change, and said with the reason', async () => {
    const { h, s, engine } = await withNtfy();
    s.protect([TOPIC], 'tk_abcdefghijklmnopqrstuvwxyz012');
    const save = (afterMin: number, token?: string) =>
      h.clock.runWhileAdvancing(
        engine.phoneIntent({
          kind: 'save',
          settings: { provider: 'ntfy', ntfyServer: s.url, afterMin },
          secrets: { ntfyTopic: TOPIC, ...(token ? { ntfyToken: token } : {}) },
        }),
      );
    // A changed wait books again: refused (403, no token).
    const before = s.requests.length;
    await save(5);
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    const refused = s.requests.length - before;
    expect(refused).toBe(1);
    const phone = () => engine.getState().me.readiness?.checks.find((c) => c.id === 'phone');
    expect(phone()?.result).toBe('problem');
    expect(phone()?.message).toContain('won’t be reached');
    expect(phone()?.message).toContain('403: forbidden');
    // A fake hour: nothing more reaches the server.
    await h.clock.advance(HOUR);
    expect(s.requests.length - before).toBe(refused);
    expect(phone()?.message).toContain('403: forbidden');
    // Send test tries again (still refused: the test and one booking, no more).
    const tested = engine.phoneIntent({ kind: 'send-test' });
    await h.clock.runWhileAdvancing(tested);
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    expect(s.requests.length - before).toBe(refused + 2);
    await h.clock.advance(30 * MIN);
    expect(s.requests.length - before).toBe(refused + 2);
    // The right token: booked at once.
    await save(5, 'tk_abcdefghijklmnopqrstuvwxyz012');
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    expect(s.scheduled(TOPIC).map((m) => m.deliverMs)).toContain(MY_START + 5 * MIN);
    expect(phone()?.message).not.toContain('won’t be reached');
    await engine.stop();
  }, 30_000);
});
