// Settings → Phone's "Send test" with Pushover sends a real emergency (it repeats every minute until acknowledged or
// expired). When the app stops waiting for its "I'm on it" (2 min), it stops that emergency on Pushover, and says so in
// Pushover's words; a cancel that fails is said with until when the phone may ring; an answer given as the app gives up
// still counts (adv50 r19 #2). ntfy's words are unchanged.
// Real engine, the Pushover/ntfy stand-in over loopback (written from the documented API), fake clock.
// Failed before: no cancel was sent, the emergency rang on, and the words spoke of a "subscription".
import { afterEach, describe, expect, it } from 'vitest';
import { fetchSend, type HttpRequest } from '../../../electron/core/escalation/http';
import type { StandIn } from '../../support/phone-standin';
import { createHarness, seedSettings } from '../support/engine-harness';
import { closeStands, START, startStand, withNtfy } from '../support/phone-engine-rig';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

afterEach(closeStands);

const APP = 'a'.repeat(30);
const USER = 'u'.repeat(30);

type Tamper = (req: HttpRequest) => { status: number; text: string } | undefined;

async function pushoverTest(tamperFor: (s: StandIn) => Tamper = () => () => undefined) {
  const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  const s = await startStand(h);
  const tamper = tamperFor(s);
  const sent: HttpRequest[] = [];
  const send = (req: HttpRequest, t: number) => {
    sent.push(req);
    const instead = tamper(req);
    return h.clock.inFlight.track(instead ? Promise.resolve(instead) : fetchSend(req, t));
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
  const test = await h.clock.runWhileAdvancing(engine.phoneIntent({ kind: 'send-test' }));
  const tests = s.pushover.filter((p) => p.title === 'Test from OnCall Tray');
  const lastTest = engine.getState().phone?.lastTest ?? null;
  await engine.stop();
  return { test, tests, sent, lastTest };
}

/** Until when the emergency rings unstopped: sent + its `expire` as the app sent it, in the harness's zone. */
function ringsUntil(sentMs: number, sent: HttpRequest[]): string {
  const body = sent.find((q) => q.url.endsWith('/1/messages.json'))?.body ?? '';
  const expireS = Number(new URLSearchParams(body).get('expire'));
  const f = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' });
  return f.format(sentMs + expireS * 1000);
}

describe('a Pushover Send test nobody answers', () => {
  it('is stopped on Pushover when the app stops waiting, and says what to check in Pushover', async () => {
    const { test, tests, lastTest } = await pushoverTest();
    expect(tests).toHaveLength(1);
    expect(tests[0]?.priority).toBe(2);
    expect(tests[0]?.cancelled).toBe(true);
    expect(test.ok).toBe(false);
    expect(test.message).toBe(
      'The test was sent, but no “I’m on it” came back in time; the app stopped the test alert on Pushover. Check that the Pushover app on your phone is signed in with this user key, that the device is enabled, and that the app token is right.',
    );
    expect(lastTest).toBeNull();
  }, 30_000);

  it('says until when the phone may ring when Pushover refuses the cancel', async () => {
    const refuse = (): Tamper => (req) =>
      req.url.includes('cancel') ? { status: 400, text: '{"status":0,"errors":["receipt not found"]}' } : undefined;
    const { test, tests, sent } = await pushoverTest(refuse);
    expect(tests[0]?.cancelled).toBe(false);
    expect(sent.some((q) => q.url.includes('cancel'))).toBe(true);
    const until = ringsUntil(tests[0]?.sentMs ?? 0, sent);
    expect(test.message).toBe(
      `The test was sent, but no “I’m on it” came back in time, and the app could not confirm the test alert stopped on Pushover (the server answered 400: receipt not found): your phone may ring with it until ${until}. Check that the Pushover app on your phone is signed in with this user key, that the device is enabled, and that the app token is right.`,
    );
  }, 30_000);

  it('counts an “I’m on it” given just as the app gives up', async () => {
    // The phone answers between the app's last look and its cancel.
    const answerFirst =
      (s: StandIn): Tamper =>
      (req) => {
        if (req.url.includes('cancel')) for (const p of s.pushover) p.acknowledged = true;
        return undefined;
      };
    const { test, lastTest, sent } = await pushoverTest(answerFirst);
    expect(sent.some((q) => q.url.includes('cancel'))).toBe(true);
    expect(test.ok).toBe(true);
    expect(test.message).toMatch(/^Your phone answered at \d\d:\d\d: the round trip works\.$/);
    expect(lastTest).not.toBeNull();
  }, 30_000);
});

describe('an ntfy Send test nobody answers', () => {
  it('keeps its words', async () => {
    const { h, engine } = await withNtfy();
    const test = await h.clock.runWhileAdvancing(engine.phoneIntent({ kind: 'send-test' }));
    await engine.stop();
    expect(test.message).toBe(
      'The test was sent, but no “I’m on it” came back in time: check the subscription on your phone.',
    );
  }, 30_000);
});
