// People by e-mail and name, for every form that asks for someone (the override's cover, onboarding's "you", the
// settings e-mail): e-mails compare without case or surrounding spaces, since that is how the service matches them.
import { regexes } from 'zod/v4/core';
import { sameEmail } from '../../../electron/shared/people-names';
import type { Person } from '../../../electron/shared/view-state';
import type { FieldErrors } from './limits';

// The naming rules are shared with main, which words the override's preview with them.
export { nameFor, sameEmail, suggestions } from '../../../electron/shared/people-names';

/** zod's own e-mail pattern (the one z.email() uses), without the rest of zod in the bundle. */
export const isEmail = (value: string): boolean => regexes.email.test(value);

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

/**
 * The ids of the chosen-people list (ChosenPeople.svelte) that name each refused person and give the reason
 * ("nobody@example.com" "No such user."), in order: the picker's field is described by them.
 */
export function refusedIds(people: readonly string[], errors: FieldErrors): string[] {
  return people.flatMap((email, i) =>
    errors[`person:${email.toLowerCase()}`] ? [`ov-person-name-${i}`, `ov-person-problem-${i}`] : [],
  );
}
