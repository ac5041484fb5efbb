// What `status --ack` may acknowledge, judged as the tray judges it (adv52 r38): over my alarms' targets planned from
// the blocks as last read (each account's saved data after its checks, alarm-claims.ts), with the record giving only
// its ring, acknowledgement, snooze and pass. The end saved in a record is the shift's end when it rang: a claim, used
// for nothing here (a block cut short since is over; one extended still waits). Where no read of the schedule reaches
// now, whether the alarm waits is unknown, and nothing is acknowledged for it.
import { continuesOnCallIn } from '../../shared/on-call-run';
import type { AlarmKnowledge } from './alarm-claims';
import { myBlockSpans, planAlarms, serviceKeyOf } from './plan';
import type { AlarmRecord, AlarmTarget } from './types';
import { waitsForAnswer } from './waiting';

export type AckJudgement = 'waits' | 'not' | 'unknown';

/** The targets the app plans from the blocks as read (plan.ts), the first of each key kept; a block that carries my
 *  on-call time on back to back is no start (its run's first start's alarm stands for it: engine/alarms-plan.ts). */
export function targetsAsRead(known: readonly AlarmKnowledge[], nowMs: number, localZone: string): AlarmTarget[] {
  const read = known.flatMap((k) => (k.snapshot ? [{ snapshot: k.snapshot, settings: k.settings }] : []));
  const spans = read.flatMap((k) => myBlockSpans(k.snapshot, k.settings));
  const planned = read.flatMap((k) =>
    planAlarms({ ...k, nowMs, localZone, serviceKey: serviceKeyOf(k.settings.baseUrl) }),
  );
  const chosen = new Map<string, AlarmTarget>();
  const continues = continuesOnCallIn(spans);
  for (const t of planned) if (!chosen.has(t.key) && !continues(t.startMs)) chosen.set(t.key, t);
  return [...chosen.values()];
}

/** Whether the record's alarm waits for an answer now, by the tray's rule (waiting.ts) over its target as read. */
export function judgeRecord(
  key: string,
  rec: AlarmRecord,
  targets: readonly AlarmTarget[],
  known: readonly AlarmKnowledge[],
  nowMs: number,
): AckJudgement {
  const t = targets.find((x) => x.key === key);
  if (t) return waitsForAnswer(t, rec, nowMs) ? 'waits' : 'not';
  // Settled (answered, passed) or never rung, it waits for nothing, whatever its shift's end.
  if (!waitsForAnswer({ endMs: Infinity }, rec, nowMs)) return 'not';
  // No target: my blocks as read place no running shift of mine at this start — known only where a read reaches now.
  return readReachesNow(key, known, nowMs) ? 'not' : 'unknown';
}

/** Some account watching the key's schedule on its service has a read of it that reaches now. */
function readReachesNow(key: string, known: readonly AlarmKnowledge[], nowMs: number): boolean {
  const [, service, scheduleId] = /^alarm:(.+):(sch_[A-Za-z0-9_-]+):\d{4}-/.exec(key) ?? [];
  return known.some((a) => {
    if (serviceKeyOf(a.settings.baseUrl) !== service) return false;
    if (!a.settings.schedules.some((w) => w.id === scheduleId)) return false;
    const s = a.snapshot?.schedules.find((x) => x.id === scheduleId);
    if (!s || s.notFound || s.shiftsFrom === null || s.shiftsTo === null) return false;
    return Date.parse(s.shiftsFrom) <= nowMs && nowMs < Date.parse(s.shiftsTo);
  });
}
