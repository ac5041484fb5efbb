// What is known of each shift-start alarm (`alarms.json`): rung, snoozed, acknowledged. Kept per shift (the key names
// the service, schedule and start, not the account), so a restart or a second account on the same service never
// rings it again. `status --ack` writes to the same file from another process: every write reads the file first and
// merges, and what merges only grows (the earliest ring, the earliest acknowledgement), so neither writer undoes the
// other's acknowledgement.
import { z } from 'zod';
import type { FileStore } from '../ports';
import { AlarmRecordSchema, type AlarmRecord } from './types';

export const ALARMS_FILE = 'alarms.json';
/** Records are kept this long after their shift ended. */
export const ALARM_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

const AlarmFileSchema = z.object({ version: z.literal(1), alarms: z.record(z.string(), AlarmRecordSchema) });
type Records = Record<string, AlarmRecord>;

export interface AlarmStore {
  get(key: string): AlarmRecord | undefined;
  all(): Readonly<Records>;
  /** Changes one record in memory at once and persists it (writes are serialised and merged with the file). */
  update(key: string, change: AlarmRecord): Promise<void>;
  /** Takes in what another process wrote (an acknowledgement from `status --ack`). */
  reload(): Promise<void>;
  settled(): Promise<void>;
}

const earliest = (a?: number, b?: number): number | undefined =>
  a === undefined ? b : b === undefined ? a : Math.min(a, b);

/** Merges two views of one record: the earliest ring and acknowledgement win; a snooze is the newer view's. */
export function mergeRecord(older: AlarmRecord | undefined, newer: AlarmRecord): AlarmRecord {
  if (!older) return newer;
  const ackFromOlder = older.ackedAtMs !== undefined && (newer.ackedAtMs ?? Infinity) > older.ackedAtMs;
  const ack = ackFromOlder ? older : newer;
  const merged: AlarmRecord = { startMs: newer.startMs, endMs: newer.endMs };
  const rungAtMs = earliest(older.rungAtMs, newer.rungAtMs);
  if (rungAtMs !== undefined) merged.rungAtMs = rungAtMs;
  if (newer.snoozedUntilMs !== undefined) merged.snoozedUntilMs = newer.snoozedUntilMs;
  if (ack.ackedAtMs !== undefined) merged.ackedAtMs = ack.ackedAtMs;
  if (ack.ackSource !== undefined) merged.ackSource = ack.ackSource;
  return merged;
}

async function readRecords(files: FileStore, log?: (m: string) => void): Promise<Records> {
  const text = await files.read(ALARMS_FILE);
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const parsed = AlarmFileSchema.safeParse(value);
  if (parsed.success) return parsed.data.alarms;
  const moved = await files.backup(ALARMS_FILE);
  log?.(`alarm records unreadable, moved to ${moved}`);
  return {};
}

export async function loadAlarmStore(
  files: FileStore,
  nowMs: () => number,
  log?: (m: string) => void,
): Promise<AlarmStore> {
  let records: Records = await readRecords(files, log);
  let queue: Promise<void> = Promise.resolve();
  const mergeIn = (fromDisk: Records): void => {
    for (const [key, rec] of Object.entries(fromDisk)) records[key] = mergeRecord(rec, records[key] ?? rec);
  };
  const write = async (): Promise<void> => {
    mergeIn(await readRecords(files, log));
    const cutMs = nowMs() - ALARM_RETENTION_MS;
    records = Object.fromEntries(Object.entries(records).filter(([, r]) => r.endMs > cutMs));
    await files.writeAtomic(ALARMS_FILE, JSON.stringify({ version: 1, alarms: records }));
  };
  const serial = (job: () => Promise<void>): Promise<void> => {
    queue = queue.then(job, job);
    return queue;
  };
  return {
    get: (key) => records[key],
    all: () => records,
    update(key, change) {
      records[key] = mergeRecord(records[key], change);
      return serial(write);
    },
    reload: () => serial(async () => mergeIn(await readRecords(files, log))),
    settled: () => queue,
  };
}
