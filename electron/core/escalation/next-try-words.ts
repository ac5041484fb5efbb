// The phone status's problem with its real next try while the server's Retry-After runs (adv50 r17: "(trying again
// each minute)" was said through a 10-min wait). Readiness says the wait itself. Worded here, apart from phone.ts's
// wiring, through the one formatter.
import { formatDayTime } from '../../shared/format';
import { retriedEachMinute } from './escalator-run';
import type { EscalatorStatus } from './escalator';

/** `problem`, with "trying again at 10:11, as the phone service asked" while a wait it is retried after runs. */
export function withNextTry(
  problem: string | undefined,
  st: EscalatorStatus | undefined,
  nowMs: number,
  localZone: string,
): string | undefined {
  const untilMs = st?.waitingUntilMs;
  if (problem === undefined || untilMs === undefined || untilMs <= nowMs || !retriedEachMinute(problem)) return problem;
  return `${problem}; trying again at ${formatDayTime(untilMs, { nowMs, localZone })}, as the phone service asked`;
}
