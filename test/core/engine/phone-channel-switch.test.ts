// Phone escalation when the channel changes (issue 50, adv50 round 1): the real engine, the
// simulator, a fake clock and the loopback ntfy/Pushover stand-in. Each case failed before:
// - Off, New topic or another server left the booked alerts armed on the old topic: the phone rang after "I'm on it"
//   while the state said nothing was armed. Now what the old channel holds is cancelled there, a cancel that fails
//   is a readiness problem saying so (tried again, also after a restart: the old keys wait in the keychain and
//   escalations.json names the channel by a hash only), and the alerts are booked on the new one.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SECRET_ACCOUNTS } from '../../../electron/core/escalation/types';
import { RETIRED_ACCOUNT } from '../../../electron/core/engine/phone-channels';
import type { Engine } from '../../../electron/core/engine/types';
import type { Harness } from '../support/engine-harness';
import {
  alertsOn,
  closeStands,
  HOUR,
  MIN,
  MY_START,
  startStand,
  TOMORROW,
  TOPIC,
  withNtfy,
} from '../support/phone-engine-rig';

afterEach(closeStands);

const phoneCheck = (e: Engine) => e.getState().me.readiness?.checks.find((c) => c.id === 'phone');

async function ackAt(h: Harness, engine: Engine, atMs: number): Promise<void> {
  await h.clock.advanceTo(atMs);
  const key = engine.getState().alarm?.key ?? '';
  expect(await engine.alarmIntent({ kind: 'ack', key })).toEqual({ ok: true });
  await h.clock.runWhileAdvancing(engine.alarmsSettled());
}

async function dataFolderText(h: Harness): Promise<string> {
  const names = await readdir(h.dir);
  return (await Promise.all(names.map((n) => readFile(join(h.dir, n), 'utf8').catch(() => '')))).join('\n');
}

describe('phone escalation: a channel left behind is cancelled there', () => {
  it('Off: both booked alerts are cancelled on the topic; after "I’m on it" nothing rings', async () => {
    const { h, s, engine } = await withNtfy();
    await engine.phoneIntent({ kind: 'save', settings: { provider: 'off', ntfyServer: s.url, afterMin: 3 } });
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    expect(s.scheduled(TOPIC)).toEqual([]);
    expect(engine.getState().phone).toMatchObject({ provider: 'off', booking: 'off', problem: null });
    await ackAt(h, engine, MY_START + MIN);
    await h.clock.advanceTo(MY_START + HOUR);
    expect(alertsOn(s, TOPIC)).toEqual([]);
    // Nothing is left that needs the old topic: its keys are not kept.
    expect(h.secrets.entries.has(RETIRED_ACCOUNT)).toBe(false);
  }, 30_000);

  it('New topic and another server: the old place is emptied, the new one booked; nothing rings after the ack', async () => {
    const { h, s, engine } = await withNtfy();
    await engine.phoneIntent({ kind: 'new-topic' });
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    const topic2 = h.secrets.entries.get(SECRET_ACCOUNTS.ntfyTopic) ?? '';
    expect(topic2).not.toBe(TOPIC);
    expect(s.scheduled(TOPIC)).toEqual([]);
    expect(s.scheduled(topic2).map((m) => m.deliverMs)).toEqual([MY_START + 3 * MIN, TOMORROW + 3 * MIN]);

    const s2 = await startStand(h);
    await engine.phoneIntent({ kind: 'save', settings: { provider: 'ntfy', ntfyServer: s2.url, afterMin: 3 } });
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    expect(s.scheduled(topic2)).toEqual([]);
    expect(s2.scheduled(topic2).map((m) => m.deliverMs)).toEqual([MY_START + 3 * MIN, TOMORROW + 3 * MIN]);

    await ackAt(h, engine, MY_START + MIN);
    await h.clock.advanceTo(MY_START + HOUR);
    expect([...alertsOn(s, TOPIC), ...alertsOn(s, topic2), ...alertsOn(s2, topic2)]).toEqual([]);
  }, 30_000);

  it('a cancel the old server refuses is a readiness problem, kept across a restart, and done when it answers', async () => {
    const { h, s, engine, make } = await withNtfy();
    // Every try of both DELETEs fails (3 tries each); the new topic's bookings then go through.
    s.failNext(6, 503);
    await engine.phoneIntent({ kind: 'new-topic' });
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    expect(s.scheduled(TOPIC)).toHaveLength(2);
    expect(phoneCheck(engine)).toMatchObject({
      result: 'problem',
      message: /old phone channel: the server answered 503; your phone may still ring there/,
    });
    // The old topic's keys wait in the keychain; on disk only a hash names where each booking lives.
    expect(h.secrets.entries.get(RETIRED_ACCOUNT)).toContain(TOPIC);
    expect(await dataFolderText(h)).not.toContain(TOPIC);
    expect(await dataFolderText(h)).toMatch(/"leftOn":\[.*"ch":"ch[A-Za-z0-9]{16}"/);

    await engine.stop();
    s.failNext(6, 503);
    const again = make();
    await again.start();
    await h.clock.runWhileAdvancing(again.alarmsSettled());
    expect(s.scheduled(TOPIC)).toHaveLength(2);
    // Tried again a minute later: the server answers now.
    await h.clock.advance(2 * MIN);
    await h.clock.runWhileAdvancing(again.alarmsSettled());
    expect(s.scheduled(TOPIC)).toEqual([]);
    expect(phoneCheck(again)?.message).not.toMatch(/old phone channel/);
    expect(h.secrets.entries.has(RETIRED_ACCOUNT)).toBe(false);
    await h.clock.advanceTo(MY_START + HOUR);
    expect(alertsOn(s, TOPIC)).toEqual([]);
  }, 30_000);
});
