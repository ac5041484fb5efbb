// The blocks the app recorded as mine (reminders.json `mine:<schedule>:<start>><end>` keys, signed with the record:
// reminders/held-read.ts writes them, pruned a week after each block ends). Read by the alarm before a read of this
// run (engine/alarms-kept.ts), and by the phone for the end of a block no longer planned (escalation/front-acks.ts).
import { serviceKeyOf } from './plan';
import type { AlarmKnowledge } from './alarm-claims';

export interface RecordedBlock {
  scheduleId: string;
  startMs: number;
  endMs: number;
}

const MINE =
  /^mine:(sch_[A-Za-z0-9_-]+):(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)>(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)$/;

/** The blocks on an account's record (its keys, without the account's prefix). */
export function recordedBlocks(keys: readonly string[]): RecordedBlock[] {
  return keys.flatMap((key) => {
    const m = MINE.exec(key);
    const startMs = Date.parse(m?.[2] ?? '');
    const endMs = Date.parse(m?.[3] ?? '');
    return m?.[1] && startMs < endMs ? [{ scheduleId: m[1], startMs, endMs }] : [];
  });
}

const KEY = /^alarm:(.+):(sch_[A-Za-z0-9_-]+):(\d{4}-\d\d-\d\dT[\d:.]+Z)$/;

/**
 * The end of the block of mine that began at an alarm key's start, as the app recorded it (a restart since: this run
 * never had it). Recorded more than once (its end moved while the app ran), the earliest end: which one the alert
 * was for is unknown, and an end taken too late would let an answer to it acknowledge a later block of mine.
 * Undefined when no account on its service recorded a block starting there.
 */
export function recordedEndOf(known: readonly AlarmKnowledge[], key: string): number | undefined {
  const m = KEY.exec(key);
  if (!m) return undefined;
  const [, service, scheduleId, iso] = m;
  const startMs = Date.parse(iso ?? '');
  const ends = known
    .filter((a) => serviceKeyOf(a.settings.baseUrl) === service)
    .flatMap((a) => recordedBlocks(a.recorded ?? []))
    .filter((b) => b.scheduleId === scheduleId && b.startMs === startMs)
    .map((b) => b.endMs);
  return ends.length > 0 ? Math.min(...ends) : undefined;
}
