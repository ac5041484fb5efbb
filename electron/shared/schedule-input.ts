// What Settings' and onboarding's "Check and add" says of a schedule typed or pasted, worded by main as it answers
// schedule:check (issue 49: the forms carry no copy of these checks or words). What was typed is read for its id
// before the service is asked (an empty field, no id, one too long, one already in the list being edited), the name
// kept in settings is cut to the settings limit, and the line said once it is added ("Added “Platform primary”
// (New York).") names the service's whole name and the schedule's zone, or says the zone is unknown, never guessed.
import { zoneLabel } from './format';
import { FIELD_LIMITS, tooLong } from './limits';
import { extractScheduleId } from './settings';

/** The schedule id in what was typed, or the form's words for why there is none to ask about. */
export function scheduleInputChecked(
  input: string,
  watched: readonly string[],
): { ok: true; id: string } | { ok: false; message: string } {
  if (input.trim() === '') return { ok: false, message: 'Paste a schedule link or type its id (sch_…).' };
  const id = extractScheduleId(input);
  if (!id) return { ok: false, message: 'No schedule id found: it starts with sch_ (for example sch_a1b2c3).' };
  if (id.length > FIELD_LIMITS.id) return { ok: false, message: tooLong('The schedule id', FIELD_LIMITS.id) };
  if (watched.includes(id)) return { ok: false, message: 'You already watch this schedule.' };
  return { ok: true, id };
}

/**
 * The schedule's name as kept in settings (only so menus read well before the first sync): the service's name,
 * shortened to the settings limit, so a long name never makes the settings unsavable.
 */
export function nameToKeep(name: string): string {
  const chars = [...name];
  return chars.length <= FIELD_LIMITS.scheduleName
    ? name
    : `${chars.slice(0, FIELD_LIMITS.scheduleName - 1).join('')}…`;
}

export function scheduleAddedText(s: { name: string; timeZone: string | null }): string {
  return `Added “${s.name}” (${s.timeZone ? zoneLabel(s.timeZone) : 'zone unknown'}).`;
}
