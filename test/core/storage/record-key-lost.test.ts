// The record key lost (adv52 r13): removed from the keychain, or the data folder restored onto a machine without it.
// The next start makes a new key, and the signer is `fresh` (the migration from the version before MACs). Fresh takes
// only entries with no MAC at all: one carrying a MAC that doesn't hold comes from a signed version (or is made up),
// and taking it once let a hand-written alarms.json acknowledgement, escalations.json "sent" or reminders.json fired
// record silence the alarm, the phone (a "sent" is now "maybe sent", adv52 r64 #1) or the reminder for a start, or a calendar event be published as last read. Real data folder on disk, a fixed clock. Failed
// before: each forged entry was taken (and written back signed with the new key).
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALARMS_FILE } from '../../../electron/core/alarm/alarm-records';
import { readRecord, writeRecord } from '../../../electron/core/calendar/published-record';
import { RUNS_FILE } from '../../../electron/core/alarm/alarm-runs';
import { loadAlarmStore } from '../../../electron/core/alarm/alarm-store';
import { ESCALATIONS_FILE, loadEscalations, saveEscalations } from '../../../electron/core/escalation/record-store';
import { openFiredStore, REMINDERS_FILE } from '../../../electron/core/storage/fired-store';
import { createFsFileStore } from '../../../electron/core/storage/fs-file-store';
import { KEY_GONE, loadRecordSigner, RECORD_KEY_ACCOUNT } from '../../../electron/core/storage/record-key';
import type { Notice } from '../../../electron/core/storage/settings-store';
import { MemorySecrets } from '../support/engine-harness';

const MIN = 60_000;
const H = 60 * MIN;
const T0 = Date.parse('2026-03-11T08:00:00Z');
const MADE_UP = 'ab'.repeat(32);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'oncall-key-lost-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The key is gone from the keychain: the next load makes a new one, and the signer is fresh. */
async function keyLost(secrets: MemorySecrets) {
  const before = secrets.entries.get(RECORD_KEY_ACCOUNT);
  expect(before).toBeDefined();
  secrets.entries.delete(RECORD_KEY_ACCOUNT);
  const signer = await loadRecordSigner(secrets, () => undefined);
  expect(signer?.fresh).toBe(true);
  expect(secrets.entries.get(RECORD_KEY_ACCOUNT)).not.toBe(before);
  return signer;
}

/** Edits a file on disk and returns the forged text. */
async function forge(name: string, edit: (file: Record<string, unknown>) => void): Promise<string> {
  const file = JSON.parse(await readFile(join(dir, name), 'utf8')) as Record<string, unknown>;
  edit(file);
  const text = JSON.stringify(file);
  await writeFile(join(dir, name), text);
  return text;
}

/** Said once (one notice naming the lost key: adv52 r19 #2), and the forged file kept aside as it was. */
async function toldOnceKeptAside(notices: Notice[], name: string, forgedText: string) {
  expect(notices.filter((n) => n.message.includes(KEY_GONE))).toHaveLength(1);
  const aside = (await readdir(dir)).filter((f) => f.startsWith(`${name}.bad-`));
  const texts = await Promise.all(aside.map((f) => readFile(join(dir, f), 'utf8')));
  expect(texts).toContain(forgedText);
}

const rec = (o: Record<string, unknown>) => o as Record<string, Record<string, unknown>>;

describe('a record key lost from the keychain: a MAC that does not hold is never taken, fresh or not', () => {
  it('alarms.json: a hand-written acknowledgement with a made-up MAC silences nothing', async () => {
    const files = createFsFileStore(dir);
    const secrets = new MemorySecrets();
    const shift = { startMs: T0, endMs: T0 + 8 * H };
    let now = T0;
    const a = await loadRecordSigner(secrets, () => undefined);
    const first = await loadAlarmStore(
      files,
      () => now,
      () => undefined,
      undefined,
      false,
      true,
      a,
    );
    await first.update('alarm:own', { ...shift, rungAtMs: now });
    now += 2 * MIN;
    await first.update('alarm:own', { ...shift, rungAtMs: T0, ackedAtMs: now, ackSource: 'tray' });
    await first.settled();
    const at = T0 + 24 * H;
    const forged = await forge(ALARMS_FILE, (f) => {
      rec(f)['alarms']!['alarm:forged'] = {
        startMs: at,
        endMs: at + 8 * H,
        rungAtMs: at,
        ackedAtMs: at,
        ackSource: 'tray',
      };
      rec(f)['macs']!['alarm:forged'] = MADE_UP;
    });
    await forge(RUNS_FILE, (f) => {
      (f['runs'] as object[]).push({ fromMs: at - MIN, toMs: at + MIN, mac: MADE_UP });
    });
    const signer = await keyLost(secrets);
    const notices: Notice[] = [];
    const store = await loadAlarmStore(
      files,
      () => at + H,
      (n) => notices.push(n),
      undefined,
      false,
      true,
      signer,
    );
    await store.settled();
    expect(store.all()['alarm:forged']).toBeUndefined();
    await toldOnceKeptAside(
      notices.filter((n) => n.id !== 'alarm-runs'),
      ALARMS_FILE,
      forged,
    );
    // Nothing of it is written back signed with the new key: the next start doesn't take it either.
    const again = await loadAlarmStore(
      files,
      () => at + H,
      () => undefined,
      undefined,
      false,
      true,
      signer,
    );
    expect(again.all()['alarm:forged']).toBeUndefined();
  });

  // A "sent" signed with a key the keychain no longer holds can't be checked either way, the app's own or made up
  // alike: it is no worse than an unsigned one (adv52 r64 #1), "maybe sent": the phone is not paged again for it at
  // once (a second emergency), and that is said once. It never silences the alarm itself (alarms.json, above).
  it('escalations.json: a "sent" signed with the lost key (or a made-up MAC) is "maybe sent", said once', async () => {
    const files = createFsFileStore(dir);
    const secrets = new MemorySecrets();
    const keyAt = (ms: number) => `alarm:https://oncall.example.com:sch_ops:${new Date(ms).toISOString()}`;
    const a = await loadRecordSigner(secrets, () => undefined);
    const own = { version: 1 as const, booked: {}, sent: { [keyAt(T0)]: T0 + 5 * MIN } };
    expect(await saveEscalations(files, own, undefined, a)).toBeUndefined();
    const forgedKey = keyAt(T0 + 24 * H);
    await forge(ESCALATIONS_FILE, (f) => {
      rec(f)['sent']![forgedKey] = T0 + 24 * H + 5 * MIN;
      rec(f)['sentMacs']![forgedKey] = MADE_UP;
    });
    const signer = await keyLost(secrets);
    const notices: Notice[] = [];
    const state = await loadEscalations(files, T0 + 25 * H, (n) => notices.push(n), undefined, undefined, signer);
    expect(state.unsure?.[forgedKey]).toBe(T0 + 24 * H + 5 * MIN);
    expect(state.unsure?.[keyAt(T0)]).toBe(T0 + 5 * MIN);
    expect(
      notices.filter((n) => /may already have been sent at .*not in this computer's keychain/.test(n.message)),
    ).toHaveLength(1);
  });

  it('reminders.json: a hand-written fired record with a made-up MAC silences no reminder', async () => {
    const files = createFsFileStore(dir);
    const secrets = new MemorySecrets();
    const now = Date.parse('2026-03-11T12:00:00Z');
    const startKey = (ms: number) => `shift:sch_ops:${new Date(ms).toISOString().replace('.000Z', 'Z')}:start`;
    const signer = () => loadRecordSigner(secrets, () => undefined);
    const first = await openFiredStore(files, { now: () => now, signer });
    await first.add([{ key: startKey(now - 2 * H), untilMs: now + H }]);
    const forgedKey = startKey(now - 3 * H);
    const forged = await forge(REMINDERS_FILE, (f) => {
      rec(f)['fired']![forgedKey] = now + H;
      rec(f)['firedMacs']![forgedKey] = MADE_UP;
    });
    const fresh = await keyLost(secrets);
    const notices: Notice[] = [];
    const onNotice = (n: Notice) => notices.push(n);
    const store = await openFiredStore(files, { now: () => now, onNotice, signer: () => Promise.resolve(fresh) });
    expect(store.has(forgedKey)).toBe(false);
    await toldOnceKeptAside(notices, REMINDERS_FILE, forged);
    const again = await openFiredStore(files, { now: () => now, signer });
    expect(again.has(forgedKey)).toBe(false);
  });

  it('calendar-export.json: a hand-written event "kept as last read" with a made-up MAC is never published', async () => {
    const files = createFsFileStore(dir);
    const secrets = new MemorySecrets();
    const name = 'calendar-export.json';
    const entry = (startMs: number) => ({
      scheduleId: 'sch_ops',
      startMs,
      endMs: startMs + 8 * H,
      digest: '0'.repeat(32),
      sequence: 0,
      modifiedMs: T0,
      readMs: T0,
    });
    const a = await loadRecordSigner(secrets, () => undefined);
    await writeRecord(files, name, new Map([[`${'1'.repeat(32)}@oncall-tray`, entry(T0 + H)]]), a);
    const forgedUid = `${'2'.repeat(32)}@oncall-tray`;
    const forged = await forge(name, (f) => {
      rec(f)['events']![forgedUid] = entry(T0 + 24 * H);
      rec(f)['macs']![forgedUid] = MADE_UP;
    });
    const signer = await keyLost(secrets);
    const notices: Notice[] = [];
    const read = await readRecord(files, name, T0 + 2 * H, (n) => notices.push(n), undefined, signer);
    expect(read.record.has(forgedUid)).toBe(false);
    expect(read.rewrite).toBe(true);
    await toldOnceKeptAside(notices, name, forged);
  });
});
