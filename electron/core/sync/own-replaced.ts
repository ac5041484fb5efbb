// A take-over of mine the service applied late (answered with an error, or not at all, and shown by a later read):
// whom it replaced is who was on call there just before it landed, as the app read it, not who was on call when I
// planned it. A manager's change in between (Bob's time given to Alice) is what Hand back restores; the person the
// manager took off is never brought back over the manager's choice (adv48 r23 F2).
import type { CreatedOverride, Snapshot } from '../model/snapshot';
import type { Person } from '../../shared/view-state';
import { nowAndNext, segmentsOf, type Segment } from '../model/segments';
import { stretchAt, timelineOf } from '../model/timeline';

/** Who a read shows on call at `atMs`, where it knows; undefined where it doesn't (a hole, outside the read). */
function onCallAt(snapshot: Snapshot, scheduleId: string, atMs: number): Segment | undefined {
  const schedule = snapshot.schedules.find((s) => s.id === scheduleId);
  if (stretchAt(timelineOf(schedule), atMs).kind !== 'people') return undefined;
  return nowAndNext(segmentsOf(schedule?.shifts ?? []), atMs).now;
}

const samePeople = (a: readonly Person[], b: readonly Person[]): boolean =>
  a.length === b.length && a.every((p) => b.some((q) => q.email.toLowerCase() === p.email.toLowerCase()));

/**
 * The record as confirmed. `before`: the last read before the one that shows it landed; `after`: that read. Where
 * `after` shows other people than the record's up to the very instant the take-over starts, that change runs on under
 * it (a manager's override ending exactly where mine begins is mine laid over theirs); else `before` at now, when it
 * did not show me yet. Neither known: the record's word stands (the hand back re-reads the service before writing).
 */
export function replacedBeforeLanding(
  o: CreatedOverride,
  reads: { before: Snapshot; after: Snapshot },
  me: string,
  nowMs: number,
): CreatedOverride {
  if (o.kind !== 'take-over' || o.replaced === undefined) return o;
  const startMs = Date.parse(o.start);
  const edge = onCallAt(reads.after, o.scheduleId, startMs - 1);
  const then = edge && edge.endMs === startMs ? edge : onCallAt(reads.before, o.scheduleId, Math.max(nowMs, startMs));
  if (!then || then.emails.includes(me)) return o;
  const kept = new Set((o.kept ?? []).map((e) => e.toLowerCase()));
  const replaced = then.users.filter((u) => !kept.has(u.email.toLowerCase()));
  return samePeople(replaced, o.replaced) ? o : { ...o, replaced };
}
