// The notice on one service added twice (same address and e-mail) says what is told once and through which account,
// by the rule that picks the account telling it (shared/accounts.ts toldElsewhereAt, the start alarm's): while the
// earlier account is paused or muted the later one tells the schedules both watch. The notice said "told once, as
// Work's" then, beside readiness saying they come through Team (adv47 r40 #2).
import { toldElsewhereAt } from '../../shared/accounts';
import { ownSilence } from '../../shared/service-identity';
import type { Account } from '../../shared/settings';
import type { AppState } from '../../shared/view-state';

/** Who tells the schedules both watch now: the earlier account, or this one while the earlier one is silent on its
 *  own (its pause or mute), named with why. */
function tellerClause(accounts: readonly Account[], account: Account, earlier: Account, nowMs?: number): string {
  // Without the instant (a state combined for a test of another part) the earlier account tells, as set up.
  const silence = nowMs === undefined ? undefined : ownSilence(earlier, nowMs);
  const here = silence !== undefined && toldElsewhereAt(accounts, account.id, nowMs ?? 0).by.size === 0;
  if (!here) return `as ${earlier.label}'s`;
  return `through ${account.label} while ${earlier.label} is ${silence.kind === 'muted' ? 'muted' : 'paused'}`;
}

/** What the notice says is told once is what is: everything, or only the schedules both watch. */
export function sameServiceNotice(
  accounts: readonly Account[],
  account: Account,
  earlier: Account,
  at: { whole: boolean; nowMs: number | undefined },
): AppState['notices'][number] {
  const teller = tellerClause(accounts, account, earlier, at.nowMs);
  const told = at.whole
    ? `its shifts, requests and reminders are told once, ${teller}`
    : `shifts on the schedules both watch are told once, ${teller}; its other schedules are its own`;
  return {
    id: `same-service-${account.id}`,
    accountId: account.id,
    message: `${account.label} is the same service as ${earlier.label} (the same address and e-mail): ${told}. Remove one of them in Settings.`,
  };
}
