// Which shift starts ring: one target per block of mine whose start is seen in the data, for each watched schedule
// whose start alarm is on. Pure. Time handed off to someone else is not mine in the data, so it never rings; a block
// whose first part was handed off rings at the start of the part that is still mine.
import { oneLoopback } from '../../shared/accounts';
import { remindersFor, type ServiceSettings } from '../../shared/settings';
import { isoOf, segmentsOf } from '../model/segments';
import type { ScheduleSnapshot, Snapshot } from '../model/snapshot';
import { knownOf } from '../reminders/known';
import { myUpcomingShifts } from '../reminders/plan';
export { myBlockSpans } from '../reminders/plan';
import { DEFAULT_START_ALARM, type AlarmTarget } from './types';

export const ALARM_EARLY_MS = 5 * 60_000;

export interface AlarmPlanInput {
  snapshot: Snapshot;
  settings: ServiceSettings;
  nowMs: number;
  localZone: string;
  /** The service this account reads (its address): two accounts on one service share their alarms' keys. */
  serviceKey: string;
}

/** Who is on call in the segment ending when mine starts. */
function handingOver(snapshot: Snapshot, scheduleId: string, startMs: number): string[] {
  const s = snapshot.schedules.find((x) => x.id === scheduleId);
  if (!s) return [];
  const before = segmentsOf(knownOf(s).shifts).find((seg) => seg.endMs === startMs);
  return before ? before.users.map((u) => u.name) : [];
}

/**
 * Since when the data says the time right before my start was not mine (adv50 r38): back through the segments
 * that end where the next begins, none with me, to the first gap in them or a block of mine. Undefined when nothing
 * read ends at my start. An acknowledged start in that time is this block's, shortened at the front (carry.ts).
 */
function freeSinceOf(snapshot: Snapshot, scheduleId: string, startMs: number, emailLower: string): number | undefined {
  const s = snapshot.schedules.find((x) => x.id === scheduleId);
  if (!s || emailLower === '') return undefined;
  const segments = segmentsOf(knownOf(s).shifts);
  let fromMs = startMs;
  for (;;) {
    const before = segments.find((seg) => seg.endMs === fromMs);
    if (!before || before.emails.includes(emailLower)) break;
    fromMs = before.startMs;
  }
  return fromMs === startMs ? undefined : fromMs;
}

/**
 * The service's current shift with me in it, where no read shift knows now (the listing over now couldn't be read):
 * the glance says "On call until 17:34" from that field, so its start rings too (issue 49, adv r5 #1). Keyed as the
 * listed block would be, so a later good read of the same start never rings it twice.
 */
function currentShiftTarget(s: ScheduleSnapshot, input: AlarmPlanInput, emailLower: string): AlarmTarget | undefined {
  const current = s.details?.current_oncall_shift;
  if (!current || emailLower === '') return undefined;
  const startMs = Date.parse(current.start);
  const endMs = Date.parse(current.end);
  const mine = current.users.some((u) => u.email.toLowerCase() === emailLower);
  if (!mine || !(startMs <= input.nowMs && input.nowMs < endMs)) return undefined;
  if (knownOf(s).covers.some((c) => c.fromMs <= input.nowMs && input.nowMs < c.toMs)) return undefined;
  const mode = remindersFor(input.settings, s.id).startAlarm ?? DEFAULT_START_ALARM;
  if (mode === 'off') return undefined;
  return {
    key: `alarm:${input.serviceKey}:${s.id}:${isoOf(startMs)}`,
    accountId: input.settings.accountId,
    atMs: mode === '5-min-before' ? startMs - ALARM_EARLY_MS : startMs,
    startMs,
    endMs,
    scheduleId: s.id,
    scheduleName: s.details?.name ?? s.id,
    scheduleZone: s.details?.time_zone ?? input.localZone,
    fromNames: [],
  };
}

const freeSince = (ms: number | undefined) => (ms === undefined ? {} : { freeSinceMs: ms });

export function planAlarms(input: AlarmPlanInput): AlarmTarget[] {
  const shifts = myUpcomingShifts(input.snapshot, input.settings, input.nowMs, input.localZone);
  const targets: AlarmTarget[] = [];
  const emailLower = input.settings.email.trim().toLowerCase();
  for (const { ref } of shifts) {
    const mode = remindersFor(input.settings, ref.scheduleId).startAlarm ?? DEFAULT_START_ALARM;
    // A start not seen (the block runs where the data begins) was planned when it was seen.
    if (mode === 'off' || !ref.startSeen || ref.endMs <= input.nowMs) continue;
    targets.push({
      key: `alarm:${input.serviceKey}:${ref.scheduleId}:${isoOf(ref.startMs)}`,
      accountId: input.settings.accountId,
      atMs: mode === '5-min-before' ? ref.startMs - ALARM_EARLY_MS : ref.startMs,
      startMs: ref.startMs,
      endMs: ref.endMs,
      ...(ref.endUnknown
        ? { endUnknown: true, ...(ref.readEndMs === undefined ? {} : { readEndMs: ref.readEndMs }) }
        : {}),
      scheduleId: ref.scheduleId,
      scheduleName: ref.scheduleName,
      scheduleZone: ref.scheduleZone,
      fromNames: handingOver(input.snapshot, ref.scheduleId, ref.startMs),
      ...freeSince(freeSinceOf(input.snapshot, ref.scheduleId, ref.startMs, emailLower)),
      ...(ref.keptReadAtMs === undefined ? {} : { keptReadAtMs: ref.keptReadAtMs }),
    });
  }
  const watched = new Set(input.settings.schedules.map((w) => w.id));
  for (const s of input.snapshot.schedules) {
    // A schedule answering 404 rings from its saved shifts, as reminders do (reminders/plan myUpcomingShifts).
    if (!watched.has(s.id)) continue;
    const t = currentShiftTarget(s, input, emailLower);
    if (t && !targets.some((x) => x.key === t.key)) targets.push(t);
  }
  return targets.sort((a, b) => a.atMs - b.atMs || a.key.localeCompare(b.key));
}

/** The service part of a key, from an account's address: scheme and host, lower-cased, no path, loopback names as
 *  one (127.0.0.1): one service reached by two of them is one alarm per shift start, not two. */
export function serviceKeyOf(baseUrl: string): string {
  try {
    const url = oneLoopback(new URL(baseUrl));
    return `${url.protocol}//${url.host}`.toLowerCase();
  } catch {
    return baseUrl.trim().toLowerCase();
  }
}
