// A webhook's address is its credential (the path id). A receiver that refuses may echo part of its path: n8n's 404
// says `The requested webhook "POST <path>" is not registered.` with the path after `/webhook/`; another echoes the
// path without its leading `/`. Send test's answer, readiness (tray, popover, status --json: the state) and the
// "Not ready for your shift" notification must not carry it (adv50 r19 #1).
// Real engine, simulator data, fake clock; the receiver answers from the address it was called at.
// Failed before: the id was in all three.
import { describe, expect, it } from 'vitest';
import type { HttpRequest } from '../../../electron/core/escalation/http';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');

const n8n = (req: HttpRequest) => {
  const path = new URL(req.url).pathname.replace(/^\/webhook\//, '');
  return { code: 404, error: `The requested webhook "POST ${path}" is not registered.` };
};
const noSlash = (req: HttpRequest) => ({ error: `no such hook ${new URL(req.url).pathname.slice(1)}` });

const cases = [
  {
    name: 'n8n, the path after /webhook/',
    address: 'https://n8n.example.com/webhook/3f6c1d2e-8a4b-4c6d-9e1f-2a3b4c5d6e7f',
    secrets: ['3f6c1d2e-8a4b-4c6d-9e1f-2a3b4c5d6e7f'],
    answer: n8n,
  },
  {
    name: 'the path without its leading /',
    address: 'https://hooks.example.com/services/T0SECRETSECRETSECRET/B0TOKENTOKEN/x9Yz8w7v6u5t4s3r2q1p',
    secrets: ['T0SECRETSECRETSECRET', 'B0TOKENTOKEN', 'x9Yz8w7v6u5t4s3r2q1p'],
    answer: noSlash,
  },
];

describe('a webhook receiver echoing part of its address', () => {
  for (const c of cases)
    it(`keeps the address out of Send test, readiness and notifications (${c.name})`, async () => {
      const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
      await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
      const send = (req: HttpRequest) => Promise.resolve({ status: 404, text: JSON.stringify(c.answer(req)) });
      const engine = h.engine({ phone: { send } });
      await engine.start();
      await h.clock.advance(1_000);
      const saved = await engine.phoneIntent({
        kind: 'save',
        settings: { provider: 'webhook', ntfyServer: 'https://ntfy.sh', afterMin: 3 },
        secrets: { webhookUrl: c.address },
      });
      expect(saved.ok).toBe(true);
      const test = await h.clock.runWhileAdvancing(engine.phoneIntent({ kind: 'send-test' }));
      await h.clock.advanceTo(MY_START - 30 * 60_000);
      const phone = engine.getState().me.readiness?.checks.find((x) => x.id === 'phone');
      const texts = [test.message, JSON.stringify(engine.getState()), JSON.stringify(h.notifier.shown)];
      await engine.stop();
      // The refusal is still said (the status and the receiver's words), only the address is gone.
      expect(test.message).toContain('the server answered 404');
      expect(test.message, 'one full stop after a reason that has its own').not.toMatch(/\.\.$/);
      expect(phone?.result).toBe('problem');
      expect(h.notifier.shown.some((n) => n.body.includes('404'))).toBe(true);
      for (const text of texts) for (const s of c.secrets) expect(text).not.toContain(s);
    }, 30_000);
});
