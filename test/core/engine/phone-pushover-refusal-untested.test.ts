// adv50 r37: Pushover refuses the shift-start emergency with a settings error (400 "user key invalid" /
// "application token is invalid") (the 429 monthly limit is not covered here). Real engine, simulator, fake clock. What do readiness
// (for tomorrow's start) and the phone status say an hour and more later, while the keys are still refused?
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { MIN, MY_START, START } from '../support/phone-engine-rig';

const APP = 'a'.repeat(30);
const USER = 'u'.repeat(30);
const cases: [string, { status: number; text: string }][] = [
  [
    '400 user key invalid',
    {
      status: 400,
      text: '{"user":"invalid","errors":["user identifier is not a valid user, group, or subscribed user key"],"status":0,"request":"r1"}',
    },
  ],
];

describe('a Pushover refusal with no Send test stands after the start’s hour', () => {
  for (const [name, answer] of cases) {
    it(
      name,
      async () => {
        const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
        await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
        const posts: number[] = [];
        const send = async (req: { url: string }) => {
          if (req.url.endsWith('/1/messages.json')) {
            posts.push(h.clock.now());
            return answer;
          }
          return { status: 200, text: '{"status":1,"request":"x"}' };
        };
        const engine = h.engine({ phone: { send } });
        await engine.start();
        await h.clock.advance(1_000);
        const saved = await engine.phoneIntent({
          kind: 'save',
          settings: { provider: 'pushover', ntfyServer: 'https://ntfy.sh', afterMin: 3 },
          secrets: { pushoverApp: APP, pushoverUser: USER },
        });
        expect(saved.ok).toBe(true);
        const phoneLine = () => engine.getState().me.readiness?.checks.find((c) => c.id === 'phone');
        await h.clock.advanceTo(MY_START + 5 * MIN);
        await h.clock.advanceTo(MY_START + 61 * MIN);
        await h.clock.advanceTo(MY_START + 3 * 60 * MIN);
        await h.clock.advanceTo(MY_START + 23 * 60 * MIN);
        const last = phoneLine();
        await h.clock.runWhileAdvancing(engine.stop());
        await h.close();
        // The keys are refused for every start; the next shift's readiness must not say the phone is armed.
        expect(last?.result).toBe('problem');
        expect(last?.message).toContain('400');
      },
      60_000,
    );
  }
});
