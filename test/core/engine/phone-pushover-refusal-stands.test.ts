// adv50 r37: Pushover tested OK (the phone answered the Send test), then the user key stops being valid (the user
// reset it in Pushover / removed the device): the shift-start emergency is refused 400. What readiness says after
// the start's hour, for tomorrow's start, while every alert would still be refused.
import { describe, expect, it } from 'vitest';
import { fetchSend, type HttpRequest } from '../../../electron/core/escalation/http';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { MIN, MY_START, START, startStand } from '../support/phone-engine-rig';

const APP = 'a'.repeat(30);
const USER = 'u'.repeat(30);
// The service's answer, as http.ts words a 400: its reason is what readiness must keep saying.
const REASON = '400';
const tick = () => new Promise((r) => setTimeout(r, 10));

describe('a Pushover refusal of the shift-start alert stands after its hour', () => {
  it('tomorrow’s readiness does not go back to "armed ✓"', async () => {
    const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    const s = await startStand(h);
    let revoked = false;
    const emergencies: number[] = [];
    const send = (req: HttpRequest, t: number) => {
      if (req.url.endsWith('/1/messages.json') && revoked) {
        emergencies.push(h.clock.now());
        return Promise.resolve({
          status: 400,
          text: '{"user":"invalid","errors":["user identifier is not a valid user, group, or subscribed user key"],"status":0,"request":"r1"}',
        });
      }
      return h.clock.inFlight.track(fetchSend(req, t));
    };
    const engine = h.engine({ phone: { send, pushoverApi: s.url } });
    await engine.start();
    await h.clock.advance(1_000);
    const saved = await engine.phoneIntent({
      kind: 'save',
      settings: { provider: 'pushover', ntfyServer: 'https://ntfy.sh', afterMin: 3 },
      secrets: { pushoverApp: APP, pushoverUser: USER },
    });
    expect(saved.ok).toBe(true);
    const testP = engine.phoneIntent({ kind: 'send-test' });
    for (let i = 0; i < 20 && s.pushover.length === 0; i++) {
      await h.clock.advance(1_000);
      await tick();
    }
    s.pushover[0]!.acknowledged = true;
    const test = await h.clock.runWhileAdvancing(testP);
    expect(test.ok).toBe(true);
    const line = () => engine.getState().me.readiness?.checks.find((c) => c.id === 'phone');
    expect(line()?.result).toBe('ok');
    revoked = true;
    await h.clock.advanceTo(MY_START + 5 * MIN);
    await h.clock.advanceTo(MY_START + 61 * MIN);
    await h.clock.advanceTo(MY_START + 3 * 60 * MIN);
    await h.clock.advanceTo(MY_START + 23 * 60 * MIN);
    const last = line();
    await h.clock.runWhileAdvancing(engine.stop());
    await h.close();
    expect(last?.result).toBe('problem');
    // The service's own reason, quoted: never the words of a phone that is armed.
    expect(last?.message).toContain(REASON);
    expect(last?.message).not.toContain('armed ✓');
  }, 90_000);
});
