// The app's alarm records are signed (issue 52, adv52 r10–11): someone who hand-writes alarms.json AND
// alarm-runs.json consistently (a run covering the forged ring, so no clock or run check can tell) silences an alarm
// no more. Over generated forgeries (fast-check; FC_RUNS=n): a record or run without the app's MAC is dropped, the
// user is told once, the original is kept aside, and every record the app made is kept (no second ring of an
// acknowledged start). A folder from the version before MACs is taken once and written back signed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadAlarmStore } from '../../../electron/core/alarm/alarm-store';
import { ALARMS_FILE } from '../../../electron/core/alarm/alarm-records';
import { RUNS_FILE } from '../../../electron/core/alarm/alarm-runs';
import type { SecretStore } from '../../../electron/core/ports';
import {
  loadRecordSigner,
  NO_RECORD_KEY_MESSAGE,
  RECORD_KEY_ACCOUNT,
  UNSIGNED,
} from '../../../electron/core/storage/record-key';
import type { Notice } from '../../../electron/core/storage/settings-store';
import { MemorySecrets } from '../support/engine-harness';
import { memoryFolder } from '../support/memory-folder';

const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 25);
const MIN = 60_000;
const T0 = Date.parse('2026-03-11T08:00:00Z');
const SHIFT = { startMs: T0, endMs: T0 + 480 * MIN };

type AlarmsFile = { version: 1; alarms: Record<string, object>; macs?: Record<string, string> };
type RunsFile = { version: 1; runs: object[] };

/** The app rings and acknowledges its own alarm in a first run and stops. */
async function firstRun(secrets: SecretStore, folder: ReturnType<typeof memoryFolder>, notices: Notice[]) {
  let now = T0;
  const signer = await loadRecordSigner(secrets, (n) => notices.push(n));
  const store = await loadAlarmStore(
    folder.store,
    () => now,
    (n) => notices.push(n),
    undefined,
    false,
    true,
    signer,
  );
  await store.update('alarm:own', { ...SHIFT, rungAtMs: now });
  now += 2 * MIN;
  await store.update('alarm:own', { ...SHIFT, rungAtMs: T0, ackedAtMs: now, ackSource: 'tray' });
  await store.settled();
}

/** A forged record: acknowledged at a generated time, with a run in alarm-runs.json covering it, and a MAC that is
 *  missing, made up, or copied from the app's own record. */
const forgery = fc.record({
  atMin: fc.integer({ min: 1, max: 400 }),
  mac: fc.oneof(fc.constant<string | undefined>(undefined), fc.constant('copied'), fc.stringMatching(/^[0-9a-f]{64}$/)),
  runMac: fc.oneof(
    fc.constant<string | undefined>(undefined),
    fc.constant('copied'),
    fc.stringMatching(/^[0-9a-f]{0,64}$/),
  ),
});

describe('alarm records signed with the record key', () => {
  it('drops a consistent hand-written alarms.json + alarm-runs.json forgery, says it once, keeps the file aside', async () => {
    await fc.assert(
      fc.asyncProperty(forgery, async (f) => {
        const secrets = new MemorySecrets();
        const folder = memoryFolder();
        const notices: Notice[] = [];
        await firstRun(secrets, folder, notices);
        expect(notices).toEqual([]);
        const at = T0 + 500 * MIN + f.atMin * MIN;
        const alarms = JSON.parse(folder.files.get(ALARMS_FILE) ?? '') as AlarmsFile;
        const runs = JSON.parse(folder.files.get(RUNS_FILE) ?? '') as RunsFile;
        const ownMac = alarms.macs?.['alarm:own'];
        alarms.alarms['alarm:forged'] = {
          startMs: at,
          endMs: at + 480 * MIN,
          rungAtMs: at,
          ackedAtMs: at,
          ackSource: 'tray',
        };
        const mac = f.mac === 'copied' ? ownMac : f.mac;
        if (mac !== undefined) alarms.macs = { ...alarms.macs, 'alarm:forged': mac };
        const runMac = f.runMac === 'copied' ? ownMac : f.runMac;
        runs.runs.push({ fromMs: at - MIN, toMs: at + MIN, ...(runMac === undefined ? {} : { mac: runMac }) });
        folder.files.set(ALARMS_FILE, JSON.stringify(alarms));
        folder.files.set(RUNS_FILE, JSON.stringify(runs));
        const forgedText = folder.files.get(ALARMS_FILE);

        const now = at + 600 * MIN;
        const signer = await loadRecordSigner(secrets, (n) => notices.push(n));
        const store = await loadAlarmStore(
          folder.store,
          () => now,
          (n) => notices.push(n),
          undefined,
          false,
          true,
          signer,
        );
        const all = store.all();
        expect(all['alarm:forged']).toBeUndefined();
        expect(all['alarm:own']?.ackedAtMs).toBe(T0 + 2 * MIN);
        const said = notices.filter((n) => n.message.includes(UNSIGNED));
        expect(said.length).toBeGreaterThanOrEqual(1);
        expect(new Set(said.map((n) => n.id)).size).toBe(said.length);
        expect(folder.kept.some((name) => folder.files.get(name) === forgedText)).toBe(true);
        // The key is in the keychain only: no file, backup or notice holds it.
        const key = secrets.entries.get(RECORD_KEY_ACCOUNT) ?? '';
        expect(key).not.toBe('');
        for (const text of folder.files.values()) expect(text).not.toContain(key);
        for (const n of notices) expect(n.message).not.toContain(key);
        // Said once: a reload reads the clean copy.
        const before = notices.length;
        await store.reload();
        expect(notices.length).toBe(before);
      }),
      { numRuns: NUM_RUNS, seed: 5211 },
    );
  });

  it('takes a folder from the version before MACs once, and writes it back signed', async () => {
    const secrets = new MemorySecrets();
    const folder = memoryFolder();
    const rec = { ...SHIFT, rungAtMs: T0, ackedAtMs: T0 + MIN, ackSource: 'tray' };
    folder.files.set(ALARMS_FILE, JSON.stringify({ version: 1, alarms: { 'alarm:old': rec } }));
    folder.files.set(RUNS_FILE, JSON.stringify({ version: 1, runs: [{ fromMs: T0 - MIN, toMs: T0 + 2 * MIN }] }));
    const notices: Notice[] = [];
    const now = T0 + 10 * MIN;
    const signer = await loadRecordSigner(secrets, (n) => notices.push(n));
    expect(signer?.fresh).toBe(true);
    const store = await loadAlarmStore(
      folder.store,
      () => now,
      (n) => notices.push(n),
      undefined,
      false,
      true,
      signer,
    );
    expect(store.all()['alarm:old']?.ackedAtMs).toBe(T0 + MIN);
    expect(notices).toEqual([]);
    const written = JSON.parse(folder.files.get(ALARMS_FILE) ?? '') as AlarmsFile;
    expect(written.macs?.['alarm:old']).toMatch(/^[0-9a-f]{64}$/);
    // The next start has the key: the acknowledgement holds (no second ring), and an unsigned record added since doesn't.
    written.alarms['alarm:added'] = { ...rec, startMs: T0 + MIN, endMs: SHIFT.endMs };
    folder.files.set(ALARMS_FILE, JSON.stringify(written));
    const again = await loadRecordSigner(secrets, (n) => notices.push(n));
    expect(again?.fresh).toBe(false);
    const next = await loadAlarmStore(
      folder.store,
      () => now,
      (n) => notices.push(n),
      undefined,
      false,
      true,
      again,
    );
    expect(next.all()['alarm:old']?.ackedAtMs).toBe(T0 + MIN);
    expect(next.all()['alarm:added']).toBeUndefined();
    expect(notices.filter((n) => n.message.includes(UNSIGNED))).toHaveLength(1);
  });

  it('says once that the keychain is unavailable and starts with the checks of before', async () => {
    const secrets: SecretStore = {
      get: () => Promise.resolve({ ok: false, error: { kind: 'unavailable', message: 'no keychain' } }),
      set: () => Promise.reject(new Error('no keychain')),
      delete: () => Promise.resolve({ ok: true, value: null }),
    };
    const notices: Notice[] = [];
    const signer = await loadRecordSigner(secrets, (n) => notices.push(n));
    expect(signer).toBeUndefined();
    expect(notices.map((n) => n.message)).toEqual([NO_RECORD_KEY_MESSAGE]);
    const folder = memoryFolder();
    const store = await loadAlarmStore(
      folder.store,
      () => T0,
      () => undefined,
      undefined,
      false,
      true,
      signer,
    );
    await store.update('alarm:x', { ...SHIFT, rungAtMs: T0 });
    expect(JSON.parse(folder.files.get(ALARMS_FILE) ?? '')).not.toHaveProperty('macs');
  });
});
