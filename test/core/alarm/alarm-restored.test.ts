// A restored backup of alarms.json the app refused (adv52 r9 #4): its ring at 02:00 and acknowledgement at 02:01
// were refused as "dated ahead of the clock" at 01:50; the app stopped at 01:51 and the user put the backup back at
// 02:30. Before, the app believed both once the clock had passed them: no alarm, no "On call since" notification,
// nothing said. Now a ring dated while the app was not running is dropped and said once, the file kept aside, and
// the alarm rings. The app's own ring and acknowledgement made while it ran survive a restart (no second ring).
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../support/engine-harness';
import { nightDesk } from '../support/night-desk';
import { NIGHT_ID } from '../support/seeds';

const MIN = 60_000;
const ms = Date.parse;
const START = ms('2026-03-11T02:00:00Z');
const END = ms('2026-03-11T10:00:00Z');

let open: Harness | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

const baseOf = (h: Harness): string =>
  (JSON.parse(readFileSync(join(h.dir, 'settings.json'), 'utf8')) as { accounts: { baseUrl: string }[] }).accounts[0]!
    .baseUrl;

async function runUntil(h: Harness, untilMs: number, rings: number[]) {
  const surface = { show: () => rings.push(h.clock.now()), close: () => undefined };
  const e = h.engine({ alarmSurface: surface });
  await h.clock.runWhileAdvancing(e.start(), 1000, 60);
  await h.clock.advanceTo(untilMs);
  return e;
}

const alarmNotices = (e: { getState(): { notices: { id: string; message: string }[] } }) =>
  e
    .getState()
    .notices.filter((n) => n.id === 'alarm-records')
    .map((n) => n.message);

describe('alarms.json restored from a backup the app refused (failed before)', () => {
  it('a ring dated while the app was not running is not believed: the alarm rings, said once, kept aside', async () => {
    const h = (open = await nightDesk('2026-03-11T01:50:00Z'));
    const key = `alarm:${baseOf(h)}:${NIGHT_ID}:2026-03-11T02:00:00Z`;
    const forged = { startMs: START, endMs: END, rungAtMs: START, ackedAtMs: START + MIN, ackSource: 'tray' };
    writeFileSync(join(h.dir, 'alarms.json'), JSON.stringify({ version: 1, alarms: { [key]: forged } }));
    const rings: number[] = [];
    let e = await runUntil(h, ms('2026-03-11T01:51:00Z'), rings);
    expect(alarmNotices(e)[0]).toMatch(/dated ahead of the clock/);
    await e.stop();
    await h.clock.advanceTo(ms('2026-03-11T02:30:00Z'));
    const bad = readdirSync(h.dir).find((n) => n.startsWith('alarms.json.bad-'))!;
    renameSync(join(h.dir, bad), join(h.dir, 'alarms.json'));
    const shown = h.notifier.shown.length;
    e = await runUntil(h, ms('2026-03-11T02:35:00Z'), rings);
    const titles = h.notifier.shown.slice(shown).map((n) => n.title);
    const notices = alarmNotices(e);
    const alarm = e.getState().alarm;
    await e.stop();
    expect(rings).toEqual([ms('2026-03-11T02:30:00Z')]);
    expect(alarm?.ringing).toBe(true);
    expect(titles.some((t) => t.startsWith('On call since'))).toBe(true);
    expect(notices).toHaveLength(1);
    // Written without a MAC, a second start in one process (no first start of the record key) refuses it as not the
    // app's own before its dates are read: either way it is not believed.
    expect(notices[0]).toMatch(/a ring while the app was not running|an entry the app didn't write/);
    expect(readdirSync(h.dir).filter((n) => n.startsWith('alarms.json.bad-'))).toHaveLength(1);
  });

  it("the app's own ring and acknowledgement survive a restart: no second ring, nothing said", async () => {
    const h = (open = await nightDesk('2026-03-11T01:50:00Z'));
    const rings: number[] = [];
    let e = await runUntil(h, START + MIN, rings);
    const key = e.getState().alarm?.key ?? '';
    expect(await h.clock.runWhileAdvancing(e.alarmIntent({ kind: 'ack', key }))).toEqual({ ok: true });
    await e.alarmsSettled();
    await e.stop();
    await h.clock.advanceTo(ms('2026-03-11T02:30:00Z'));
    e = await runUntil(h, ms('2026-03-11T02:35:00Z'), rings);
    const notices = e.getState().notices.map((n) => n.message);
    const alarm = e.getState().alarm;
    await e.stop();
    expect(rings).toEqual([START]);
    expect(alarm?.ringing ?? false).toBe(false);
    expect(notices.filter((m) => /alarm|app ran/.test(m))).toEqual([]);
  });
});
