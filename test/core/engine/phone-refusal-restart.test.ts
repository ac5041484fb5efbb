// Issue 50 (adv50 r37 #2): a refused phone alert (400: the user key no longer valid) makes readiness say the phone
// won't be reached until a save or a Send test clears it. Before, a restart forgot it and readiness said "armed ✓"
// again. Now it is kept on disk with the channel it was refused on (phone-refusal.json); one read back for another
// channel than the one configured is dropped. Real engine, simulator, fake clock, the loopback Pushover stand-in.
import { afterEach, describe, expect, it } from 'vitest';
import { fetchSend, type HttpRequest, type HttpResponse } from '../../../electron/core/escalation/http';
import { REFUSAL_FILE } from '../../../electron/core/escalation/refusal-store';
import { closeStands, HOUR, MIN, MY_START, phoneRig } from '../support/phone-engine-rig';

const APP = 'a'.repeat(30);
const USER = 'u'.repeat(30);
const REASON = 'user identifier is not a valid user, group, or subscribed user key';

afterEach(closeStands);

async function refusedThenRestarted(user: string, rewrite?: (text: string) => string) {
  const r = await phoneRig();
  let revoked = false;
  const send = (req: HttpRequest, t: number): Promise<HttpResponse> =>
    // Only the revoked key is refused (another key is a valid one).
    req.url.endsWith('/1/messages.json') && revoked && req.body?.includes(`user=${USER}`)
      ? Promise.resolve({ status: 400, text: JSON.stringify({ user: 'invalid', errors: [REASON], status: 0 }) })
      : r.h.clock.inFlight.track(fetchSend(req, t));
  await r.h.clock.runWhileAdvancing(r.engine.stop());
  const first = r.h.engine({ phone: { send, pushoverApi: r.s.url } });
  await first.start();
  await r.h.clock.advance(1_000);
  const save = (e: typeof first, u: string) =>
    e.phoneIntent({
      kind: 'save',
      settings: { provider: 'pushover', ntfyServer: 'https://ntfy.sh', afterMin: 3 },
      secrets: { pushoverApp: APP, pushoverUser: u },
    });
  expect((await save(first, USER)).ok).toBe(true);
  const testP = first.phoneIntent({ kind: 'send-test' });
  for (let i = 0; i < 20 && r.s.pushover.length === 0; i++) await r.h.clock.advance(1_000);
  r.s.pushover[0]!.acknowledged = true;
  expect((await r.h.clock.runWhileAdvancing(testP)).ok).toBe(true);
  revoked = true;
  await r.h.clock.advanceTo(MY_START + 10 * MIN);
  const lineOf = (e: typeof first) => e.getState().me.readiness?.checks.find((c) => c.id === 'phone');
  expect(lineOf(first)?.message).toContain(REASON);
  await r.h.clock.runWhileAdvancing(first.stop());
  if (user !== USER) {
    // Another user key saved while the app is closed (the keychain holds it): the refusal was of the old one.
    const other = r.h.engine({ phone: { send, pushoverApi: r.s.url } });
    await other.start();
    await r.h.clock.advance(1_000);
    expect((await save(other, user)).ok).toBe(true);
    await r.h.clock.runWhileAdvancing(other.stop());
  }
  await r.h.clock.advance(2 * HOUR);
  const kept = await r.h.files.read(REFUSAL_FILE);
  if (rewrite) {
    expect(kept).toMatch(/"ch": "ch[A-Za-z0-9]+"/);
    await r.h.files.writeAtomic(REFUSAL_FILE, rewrite(kept ?? ''));
  }
  const second = r.h.engine({ phone: { send, pushoverApi: r.s.url } });
  await second.start();
  await r.h.clock.advance(5_000);
  const line = lineOf(second);
  await r.h.clock.runWhileAdvancing(second.stop());
  return line;
}

describe('a refused phone alert after a restart', () => {
  it('readiness still says the phone won’t be reached, with the service’s reason', async () => {
    const line = await refusedThenRestarted(USER);
    expect(line?.result).toBe('problem');
    expect(line?.message).toContain(REASON);
    expect(line?.message).not.toContain('armed ✓');
  }, 90_000);

  it('a refusal kept for another channel (another user key) is not said of this one', async () => {
    const line = await refusedThenRestarted('v'.repeat(30));
    expect(line?.message ?? '').not.toContain(REASON);
  }, 90_000);

  it('a file naming another channel than the one configured is dropped', async () => {
    // The file as the app wrote it, its channel hash replaced by another's (another app token and user key).
    const line = await refusedThenRestarted(USER, (text) =>
      text.replace(/"ch": "ch[A-Za-z0-9]+"/, '"ch": "chOther0001"'),
    );
    expect(line?.message ?? '').not.toContain(REASON);
  }, 90_000);
});
