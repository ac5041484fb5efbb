// Where a save's problems land in the settings window: the engine names a setting by its path ("accounts.1.baseUrl"),
// the form by its field (that account's field, by id), so a problem shows beside what it is about.
import { fieldOfProblem } from './account-form';
import { accountField, type AccountValues } from './settings-form';

/** Where the engine's problem goes: "accounts.1.baseUrl" on that account's field, others on their setting. */
export function errorKey(field: string, accounts: readonly AccountValues[]): string {
  const [top, index] = field.split('.');
  const account = top === 'accounts' ? accounts[Number(index)] : undefined;
  const name = fieldOfProblem(field);
  return account && name ? accountField(account.id, name) : (top ?? 'form');
}
