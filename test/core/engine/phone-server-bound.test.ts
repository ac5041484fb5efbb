// The ntfy topic and token are tied to the server they were saved for (adv52 r12 #1), as the API key is tied to
// `<account>@<host>`: settings.json's `escalation.ntfyServer` is a claim. Hand-edited to another host (or damaged and
// reset to the default), it finds no topic or token: nothing goes to the new host, the phone reads "not set up for
// <host>", and the bookings the app made on the old server are cancelled there with the old server's own keys.
// Before, the new host got the topic and token at start, and the old bookings were called "a booking on a phone
// channel the app never had" and left ringing. Real engine, simulator, two loopback ntfy stand-ins, fake clock, real
// data folder, the keychain port as the other phone tests use it.
import { afterEach, describe, expect, it } from 'vitest';
import { fetchSend, type HttpSend } from '../../../electron/core/escalation/http';
import { NTFY_SERVER_ACCOUNT } from '../../../electron/core/engine/phone-binding';
import { closeStands, MIN, MY_START, phoneRig, startStand, TOMORROW, TOPIC } from '../support/phone-engine-rig';

const TOKEN = 'tk_secretsecretsecret_1234567890';
afterEach(closeStands);

/** Saved on stand-in A with TOPIC and TOKEN (both alerts booked there), stopped, then settings.json edited. */
async function savedOnA(opts: { legacy?: boolean } = {}) {
  const r = await phoneRig();
  const saved = await r.engine.phoneIntent({
    kind: 'save',
    settings: { provider: 'ntfy', ntfyServer: r.s.url, afterMin: 3 },
    secrets: { ntfyTopic: TOPIC, ntfyToken: TOKEN },
  });
  expect(saved.ok).toBe(true);
  await r.h.clock.runWhileAdvancing(r.engine.alarmsSettled());
  expect(r.s.scheduled(TOPIC).map((m) => m.deliverMs)).toEqual([MY_START + 3 * MIN, TOMORROW + 3 * MIN]);
  await r.h.clock.runWhileAdvancing(r.engine.stop());
  // Saved by a version before the binding: the keychain holds the topic and token only.
  if (opts.legacy) await r.h.secrets.delete(NTFY_SERVER_ACCOUNT);
  return r;
}

async function editServer(r: Awaited<ReturnType<typeof phoneRig>>, to: string | undefined) {
  const text = (await r.h.files.read('settings.json')) ?? '';
  const settings: unknown = JSON.parse(text);
  const esc: unknown = Reflect.get(settings as object, 'escalation');
  if (to === undefined) Reflect.deleteProperty(esc as object, 'ntfyServer');
  else Reflect.set(esc as object, 'ntfyServer', to);
  await r.h.files.writeAtomic('settings.json', JSON.stringify(settings));
}

/** Starts again, every request to a host but the stand-ins captured (never sent). */
async function restart(r: Awaited<ReturnType<typeof phoneRig>>) {
  const elsewhere: { url: string; auth?: string }[] = [];
  const send: HttpSend = (req, t) => {
    if (!req.url.startsWith('http://127.0.0.1:')) {
      const auth = Object.entries(req.headers ?? {}).find(([k]) => k.toLowerCase() === 'authorization')?.[1];
      elsewhere.push({ url: req.url, ...(auth ? { auth } : {}) });
      return Promise.resolve({ status: 503, text: '' });
    }
    return r.h.clock.inFlight.track(fetchSend(req, t));
  };
  const engine = r.h.engine({ phone: { send, pushoverApi: r.s.url } });
  await engine.start();
  await r.h.clock.runWhileAdvancing(engine.alarmsSettled());
  await r.h.clock.advance(2 * MIN);
  await r.h.clock.runWhileAdvancing(engine.alarmsSettled());
  const phone = engine.getState().me.readiness?.checks.find((c) => c.id === 'phone');
  return { engine, elsewhere, phone, notices: engine.getState().notices.map((n) => n.message) };
}

describe('the ntfy topic and token are bound to their server', () => {
  it('settings.json edited to server B: B gets 0 requests, A gets the DELETEs, the phone reads "not set up for B"', async () => {
    const r = await savedOnA();
    const b = await startStand(r.h);
    await editServer(r, b.url);
    const aBefore = r.s.requests.length;
    const { engine, phone, notices } = await restart(r);
    expect(b.requests).toEqual([]);
    const onA = r.s.requests.slice(aBefore);
    expect(onA.filter((q) => q.method === 'DELETE').length).toBe(2);
    expect(onA.filter((q) => q.method !== 'DELETE' && q.method !== 'GET')).toEqual([]);
    expect(onA.every((q) => q.auth === `Bearer ${TOKEN}`)).toBe(true);
    expect(r.s.scheduled(TOPIC)).toEqual([]);
    const host = new URL(b.url).host;
    expect(phone?.result).toBe('problem');
    expect(phone?.message).toContain(`not set up for ${host}`);
    expect(engine.getState().phone?.hasSecrets).toBe(false);
    expect(notices.filter((m) => /never had/.test(m))).toEqual([]);
    expect(JSON.stringify(engine.getState())).not.toContain(TOKEN);
    await r.h.clock.runWhileAdvancing(engine.stop());
  }, 30_000);

  it('each booking keeps its server; A refusing the DELETEs: "may still ring from <A>", told once, B gets 0', async () => {
    const r = await savedOnA();
    const aHost = new URL(r.s.url).host;
    const record = (await r.h.files.read('escalations.json')) ?? '';
    expect(record.split(`"srv":"${aHost}"`).length - 1).toBe(2);
    const b = await startStand(r.h);
    await editServer(r, b.url);
    r.s.failNext(100, 503);
    const told = r.h.notifier.shown.length;
    const { engine, phone, notices } = await restart(r);
    expect(b.requests).toEqual([]);
    expect(r.s.scheduled(TOPIC)).toHaveLength(2);
    expect(phone?.result).toBe('problem');
    expect(phone?.message).toContain(`your phone may still ring from ${aHost}`);
    expect(notices.filter((m) => /never had/.test(m))).toEqual([]);
    const shown = r.h.notifier.shown.slice(told).filter((n) => n.body.includes(aHost));
    expect(shown.length).toBeLessThanOrEqual(1);
    // A answers again: cancelled there, with A's token only.
    r.s.failNext(0, 503);
    await r.h.clock.advance(2 * MIN);
    await r.h.clock.runWhileAdvancing(engine.alarmsSettled());
    expect(r.s.scheduled(TOPIC)).toEqual([]);
    expect(r.s.requests.every((q) => q.auth === `Bearer ${TOKEN}`)).toBe(true);
    expect(b.requests).toEqual([]);
    await r.h.clock.runWhileAdvancing(engine.stop());
  }, 30_000);

  it('ntfyServer missing (reset to https://ntfy.sh): nothing goes to ntfy.sh; A gets the DELETEs', async () => {
    const r = await savedOnA();
    await editServer(r, undefined);
    const aBefore = r.s.requests.length;
    const { engine, elsewhere, phone } = await restart(r);
    expect(elsewhere).toEqual([]);
    expect(r.s.requests.slice(aBefore).filter((q) => q.method === 'DELETE').length).toBe(2);
    expect(phone?.message).toContain('not set up for ntfy.sh');
    await r.h.clock.runWhileAdvancing(engine.stop());
  }, 30_000);

  it('saved before the binding, server unchanged: bound to it at start, the bookings stay, nothing to re-enter', async () => {
    const r = await savedOnA({ legacy: true });
    const { engine, phone, notices } = await restart(r);
    expect(r.s.scheduled(TOPIC).map((m) => m.deliverMs)).toEqual([MY_START + 3 * MIN, TOMORROW + 3 * MIN]);
    expect(engine.getState().phone?.hasSecrets).toBe(true);
    expect(phone?.message).not.toContain('not set up');
    expect(notices.filter((m) => /phone/i.test(m))).toEqual([]);
    expect((await r.h.secrets.get(NTFY_SERVER_ACCOUNT)).ok).toBe(true);
    await r.h.clock.runWhileAdvancing(engine.stop());
  }, 30_000);

  it('saved before the binding, then edited to B: B gets 0 requests; the bookings left on A are said truthfully', async () => {
    const r = await savedOnA({ legacy: true });
    const b = await startStand(r.h);
    await editServer(r, b.url);
    const { engine, phone, notices } = await restart(r);
    expect(b.requests).toEqual([]);
    expect(engine.getState().phone?.hasSecrets).toBe(false);
    expect(notices.filter((m) => /never had/.test(m))).toEqual([]);
    expect(phone?.result).toBe('problem');
    expect(phone?.message).toMatch(/may still ring/);
    await r.h.clock.runWhileAdvancing(engine.stop());
  }, 30_000);

  it('Settings → Phone: a new server saved with its topic and token works, the old bookings cancelled on A', async () => {
    const r = await savedOnA();
    const b = await startStand(r.h);
    const engine = r.make();
    await engine.start();
    await r.h.clock.runWhileAdvancing(engine.alarmsSettled());
    const TOKEN_B = 'tk_anotheranotheranother_12345';
    const saved = await engine.phoneIntent({
      kind: 'save',
      settings: { provider: 'ntfy', ntfyServer: b.url, afterMin: 3 },
      secrets: { ntfyTopic: TOPIC, ntfyToken: TOKEN_B },
    });
    expect(saved.ok).toBe(true);
    await r.h.clock.runWhileAdvancing(engine.alarmsSettled());
    await r.h.clock.advance(2 * MIN);
    await r.h.clock.runWhileAdvancing(engine.alarmsSettled());
    expect(b.scheduled(TOPIC).map((m) => m.deliverMs)).toEqual([MY_START + 3 * MIN, TOMORROW + 3 * MIN]);
    expect(b.requests.every((q) => q.auth === `Bearer ${TOKEN_B}`)).toBe(true);
    expect(r.s.scheduled(TOPIC)).toEqual([]);
    expect(r.s.requests.every((q) => q.auth === `Bearer ${TOKEN}`)).toBe(true);
    expect(engine.getState().phone?.hasSecrets).toBe(true);
    await r.h.clock.runWhileAdvancing(engine.stop());
  }, 30_000);

  it('Settings → Phone: a new server saved with no token typed says the old token was left behind, and B never gets it', async () => {
    const r = await savedOnA();
    const b = await startStand(r.h);
    const engine = r.make();
    await engine.start();
    await r.h.clock.runWhileAdvancing(engine.alarmsSettled());
    const saved = await engine.phoneIntent({
      kind: 'save',
      settings: { provider: 'ntfy', ntfyServer: b.url, afterMin: 3 },
      secrets: { ntfyTopic: TOPIC },
    });
    await r.h.clock.runWhileAdvancing(engine.alarmsSettled());
    // The oracle: B was never sent A's token.
    expect(b.requests.some((q) => q.auth === `Bearer ${TOKEN}`)).toBe(false);
    // Said whole by Settings → Phone, which has no words of its own for a save.
    expect(saved).toEqual({
      ok: true,
      message:
        'Phone settings saved. The access token was for another server and was not sent to this one: enter its own if it needs one.',
    });
    await r.h.clock.runWhileAdvancing(engine.stop());
  }, 30_000);
});
