// When this app was running (adv52 r9 #4): a ring or a pass in alarms.json is the app's own stamp, written by the
// running app at that moment, so one dated while no run of this app was recorded was never witnessed and is not
// believed, whatever the clock says now. Without this, a backup the app refused ("dated ahead of the clock") and the
// user restored was believed once its dates had passed, and silenced the alarm and the "On call since" notification.
// The app records each run here ([start, last write]) before it writes alarms.json, so every stamp it writes falls in
// a recorded run. `status --ack` reads the log and never adds a run (it acknowledges only a ring the app made).
import { z } from 'zod';
import type { FileStore } from '../ports';
import type { Notice } from '../storage/settings-store';
import { droppedText, keptForDropped, plausibleMs, readBack, refusedText, sortClaims } from '../storage/read-back';
import { newerFieldsText, newerVersionText } from '../storage/newer-content';
import type { AlarmRecord, Run, Runs } from './types';
import { unsignedAs, vouches, type RecordSigner } from '../storage/record-key';
import { pastOlderLog, seqFields, seqOf } from './runs-seq';

export type { Run, Runs } from './types';

export const RUNS_FILE = 'alarm-runs.json';
/** Runs are kept as long as the records they vouch for (7 days after a shift ended) and a shift's length more. */
const RUNS_RETENTION_MS = 9 * 24 * 60 * 60_000;
/** Far more starts than a week holds; the oldest go first. */
const MAX_RUNS = 2000;
const WHAT = 'the record of when the app ran';

const RunSchema = z.object({ fromMs: z.number(), toMs: z.number(), mac: z.string().max(100).optional() });
const RunsFileSchema = z.object({
  version: z.literal(1),
  runs: z.array(RunSchema).max(MAX_RUNS * 2),
  /** How many times the log was written, signed (runs-seq.ts: alarms.json written after a later log). */
  seq: z.number().int().min(0).optional(),
  seqMac: z.string().max(100).optional(),
});

const UNREAD = 'the record of when the app ran could not be read';

export async function readRuns(
  files: FileStore,
  nowMs: number,
  report: (n: Notice) => void,
  /** The app's record key (record-key.ts): a run without its MAC was not recorded by the app. */
  signer?: RecordSigner,
): Promise<Runs> {
  const notice = (message: string): Notice => ({ id: 'alarm-runs', message });
  const read = await readBack(files, RUNS_FILE, RunsFileSchema, { maxChars: 200_000 });
  if (read.kind === 'absent') return undefined;
  const lost = 'an alarm already rung or acknowledged may ring again.';
  if (read.kind === 'unreadable') {
    report(notice(`${cap(WHAT)} couldn't be read (${read.reason}): ${lost}`));
    return { runs: [], doubt: UNREAD };
  }
  if (read.kind === 'refused' && read.newer !== undefined) {
    report(notice(`${newerVersionText(WHAT, read.newer, read.kept)} ${cap(lost)}`));
    return { runs: [], doubt: 'the record of when the app ran was written by a newer version' };
  }
  if (read.kind === 'refused') {
    report(notice(refusedText(WHAT, read, lost)));
    return { runs: [], doubt: UNREAD };
  }
  if (read.newer !== undefined)
    report({ id: 'alarm-runs-newer', message: newerFieldsText(WHAT, read.newer.fields, read.newer.kept) });
  const sorted = sortClaims(read.value.runs, ({ mac, ...r }) => {
    if (signer && !vouches(signer, RUNS_FILE, '', r, mac)) return unsignedAs(signer, RUNS_FILE);
    return plausibleMs(r.fromMs, nowMs) && plausibleMs(r.toMs, nowMs) && r.fromMs <= r.toMs
      ? undefined
      : 'a run dated ahead of the clock';
  });
  const runs = sorted.kept.map(({ fromMs, toMs }) => ({ fromMs, toMs }));
  const seq = seqOf(signer, RUNS_FILE, read.value.seq, read.value.seqMac);
  const found = { runs, seq, throughMs: Math.max(...runs.map((x) => x.toMs)) };
  if (sorted.dropped.length === 0) return found;
  report(notice(droppedText(WHAT, sorted.dropped, await keptForDropped(files, RUNS_FILE, read.newer))));
  return { ...found, doubt: 'entries of the record of when the app ran were not used' };
}

/** Why the record's own stamps (ring, pass) were not witnessed by a run of this app; undefined when they were, or
 *  when there is no log (`runs` undefined), or the log is older than the records and the stamp after it
 *  (runs-seq.ts). An acknowledgement needs a ring (alarm-records.ts), so it falls with it.
 *  "While the app was not running" only when the log was read whole: else the stamp is only not checked (`doubt`). */
export function witnessProblem(r: AlarmRecord, runs: Runs, olderLog = false): string | undefined {
  if (runs === undefined) return undefined;
  const seen = (ms: number): boolean =>
    pastOlderLog(runs, ms, olderLog) || runs.runs.some((x) => ms >= x.fromMs && ms <= x.toMs);
  const why = (what: string): string =>
    runs.doubt === undefined
      ? `a ${what} while the app was not running`
      : `a ${what} that could not be checked, as ${runs.doubt}`;
  if (r.rungAtMs !== undefined && !seen(r.rungAtMs)) return why('ring');
  if (r.passedAtMs !== undefined && !seen(r.passedAtMs)) return why('pass');
  return undefined;
}

/** The runs before this one (`before`, as read at start) and this one, from `fromMs` until `nowMs`; old runs and
 *  any beyond the bound dropped. */
export function withRun(before: Runs, fromMs: number, nowMs: number): Run[] {
  const kept = (before?.runs ?? []).filter((x) => x.toMs > nowMs - RUNS_RETENTION_MS);
  return [...kept, { fromMs, toMs: nowMs }].slice(-MAX_RUNS);
}

/** This run's span in the run log: from its start to the latest the clock has read in it, not to now, which may be
 *  earlier: the clock set back since (adv47 r21 #3: a ring at 09:00 was "while the app was not running" at 07:50). */
export function runSpan(nowMs: () => number): { startedMs: number; with: (before: Runs) => Run[] } {
  const startedMs = nowMs();
  let latestMs = startedMs;
  return { startedMs, with: (before) => withRun(before, startedMs, (latestMs = Math.max(latestMs, nowMs()))) };
}

export async function writeRuns(files: FileStore, runs: readonly Run[], seq: number, signer?: RecordSigner) {
  const signed = runs.map(({ fromMs, toMs }) =>
    signer ? { fromMs, toMs, mac: signer.sign(RUNS_FILE, '', { fromMs, toMs }) } : { fromMs, toMs },
  );
  await files.writeAtomic(
    RUNS_FILE,
    JSON.stringify({ version: 1, runs: signed, ...seqFields(signer, RUNS_FILE, 'seq', seq) }),
  );
}

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
