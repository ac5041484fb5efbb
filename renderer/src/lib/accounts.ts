// Several services in one tray, as the popover names them: with one account nothing is named (it reads as before);
// with several, every row about a schedule names its account ("Work · Platform primary"), cards are grouped by
// account, and an account that is not fresh says its problem under its own name ("Acme: key rejected").
import { accountsNeedingSetup, MAIN_ACCOUNT_ID, type AccountId } from '../../../electron/shared/account-names';
import { offlineWords } from '../../../electron/shared/freshness';
import type { AccountView, AppState, SyncStatus } from '../../../electron/shared/view-state';

export const severalAccounts = (state: Pick<AppState, 'accounts'>): boolean => state.accounts.length > 1;

/** "Work · Platform primary" when there are several accounts; the schedule's name alone otherwise (main's words). */
export { withAccount } from '../../../electron/shared/account-names';

/** What keeps an account from being fresh, in a few words; undefined when it is up to date. */
export function syncProblem(sync: SyncStatus): string | undefined {
  switch (sync.kind) {
    case 'ok':
      return undefined;
    case 'key_rejected':
      return 'key rejected';
    case 'offline':
      return `${offlineWords(sync.cause).toLowerCase()}${sync.saved ? ', showing saved data' : ''}`;
    case 'needs_setup':
      return `not set up (${sync.clause})`;
    case 'partial':
    case 'error':
      return sync.clause;
  }
}

/** "Acme" when fresh; "Acme: key rejected" when not. */
export function accountHeading(account: AccountView): string {
  const problem = syncProblem(account.sync);
  return problem ? `${account.label}: ${problem}` : account.label;
}

/**
 * The account onboarding sets up: the one asked for (the tray's "Set up Acme…" names it), else the first that needs
 * setting up, else the only account; the main account when there is none yet. Undefined when the account asked for
 * is no longer listed, or several are and none needs setting up: never silently another account than asked, nor
 * "the first".
 */
export function accountToSetUp(state: Pick<AppState, 'accounts' | 'settings'>, asked?: string): AccountId | undefined {
  const list = state.settings.accounts;
  const known = (id: string | undefined): AccountId | undefined => list.find((a) => a.id === id)?.id;
  if (asked !== undefined) return known(asked);
  const needing = known(accountsNeedingSetup(state)[0]?.id);
  if (needing) return needing;
  const [only] = list;
  if (list.length === 0) return MAIN_ACCOUNT_ID;
  return list.length === 1 ? only?.id : undefined;
}
