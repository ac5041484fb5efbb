// adv50 r43 F1–F3: a phone alert held back by the phone service's 429 Retry-After while its start alarm rings.
// F1: ntfy's booking refused 429 (Retry-After 3600) at 08:50: nothing goes to it until 09:50, and from the alert's
// time (09:03) on, the ringing alarm's line says "Phone not alerted: the phone service asked to wait until 10:50"
// (before: nothing under the alarm). F2: today's 09:03 webhook alert answered 429 (Retry-After 1800): tomorrow's
// shift, whose alert comes long after the wait ends, is not told "Not ready" (before: an OS notification did).
// F3: the alert's hour ends with no alert delivered and the alarm unacknowledged: the phone status and the alarm's
// line still say it (before: every trace went), until the block ends. Real engine, simulator, fake clock, the
// loopback ntfy stand-in (F1) and a refusing webhook (F2, F3).
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { fetchSend, type HttpRequest, type HttpResponse } from '../../../electron/core/escalation/http';
import { formatDayTime } from '../../../electron/shared/format';
import { everyText } from '../../support/text-registry';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { alertsOn, closeStands, HOUR, MIN, MY_START, phoneRig, START, TOPIC } from '../support/phone-engine-rig';

afterEach(closeStands);

const ZONE = 'Europe/Berlin';
const HOOK = 'https://hooks.example.com/T0SECRETSECRETSECRET/abcdefghijklmnop';
const ALARM = /^(Shift-start alarm \(Ops, 10:00 \(09:00 UTC\)\): not acknowledged|Alarm unacknowledged)$/;
const TOO_MANY = { status: 429, text: '{"error":"limit reached: too many requests"}' };

/** Each glance's lines about the phone not alerted, each checked to sit right under the ringing alarm's line. */
function phoneLines(e: Engine, nowMs: number): Record<string, string[]> {
  const said = everyText({ state: e.getState(), nowMs, localZone: ZONE });
  const out: Record<string, string[]> = {};
  for (const surface of ['tray-tooltip', 'tray-menu', 'popover']) {
    const lines = (said.find((x) => x.surface === surface && x.statement === undefined)?.text ?? '').split('\n');
    out[surface] = lines.filter((l) => l.startsWith('Phone not alerted'));
    for (const l of out[surface]) expect(lines[lines.indexOf(l) - 1], surface).toMatch(ALARM);
  }
  return out;
}

const each = (line: string | undefined) => ({
  'tray-tooltip': line === undefined ? [] : [line],
  'tray-menu': line === undefined ? [] : [line],
  popover: line === undefined ? [] : [line],
});

describe('a phone alert held back by the phone service’s wait', () => {
  it('ntfy refused at 08:50 with Retry-After 3600: said under the alarm from 09:03 until the alert goes', async () => {
    const r = await phoneRig();
    let refusing = false;
    const refused: number[] = [];
    const send = (req: HttpRequest, t: number): Promise<HttpResponse> => {
      if (!refusing || !req.url.startsWith(r.s.url)) return r.h.clock.inFlight.track(fetchSend(req, t));
      refused.push(r.h.clock.now());
      return Promise.resolve({ ...TOO_MANY, retryAfter: '3600' });
    };
    await r.h.clock.runWhileAdvancing(r.engine.stop());
    const e = r.h.engine({ phone: { send, pushoverApi: r.s.url } });
    await e.start();
    await r.h.clock.advanceTo(MY_START - 10 * MIN);
    refusing = true;
    const saved = e.phoneIntent({
      kind: 'save',
      settings: { provider: 'ntfy', ntfyServer: r.s.url, afterMin: 3 },
      secrets: { ntfyTopic: TOPIC },
    });
    expect((await r.h.clock.runWhileAdvancing(saved)).ok).toBe(true);
    expect(refused.length).toBe(1);
    const waitEndMs = (refused[0] ?? 0) + HOUR;
    await r.h.clock.advanceTo(MY_START + 2 * MIN);
    expect(e.getState().alarm?.ringing).toBe(true);
    expect(phoneLines(e, r.h.clock.now())).toEqual(each(undefined)); // its alert's time has not come
    await r.h.clock.advanceTo(MY_START + 5 * MIN);
    expect(alertsOn(r.s, TOPIC)).toEqual([]);
    expect(refused.length).toBe(1); // nothing went to the service during its wait
    const until = formatDayTime(waitEndMs, { nowMs: r.h.clock.now(), localZone: ZONE });
    expect(until).toBe('10:50');
    const short = `Phone not alerted: the phone service asked to wait until ${until}`;
    const held = phoneLines(e, r.h.clock.now());
    // The tooltip says it whole or, where the whole doesn't fit its cut, in its short words.
    expect([[short], [`${short}; not sent before then`]]).toContainEqual(held['tray-tooltip']);
    expect({ ...held, 'tray-tooltip': [] }).toEqual({ ...each(`${short}; not sent before then`), 'tray-tooltip': [] });
    refusing = false;
    await r.h.clock.advanceTo(waitEndMs + MIN);
    expect(alertsOn(r.s, TOPIC).length).toBe(1);
    expect(phoneLines(e, r.h.clock.now())).toEqual(each(undefined));
    await r.h.clock.runWhileAdvancing(e.stop());
  }, 120_000);
});

/** A webhook answering every POST from 09:01 with 429 and Retry-After 1800 (09:03 and 09:33: the wait ends 10:03). */
async function refusingHook() {
  const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  const posts: number[] = [];
  const send = (): Promise<HttpResponse> => {
    posts.push(h.clock.now());
    return Promise.resolve({ ...TOO_MANY, retryAfter: '1800' });
  };
  const e = h.engine({ phone: { send } });
  await e.start();
  await h.clock.advance(1_000);
  const saved = await e.phoneIntent({
    kind: 'save',
    settings: { provider: 'webhook', ntfyServer: 'https://ntfy.sh', afterMin: 3 },
    secrets: { webhookUrl: HOOK },
  });
  expect(saved.ok).toBe(true);
  return { h, e, posts };
}

describe('today’s alert answered 429 with Retry-After at its time', () => {
  it('is not told as tomorrow’s readiness: that alert comes long after the wait ends', async () => {
    const { h, e, posts } = await refusingHook();
    await h.clock.advanceTo(MY_START + 5 * MIN);
    expect(posts).toEqual([MY_START + 3 * MIN]);
    expect(e.getState().phone?.problem).toMatch(/not sent \(the server answered 429/);
    const readiness = e.getState().me.readiness;
    expect(Date.parse(readiness?.shift.start ?? '')).toBe(MY_START + 24 * HOUR);
    expect(readiness?.checks.find((c) => c.id === 'phone')?.result).not.toBe('problem');
    await h.clock.advanceTo(MY_START + 70 * MIN);
    const notReady = h.notifier.shown.filter((n) => /Not ready/.test(n.title) && /Phone/.test(n.body));
    expect(notReady.map((n) => n.body)).toEqual([]);
    await h.clock.runWhileAdvancing(e.stop());
    await h.close();
  }, 60_000);

  it('never delivered in its hour: still said while the alarm is unacknowledged, gone at the block’s end', async () => {
    const { h, e, posts } = await refusingHook();
    await h.clock.advanceTo(MY_START + 3 * HOUR);
    expect(posts).toEqual([MY_START + 3 * MIN, MY_START + 33 * MIN]);
    expect(e.getState().alarm?.ringing).toBe(true);
    expect(e.getState().phone?.problem).toBe(
      // The second wait (09:33 + 30 min) ends with the alert's hour: no try is left, said so (adv50 r44 F2).
      'the phone alert for your shift start was not sent (the server answered 429 (too many requests)); the phone service’s wait ends after this alert’s hour, so it is not tried again: acknowledge on this computer',
    );
    expect(phoneLines(e, h.clock.now())).toEqual(
      each('Phone not alerted: the server answered 429 (too many requests); gave up'),
    );
    // Tomorrow's shift is not told "Not ready" for it (its alert is tried anew).
    expect(e.getState().me.readiness?.checks.find((c) => c.id === 'phone')?.result).not.toBe('problem');
    await h.clock.advanceTo(MY_START + 8 * HOUR + MIN);
    expect(e.getState().phone?.problem ?? null).toBeNull();
    expect(phoneLines(e, h.clock.now())).toEqual(each(undefined));
    expect(posts.length).toBe(2);
    await h.clock.runWhileAdvancing(e.stop());
    await h.close();
  }, 60_000);
});
