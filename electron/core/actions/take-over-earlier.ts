// A take-over of mine the service answered with an error (or never answered) and does not show yet: for the 2 minutes
// it is given to apply it, it may still land over whatever holds now. A press again in that time is a wait that names
// it, never "changed since you planned it" of a change the late write may yet overwrite (adv48 r23 F1).
import type { Snapshot } from '../model/snapshot';
import type { Failure } from './common';
import { waitingFor } from './earlier-write';
import { answerOfCreated } from '../../shared/write-answer';
import { settleLeftMs } from './settle-clock';
import { lower, type TakeOverDeps } from './take-over-write';

/** The wait to answer instead of judging the schedule, or undefined when no take-over of mine may still land here. */
export function earlierTakeOver(deps: TakeOverDeps, snapshot: Snapshot, scheduleId: string): Failure | undefined {
  const nowMs = deps.clock.now();
  const mayLand = snapshot.createdOverrides
    .filter((c) => c.scheduleId === scheduleId && c.kind === 'take-over' && c.unconfirmed === true)
    .filter((c) => Date.parse(c.end) > nowMs && settleLeftMs(deps.clock, Date.parse(c.createdAt)) > 0)
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
  if (!mayLand) return undefined;
  const covering = mayLand.covering ?? [lower(deps.settings().email), ...(mayLand.kept ?? [])];
  return waitingFor(deps, {
    scheduleId,
    covering,
    startMs: Date.parse(mayLand.start),
    endMs: Date.parse(mayLand.end),
    atMs: Date.parse(mayLand.createdAt),
    answer: answerOfCreated(mayLand),
    what: 'your take-over',
  });
}
