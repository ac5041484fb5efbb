// Issue 52, adv52 r40: alarms.json put back WHILE THE APP RUNS as its own older copy (valid, signed by this install:
// a synced folder trading versions, a backup tool restoring). The 09:00 copy (rung, not acknowledged) came back at
// 09:02 after "I'm on it" at 09:01: nothing was found, the disk kept the pre-ack copy and the acknowledged alarm
// rang again at the next start. What the app knows beats an older claim: the file is kept aside, what the app holds
// is written back, and it is said once. `status --ack` writing the file mid-run only adds, and is taken quietly.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ackFromCli, alarmKnowledgeOf } from '../../../electron/core/alarm/cli-ack';
import { loadRecordSigner } from '../../../electron/core/storage/record-key';
import { createHarness, RecordingNotifier, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

const MIN = 60_000;
const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');
const ACK_AT = MY_START + MIN;
const ACK_ISO = new Date(ACK_AT).toISOString();
const FILE = 'alarms.json';
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

type Midrun = 'none' | 'older copy' | 'status --ack' | 'wrong shape';
/** Valid JSON, not the form the app writes alarms.json in: refused by the reader, never an older copy of it. */
const WRONG_SHAPE = JSON.stringify({ version: 1, alarms: 'x' });

async function run(midrun: Midrun) {
  h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  const A = h.engine({});
  await h.clock.runWhileAdvancing(A.start(), 1000, 60);
  await h.clock.advanceTo(MY_START + 30_000);
  const path = join(h.dir, FILE);
  const old = await readFile(path, 'utf8');
  const key = A.getState().alarm?.key ?? '';
  await h.clock.advanceTo(ACK_AT);
  if (midrun === 'status --ack') {
    // The terminal reads the app's record key (never makes one): its acknowledgement is signed.
    const signer = await loadRecordSigner(h.secrets, () => undefined, false);
    const cli = await ackFromCli(h.files, h.clock.now(), 'UTC', await alarmKnowledgeOf(h.files), undefined, signer);
    expect(cli.ok).toBe(true);
  } else await h.clock.runWhileAdvancing(A.alarmIntent({ kind: 'ack', key }));
  await h.clock.advanceTo(MY_START + 2 * MIN);
  const acked = await readFile(path, 'utf8');
  if (midrun === 'older copy') await writeFile(path, old); // the 09:00 copy comes back at 09:02
  if (midrun === 'wrong shape') await writeFile(path, WRONG_SHAPE);
  await h.clock.advanceTo(MY_START + 10 * MIN);
  const runNotices = A.getState().notices.filter((n) => n.message.includes(FILE));
  const runAlarm = A.getState().alarm;
  await A.stop();
  const onDisk = await readFile(path, 'utf8');
  const kept = (await readdir(h.dir)).filter((f) => f.startsWith(`${FILE}.`));
  const keptBytes = await Promise.all(kept.map((f) => readFile(join(h!.dir, f), 'utf8')));
  const notifier = new RecordingNotifier(h.clock);
  const again = h.engine({ notifier });
  await h.clock.runWhileAdvancing(again.start(), 1000, 60);
  await h.clock.advanceTo(MY_START + 15 * MIN);
  const out = { old, acked, onDisk, runNotices, runAlarm, kept, keptBytes, restart: again.getState().alarm };
  await again.stop();
  return out;
}

describe('alarms.json replaced mid-run by its own older copy (adv52 r40)', () => {
  it('control: no replacement, nothing said or kept aside, the restart at 09:15 does not ring', async () => {
    const r = await run('none');
    expect(r.runNotices).toEqual([]);
    expect(r.kept).toEqual([]);
    expect(r.onDisk).toBe(r.acked);
    expect(r.restart).toMatchObject({ ringing: false, ackedAt: ACK_ISO, ackSource: 'window' });
  }, 60_000);

  it('the pre-ack copy put back at 09:02 is kept aside, said once, the ack written back; no ring at restart', async () => {
    const r = await run('older copy');
    expect(r.old).not.toBe(r.acked);
    expect(r.kept).toHaveLength(1);
    expect(r.keptBytes).toEqual([r.old]);
    expect(r.runNotices).toHaveLength(1);
    const keptPath = join(h!.dir, r.kept[0]!);
    expect(r.runNotices[0]!.message).toBe(
      "alarms.json was replaced by an older copy while the app ran: it no longer held an alarm's ring, pass or " +
        `acknowledgement the app had saved; the app wrote back what it holds. It was kept as ${keptPath}.`,
    );
    const disk: unknown = JSON.parse(r.onDisk);
    expect(JSON.stringify(disk)).toContain(`"ackedAtMs":${ACK_AT}`);
    expect(r.runAlarm).toMatchObject({ ringing: false, ackedAt: ACK_ISO });
    expect(r.restart).toMatchObject({ ringing: false, ackedAt: ACK_ISO, ackSource: 'window' });
  }, 60_000);

  it('a file of the wrong shape put in at 09:02 is said as could not be read, never as an older copy; no ring at restart', async () => {
    const r = await run('wrong shape');
    expect(r.kept).toHaveLength(1);
    expect(r.keptBytes).toEqual([WRONG_SHAPE]);
    const keptPath = join(h!.dir, r.kept[0]!);
    expect(r.runNotices.filter((n) => n.message.includes('older copy'))).toEqual([]);
    expect(r.runNotices).toHaveLength(1);
    expect(r.runNotices[0]!.message).toContain('could not be read (the file is not in the form the app writes it)');
    expect(r.runNotices[0]!.message).toContain(`The file was kept as ${keptPath}.`);
    // What the app holds is on disk again (the refused file was moved aside): the ack stands at the restart.
    expect(r.onDisk).toContain(`"ackedAtMs":${ACK_AT}`);
    expect(r.runAlarm).toMatchObject({ ringing: false, ackedAt: ACK_ISO });
    expect(r.restart).toMatchObject({ ringing: false, ackedAt: ACK_ISO, ackSource: 'window' });
  }, 60_000);

  it('`status --ack` writing the file mid-run is taken: nothing said, nothing kept aside, no ring at restart', async () => {
    const r = await run('status --ack');
    expect(r.runNotices).toEqual([]);
    expect(r.kept).toEqual([]);
    expect(r.runAlarm).toMatchObject({ ringing: false, ackedAt: ACK_ISO, ackSource: 'cli' });
    expect(r.restart).toMatchObject({ ringing: false, ackedAt: ACK_ISO, ackSource: 'cli' });
  }, 60_000);
});
