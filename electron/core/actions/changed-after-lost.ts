// A write whose answer was an error or never came, not shown on the schedule, and a change there since just before
// it: it may have landed and been changed over, so nothing is sent again, and the change is said as every other flow
// says one (plan-lines.ts): who is on call now, with whom, and when, against the window as read just before the
// write (adv48 r41), never "it now shows Alice, Bob then" over a window they hold apart.
import type { OncallClient } from '../../api/client-types';
import { answerSaid, type WriteAnswer } from '../../shared/write-answer';
import type { PlannedOverride } from './override-window';
import type { HeldLine } from './window-before';
import { heldOf } from './window-read';
import { linesChanged, type WordsDeps } from './plan-lines';

/** What the window shows now, in words, for "the schedule changed": against `before` (its lines just before the
 *  write) when it was read whole then and now; else who it shows (names as the service gives them). */
export async function shownNow(
  client: OncallClient,
  plan: PlannedOverride,
  before?: readonly HeldLine[],
  words?: WordsDeps,
): Promise<string> {
  const result = await client.listShifts(plan.scheduleId, {
    from: plan.input.start,
    to: plan.input.end,
    clip_to_interval: true,
    per_page: 100,
  });
  if (!result.ok) return 'it could not be read again';
  const shifts = result.value.shifts.flatMap((e) => (e.ok ? [e.shift] : []));
  const whole = shifts.length === result.value.shifts.length;
  const now = whole && before && words ? heldOf(shifts, plan.startMs, plan.endMs) : undefined;
  const scoped = now && words && before && linesChanged(words, plan, now, before);
  if (scoped) return scoped;
  const unique = [...new Set(shifts.flatMap((s) => s.users.map((u) => u.name || u.email)))];
  return unique.length === 0 ? 'it now shows nobody then' : `it now shows ${unique.join(', ')} then`;
}

/** The sentence itself: the write's answer as it was, the change, and nothing sent again (adv48 round 10 #1). */
export const changedAfterLost = (what: string, answer: WriteAnswer | undefined): string =>
  `Can't confirm it: ${answerSaid(answer)}, and the schedule changed since (${what}), so nothing was sent again. Check the schedule; to write it anyway, start a new plan.`;
