// adv50 r44 F2: webhook alert at 09:03 answered 429 with Retry-After 5400 (the wait ends 10:33, after the alert's
// hour ends at 10:03). From 09:03 to 10:03 every glance says "Phone not alerted: … trying again once the phone
// service’s wait ends", but the app never tries again: at 10:03 it gives up with one POST in all.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import type { HttpResponse } from '../../../electron/core/escalation/http';
import { everyText } from '../../support/text-registry';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { MIN, MY_START, START } from '../support/phone-engine-rig';
const HOOK = 'https://hooks.example.com/T0SECRETSECRETSECRET/abcdefghijklmnop';
const phoneLine = (e: Engine, nowMs: number) =>
  (
    everyText({ state: e.getState(), nowMs, localZone: 'Europe/Berlin' }).find(
      (x) => x.surface === 'tray-menu' && x.statement === undefined,
    )?.text ?? ''
  )
    .split('\n')
    .find((l) => l.startsWith('Phone not alerted'));
describe('a 429 wait that outlasts the alert’s hour', () => {
  it('does not promise a retry it will never make', async () => {
    const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    const posts: string[] = [];
    const send = (): Promise<HttpResponse> => {
      posts.push(new Date(h.clock.now()).toISOString().slice(11, 16));
      return Promise.resolve(
        posts.length === 1 ? { status: 429, text: 'slow down', retryAfter: '5400' } : { status: 200, text: 'ok' },
      );
    };
    const e = h.engine({ phone: { send } });
    await e.start();
    await h.clock.advance(1_000);
    await e.phoneIntent({
      kind: 'save',
      settings: { provider: 'webhook', ntfyServer: 'https://ntfy.sh', afterMin: 3 },
      secrets: { webhookUrl: HOOK },
    });
    await h.clock.advanceTo(MY_START + 62 * MIN);
    const said = phoneLine(e, h.clock.now());
    await h.clock.advanceTo(MY_START + 120 * MIN);
    // The service asked for 5400 s from 09:03; the app keeps at most an hour of it (rate-gate.ts), so it waits until
    // 10:03 UTC, the end of the alert's hour (09:03–10:03): no retry is made, and none is promised. The wait's end is
    // said in the computer's zone (Berlin, UTC+1 in March), as "at least" (the service asked for longer).
    const untilLocal = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Berlin',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(MY_START + 3 * MIN + Math.min(5400, 3600) * 1000);
    expect(posts).toEqual(['09:03']);
    expect(said).not.toMatch(/trying again/);
    expect(said).toBe(
      `Phone not alerted: the phone service asked to wait until at least ${untilLocal}, outlasting this alert’s hour`,
    );
    // Once the wait is over (11:00 UTC) it is no longer said as ahead: the alert was given up.
    expect(phoneLine(e, h.clock.now())).toMatch(/; gave up$/);
    expect(posts).toEqual(['09:03']);
    await h.clock.runWhileAdvancing(e.stop());
    await h.close();
  }, 120_000);
});
