// adv47 r21 #3: the wall clock set back 90 min (NTP, the user) while the app runs, after the alarm of my 09:00
// start rang. Before, every write of alarms.json read back the app's own record, dated ahead of the clock now, as a
// bad entry: "1 entry … was not used (a ring dated ahead of the clock). The file was kept as alarms.json.bad-40",
// then -80 … -281 at every poll, and later "(a ring while the app was not running)". Nothing was damaged: the record
// this run wrote is kept, nothing is set aside or said. An acknowledgement given after the step is dated no earlier
// than its ring, and a restart after the clock passed the ring again believes both (the run they were made in lasts
// until the latest time the clock read, not the last write's): no second ring.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { MIN } from '../../support/time';

const START = Date.parse('2026-03-10T07:30:00Z');
/** My shift in the seed (Ops in UTC: Bob 01–09, me 09–17, Alice 17–01): its alarm rings at its start. */
const MY_START = Date.parse('2026-03-10T09:00:00Z');
const STEP_AT = Date.parse('2026-03-10T09:10:00Z');

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const aside = (hh: Harness): string[] => readdirSync(hh.dir).filter((n) => n.startsWith('alarms.json.bad'));
const alarmNotices = (e: { getState(): { notices: { id: string; message: string }[] } }): string[] =>
  e
    .getState()
    .notices.filter((n) => n.id.startsWith('alarm'))
    .map((n) => n.message);
const ringsOf = (hh: Harness): number[] => hh.notifier.shown.filter((n) => n.alarm === true).map((n) => n.atMs);
type Rec = { rungAtMs?: number; ackedAtMs?: number; startMs: number };
const alarmsOf = (hh: Harness): Record<string, Rec> =>
  (JSON.parse(readFileSync(join(hh.dir, 'alarms.json'), 'utf8')) as { alarms: Record<string, Rec> }).alarms;
const recordsOf = (hh: Harness): Rec[] => Object.values(alarmsOf(hh));

describe('the wall clock set back after the alarm rang (failed before)', () => {
  it("keeps the app's own record: nothing set aside or said, no second ring; a restart still believes its ack", async () => {
    h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    let engine = h.engine();
    await engine.start();
    await h.clock.advanceTo(STEP_AT);
    expect(ringsOf(h)).toEqual([MY_START]);
    h.clock.stepWall(-90 * MIN);
    // 10 min later (07:50 UTC by the clock now) I acknowledge it; then 40 min of polls and writes (to 08:30 UTC).
    await h.clock.advance(10 * MIN);
    const key = Object.keys(alarmsOf(h))[0] ?? '';
    expect(await h.clock.runWhileAdvancing(engine.alarmIntent({ kind: 'ack', key }))).toEqual({ ok: true });
    await h.clock.advance(40 * MIN);
    await engine.alarmsSettled();
    expect(alarmNotices(engine).join(' | ')).toBe('');
    expect(aside(h)).toEqual([]);
    const mine = recordsOf(h).find((r) => r.startMs === MY_START);
    expect(mine?.rungAtMs).toBe(MY_START);
    expect(mine?.ackedAtMs).toBeDefined();
    expect(ringsOf(h)).toEqual([MY_START]);
    await engine.stop();
    // Started again once the clock has passed the ring again (09:30 UTC): the ring was made in the last run.
    await h.clock.advance(60 * MIN);
    engine = h.engine();
    await h.clock.runWhileAdvancing(engine.start(), 1000, 60);
    await h.clock.advance(5 * MIN);
    await engine.alarmsSettled();
    expect(alarmNotices(engine).join(' | ')).toBe('');
    expect(aside(h)).toEqual([]);
    expect(ringsOf(h)).toEqual([MY_START]);
    // Still acknowledged after the restart: it does not ring, and no acknowledgement is asked for again.
    expect(engine.getState().alarm?.ringing).toBe(false);
    expect(engine.getState().alarm?.ackedAt).toBeDefined();
    await engine.stop();
  });
});
