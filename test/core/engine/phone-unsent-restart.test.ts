// adv50 r44 F1: a phone alert never sent (webhook 429 Retry-After 1800 at 09:03 and 09:33: gave up), the start
// alarm still unacknowledged; the app is quit and restarted. Before the restart every glance says "Phone not
// alerted: …" under the ringing alarm; after it the alarm still rings unacknowledged but nothing says the phone was
// not alerted (phone.problem null, no line on the tooltip/menu/popover) and nothing is sent either.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import type { HttpResponse } from '../../../electron/core/escalation/http';
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
