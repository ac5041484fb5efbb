// adv50 r44 F1: a phone alert never sent (webhook 429 Retry-After 1800 at 09:03 and 09:33: gave up), the start
// alarm still unacknowledged; the app is quit and restarted. Before the restart every glance says "Phone not
// alerted: …" under the ringing alarm; after it the alarm still rings unacknowledged but nothing says the phone was
// not alerted (phone.problem null, no line on the tooltip/menu/popover) and nothing is sent either.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import type { HttpRequest, HttpResponse } from '../../../electron/core/escalation/http';
import { everyText } from '../../support/text-registry';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { MIN, MY_START, START } from '../support/phone-engine-rig';

const ZONE = 'Europe/Berlin';
const HOOK = 'https://hooks.example.com/T0SECRETSECRETSECRET/abcdefghijklmnop';

const SURFACES = ['tray-tooltip', 'tray-menu', 'popover'] as const;

/** Each glance's "Phone not alerted" lines. */
function phoneLines(e: Engine, nowMs: number): string[][] {
  const said = everyText({ state: e.getState(), nowMs, localZone: ZONE });
  return SURFACES.map((surface) =>
    (said.find((x) => x.surface === surface && x.statement === undefined)?.text ?? '')
      .split('\n')
      .filter((l) => l.startsWith('Phone not alerted')),
  );
}

describe.each([
  ['429 Retry-After 1800', { status: 429, text: '{"error":"too many"}', retryAfter: '1800' }, 40],
  ['429 Retry-After 1800', { status: 429, text: '{"error":"too many"}', retryAfter: '1800' }, 92],
  ['403 refused', { status: 403, text: 'forbidden' }, 20],
] as [string, HttpResponse, number][])('webhook %s, restart at 09:00+%i min', (_n, answer, restartMin) => {
  it('still says the phone was not alerted under the ringing alarm', async () => {
    const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    const posts: number[] = [];
    const send = (): Promise<HttpResponse> => (posts.push(h.clock.now()), Promise.resolve(answer));
    const e = h.engine({ phone: { send } });
    await e.start();
    await h.clock.advance(1_000);
    const saved = await e.phoneIntent({
      kind: 'save',
      settings: { provider: 'webhook', ntfyServer: 'https://ntfy.sh', afterMin: 3 },
      secrets: { webhookUrl: HOOK },
    });
    expect(saved.ok).toBe(true);
    await h.clock.advanceTo(MY_START + (restartMin - 2) * MIN);
    const before = phoneLines(e, h.clock.now());
    expect(before.map((lines) => lines.length)).toEqual([1, 1, 1]);
    const postsBefore = posts.length;
    await h.clock.runWhileAdvancing(e.stop());
    await h.clock.advance(2 * MIN);
    const e2 = h.engine({ phone: { send } });
    await e2.start();
    await h.clock.advance(3 * MIN);
    const after = phoneLines(e2, h.clock.now());
    expect(e2.getState().alarm?.ringing).toBe(true);
    // Each glance still says it, once, under the alarm ringing unacknowledged.
    expect(after.map((lines) => lines.length)).toEqual([1, 1, 1]);
    // Past the alert's hour nothing is sent again after the restart; within it, it is tried again.
    if (restartMin > 60) expect(posts.length).toBe(postsBefore);
    await h.clock.runWhileAdvancing(e2.stop());
    await h.close();
  }, 120_000);
});

// adv50 r44 F1 remainder: refused for good (a webhook's 403, Pushover's 400), restarted past the alert's hour. No try
// is made after the restart, and the refusal is kept in phone-refusal.json (not escalations.json): before, nothing
// was said under the still ringing alarm.
describe.each([
  ['webhook 403', 'webhook', { status: 403, text: 'forbidden' }],
  ['pushover 400', 'pushover', { status: 400, text: '{"user":"invalid","errors":["user identifier is invalid"]}' }],
] as [string, 'webhook' | 'pushover', HttpResponse][])(
  '%s refused for good, restart at 10:32',
  (_n, provider, answer) => {
    it('says under the ringing alarm that the phone was not alerted, refused, and sends nothing again', async () => {
      const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
      await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
      const posts: number[] = [];
      // Only the alert's POST is refused; a key check on saving goes through.
      const send = (req: HttpRequest): Promise<HttpResponse> => {
        if (req.method !== 'POST' || h.clock.now() < MY_START)
          return Promise.resolve({ status: 200, text: '{"status":1}' });
        posts.push(h.clock.now());
        return Promise.resolve(answer);
      };
      const mk = () => h.engine({ phone: { send } });
      const e = mk();
      await e.start();
      await h.clock.advance(1_000);
      const saved = await e.phoneIntent({
        kind: 'save',
        settings: { provider, ntfyServer: 'https://ntfy.sh', afterMin: 3 },
        secrets:
          provider === 'pushover'
            ? { pushoverApp: 'a'.repeat(30), pushoverUser: 'u'.repeat(30) }
            : { webhookUrl: HOOK },
      });
      expect(saved.ok).toBe(true);
      await h.clock.advanceTo(MY_START + 90 * MIN);
      // The error as said before the restart, read from the popover's line.
      const before = phoneLines(e, h.clock.now());
      expect(before.map((lines) => lines.length)).toEqual([1, 1, 1]);
      const error = /refused \((.*)\)/.exec(before[2]?.[0] ?? '')?.[1];
      expect(error).toContain(provider === 'pushover' ? 'user identifier is invalid' : 'forbidden');
      const postsBefore = posts.length;
      expect(postsBefore).toBe(1);
      await h.clock.runWhileAdvancing(e.stop());
      await h.clock.advanceTo(MY_START + 92 * MIN);
      const e2 = mk();
      await e2.start();
      await h.clock.advance(3 * MIN);
      expect(e2.getState().alarm?.ringing).toBe(true);
      const after = phoneLines(e2, h.clock.now());
      expect(after.map((lines) => lines.length)).toEqual([1, 1, 1]);
      for (const lines of after) expect(lines[0]).toContain(`Phone not alerted: refused (${error ?? '?'})`);
      expect(after[2]).toEqual([
        `Phone not alerted: refused (${error ?? '?'}), saved before the app restarted; fix it in Settings → Phone`,
      ]);
      expect(posts.length).toBe(postsBefore);
      await h.clock.runWhileAdvancing(e2.stop());
      await h.close();
    }, 120_000);
  },
);
