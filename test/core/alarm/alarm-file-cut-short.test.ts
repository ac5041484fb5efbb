// The app's own alarms.json / alarm-runs.json cut short, as a crash in the middle of a write or a disk error leaves
// it (adv52 r30). Before, the next read said the shift-start alarm records "were not the app's" (a forgery, another
// install's) and, with the run record cut, that the app's own ring was "a ring while the app was not running". Now the
// file is said as "could not be read" with why, once, kept aside as it was; an alarm entry dropped because the run
// record couldn't be read says that, never that the app was not running. Real engine, real files, fake clock.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../support/engine-harness';
import { nightDesk } from '../support/night-desk';

const MIN = 60_000;
const ms = Date.parse;
const START = ms('2026-03-11T02:00:00Z');

let open: Harness | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

type Engine = ReturnType<Harness['engine']>;
const messages = (e: Engine): string[] => e.getState().notices.map((n) => n.message);

/** The app rings my 02:00 shift, I acknowledge it: alarms.json and alarm-runs.json are the app's own. */
async function rungAndAcked(): Promise<{ h: Harness; e: Engine }> {
  const h = (open = await nightDesk('2026-03-11T01:50:00Z'));
  const e = h.engine();
  await h.clock.runWhileAdvancing(e.start(), 1000, 60);
  await h.clock.advanceTo(START + MIN);
  const key = e.getState().alarm?.key ?? '';
  expect(await h.clock.runWhileAdvancing(e.alarmIntent({ kind: 'ack', key }))).toEqual({ ok: true });
  await e.alarmsSettled();
  return { h, e };
}

/** Cuts `file` to its first `share` of bytes; the bytes left, as the kept copy must hold them. */
function cut(h: Harness, file: string, share: number): Buffer {
  const full = readFileSync(join(h.dir, file));
  const left = full.subarray(0, Math.floor(full.length * share));
  writeFileSync(join(h.dir, file), left);
  return left;
}

/** The copies kept aside of `file`. */
const keptOf = (h: Harness, file: string): string[] => readdirSync(h.dir).filter((n) => n.startsWith(`${file}.bad-`));

async function restarted(h: Harness): Promise<Engine> {
  await h.clock.advanceTo(ms('2026-03-11T02:30:00Z'));
  const e = h.engine();
  await h.clock.runWhileAdvancing(e.start(), 1000, 60);
  await h.clock.advanceTo(ms('2026-03-11T02:35:00Z'));
  return e;
}

/** Said once, as unreadable, kept aside holding exactly the bytes that were left. */
function saidUnreadable(h: Harness, said: string[], file: string, what: RegExp, left: Buffer): void {
  const kept = keptOf(h, file);
  expect(kept).toHaveLength(1);
  expect(readFileSync(join(h.dir, kept[0] ?? ''))).toEqual(left);
  const about = said.filter((m) => what.test(m));
  expect(about).toHaveLength(1);
  expect(about[0]).toContain('could not be read');
  expect(about[0]).toContain(kept[0]);
  for (const m of said) expect(m).not.toMatch(/not the app's|didn't write|was not running/);
}

const RECORDS = /^The shift-start alarm records/;
const RUNS = /^The record of when the app ran/;

describe('alarms.json cut short (failed before)', () => {
  for (const share of [0.1, 0.5, 0.9])
    it(`cut to ${share * 100} % between runs: said once as could not be read, never as not the app's`, async () => {
      const { h, e } = await rungAndAcked();
      await e.stop();
      const left = cut(h, 'alarms.json', share);
      const again = await restarted(h);
      const said = messages(again);
      await again.stop();
      saidUnreadable(h, said, 'alarms.json', RECORDS, left);
    });

  it('cut in half while the app runs: said once as could not be read, kept aside, and what the app holds written back', async () => {
    const { h, e } = await rungAndAcked();
    const held = readFileSync(join(h.dir, 'alarms.json'));
    const left = cut(h, 'alarms.json', 0.5);
    for (let i = 0; i < 4; i++) await h.clock.advance(15 * MIN);
    const said = messages(e);
    await e.stop();
    // The app's minute check of its own records (storage/owed-records.ts, adv52 r39 #3) finds it before any read:
    // the acknowledgement it holds is written back, so a restart doesn't ring it again.
    saidUnreadable(h, said, 'alarms.json', /^alarms\.json could not be read/, left);
    expect(readFileSync(join(h.dir, 'alarms.json'))).toEqual(held);
  });
});

describe('alarm-runs.json cut short between runs (failed before)', () => {
  it('the run record is said as could not be read; the rings it can no longer vouch for as not checked', async () => {
    const { h, e } = await rungAndAcked();
    await e.stop();
    const left = cut(h, 'alarm-runs.json', 0.5);
    const again = await restarted(h);
    const said = messages(again);
    await again.stop();
    saidUnreadable(h, said, 'alarm-runs.json', RUNS, left);
    // My acknowledged ring is no longer vouched for, so it is dropped (it rings again: "once more, never less"), said
    // for what it is: not checked because the run record could not be read.
    const records = said.filter((m) => RECORDS.test(m) || /entr(y|ies) of the shift-start alarm records/.test(m));
    expect(records).toHaveLength(1);
    expect(records[0]).toContain('could not be checked, as the record of when the app ran could not be read');
  });
});
