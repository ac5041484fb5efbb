// Other Pushover keys saved in Settings → Phone while an emergency rings for a start nobody acknowledged (issue 50,
// adv50 round 12 #1), on the real engine with the simulator, a fake clock and the loopback Pushover stand-in. Before,
// the old emergency was cancelled (rightly, with the old token) and nothing went to the new keys: the phone stayed
// silent until the laptop acknowledged, and that later cancel went with the new token for the old emergency.
import { afterEach, describe, expect, it } from 'vitest';
import { fetchSend, type HttpSend } from '../../../electron/core/escalation/http';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { startStandIn, type StandIn } from '../../support/phone-standin';

const MIN = 60_000;
const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');
const APP = 'a'.repeat(30);
const USER = 'u'.repeat(30);
const APP2 = 'b'.repeat(30);
const USER2 = 'v'.repeat(30);

const stands: StandIn[] = [];
afterEach(async () => {
  for (const s of stands.splice(0)) await s.close();
});

interface Sent {
  atMs: number;
  path: string;
  token: string | null;
  user: string | null;
}

async function changeKeysMidEmergency(secrets: { pushoverApp?: string; pushoverUser?: string }) {
  const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  await seedSettings(h, {
    email: ME,
    scheduleIds: [OPS_ID],
    refresh: { idleIntervalSec: 1800, nearIntervalSec: 300, nearWindowMin: 30 },
  });
  const s = await startStandIn(() => h.clock.now());
  stands.push(s);
  const sent: Sent[] = [];
  const send: HttpSend = (req, t) => {
    const url = new URL(req.url);
    const f = new URLSearchParams(typeof req.body === 'string' ? req.body : '');
    const token = f.get('token') ?? url.searchParams.get('token');
    if (!/receipts\/r\d+\.json$/.test(url.pathname))
      sent.push({ atMs: h.clock.now(), path: url.pathname, token, user: f.get('user') });
    return h.clock.inFlight.track(fetchSend(req, t));
  };
  const engine = h.engine({ phone: { send, pushoverApi: s.url } });
  await engine.start();
  await h.clock.advance(1_000);
  const settings = { provider: 'pushover' as const, ntfyServer: 'https://ntfy.sh', afterMin: 3 };
  expect(
    (await engine.phoneIntent({ kind: 'save', settings, secrets: { pushoverApp: APP, pushoverUser: USER } })).ok,
  ).toBe(true);
  await h.clock.runWhileAdvancing(engine.alarmsSettled());
  await h.clock.advanceTo(MY_START + 4 * MIN);
  expect(s.pushover.map((p) => p.sentMs)).toEqual([MY_START + 3 * MIN]);
  expect((await engine.phoneIntent({ kind: 'save', settings, secrets })).ok).toBe(true);
  await h.clock.runWhileAdvancing(engine.alarmsSettled());
  await h.clock.advanceTo(MY_START + 10 * MIN);
  const key = engine.getState().alarm?.key ?? '';
  expect(engine.getState().alarm).toMatchObject({ ackedAt: null });
  expect(await engine.alarmIntent({ kind: 'ack', key })).toEqual({ ok: true });
  await h.clock.runWhileAdvancing(engine.alarmsSettled());
  await h.clock.advance(3 * MIN);
  const result = { sent, pushover: s.pushover.map((p) => ({ ...p })), problem: engine.getState().phone?.problem };
  await h.clock.runWhileAdvancing(engine.stop());
  await h.close();
  return result;
}

describe('other Pushover keys saved while an emergency rings, unacknowledged', () => {
  for (const [what, given] of [
    ['user key', { pushoverUser: USER2 }],
    ['app token', { pushoverApp: APP2 }],
  ] as const)
    it(`(${what}) the start is sent at once to the new keys, once; each cancel goes with its emergency's token`, async () => {
      const app2 = 'pushoverApp' in given ? APP2 : APP;
      const user2 = 'pushoverUser' in given ? USER2 : USER;
      const { sent, pushover, problem } = await changeKeysMidEmergency(given);
      const messages = sent.filter((x) => x.path === '/1/messages.json');
      expect(messages.map((m) => [m.atMs, m.token, m.user])).toEqual([
        [MY_START + 3 * MIN, APP, USER],
        [MY_START + 4 * MIN, app2, user2],
      ]);
      const [old, now] = pushover;
      const cancels = sent.filter((x) => x.path.endsWith('cancel.json') || x.path.includes('cancel_by_tag'));
      // The old one at the change, with the old token; the new one at the laptop's ack, with the new token.
      expect(cancels.map((c) => [c.atMs, c.path, c.token])).toEqual([
        [MY_START + 4 * MIN, `/1/receipts/${old?.receipt}/cancel.json`, APP],
        [MY_START + 10 * MIN, `/1/receipts/${now?.receipt}/cancel.json`, app2],
      ]);
      expect(pushover.map((p) => p.cancelled)).toEqual([true, true]);
      expect(problem).toBeNull();
    }, 30_000);
});
