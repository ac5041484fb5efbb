// Pushover or a webhook refusing with a 4xx (a bad token, a webhook unauthorised) (adv50 round 7, finding 3): a 4xx
// is a known, final failure. Readiness says at once that the phone won't be reached, with the server's own reason
// (bounded, one line), and the app does not send the refused request again. Real engine, simulator, fake clock; the
// phone service answers through the test's `send`. Failed before: readiness said "set up but not tested" until the
// start, only `the server answered 400` was ever said, and the refused alert was POSTed 8 times.
import { describe, expect, it } from 'vitest';
import type { HttpRequest } from '../../../electron/core/escalation/http';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { HOUR, MIN, MY_START, START } from '../support/phone-engine-rig';

const HOOK = 'https://hooks.example.com/T0SECRETSECRETSECRET/abcdefghijklmnop';
const PUSHOVER_400 =
  '{"token":"invalid","errors":["application token is invalid, see https://pushover.net/api"],"status":0,"request":"x"}';

async function refusing(kind: 'pushover' | 'webhook') {
  const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  const sent: HttpRequest[] = [];
  const send = (req: HttpRequest) => {
    sent.push(req);
    return Promise.resolve(
      kind === 'pushover' ? { status: 400, text: PUSHOVER_400 } : { status: 401, text: 'Unauthorized\n<b>bad key</b>' },
    );
  };
  const engine = h.engine({ phone: { send, pushoverApi: 'https://api.pushover.example' } });
  await engine.start();
  await h.clock.advance(1_000);
  const secrets =
    kind === 'webhook' ? { webhookUrl: HOOK } : { pushoverApp: 'a'.repeat(30), pushoverUser: 'u'.repeat(30) };
  expect(
    await engine.phoneIntent({
      kind: 'save',
      settings: { provider: kind, ntfyServer: 'https://ntfy.sh', afterMin: 3 },
      secrets,
    }),
  ).toMatchObject({
    ok: true,
  });
  await h.clock.advanceTo(MY_START - 2 * HOUR);
  const test = await h.clock.runWhileAdvancing(engine.phoneIntent({ kind: 'send-test' }));
  const phoneLine = () => engine.getState().me.readiness?.checks.find((c) => c.id === 'phone');
  return { h, engine, test, sent, phoneLine };
}

describe('a phone service refusing with a 4xx', () => {
  it('Pushover (bad token): the test says why, readiness says the phone won’t be reached, nothing is retried', async () => {
    const { h, engine, test, sent, phoneLine } = await refusing('pushover');
    expect(test.message).toContain('application token is invalid');
    expect(phoneLine()).toMatchObject({ result: 'problem' });
    expect(phoneLine()?.message).toMatch(/won’t be reached.*application token is invalid/);
    const before = sent.length;
    await h.clock.advanceTo(MY_START + 40 * MIN);
    expect(sent.length - before).toBe(1);
    expect(phoneLine()).toMatchObject({ result: 'problem' });
    await engine.stop();
  }, 30_000);

  it('a webhook (401): the body text is its reason, one line, escaped of nothing harmful; sent once at T+3', async () => {
    const { h, engine, test, sent, phoneLine } = await refusing('webhook');
    expect(test.message).toContain('the server answered 401: Unauthorized');
    expect(phoneLine()?.message).toMatch(/won’t be reached/);
    expect(phoneLine()?.message).not.toContain('\n');
    expect(phoneLine()?.message).not.toContain(HOOK);
    const before = sent.length;
    await h.clock.advanceTo(MY_START + 40 * MIN);
    expect(sent.length - before).toBe(1);
    await engine.stop();
  }, 30_000);
});
