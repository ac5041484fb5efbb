// Which was written last, alarm-runs.json or alarms.json (adv52 r63 #1). The run log is written before each write of
// alarms.json, each time with a count one higher (`seq`), and alarms.json carries the count of the log it was written
// after (`runsSeq`), both signed. A log whose count is below the records' is an older copy of itself put back (a
// backup or sync tool, while the app was closed): signed and whole, yet it lacks the runs after it was copied. A ring
// or pass the app signed after the newest moment that log holds is then not judged by it ("while the app was not
// running" would be false: the app rang, and an acknowledged alarm rang again), and each such stamp is written back
// into the log as an instant run, so the next start judges it as the app's. A stamp within the log's span is judged
// as before, and an entry without the app's MAC is refused before any of this.
import type { RecordSigner } from '../storage/record-key';
import { vouches } from '../storage/record-key';
import type { AlarmRecord, Run, Runs } from './types';

const SEQ_ID = '#seq';

/** The count a file carries when its MAC holds (without a record key, as written); 0 when it has none. */
export function seqOf(signer: RecordSigner | undefined, file: string, seq?: number, mac?: string): number {
  if (seq === undefined) return 0;
  return signer === undefined || vouches(signer, file, SEQ_ID, seq, mac) ? seq : 0;
}

/** The count's fields as written into `file`: `<name>` and, with a record key, `<name>Mac`. */
export function seqFields(signer: RecordSigner | undefined, file: string, name: string, seq: number) {
  return signer ? { [name]: seq, [`${name}Mac`]: signer.sign(file, SEQ_ID, seq) } : { [name]: seq };
}

/** The records were written after the log as read (its count below theirs): the log is an older copy. A log that
 *  could not be read has no count, and is never called older (it vouches for nothing: alarm-runs.ts `doubt`). */
export const olderLog = (runs: Runs, recordsSeq: number): boolean => runs?.seq !== undefined && recordsSeq > runs.seq;

/** A stamp after the newest moment an older log holds: the log can't say whether the app ran then. */
export const pastOlderLog = (runs: Runs, ms: number, older: boolean): boolean =>
  older && ms > (runs?.throughMs ?? -Infinity);

/** The log with an instant run for each ring and pass of `records` it could not judge (pastOlderLog). */
export function withStampsPast(runs: Runs, records: Readonly<Record<string, AlarmRecord>>): Runs {
  if (runs === undefined) return runs;
  const added = stampRuns(records, (ms) => pastOlderLog(runs, ms, true));
  return added.length === 0 ? runs : { ...runs, runs: [...runs.runs, ...added] };
}

/** One instant run per ring and pass of `records` (each moment once) that `keep` takes: what a log lacks of them. */
export function stampRuns(records: Readonly<Record<string, AlarmRecord>>, keep: (ms: number) => boolean): Run[] {
  const stamps = Object.values(records).flatMap((r) => [r.rungAtMs, r.passedAtMs]);
  const taken = stamps.filter((ms): ms is number => ms !== undefined && keep(ms));
  return [...new Set(taken)].map((ms) => ({ fromMs: ms, toMs: ms }));
}
