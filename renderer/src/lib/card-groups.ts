// The popover's cards grouped by account (several accounts), below its glance: apart from ./accounts so the popover's
// first-loaded JS leaves it out (it loads with the cards, vite.config.ts BELOW_GLANCE). Pure, unit-tested.
import { accountHeading } from './accounts';
import type { AccountView, AppState, ScheduleView } from '../../../electron/shared/view-state';

export interface AccountGroup {
  account: AccountView;
  heading: string;
  /** Not fresh: the heading is shown as a warning. */
  problem: boolean;
  schedules: ScheduleView[];
}

/**
 * The schedules (already in the order the popover shows them) grouped by account, in the user's order of accounts.
 * An account without schedules still gets its group: its heading says why nothing is shown.
 */
export function groupByAccount(state: Pick<AppState, 'accounts'>, schedules: readonly ScheduleView[]): AccountGroup[] {
  // One needing setup is said once, by its problem line with its fix (stale-lines.ts): its heading only names it.
  return state.accounts.map((account) => ({
    account,
    heading: account.sync.kind === 'needs_setup' ? account.label : accountHeading(account),
    problem: account.sync.kind !== 'ok' && account.sync.kind !== 'needs_setup',
    schedules: schedules.filter((s) => s.accountId === account.id),
  }));
}
