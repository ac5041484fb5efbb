// alarm-runs.json put back as an older copy of itself while the app was closed (adv52 r63 #1: a backup or sync tool
// restoring it). The copy is the app's own, signed and whole, but it predates the run that rang and was acknowledged.
// Failed before: the next start said "1 entry of the shift-start alarm records was not used (a ring while the app
// was not running)", kept the genuine alarms.json aside as the bad file, and rang the acknowledged alarm again (and,
// with a phone set up, booked its escalation again). Now the records the app signed after the log's newest moment
// are kept as they are, nothing is said, and the log holds their stamps from then on (a third start is quiet too).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import type { Harness } from '../support/engine-harness';
import { nightDesk } from '../support/night-desk';
import { alertsOn, closeStands, MIN, MY_START, TOPIC, withNtfy } from '../support/phone-engine-rig';

const ms = Date.parse;
const START = ms('2026-03-11T02:00:00Z');

let open: Harness | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
  await closeStands();
});

const runsOf = (h: Harness): string => join(h.dir, 'alarm-runs.json');

async function startAt(h: Harness, make: () => Engine, untilMs: number) {
  const e = make();
  await h.clock.runWhileAdvancing(e.start(), 1000, 60);
  await h.clock.advanceTo(untilMs);
  await h.clock.runWhileAdvancing(e.alarmsSettled());
  const said = e.getState().notices.map((n) => n.message);
  const alarm = e.getState().alarm;
  await e.stop();
  return { said, alarm };
}

async function ackRinging(h: Harness, e: Engine): Promise<string> {
  const key = e.getState().alarm?.key ?? '';
  expect(e.getState().alarm?.ringing).toBe(true);
  expect(await h.clock.runWhileAdvancing(e.alarmIntent({ kind: 'ack', key }))).toEqual({ ok: true });
  await h.clock.runWhileAdvancing(e.alarmsSettled());
  return key;
}

const aboutAlarms = (said: string[]) => said.filter((m) => /alarm|app ran|not running/.test(m));

describe('alarm-runs.json put back as an older copy while the app was closed', () => {
  it('the acknowledged alarm stays acknowledged, nothing false is said, alarms.json is not kept aside', async () => {
    const h = (open = await nightDesk('2026-03-11T01:50:00Z'));
    const e = h.engine();
    await h.clock.runWhileAdvancing(e.start(), 1000, 60);
    await h.clock.advanceTo(ms('2026-03-11T01:55:00Z'));
    const older = readFileSync(runsOf(h));
    await h.clock.advanceTo(START + MIN);
    const key = await ackRinging(h, e);
    await h.clock.advance(2 * MIN);
    await e.stop();
    writeFileSync(runsOf(h), older);
    await h.clock.advanceTo(ms('2026-03-11T02:30:00Z'));
    const second = await startAt(h, () => h.engine(), ms('2026-03-11T02:35:00Z'));
    expect(aboutAlarms(second.said)).toEqual([]);
    expect(second.alarm?.key === key && second.alarm.ringing ? 'ringing again' : 'quiet').toBe('quiet');
    expect(readdirSync(h.dir).filter((n) => n.startsWith('alarms.json.bad-'))).toEqual([]);
    // The log now holds the ring: a third start judges it by the log and keeps it.
    await h.clock.advanceTo(ms('2026-03-11T03:00:00Z'));
    const third = await startAt(h, () => h.engine(), ms('2026-03-11T03:05:00Z'));
    expect(aboutAlarms(third.said)).toEqual([]);
    expect(third.alarm?.key === key && third.alarm.ringing ? 'ringing again' : 'quiet').toBe('quiet');
    expect(h.notifier.shown.filter((n) => n.alarm === true)).toHaveLength(1);
  });

  it('with the phone set up: no second ring and no escalation booked again for the acknowledged start', async () => {
    const { h, s, engine, make } = await withNtfy();
    await h.clock.advanceTo(MY_START - 30 * MIN);
    expect(existsSync(runsOf(h))).toBe(true);
    const older = readFileSync(runsOf(h));
    await h.clock.advanceTo(MY_START + MIN);
    await ackRinging(h, engine);
    await engine.stop();
    writeFileSync(runsOf(h), older);
    await h.clock.advanceTo(MY_START + 30 * MIN);
    const { said, alarm } = await startAt(h, make, MY_START + 45 * MIN);
    expect(aboutAlarms(said)).toEqual([]);
    expect(alarm?.ringing ?? false).toBe(false);
    expect(h.notifier.shown.filter((n) => n.alarm === true)).toHaveLength(1);
    // Nothing reached the phone for today's start, and nothing is booked for it now.
    expect(alertsOn(s, TOPIC)).toEqual([]);
    expect(s.scheduled(TOPIC).filter((m) => m.deliverMs < MY_START + 24 * 60 * MIN)).toEqual([]);
  }, 30_000);
});
