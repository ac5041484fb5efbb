// The part of ./accounts.ts that the popover's first load needs: an account's id (the one place a string becomes
// one), the main account's, my e-mail on an account, a schedule named with its account, the accounts needing setup.
// Main and the renderer's forms import these through ./accounts.ts, which re-exports them; the popover imports this
// module alone, so the rest of ./accounts.ts (refs, record keys, keychain names, addresses) stays out of it.
// No zod at run time here (types only).
import type { z } from 'zod';

/** An account's id: lower-case letters, digits and dashes (AccountIdSchema in account-settings.ts brands it too). */
export type AccountId = string & z.$brand<'AccountId'>;

export const ACCOUNT_ID_PATTERN = /^[a-z0-9][a-z0-9-]*$/;
const ACCOUNT_ID_MAX = 32; // limits.ts accountId

/** The one place a string becomes an AccountId: only one that has the shape of one. */
export function parseAccountId(raw: string): AccountId | null {
  // The brand is given here only.
  return ACCOUNT_ID_PATTERN.test(raw) && raw.length <= ACCOUNT_ID_MAX ? (raw as AccountId) : null;
}

/** The account an upgraded single-service settings file becomes (unprefixed in the namespaces ./accounts.ts names). */
export const MAIN_ACCOUNT_ID: AccountId = parseAccountId('main') ?? fail('main');

function fail(raw: string): never {
  throw new Error(`${raw} is not an account id`);
}

/** An account id known to be well formed (a constant, a test): throws on one that isn't. */
export function accountIdOf(raw: string): AccountId {
  return parseAccountId(raw) ?? fail(raw);
}

/** My e-mail on an account, lower-cased ('' when not set): how "me" is found in that account's shifts. */
export function myEmailOn(state: { accounts: readonly { id: string; email: string }[] }, accountId: string): string {
  return (state.accounts.find((a) => a.id === accountId)?.email ?? '').trim().toLowerCase();
}

/** The one join of an account's name and what is named on it: "Work · Platform primary" (the bare name without a
 *  label). Every surface names a thing of an account through this (issue 47: seven surfaces each joined it). */
export function accountNamed(label: string | undefined, name: string): string {
  return label === undefined || label === '' ? name : `${label} · ${name}`;
}

/** What names a schedule (or a row of its) to the user: "Work · Platform primary" while there are several accounts,
 *  the bare name with one (nothing changes for a single service). */
export function withAccount(
  state: { accounts: readonly { id: string; label: string }[] },
  accountId: string,
  name: string,
): string {
  if (state.accounts.length < 2) return name;
  const label = state.accounts.find((a) => a.id === accountId)?.label;
  return accountNamed(label, name);
}

/** The accounts that can't be read yet (no address, key or schedule), in the user's order: "Set up…" and
 *  onboarding open one of these, by its id, never "the first account". */
export function accountsNeedingSetup<A extends { id: string; sync: { kind: string } }>(state: {
  accounts: readonly A[];
}): A[] {
  return state.accounts.filter((a) => a.sync.kind === 'needs_setup');
}
