// adv50 r44 F1 (Pushover, webhook 500): the alert never delivered in its hour; restart at 10:32 with the alarm
// ringing unacknowledged: is "Phone not alerted" still said under it?
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { fetchSend, type HttpRequest, type HttpResponse } from '../../../electron/core/escalation/http';
import { everyText } from '../../support/text-registry';
import { closeStands, MIN, MY_START, phoneRig } from '../support/phone-engine-rig';

afterEach(closeStands);
const ZONE = 'Europe/Berlin';
const APP = 'a'.repeat(30);
const USER = 'u'.repeat(30);
const HOOK = 'https://hooks.example.com/T0SECRETSECRETSECRET/abcdefghijklmnop';
function phoneLines(e: Engine, nowMs: number) {
  const said = everyText({ state: e.getState(), nowMs, localZone: ZONE });
  return ['tray-tooltip', 'tray-menu', 'popover'].flatMap((surface) =>
    (said.find((x) => x.surface === surface && x.statement === undefined)?.text ?? '')
      .split('\n')
      .filter((l) => l.startsWith('Phone not alerted'))
      .map((l) => `${surface}: ${l}`),
  );
}

describe.each([
  ['pushover 500', 'pushover', { status: 500, text: 'boom' }],
  ['webhook 500', 'webhook', { status: 500, text: 'boom' }],
] as [string, 'pushover' | 'webhook', HttpResponse][])('%s, restart at 10:32', (_n, provider, answer) => {
  it('says the phone was not alerted after the restart', async () => {
    const r = await phoneRig();
    const posts: number[] = [];
    const send = (req: HttpRequest, t: number): Promise<HttpResponse> => {
      if (
        r.h.clock.now() >= MY_START &&
        (req.url.endsWith('/1/messages.json') || req.url.startsWith('https://hooks.'))
      ) {
        posts.push(r.h.clock.now());
        return Promise.resolve(answer);
      }
      return r.h.clock.inFlight.track(fetchSend(req, t));
    };
    await r.h.clock.runWhileAdvancing(r.engine.stop());
    const mk = () => r.h.engine({ phone: { send, pushoverApi: r.s.url } });
    const e = mk();
    await e.start();
    await r.h.clock.advance(1_000);
    const saved = e.phoneIntent({
      kind: 'save',
      settings: { provider, ntfyServer: 'https://ntfy.sh', afterMin: 3 },
      secrets: provider === 'pushover' ? { pushoverApp: APP, pushoverUser: USER } : { webhookUrl: HOOK },
    });
    expect((await r.h.clock.runWhileAdvancing(saved)).ok).toBe(true);
    await r.h.clock.advanceTo(MY_START + 90 * MIN);
    const before = phoneLines(e, r.h.clock.now());
    await r.h.clock.runWhileAdvancing(e.stop());
    await r.h.clock.advanceTo(MY_START + 92 * MIN);
    const e2 = mk();
    await e2.start();
    await r.h.clock.advance(3 * MIN);
    const after = phoneLines(e2, r.h.clock.now());
    expect(e2.getState().alarm?.ringing).toBe(true);
    // What was said at 10:30 under the ringing, unacknowledged alarm is still said at 10:35 after the restart.
    expect({ lines: after.length, problem: e2.getState().phone?.problem != null }).toEqual({
      lines: before.length,
      problem: e.getState().phone?.problem != null,
    });
    await r.h.clock.runWhileAdvancing(e2.stop());
  }, 120_000);
});
