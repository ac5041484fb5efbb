// A Pushover channel saved and tested, then refused (the user key revoked: 400; or the monthly limit: 429), run by
// the real engine with the simulator, a fake clock and the loopback Pushover stand-in; then stopped, so a test can
// change phone-refusal.json as a hand edit or a put-back copy would and start the app again (issue 52, adv52 r46).
import { readdir } from 'node:fs/promises';
import { expect } from 'vitest';
import { fetchSend, type HttpRequest, type HttpResponse } from '../../../electron/core/escalation/http';
import type { Engine } from '../../../electron/core/engine/types';
import { MIN, MY_START, phoneRig } from './phone-engine-rig';

export const APP = 'a'.repeat(30);
export const USER = 'u'.repeat(30);
export const REVOKED = 'user identifier is not a valid user, group, or subscribed user key';
export const LIMIT = 'application has exceeded its monthly message limit';

export async function refusedRig(answer: 'revoked' | 'limit') {
  const r = await phoneRig();
  let refusing = false;
  /** When each alert (not a Send test: the stand-in's own answers) was POSTed while refused. */
  const refusedPosts: number[] = [];
  const send = (req: HttpRequest, t: number): Promise<HttpResponse> => {
    if (!req.url.endsWith('/1/messages.json') || !refusing) return r.h.clock.inFlight.track(fetchSend(req, t));
    refusedPosts.push(r.h.clock.now());
    const errors = [answer === 'revoked' ? REVOKED : LIMIT];
    return Promise.resolve({ status: answer === 'revoked' ? 400 : 429, text: JSON.stringify({ errors, status: 0 }) });
  };
  await r.h.clock.runWhileAdvancing(r.engine.stop());
  const make = (): Engine => r.h.engine({ phone: { send, pushoverApi: r.s.url } });
  const line = (e: Engine) => e.getState().me.readiness?.checks.find((c) => c.id === 'phone');
  const notices = (e: Engine) => e.getState().notices.filter((n) => n.id.startsWith('phone-'));
  const sendTest = async (e: Engine) => {
    const n = r.s.pushover.length;
    const p = e.phoneIntent({ kind: 'send-test' });
    for (let i = 0; i < 20 && r.s.pushover.length === n; i++) await r.h.clock.advance(1_000);
    if (r.s.pushover.length > n) r.s.pushover[n]!.acknowledged = true;
    return r.h.clock.runWhileAdvancing(p);
  };
  const start = async () => {
    const e = make();
    await e.start();
    await r.h.clock.advance(5_000);
    return e;
  };
  const stop = (e: Engine) => r.h.clock.runWhileAdvancing(e.stop());
  const backups = async (name: string) => (await readdir(r.h.dir)).filter((f) => f.startsWith(`${name}.bad-`));
  // Run 1: saved, tested, then today's alert (my start + 3 min) refused.
  const first = await start();
  const saved = await first.phoneIntent({
    kind: 'save',
    settings: { provider: 'pushover', ntfyServer: 'https://ntfy.sh', afterMin: 3 },
    secrets: { pushoverApp: APP, pushoverUser: USER },
  });
  expect(saved.ok).toBe(true);
  expect((await sendTest(first)).ok).toBe(true);
  refusing = true;
  await r.h.clock.advanceTo(MY_START + 10 * MIN);
  expect(line(first)?.message).toContain(answer === 'revoked' ? REVOKED : LIMIT);
  await stop(first);
  const refuse = (on: boolean) => void (refusing = on);
  return { ...r, refusedPosts, line, notices, sendTest, start, stop, backups, refuse };
}
