// Which shift starts ring: one target per block of mine whose start is seen in the data, for each watched schedule
// whose start alarm is on. Pure. Time handed off to someone else is not mine in the data, so it never rings; a block
// whose first part was handed off rings at the start of the part that is still mine.
import { oneLoopback } from '../../shared/accounts';
import { remindersFor, type ServiceSettings } from '../../shared/settings';
import { isoOf, segmentsOf } from '../model/segments';
import type { Snapshot } from '../model/snapshot';
import { knownOf } from '../reminders/known';
import { myUpcomingShifts } from '../reminders/plan';
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

export function planAlarms(input: AlarmPlanInput): AlarmTarget[] {
  const shifts = myUpcomingShifts(input.snapshot, input.settings, input.nowMs, input.localZone);
  const targets: AlarmTarget[] = [];
  for (const { ref } of shifts) {
    const mode = remindersFor(input.settings, ref.scheduleId).startAlarm ?? DEFAULT_START_ALARM;
    // A start not seen (the block runs where the data begins) was planned when it was seen.
    if (mode === 'off' || !ref.startSeen || ref.endMs <= input.nowMs) continue;
    targets.push({
      key: `alarm:${input.serviceKey}:${ref.scheduleId}:${isoOf(ref.startMs)}`,
      atMs: mode === '5-min-before' ? ref.startMs - ALARM_EARLY_MS : ref.startMs,
      startMs: ref.startMs,
      endMs: ref.endMs,
      ...(ref.endUnknown ? { endUnknown: true } : {}),
      scheduleId: ref.scheduleId,
      scheduleName: ref.scheduleName,
      scheduleZone: ref.scheduleZone,
      fromNames: handingOver(input.snapshot, ref.scheduleId, ref.startMs),
      ...(ref.keptReadAtMs === undefined ? {} : { keptReadAtMs: ref.keptReadAtMs }),
    });
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
