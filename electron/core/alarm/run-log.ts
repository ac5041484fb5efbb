// The run log (alarm-runs.json) as one alarm store keeps it: the runs read at its start, this run's span, and the
// log's count (runs-seq.ts), so loadAlarmStore only asks it what the runs vouch for now and to record this run.
import type { FileStore } from '../ports';
import type { RecordSigner } from '../storage/record-key';
import type { Notice } from '../storage/settings-store';
import { readRuns, runSpan, writeRuns, type Runs } from './alarm-runs';
import { olderLog, stampRuns, withStampsPast } from './runs-seq';
import type { AlarmRecord } from './types';

/** The run log as one store keeps it: the runs read at its start, this run (`run`: the app, not `status --ack`) and
 *  the log's count as last written, never below the records' (an older log put back). */
export async function openRunLog(
  files: FileStore,
  nowMs: () => number,
  say: (n: Notice) => void,
  signer: () => RecordSigner | undefined,
  run: boolean,
) {
  const span = runSpan(nowMs);
  let before: Runs = await readRuns(files, span.startedMs, say, signer());
  let seq = before?.seq ?? 0;
  /** What the runs vouch for now: those before and, for the app, this one until now. */
  const now = (): Runs => {
    const counted = before?.seq === undefined ? before : { ...before, seq };
    return run && counted !== undefined ? { ...counted, runs: span.with(counted) } : counted;
  };
  return {
    now,
    seq: (): number => seq,
    /** Writes this run into the log (the app only); a failed write leaves the count as it was. */
    record: async (): Promise<void> => {
      if (run) await writeRuns(files, span.with(before), seq + 1, signer()).then(() => void (seq += 1), quiet);
    },
    /** alarms.json was read: stamps an older log could not judge are the app's (signed), held by the log from now. */
    took: (runsSeq: number, records: Readonly<Record<string, AlarmRecord>>): void => {
      if (olderLog(now(), runsSeq)) before = withStampsPast(before, records);
      seq = Math.max(seq, runsSeq);
    },
    /** A folder from before the log (alarm-runs.ts): the records taken this once vouch for their own stamps, so a
     *  restart does not ring again what was acknowledged, and nothing else from before is vouched for. */
    legacy: (records: Readonly<Record<string, AlarmRecord>>): void => {
      if (run && before === undefined) before = { runs: stampRuns(records, () => true) };
    },
  };
}

const quiet = (): undefined => undefined;
