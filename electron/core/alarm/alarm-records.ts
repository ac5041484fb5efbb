// Reading alarms.json back (issue 52: every file read back is a claim). The file is parsed with its schema, then
// each record is checked against the clock and the alarm's own rules: an acknowledgement dated ahead would silence
// the alarm and the phone, a ring years before its shift could start was never the app's. Each stamp is checked
// against what the app itself writes (adv52 r5): it rings, passes (muted) or is acknowledged only once the alarm
// fell due, at the start or 5 min before (`status --ack` acks only a rung alarm, the phone only after its alert). A record that fails is
// dropped and said once; the file that held it is kept aside before the clean copy replaces it.
import { z } from 'zod';
import type { FileStore } from '../ports';
import type { Notice } from '../storage/settings-store';
import { droppedText, keptForDropped, plausibleMs, readBack, refusedText, sortClaims } from '../storage/read-back';
import { newerFieldsText, newerVersionText } from '../storage/newer-content';
import { CacheOriginSchema, type CacheOrigin } from '../storage/cache-origin';
import { alarmClaimProblem, alarmDueMs, alarmOriginProblem, UNWATCHED, type AlarmKnowledge } from './alarm-claims';
import { witnessProblem, type Runs } from './alarm-runs';
import { ALARM_EARLY_MS } from './plan';
import { olderLog, seqOf } from './runs-seq';
import { AlarmRecordSchema, SNOOZE_MS, type AlarmRecord } from './types';
import { unsignedAs, vouches, type RecordSigner } from '../storage/record-key';

export const ALARMS_FILE = 'alarms.json';
export const ALARM_RECORDS_NOTICE_ID = 'alarm-records';
/** Far above what a week of shifts writes (a record is ~150 characters); a bigger file is refused unparsed. */
export const MAX_ALARMS_CHARS = 1_000_000;
/** The clocks of the app and `status --ack` may differ a little. */
const SLACK_MS = 60_000;
/** An alarm falls due at the start or 5 min before: nothing rings, passes or is acknowledged earlier than this before
 *  a start (with the slack between the app's and a terminal's clocks). */
const EARLIEST_DUE_MS = ALARM_EARLY_MS + SLACK_MS;
/** Shifts are read at most a year ahead. */
const MAX_AHEAD_MS = 400 * 24 * 60 * 60_000;
const WHAT = 'the shift-start alarm records';

export const AlarmFileSchema = z.object({
  version: z.literal(1),
  alarms: z.record(z.string(), AlarmRecordSchema),
  /** Whose records they are (issue 52): each account's service address and user when written (cache-origin.ts). */
  origins: z.array(CacheOriginSchema).max(100).optional(),
  /** Each record's MAC by its key (record-key.ts); absent when written without the keychain or before MACs. */
  macs: z.record(z.string(), z.string().max(100)).optional(),
  /** The count of the run log written before this file, signed (runs-seq.ts). */
  runsSeq: z.number().int().min(0).optional(),
  runsSeqMac: z.string().max(100).optional(),
});
export type AlarmRecords = Record<string, AlarmRecord>;

/** Why a record can't be true now, or undefined when it holds. */
export function alarmRecordProblem(r: AlarmRecord, nowMs: number): string | undefined {
  const past = (ms: number | undefined): boolean => ms === undefined || plausibleMs(ms, nowMs + SLACK_MS);
  if (!plausibleMs(r.startMs, nowMs + MAX_AHEAD_MS) || !plausibleMs(r.endMs, nowMs + MAX_AHEAD_MS))
    return "a time that can't be true";
  if (r.endMs <= r.startMs) return "a time that can't be true";
  if (!past(r.ackedAtMs)) return 'an acknowledgement dated ahead of the clock';
  // Nothing rings that early, so nothing was acknowledged then: such an ack would silence the alarm and the phone.
  if (r.ackedAtMs !== undefined && r.ackedAtMs < r.startMs - EARLIEST_DUE_MS)
    return 'an acknowledgement dated before its shift could ring';
  if (!past(r.rungAtMs)) return 'a ring dated ahead of the clock';
  if (!past(r.passedAtMs)) return 'a pass dated ahead of the clock';
  if (!past(r.againAtMs)) return 'a ring dated ahead of the clock';
  if (r.againAtMs !== undefined && (r.rungAtMs === undefined || r.againAtMs < r.rungAtMs))
    return 'a ring again before its first ring';
  // A pass is written when the alarm falls due while muted: one earlier would silence it, the reminder and the phone.
  if (r.passedAtMs !== undefined && r.passedAtMs < r.startMs - EARLIEST_DUE_MS)
    return 'a pass dated before its shift could ring';
  if (r.rungAtMs !== undefined && (r.rungAtMs < r.startMs - EARLIEST_DUE_MS || r.rungAtMs > r.endMs + SLACK_MS))
    return 'a ring outside its shift';
  if (r.snoozedUntilMs !== undefined && !plausibleMs(r.snoozedUntilMs, nowMs + SNOOZE_MS + SLACK_MS))
    return 'a snooze dated ahead of the clock';
  // Every acknowledgement and snooze the app makes is of an alarm that rang (the window, tray and `status --ack`
  // act on a ringing one; the phone's answer records its ring: engine.ts ack): one without a ring is not the app's.
  if (r.ackedAtMs !== undefined && r.rungAtMs === undefined) return 'an acknowledgement of an alarm that never rang';
  if (r.snoozedUntilMs !== undefined && r.rungAtMs === undefined) return 'a snooze of an alarm that never rang';
  return undefined;
}

/** Why the record's stamps can't be the app's for when its alarm fell due (alarmDueMs), or undefined. The ring and
 *  pass are the app's own clock, so exact; an acknowledgement may be a terminal's (the slack). */
export function alarmDueProblem(r: AlarmRecord, dueMs: number): string | undefined {
  if (r.rungAtMs !== undefined && r.rungAtMs < dueMs) return 'a ring before its alarm was due';
  if (r.passedAtMs !== undefined && r.passedAtMs < dueMs) return 'a pass before its alarm was due';
  if (r.ackedAtMs !== undefined && r.ackedAtMs < dueMs - SLACK_MS) return 'an acknowledgement before its alarm was due';
  return undefined;
}

export interface ReadRecords {
  records: AlarmRecords;
  /** Records were dropped and the file kept aside, or a file from before stamps was taken: the clean records
   *  should be written back (stamped) at once. */
  rewrite: boolean;
  /** The file's stamp as read; undefined when it has none (written before stamps) or there was no file. */
  stamp?: CacheOrigin[];
  /** The run log's count this file was written after (runs-seq.ts); 0 when it has none. */
  runsSeq?: number;
  /** A file was there and nothing of it was taken: the disk refused the read (left in place), or it was refused
   *  (kept aside when that worked). Its empty records are no claim: nothing in them was lost (alarm-older-copy.ts). */
  untaken?: 'unreadable' | 'refused';
}

const notice = (message: string): Notice => ({ id: ALARM_RECORDS_NOTICE_ID, message });
const newerNotice = (message: string): Notice => ({ id: `${ALARM_RECORDS_NOTICE_ID}-newer`, message });

/** Reads the records that hold; what doesn't is said through `report` (never the file's own text). */
export async function readAlarmRecords(
  files: FileStore,
  nowMs: number,
  report: (n: Notice) => void,
  /** The accounts, their watched schedules and what was last read: a record must name a shift of theirs. */
  known?: readonly AlarmKnowledge[],
  /** A start that isn't mine in the data now is dropped too (`status --ack`, which acts on every record). */
  mineToo = false,
  /** When this app ran (alarm-runs.ts): a ring or pass dated outside every run was not the app's. */
  runs?: Runs,
  /** The app's record key: a record without its MAC is not the app's (taken this once when the key is new). */
  signer?: RecordSigner,
  /** A record exactly as this run holds it (it wrote it): not a claim, whatever the clock says now (adv47 r21 #3:
   *  a ring this run made, dated ahead of a clock set back since, was set aside at every write). */
  held?: (key: string, r: AlarmRecord) => boolean,
): Promise<ReadRecords> {
  const read = await readBack(files, ALARMS_FILE, AlarmFileSchema, { maxChars: MAX_ALARMS_CHARS });
  if (read.kind === 'absent') return { records: {}, rewrite: false };
  if (read.kind === 'unreadable') {
    report(
      notice(
        `${cap(WHAT)} couldn't be read (${read.reason}): an alarm may ring again, or an acknowledgement be missed.`,
      ),
    );
    return { records: {}, rewrite: false, untaken: 'unreadable' };
  }
  if (read.kind === 'refused' && read.newer !== undefined) {
    report(notice(newerVersionText(WHAT, read.newer, read.kept)));
    return { records: {}, rewrite: false, untaken: 'refused' };
  }
  if (read.kind === 'refused') {
    const said = (kept: string | undefined): Notice =>
      notice(
        refusedText(
          WHAT,
          { ...read, kept },
          'an alarm may ring again, or an acknowledgement be missed.',
          'an alarm already rung or acknowledged may ring again after a restart.',
        ),
      );
    report(said(read.kept));
    // "In memory until there is room" is corrected once the file is kept aside by a later write (kept-first.ts).
    if (read.kept === undefined) files.keptLater?.(ALARMS_FILE, (kept) => report(said(kept)));
    return { records: {}, rewrite: false, untaken: 'refused' };
  }
  if (read.newer !== undefined) report(newerNotice(newerFieldsText(WHAT, read.newer.fields, read.newer.kept)));
  const stamp = read.value.origins;
  const macs = read.value.macs ?? {};
  const runsSeq = seqOf(signer, ALARMS_FILE, read.value.runsSeq, read.value.runsSeqMac);
  const older = olderLog(runs, runsSeq);
  const sorted = sortClaims(Object.entries(read.value.alarms), ([key, r]) => {
    if (held?.(key, r) === true) return undefined;
    if (signer && !vouches(signer, ALARMS_FILE, key, r, macs[key])) return unsignedAs(signer, ALARMS_FILE);
    // A file from another user's install, copied in: none of its records is mine (nothing of it silences an alarm).
    const other = known === undefined || stamp === undefined ? undefined : alarmOriginProblem(key, stamp, known);
    if (other !== undefined) return other;
    const claim = known === undefined ? undefined : alarmClaimProblem(key, r, known, mineToo);
    // A schedule not watched now is parked, not dropped: its record is used for nothing while it is unwatched (the
    // engine reads a record only for a target, a block of mine on a watched schedule) and is used again, checked as
    // any claim, once it is watched again. Dropping it re-rang an acknowledged start and paged the phone (adv50 r2).
    if (claim !== undefined && claim !== UNWATCHED) return claim;
    const dueMs = known === undefined ? undefined : alarmDueMs(key, r, known);
    const due = dueMs === undefined ? undefined : alarmDueProblem(r, dueMs);
    return alarmRecordProblem(r, nowMs) ?? due ?? witnessProblem(r, runs, older);
  });
  // A file from before stamps (or MACs) is taken this once and stamped (and signed) at once.
  const stamped = stamp === undefined ? { runsSeq } : { stamp, runsSeq };
  const unsigned = signer?.fresh === true;
  if (sorted.dropped.length === 0)
    return {
      records: read.value.alarms,
      rewrite: (stamp === undefined || unsigned) && sorted.kept.length > 0,
      ...stamped,
    };
  report(notice(droppedText(WHAT, sorted.dropped, await keptForDropped(files, ALARMS_FILE, read.newer))));
  return { records: Object.fromEntries(sorted.kept), rewrite: true, ...stamped };
}

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
