// People by e-mail and name, for every form that asks for someone (the override's cover, onboarding's "you", the
// settings e-mail): e-mails compare without case or surrounding spaces, since that is how the service matches them.
import { regexes } from 'zod/v4/core';
import type { Person, ScheduleView } from '../../../electron/shared/view-state';
import type { FieldErrors } from './limits';

/** zod's own e-mail pattern (the one z.email() uses), without the rest of zod in the bundle. */
export const isEmail = (value: string): boolean => regexes.email.test(value);

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

/** Matches for what was typed: names whose word starts with it first, then e-mails starting with it, then any. */
export function matchPeople(people: readonly Person[], query: string, exclude: readonly string[] = []): Person[] {
  const q = query.trim().toLowerCase();
  const open = people.filter((p) => !exclude.some((e) => sameEmail(e, p.email)));
  if (q === '') return open;
  const rank = (p: Person): number => {
    const name = p.name.toLowerCase();
    const email = p.email.toLowerCase();
    if (name.startsWith(q)) return 0;
    if (name.split(/\s+/).some((w) => w.startsWith(q))) return 1;
    if (email.startsWith(q)) return 2;
    if (name.includes(q) || email.includes(q)) return 3;
    return 9;
  };
  return open
    .map((p) => ({ p, r: rank(p) }))
    .filter((x) => x.r < 9)
    .sort((a, b) => a.r - b.r)
    .map((x) => x.p);
}

/** A person's name for an e-mail, from the people known (a blank name is no name); the e-mail itself when unknown. */
export function nameFor(email: string, people: readonly Person[], myEmail = ''): string {
  const person = people.find((p) => sameEmail(p.email, email) && p.name.trim() !== '');
  const you = myEmail !== '' && sameEmail(email, myEmail);
  if (person) return you ? `${person.name} (you)` : person.name;
  return you ? `You (${email})` : email;
}

/**
 * The ids of the chosen-people list (ChosenPeople.svelte) that name each refused person and give the reason
 * ("nobody@example.com" "No such user."), in order: the picker's field is described by them.
 */
export function refusedIds(people: readonly string[], errors: FieldErrors): string[] {
  return people.flatMap((email, i) =>
    errors[`person:${email.toLowerCase()}`] ? [`ov-person-name-${i}`, `ov-person-problem-${i}`] : [],
  );
}
