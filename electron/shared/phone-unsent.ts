// A shift-start alarm's phone alert that did not go out (or may not have reached the phone), as a value and in its
// short words: one alarm's ("Phone not alerted: could not connect (ECONNREFUSED)") and several alarms' alike, counted
// ("Phone not alerted (2 alarms): could not connect (ECONNREFUSED)"), so a tight glance says it once, never the same
// line per alarm ahead of the pause (adv49 r34 F1). Worded here from the value, never by patching the one-alarm line.
// The count sits in brackets, not "for 2 alarms": with "2 alarms unacknowledged" and the pause in fewest words that
// is 125 characters, just what Windows' cut leaves beside its "…".
import { z } from 'zod';

export const PhoneMissSchema = z.object({
  error: z.string(),
  /** It may have reached the phone: said as "outcome unknown", never as "not alerted". */
  unknown: z.boolean().optional(),
  /** The server refused it for good (a 4xx). */
  refused: z.boolean().optional(),
});
export type PhoneMiss = z.infer<typeof PhoneMissSchema>;

/** Its short words for `alarms` alarms that share it (1: the alarm's own line). */
export function phoneMissShort(m: PhoneMiss, alarms = 1): string {
  const many = alarms > 1 ? ` (${alarms} alarms)` : '';
  if (m.unknown)
    return alarms > 1 ? `Phone alert outcome unknown${many}: ${m.error}` : `Phone alert outcome unknown (${m.error})`;
  return `Phone not alerted${many}: ${m.refused ? `refused (${m.error})` : m.error}`;
}
