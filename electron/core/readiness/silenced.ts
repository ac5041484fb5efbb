// A muted account, or one paused past its shift's start, rings nothing for that shift: not a reminder, not the
// start alarm (docs/settings-and-accounts.md: muting silences even a start). So its readiness says so as its one
// problem, never "Reminders are on … Shift-start alarm: loud ✓" for a shift that will pass in silence.
import { accountSilence } from '../../shared/accounts';
import type { Account } from '../../shared/account-settings';
import type { AppState, ReadinessCheck } from '../../shared/view-state';

export type StartSilence = 'muted' | 'paused';

/** Why nothing of the account rings at `startMs` (muted, or paused until after it), or undefined when it speaks. */
export function silenceAtStart(
  accounts: readonly Account[],
  accountId: string,
  startMs: number,
): StartSilence | undefined {
  const silence = accountSilence(accounts, accountId, startMs);
  return silence?.kind === 'muted' || silence?.kind === 'paused' ? silence.kind : undefined;
}

function silencedCheck(label: string, why: StartSilence): ReadinessCheck {
  const how = why === 'muted' ? 'muted' : 'paused past its start';
  const fix = why === 'muted' ? 'unmute them' : 'resume them';
  return {
    id: 'reminders',
    result: 'problem',
    message: `Reminders for ${label} are ${how}: no reminder or alarm will come for this shift; ${fix} in the tray menu or Settings.`,
    action: 'settings',
  };
}

/** The account's state with its readiness saying that its shift will pass in silence, where it will. */
export function withStartSilence(state: AppState, account: Account, accounts: readonly Account[]): AppState {
  const r = state.me.readiness;
  if (!r) return state;
  const why = silenceAtStart(accounts, account.id, Date.parse(r.shift.start));
  if (!why) return state;
  const checks = r.checks.map((c) => (c.id === 'reminders' ? silencedCheck(account.label, why) : c));
  return { ...state, me: { ...state.me, readiness: { ...r, checks } } };
}
