// adv50 r45: today's 09:03 phone alert (webhook, Pushover) answered 503 on every try, so it is given up at the end of
// its hour (10:03), (a) with the app awake throughout, or (b) the laptop asleep from 09:05 to 10:35. Tomorrow's
// shift is not told "Not ready" for it (before: a notification "Not ready for your shift at Wed 10:00 — … the phone
// alert for your shift start was not sent (the server answered 503); trying again each minute", at 10:00 awake and at
// 10:35 on waking, when nothing was tried again), and no text says "trying again each minute" once nothing is; the
// given-up alert is said under its ringing alarm. Real engine, simulator, fake clock, the loopback stand-in of the
// phone service answering 503 (Pushover's API, and the webhook's address pointed at it).
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { fetchSend, type HttpRequest } from '../../../electron/core/escalation/http';
import { everyText } from '../../support/text-registry';
import { closeStands, HOUR, MIN, MY_START, phoneRig, TOMORROW } from '../support/phone-engine-rig';

afterEach(closeStands);
const ZONE = 'Europe/Berlin';
const APP = 'a'.repeat(30);
const USER = 'u'.repeat(30);
const HOOK = 'https://hooks.example.com/T0SECRETSECRETSECRET/abcdefghijklmnop';
type Provider = 'webhook' | 'pushover';

/** Phone saved and tested at 06:00 (both went through), then every request to the service answers 503 from 09:01. */
async function failingFromStart(provider: Provider) {
  const r = await phoneRig();
  const send = (req: HttpRequest, t: number) =>
    r.h.clock.inFlight.track(fetchSend({ ...req, url: req.url.replace('https://hooks.example.com', r.s.url) }, t));
  await r.h.clock.runWhileAdvancing(r.engine.stop());
  const e = r.h.engine({ phone: { send, pushoverApi: r.s.url } });
  await e.start();
  await r.h.clock.advance(1_000);
  const saved = e.phoneIntent({
    kind: 'save',
    settings: { provider, ntfyServer: 'https://ntfy.sh', afterMin: 3 },
    secrets: provider === 'pushover' ? { pushoverApp: APP, pushoverUser: USER } : { webhookUrl: HOOK },
  });
  expect((await r.h.clock.runWhileAdvancing(saved)).ok).toBe(true);
  // Pushover's test waits for the phone's "I'm on it": tapped once it has arrived.
  const tested = e.phoneIntent({ kind: 'send-test' });
  await r.h.clock.advance(2_000);
  for (const p of r.s.pushover) p.acknowledged = true;
  expect((await r.h.clock.runWhileAdvancing(tested)).ok).toBe(true);
  await r.h.clock.advanceTo(MY_START + MIN);
  r.s.failNext(1_000_000, 503);
  return { ...r, e };
}

/** What the user sees now: every glance's text, the "Not ready" notifications about the phone shown so far, and the
 *  phone line of the next shift's readiness. */
function seen(r: Awaited<ReturnType<typeof failingFromStart>>, e: Engine) {
  const nowMs = r.h.clock.now();
  const texts = everyText({ state: e.getState(), nowMs, localZone: ZONE }).map((s) => `${s.surface}: ${s.text}`);
  const notReady = r.h.notifier.shown.filter((n) => /Not ready/.test(n.title) && /Phone/.test(n.body));
  const readiness = e.getState().me.readiness;
  return {
    texts,
    notReady: notReady.map((n) => n.body),
    shift: Date.parse(readiness?.shift.start ?? ''),
    phone: readiness?.checks.find((c) => c.id === 'phone'),
  };
}

/** Tomorrow's readiness says tomorrow's state (tested, sent by this computer), nothing of today's alert; today's
 *  given-up alert is said under its alarm, with no retry promised. */
function expectGivenUpSaid(s: ReturnType<typeof seen>) {
  expect(s.notReady).toEqual([]);
  expect(s.shift).toBe(TOMORROW);
  expect(s.phone?.result).toBe('ok');
  expect(s.phone?.message).toMatch(/^Phone escalation armed ✓ \(tested /);
  expect(s.texts.filter((t) => /trying again/.test(t))).toEqual([]);
  const popover = s.texts.find((t) => t.startsWith('popover: ')) ?? '';
  expect(popover).toContain('Phone not alerted: the server answered 503; gave up');
}

describe.each(['webhook', 'pushover'] as const)('%s: today’s alert answered 503 until given up', (provider) => {
  it('awake past its hour: tomorrow is not told “Not ready”, and nothing promises a retry', async () => {
    const r = await failingFromStart(provider);
    await r.h.clock.advanceTo(MY_START + 30 * MIN);
    // Within the hour, today's alert is tried again each minute: said for it, not as tomorrow's readiness.
    const during = seen(r, r.e);
    expect(during.phone?.result).toBe('ok');
    expect(r.e.getState().phone?.problem).toMatch(/not sent \(the server answered 503\); trying again each minute$/);
    await r.h.clock.advanceTo(MY_START + 70 * MIN);
    expect(r.e.getState().alarm?.ringing).toBe(true);
    expectGivenUpSaid(seen(r, r.e));
    await r.h.clock.advanceTo(MY_START + 2 * HOUR);
    expect(seen(r, r.e).notReady).toEqual([]);
    await r.h.clock.runWhileAdvancing(r.e.stop());
  }, 120_000);

  it('asleep from 09:05 to 10:35: on waking, nothing tells tomorrow “Not ready” or “trying again”', async () => {
    const r = await failingFromStart(provider);
    await r.h.clock.advanceTo(MY_START + 5 * MIN);
    expect(r.e.getState().phone?.problem).toMatch(/not sent \(the server answered 503\)/);
    r.h.clock.sleep(90 * MIN);
    r.e.power('resume');
    await r.h.clock.advance(5 * MIN);
    expect(r.e.getState().alarm?.ringing).toBe(true);
    expectGivenUpSaid(seen(r, r.e));
    await r.h.clock.runWhileAdvancing(r.e.stop());
  }, 120_000);
});
