// What is known of each shift-start alarm (`alarms.json`): rung, snoozed, acknowledged. Kept per shift (the key names
// the service, schedule and start, not the account), so a restart or a second account on the same service never
// rings it again. `status --ack` writes to the same file from another process: every write reads the file first and
// merges, and what merges only grows (the earliest ring, the earliest acknowledgement), so neither writer undoes the
// other's acknowledgement.
import type { FileStore } from '../ports';
import type { Notice } from '../storage/settings-store';
import { ALARMS_FILE, readAlarmRecords, type AlarmRecords } from './alarm-records';
import { alarmStampOf, type AlarmKnowledge } from './alarm-claims';
import type { CacheOrigin } from '../storage/cache-origin';
import type { AlarmRecord } from './types';
import { RUNS_FILE } from './alarm-runs';
import { afterFirstRead, type RecordSigner } from '../storage/record-key';
import { ownRecords, writeBack } from './alarm-older-copy';
import { seqFields } from './runs-seq';
import { openRunLog } from './run-log';

export { ALARMS_FILE } from './alarm-records';
/** Records are kept this long after their shift ended. */
export const ALARM_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

type Records = AlarmRecords;

export interface AlarmStore {
  get(key: string): AlarmRecord | undefined;
  all(): Readonly<Records>;
  /** Changes one record in memory at once and persists it (writes are serialised and merged with the file). */
  update(key: string, change: AlarmRecord): Promise<void>;
  /** Takes in what another process wrote (an acknowledgement from `status --ack`). */
  reload(): Promise<void>;
  settled(): Promise<void>;
}

/** A failed write is its caller's to answer (update rejects to it); waiting for the writes never rejects (adv52 r16
 *  #2: alarmsSettled rejected with EROFS on a read-only folder, and a rejection was left unhandled). */
const quietly = (p: Promise<void>): Promise<void> =>
  p.then(
    () => undefined,
    () => undefined,
  );

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
  // The account of the earliest ring (the one told).
  const rang = older.rungAtMs !== undefined && rungAtMs === older.rungAtMs ? older : newer;
  const rungThrough = rang.rungThrough ?? older.rungThrough ?? newer.rungThrough;
  if (rungThrough !== undefined) merged.rungThrough = rungThrough;
  if (newer.snoozedUntilMs !== undefined) merged.snoozedUntilMs = newer.snoozedUntilMs;
  const passedAtMs = earliest(older.passedAtMs, newer.passedAtMs);
  if (passedAtMs !== undefined) merged.passedAtMs = passedAtMs;
  if (ack.ackedAtMs !== undefined) merged.ackedAtMs = ack.ackedAtMs;
  if (ack.ackSource !== undefined) merged.ackSource = ack.ackSource;
  const againAtMs = Math.max(older.againAtMs ?? -Infinity, newer.againAtMs ?? -Infinity);
  if (Number.isFinite(againAtMs)) merged.againAtMs = againAtMs;
  // The newer view's, as a snooze: a notification withdrawn is no longer up, whatever the older view says.
  if (newer.shownAs !== undefined) merged.shownAs = newer.shownAs;
  return merged;
}

/** Says each notice once (by its words), however often it is found. */
function onceEach(report: ((notice: Notice) => void) | undefined): (n: Notice) => void {
  const said = new Set<string>();
  return (n) => {
    if (!said.has(n.message)) report?.(n);
    said.add(n.message);
  };
}

/** The records whose shift ended within the retention, at `nowMs`. */
const withinRetention = (records: Records, nowMs: number): Records =>
  Object.fromEntries(Object.entries(records).filter(([, r]) => r.endMs > nowMs - ALARM_RETENTION_MS));

/** Whether a record is still kept (within the retention) at the clock's now. */
const keptAt =
  (nowMs: () => number) =>
  (r: AlarmRecord): boolean =>
    r.endMs > nowMs() - ALARM_RETENTION_MS;

/** The stamp written with the records. With no account now (settings.json unusable for a run) there is no one to
 *  stamp it for: left as it was read. */
const stampFor = (accounts: readonly AlarmKnowledge[], read: CacheOrigin[] | undefined): CacheOrigin[] | undefined =>
  accounts.length === 0 ? read : alarmStampOf(accounts, read);

/** Writes the records with their stamp and, with a record key, each one's MAC; gives back what it wrote (a copy). */
async function writeRecords(
  files: FileStore,
  records: Records,
  stamp: CacheOrigin[] | undefined,
  signer: RecordSigner | undefined,
  runsSeq: number,
): Promise<Records> {
  const sign = signer?.sign;
  const macs = sign
    ? { macs: Object.fromEntries(Object.entries(records).map(([k, r]) => [k, sign(ALARMS_FILE, k, r)])) }
    : {};
  const alarms = { ...records };
  await files.writeAtomic(
    ALARMS_FILE,
    JSON.stringify({
      version: 1,
      alarms,
      ...(stamp ? { origins: stamp } : {}),
      ...macs,
      ...seqFields(signer, ALARMS_FILE, 'runsSeq', runsSeq),
    }),
  );
  return alarms;
}

export async function loadAlarmStore(
  files: FileStore,
  nowMs: () => number,
  /** What was refused or dropped from the file (said once each; the app shows it, `status --ack` prints it). */
  report?: (notice: Notice) => void,
  /** The accounts and what was last read, asked at each read of the file (alarm-claims.ts). */
  known?: () => readonly AlarmKnowledge[],
  /** Drop records for a start that isn't mine in the data now (alarm-claims.ts). */
  mineToo = false,
  /** This is the app running (not `status --ack`): its run is recorded before each write (alarm-runs.ts). */
  run = false,
  /** The app's record key (record-key.ts): records and runs are written with their MACs, read only with them. */
  firstSigner?: RecordSigner,
  /** Asked again at each write while there is no key (record-key.ts): what this run holds is then written signed. */
  askSigner?: () => Promise<RecordSigner | undefined>,
): Promise<AlarmStore> {
  let signer = firstSigner;
  let records: Records = {};
  // Without the accounts (a caller that doesn't know them) the file's own stamp is kept as it was read.
  let stampRead: CacheOrigin[] | undefined;
  const say = onceEach(report);
  const log = await openRunLog(files, nowMs, say, () => signer, run);
  const own = ownRecords(() => records, keptAt(nowMs));
  const readRecords = async () => {
    const read = await readAlarmRecords(files, nowMs(), say, known?.(), mineToo, log.now(), signer, own.held);
    if (read.stamp !== undefined) stampRead = read.stamp;
    log.took(read.runsSeq ?? 0, read.records);
    return read;
  };
  let queue: Promise<void> = Promise.resolve();
  const mergeIn = (fromDisk: Records): void => {
    for (const [key, rec] of Object.entries(fromDisk)) records[key] = mergeRecord(rec, records[key] ?? rec);
  };
  const persist = async (): Promise<void> => {
    if (signer === undefined && askSigner)
      signer = afterFirstRead(await askSigner().catch(() => undefined), ALARMS_FILE, RUNS_FILE);
    // Asked at each write, not waited on: a key removed from the keychain meanwhile is stored again (record-key.ts).
    else void askSigner?.().catch(() => undefined);
    records = withinRetention(records, nowMs());
    const stamp = stampFor(known?.() ?? [], stampRead);
    // The run first, so every stamp in alarms.json falls in a recorded run; a failed write only makes a later
    // start ring again (fail-safe), so it does not stop the records' write.
    await log.record();
    own.wrote(await writeRecords(files, records, stamp, signer, log.seq()));
  };
  const write = async (): Promise<void> => {
    mergeIn((await readRecords()).records);
    await persist();
  };
  // A file kept aside for a dropped record is replaced by the clean records at once, so what held is not lost.
  // A failed write here is the next update's to report (it rejects to its caller).
  const takeIn = async (starting = false): Promise<void> => {
    const read = await readRecords();
    mergeIn(read.records);
    // Refused mid-run (said, kept aside by its reader): no older copy; what this run holds is written in its place.
    if (read.untaken === 'refused' && !starting) return persist().catch(() => undefined);
    if (read.untaken === undefined && !read.rewrite && own.lost(read.records)) return writeBack(files, persist, say);
    log.legacy(records);
    if (read.rewrite) await persist().catch(() => undefined);
    // The run is recorded as it starts, so a record put in while the app is stopped is dated outside it.
    else if (starting) await log.record();
  };
  const serial = (job: () => Promise<void>): Promise<void> => (queue = queue.then(job, job));
  await takeIn(true);
  signer = afterFirstRead(signer, ALARMS_FILE, RUNS_FILE);
  return {
    get: (key) => records[key],
    all: () => records,
    update(key, change) {
      records[key] = mergeRecord(records[key], change);
      return serial(write);
    },
    reload: () => serial(() => takeIn()),
    settled: () => quietly(queue),
  };
}
