// What Settings says once a schedule is found and added ("Added “Platform primary” (New York)."), worded here and
// not in SchedulesEditor.svelte's markup so the text registry reads it (adv47 r23 #5). A zone the service didn't
// give is said unknown, never guessed.
import { zoneLabel } from '../../../electron/shared/format';

export function scheduleAddedText(s: { name: string; timeZone: string | null }): string {
  return `Added “${s.name}” (${s.timeZone ? zoneLabel(s.timeZone) : 'zone unknown'}).`;
}
