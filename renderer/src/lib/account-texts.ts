// What the forms say about an account (Settings' Accounts list; my e-mail for a schedule is shared/people-names): apart
// from ./accounts.ts, whose popover parts are in the popover's first load, while these load with the forms.
import type { AccountView } from '../../../electron/shared/view-state';
import { syncProblem } from './accounts';

/** Where an account's key lives, as the Accounts list says it. */
export function keyText(account: Pick<AccountView, 'hasKey' | 'keyStorage' | 'keyFromEnvironment'>): string {
  if (account.keyFromEnvironment) return 'Key from the environment';
  if (!account.hasKey) return 'No key stored';
  return account.keyStorage === 'memory' ? 'Key kept in memory (this session)' : 'Key stored in the keychain';
}

/** How the account's sync stands, for the Accounts list: "Up to date" or its problem (not shared/freshness's
 *  syncText, whose name the registry-reach test reads as a wording primitive). */
export function accountSyncText(account: Pick<AccountView, 'sync'>): string {
  const problem = syncProblem(account.sync);
  return problem ? problem.charAt(0).toUpperCase() + problem.slice(1) : 'Up to date';
}
