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

/** The engine's problem ("baseUrl", or "accounts.2.baseUrl" from the settings save) on the form's field. */
export function fieldOfProblem(field: string): NewAccountField | undefined {
  const name = field.split('.').find((part) => /^[a-zA-Z]+$/.test(part) && part !== 'accounts');
  return name === 'label' || name === 'baseUrl' || name === 'key' || name === 'email' || name === 'schedules'
    ? name
    : undefined;
}
