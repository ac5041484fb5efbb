// What an older copy of alarm-runs.json does not open (adv52 r63 #1). The app keeps a record it signed after the
// newest moment an older log holds (alarm-runs-older-copy.test.ts); the log is "older" only by the signed counts the
// app writes into both files (runs-seq.ts). A record without the app's MAC is still refused, and a count raised by
// hand (no MAC) does not make a current log older: a ring dated while no run was recorded is still dropped.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadAlarmStore } from '../../../electron/core/alarm/alarm-store';
import { ALARMS_FILE } from '../../../electron/core/alarm/alarm-records';
import { RUNS_FILE } from '../../../electron/core/alarm/alarm-runs';
import { signerOf, UNSIGNED, type RecordSigner } from '../../../electron/core/storage/record-key';
import type { Notice } from '../../../electron/core/storage/settings-store';
import { memoryFolder } from '../support/memory-folder';

const MIN = 60_000;
const T0 = Date.parse('2026-03-11T01:50:00Z');
const AT = T0 + 10 * MIN;
const SHIFT = { startMs: AT, endMs: AT + 480 * MIN };
const OWN = 'alarm:own';

type Folder = ReturnType<typeof memoryFolder>;
type AlarmsFile = { alarms: Record<string, object>; macs?: Record<string, string>; runsSeq?: number };

const load = (folder: Folder, nowMs: number, signer: RecordSigner, notices: Notice[]) =>
  loadAlarmStore(
    folder.store,
    () => nowMs,
    (n) => notices.push(n),
    undefined,
    false,
    true,
    signer,
  );

/** The app starts at T0 (the log copied then), rings and is acknowledged at AT, and stops: the copy is given back. */
async function ackedRun(folder: Folder, signer: RecordSigner): Promise<string> {
  let now = T0;
  const store = await loadAlarmStore(folder.store, () => now, undefined, undefined, false, true, signer);
  const older = folder.files.get(RUNS_FILE) ?? '';
  now = AT;
  await store.update(OWN, { ...SHIFT, rungAtMs: AT });
  now += MIN;
  await store.update(OWN, { ...SHIFT, rungAtMs: AT, ackedAtMs: now, ackSource: 'tray' });
  await store.settled();
  return older;
}

const alarmsOf = (folder: Folder): AlarmsFile => JSON.parse(folder.files.get(ALARMS_FILE) ?? '{}') as AlarmsFile;

describe('an older alarm-runs.json put back: what it does not open', () => {
  it('keeps the signed record with nothing said, and the next start judges it by the log', async () => {
    const folder = memoryFolder();
    const signer = signerOf(randomBytes(32), false);
    folder.files.set(RUNS_FILE, await ackedRun(folder, signer));
    for (const at of [T0 + 40 * MIN, T0 + 70 * MIN]) {
      const notices: Notice[] = [];
      const store = await load(folder, at, signer, notices);
      await store.settled();
      expect(store.get(OWN)?.ackedAtMs).toBe(AT + MIN);
      expect(notices).toEqual([]);
    }
    expect(folder.kept).toEqual([]);
  });

  it('a record put in by hand beside the older copy is still refused as not the app’s', async () => {
    const folder = memoryFolder();
    const signer = signerOf(randomBytes(32), false);
    folder.files.set(RUNS_FILE, await ackedRun(folder, signer));
    const file = alarmsOf(folder);
    file.alarms['alarm:forged'] = { ...SHIFT, rungAtMs: AT + 2 * MIN, ackedAtMs: AT + 2 * MIN, ackSource: 'tray' };
    folder.files.set(ALARMS_FILE, JSON.stringify(file));
    const notices: Notice[] = [];
    const store = await load(folder, T0 + 40 * MIN, signer, notices);
    expect(store.get('alarm:forged')).toBeUndefined();
    expect(store.get(OWN)?.ackedAtMs).toBe(AT + MIN);
    expect(notices.map((n) => n.message)).toEqual([expect.stringContaining(UNSIGNED)]);
  });

  it('a count raised by hand does not make a current log older: a ring while no run was recorded is dropped', async () => {
    const folder = memoryFolder();
    const signer = signerOf(randomBytes(32), false);
    await ackedRun(folder, signer);
    // The app's own record, signed, with its ring moved into the gap after the run (as a backup the app refused
    // and that was put back): only the count, raised without its MAC, would say the log is the older file.
    const file = alarmsOf(folder);
    const moved = { ...SHIFT, rungAtMs: AT + 20 * MIN, ackedAtMs: AT + 20 * MIN, ackSource: 'tray' };
    file.alarms[OWN] = moved;
    file.macs = { [OWN]: signer.sign(ALARMS_FILE, OWN, moved) };
    file.runsSeq = (file.runsSeq ?? 0) + 5;
    folder.files.set(ALARMS_FILE, JSON.stringify(file));
    const notices: Notice[] = [];
    const store = await load(folder, T0 + 60 * MIN, signer, notices);
    expect(store.get(OWN)).toBeUndefined();
    expect(notices.map((n) => n.message)).toEqual([expect.stringMatching(/a ring while the app was not running/)]);
  });
});
