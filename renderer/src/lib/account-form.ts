// "Add another service": what the form holds, and which field a problem of main's belongs to (main checks what was
// typed: electron/shared/account-checks.ts). Pure, so it is unit-tested without a browser.

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

/** The engine's problem ("baseUrl", or "accounts.2.baseUrl" from the settings save) on the form's field. */
export function fieldOfProblem(field: string): NewAccountField | undefined {
  const name = field.split('.').find((part) => /^[a-zA-Z]+$/.test(part) && part !== 'accounts');
  return name === 'label' || name === 'baseUrl' || name === 'key' || name === 'email' || name === 'schedules'
    ? name
    : undefined;
}
