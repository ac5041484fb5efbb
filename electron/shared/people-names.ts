// People named by e-mail, one way wherever the override's words are made: the form's picker (renderer) and the
// preview main words for it (core/engine/preview-words.ts). E-mails compare without case or surrounding spaces,
// since that is how the service matches them.
import { refParts } from './accounts';
import type { AppState, Person, ScheduleView } from './view-state';

/** The same e-mail address, whatever the case or surrounding spaces. */
export const sameEmail = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** People to pick from: the schedule's users, then anyone on its now/next shifts not listed there. */
export function suggestions(schedule: ScheduleView | undefined): Person[] {
  const seen = new Map<string, Person>();
  for (const u of [...(schedule?.users ?? []), ...(schedule?.now?.users ?? []), ...(schedule?.next?.users ?? [])]) {
    if (!seen.has(u.email.toLowerCase())) seen.set(u.email.toLowerCase(), u);
  }
  return [...seen.values()];
}

/** A person's name for an e-mail, from the people known (a blank name is no name); the e-mail itself when unknown. */
export function nameFor(email: string, people: readonly Person[], myEmail = ''): string {
  const person = people.find((p) => sameEmail(p.email, email) && p.name.trim() !== '');
  const you = myEmail !== '' && sameEmail(email, myEmail);
  if (person) return you ? `${person.name} (you)` : person.name;
  return you ? `You (${email})` : email;
}

/** My e-mail (as typed in Settings) on the account of a schedule, by its ref: '' when that account has none. */
export function myEmailFor(state: Pick<AppState, 'settings' | 'schedules'>, ref: string): string {
  const accountId = state.schedules.find((s) => s.id === ref)?.accountId ?? refParts(ref).accountId;
  return state.settings.accounts.find((a) => a.id === accountId)?.email ?? '';
}
