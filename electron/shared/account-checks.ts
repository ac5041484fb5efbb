// A service's name, address, e-mail, key and schedules as the forms take them, checked in main (the settings save,
// onboarding's address step, "Add another service") in the words the forms show beside each field: the renderer
// holds no second copy of these rules (issue 49), it sends what was typed and puts main's problems on their fields.
// Plain rules, no zod: main's IPC edge has already bounded every text.
import { regexes } from 'zod/v4/core';
import { checkBaseUrl } from './base-url';
import { FIELD_LIMITS, tooLong } from './limits';

/** Problems by field ("label", "baseUrl", …), the fine ones left out. */
export type FieldProblems = Record<string, string>;

/** zod's own e-mail pattern (the one z.email() uses). */
const isEmail = (value: string): boolean => regexes.email.test(value);

/** Why a service address can't be used ("The address must use https:// …."), or undefined. */
export function addressProblem(raw: string): string | undefined {
  const url = checkBaseUrl(raw);
  return url.ok ? undefined : `The address ${url.error.problems[0]?.message ?? 'is not valid'}.`;
}

/** A service's name, address and e-mail as typed, in Settings or in "Add another service". */
export interface AccountIdentity {
  label: string;
  baseUrl: string;
  email: string;
}

/**
 * The problems of a service's name, address and e-mail, said alike for Settings and "Add another service".
 * `nameNeeded`: its name is shown (so required); `taken`: the names it may not take (two "Work" could not be told
 * apart).
 */
export function identityProblems(v: AccountIdentity, nameNeeded: boolean, taken: readonly string[]): FieldProblems {
  const errors: FieldProblems = {};
  const label = v.label.trim();
  if (nameNeeded && label === '') errors.label = 'Name this service, e.g. Work or Acme.';
  else if ([...label].length > FIELD_LIMITS.accountLabel) errors.label = tooLong('The name', FIELD_LIMITS.accountLabel);
  else if (label !== '' && taken.some((l) => l.trim().toLowerCase() === label.toLowerCase()))
    errors.label = `You already have a service named ${label}.`;
  const address = addressProblem(v.baseUrl);
  if (v.baseUrl.trim() === '') errors.baseUrl = 'Enter the service address, e.g. https://oncall.example.com/api.';
  else if (address) errors.baseUrl = address;
  else if ([...v.baseUrl].length > FIELD_LIMITS.baseUrl)
    errors.baseUrl = tooLong('The service address', FIELD_LIMITS.baseUrl);
  const email = v.email.trim();
  if ([...email].length > FIELD_LIMITS.email) errors.email = tooLong('The e-mail', FIELD_LIMITS.email);
  else if (email !== '' && !isEmail(email)) errors.email = 'This must be an e-mail address.';
  return errors;
}

/** The schedule id in an id or a pasted link (sch_…), or undefined. */
export function scheduleIdIn(input: string): string | undefined {
  return /\b(sch_[A-Za-z0-9_-]+)/.exec(input.trim())?.[1];
}

/** The schedule ids in what was typed, in order, each once; the first entry without an id (or with one longer than
 *  an id may be, 128) is the problem: it is never asked about. */
export function scheduleIdsIn(entries: readonly string[]): { ids: string[]; bad?: string; tooLong?: string } {
  const ids: string[] = [];
  for (const entry of entries.flatMap((e) => e.split(/[\s,]+/)).filter((e) => e !== '')) {
    const id = scheduleIdIn(entry);
    if (!id) return { ids, bad: entry };
    if ([...id].length > FIELD_LIMITS.id) return { ids, tooLong: entry };
    if (!ids.includes(id)) ids.push(id);
  }
  return { ids };
}

const shortened = (text: string): string => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

/** A new service as "Add another service" sends it: what was typed, the schedules as entries (ids or links). */
export interface NewAccountTyped extends AccountIdentity {
  key: string;
  schedules: readonly string[];
}

/** `labels`: the names of the services already there (a second "Work" could not be told apart). */
export function newAccountProblems(v: NewAccountTyped, labels: readonly string[]): FieldProblems {
  const errors = identityProblems(v, true, labels);
  if (v.key.trim() === '') errors.key = 'Paste the API key for this service.';
  else if ([...v.key.trim()].length > FIELD_LIMITS.apiKey) errors.key = tooLong('The API key', FIELD_LIMITS.apiKey);
  const found = scheduleIdsIn(v.schedules);
  if (found.bad !== undefined) errors.schedules = `No schedule id in “${shortened(found.bad)}”: ids start with sch_.`;
  else if (found.tooLong !== undefined)
    errors.schedules = `${tooLong(`The schedule id in “${shortened(found.tooLong)}”`, FIELD_LIMITS.id)} Check what was pasted.`;
  else if (found.ids.length === 0) errors.schedules = 'Add at least one schedule id or link (sch_…).';
  return errors;
}
