// With several accounts the tray groups each account's schedules in a submenu of its own, so three services of
// three schedules each stay a short menu: the account's name (and whether its reminders are muted or paused) at the
// top level, its schedules' lines and its own mute and pause inside. With one account nothing changes.
import { accountSilence, type AccountId } from '../../shared/accounts';
import { formatDayTime } from '../../shared/format';
import type { AppState } from '../../shared/view-state';
import { orderedSchedules, scheduleSection, type Fmt } from './tray-sections';
import type { TrayLeafItem, TraySubmenu } from './tray-items';
import { takeOverItems } from './tray-actions';

/** "muted", "paused until 14:00", or undefined while the account's reminders come. */
export function silenceText(state: AppState, accountId: string, f: Fmt): string | undefined {
  const silence = accountSilence(state.settings.accounts, accountId, f.nowMs);
  if (!silence) return undefined;
  if (silence.kind === 'muted') return 'reminders muted';
  if (silence.kind === 'same-service') return `reminders told as ${silence.as}'s`;
  const opts = { nowMs: f.nowMs, localZone: f.localZone, ...(f.locale ? { locale: f.locale } : {}) };
  return `reminders paused until ${formatDayTime(silence.untilMs, opts)}`;
}

function silenceItems(state: AppState, accountId: AccountId, label: string, f: Fmt): TrayLeafItem[] {
  const params = { accountId };
  const account = state.settings.accounts.find((a) => a.id === accountId);
  const muted = account?.muted === true;
  const paused = !muted && accountSilence(state.settings.accounts, accountId, f.nowMs)?.kind === 'paused';
  const items: TrayLeafItem[] = [
    { type: 'checkbox', label: `Mute ${label}'s reminders`, action: 'mute-account', checked: muted, params },
  ];
  if (muted) return items;
  if (paused)
    return [
      ...items,
      { type: 'action', label: `Resume ${label}'s reminders`, action: 'resume-account', enabled: true, params },
    ];
  return [
    ...items,
    { type: 'action', label: `Pause ${label} for 1 h`, action: 'pause-account-1h', enabled: true, params },
    {
      type: 'action',
      label: `Pause ${label} until tomorrow 09:00`,
      action: 'pause-account-tomorrow',
      enabled: true,
      params,
    },
  ];
}

/** One submenu per account, in the user's order: its schedules (mine first, as the popover lists them) with their
 *  take-over items, then its own mute and pause. The submenu's label names the account and whether its reminders are silent. */
export function accountSubmenus(state: AppState, f: Fmt): TraySubmenu[] {
  const ordered = orderedSchedules(state);
  return state.settings.accounts.map((account) => {
    const silent = silenceText(state, account.id, f);
    const sections = ordered
      .filter((s) => s.accountId === account.id)
      .flatMap((s): TrayLeafItem[] => [
        ...scheduleSection(s, f, state, false),
        // Taking a schedule over sits with it, inside its account: never a top-level item per person on call.
        ...takeOverItems(state, f, s.id),
        { type: 'separator' },
      ]);
    const none: TrayLeafItem[] = sections.length === 0 ? [{ type: 'label', label: 'No schedule shown yet' }] : [];
    return {
      type: 'submenu',
      label: silent ? `${account.label} (${silent})` : account.label,
      items: [...sections, ...none, ...silenceItems(state, account.id, account.label, f)],
    };
  });
}
