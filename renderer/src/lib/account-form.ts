// "Add another service": what the form holds, its checks (each problem on the field at fault), and which field a
// failure of the engine belongs to. Pure, so it is unit-tested without a browser.
import { checkBaseUrl } from '../../../electron/shared/base-url';
import { FIELD_LIMITS, tooLong, type FieldErrors } from './limits';
import { isEmail } from './people';

export interface NewAccountValues {
  label: string;
  baseUrl: string;
  /** Write-only: sent to the keychain once the account is saved, never kept after. */
  key: string;
  email: string;
  /** Schedule ids or links, one per line (or separated by spaces or commas). */
  schedules: string;
}

export type NewAccountField = keyof NewAccountValues;

export const blankAccount = (): NewAccountValues => ({ label: '', baseUrl: '', key: '', email: '', schedules: '' });

/** Same as extractScheduleId in electron/shared/settings.ts (a test compares), without that module's zod. */
export function scheduleIdIn(input: string): string | undefined {
  return /\b(sch_[A-Za-z0-9_-]+)/.exec(input.trim())?.[1];
}

/** Why a service address can't be used ("The address must use https:// …."), or undefined. */
export function addressProblem(raw: string): string | undefined {
  const url = checkBaseUrl(raw);
  return url.ok ? undefined : `The address ${url.error.problems[0]?.message ?? 'is not valid'}.`;
}

/** A service's name, address and e-mail as typed, in Settings or in "Add another service". */
export type AccountIdentity = Pick<NewAccountValues, 'label' | 'baseUrl' | 'email'>;

/**
 * The problems of a service's name, address and e-mail, said alike by Settings and "Add another service".
 * `nameNeeded`: its name is shown (so required); `taken`: the names it may not take (two "Work" could not be told
 * apart).
 */
export function identityErrors(v: AccountIdentity, nameNeeded: boolean, taken: readonly string[]): FieldErrors {
  const errors: FieldErrors = {};
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

export type NewAccountChecked = { ok: true; scheduleIds: string[] } | { ok: false; errors: FieldErrors };

/** The schedule ids in what was typed, in order, each once; the first entry without an id (or with one longer than
 *  an id may be, 128) is the problem: it is never sent. */
export function scheduleIdsIn(text: string): { ids: string[]; bad?: string; tooLong?: string } {
  const ids: string[] = [];
  for (const entry of text.split(/[\s,]+/).filter((e) => e !== '')) {
    const id = scheduleIdIn(entry);
    if (!id) return { ids, bad: entry };
    if ([...id].length > FIELD_LIMITS.id) return { ids, tooLong: entry };
    if (!ids.includes(id)) ids.push(id);
  }
  return { ids };
}

const shortened = (text: string): string => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

/** `labels`: the names of the services already there (a second "Work" could not be told apart). */
export function checkNewAccount(v: NewAccountValues, labels: readonly string[]): NewAccountChecked {
  const errors = identityErrors(v, true, labels);
  if (v.key.trim() === '') errors.key = 'Paste the API key for this service.';
  else if ([...v.key.trim()].length > FIELD_LIMITS.apiKey) errors.key = tooLong('The API key', FIELD_LIMITS.apiKey);
  const found = scheduleIdsIn(v.schedules);
  if (found.bad !== undefined) errors.schedules = `No schedule id in “${shortened(found.bad)}”: ids start with sch_.`;
  else if (found.tooLong !== undefined)
    errors.schedules = `${tooLong(`The schedule id in “${shortened(found.tooLong)}”`, FIELD_LIMITS.id)} Check what was pasted.`;
  else if (found.ids.length === 0) errors.schedules = 'Add at least one schedule id or link (sch_…).';
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, scheduleIds: found.ids };
}

/** The engine's problem ("baseUrl", or "accounts.2.baseUrl" from the settings save) on the form's field. */
export function fieldOfProblem(field: string): NewAccountField | undefined {
  const name = field.split('.').find((part) => /^[a-zA-Z]+$/.test(part) && part !== 'accounts');
  return name === 'label' || name === 'baseUrl' || name === 'key' || name === 'email' || name === 'schedules'
    ? name
    : undefined;
}
