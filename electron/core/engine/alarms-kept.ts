// The blocks the app recorded as mine (reminders.json `mine:` entries, held-read.ts) whose schedule has not been read
// in this run (issue 52, adversarial round 17 #1, #2): saved data that was refused (a damaged cache.json), dropped,
// or that contradicts the app's own signed record (my block "given" to someone in the file) is no read of the
// service. Until a read of this run says whose the block is, its start alarm and phone booking stay as they were:
// dropping or distrusting saved data never cancels the phone's dead-man's switch nor silences the alarm. A kept alarm
// says it rests on saved data; only a fresh read that shows the block is not mine lets it go.
import { remindersFor, type ServiceSettings } from '../../shared/settings';
import { ALARM_EARLY_MS } from '../alarm/plan';
import { DEFAULT_START_ALARM, type AlarmTarget } from '../alarm/types';
import { isoOf } from '../model/segments';
import type { RecordedBlock } from '../alarm/recorded-blocks';
import type { Snapshot } from '../model/snapshot';

const msOf = (iso: string | null | undefined): number | undefined => (iso ? Date.parse(iso) : undefined);

export interface KeptInput {
  snapshot: Snapshot;
  settings: ServiceSettings;
  recorded: readonly RecordedBlock[];
  serviceKey: string;
  nowMs: number;
  localZone: string;
  /** This run began then: a read at or after it decides; before it, the block's time is unknown. */
  sinceMs: number;
  /** The keys planned from the data already (one planned is not kept twice). */
  planned: ReadonlySet<string>;
  /** Schedules read at some point in this run (their data since dropped, as when unwatched): a read decided. */
  decided: Set<string>;
}

/** The recorded blocks of mine still ahead, on watched schedules not read in this run, as targets resting on saved
 *  data (from the schedule's last read, else from when this run read its record). */
export function keptTargets(i: KeptInput): AlarmTarget[] {
  const out: AlarmTarget[] = [];
  for (const s of i.snapshot.schedules)
    if ((msOf(s.shiftsFetchedAt) ?? -Infinity) >= i.sinceMs) i.decided.add(`${i.settings.accountId}:${s.id}`);
  for (const b of i.recorded) {
    const watched = i.settings.schedules.find((w) => w.id === b.scheduleId);
    const s = i.snapshot.schedules.find((x) => x.id === b.scheduleId);
    const readMs = msOf(s?.shiftsFetchedAt);
    if (!watched || b.endMs <= i.nowMs || i.decided.has(`${i.settings.accountId}:${b.scheduleId}`)) continue;
    const mode = remindersFor(i.settings, b.scheduleId).startAlarm ?? DEFAULT_START_ALARM;
    const key = `alarm:${i.serviceKey}:${b.scheduleId}:${isoOf(b.startMs)}`;
    if (mode === 'off' || i.planned.has(key) || out.some((t) => t.key === key)) continue;
    out.push({
      key,
      accountId: i.settings.accountId,
      atMs: mode === '5-min-before' ? b.startMs - ALARM_EARLY_MS : b.startMs,
      startMs: b.startMs,
      endMs: b.endMs,
      scheduleId: b.scheduleId,
      scheduleName: s?.details?.name ?? watched.name ?? b.scheduleId,
      scheduleZone: s?.details?.time_zone ?? i.localZone,
      fromNames: [],
      keptReadAtMs: readMs ?? i.sinceMs,
    });
  }
  return out;
}

export const KEPT_NOTICE_ID = 'alarm-kept-from-record';
/** Said once a run, when a recorded block of mine is kept before a read (its alarm and phone alert stay booked). */
export const KEPT_WORDS =
  'The service has not been read yet: shift-start alarms and phone alerts the app had booked for your shifts are ' +
  'kept as saved, until a read shows whose those shifts are.';
