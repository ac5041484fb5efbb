// With several accounts the tray groups each account's schedules in a submenu of its own, so three services of
// three schedules each stay a short menu: the account's name, who is on call there now, and whether its reminders
// are muted or paused at the top level; its schedules' lines and its own mute and pause inside. With one account
// nothing changes.
import { accountSilence, myEmailOn, type AccountId } from '../../shared/accounts';
import { hasData } from '../../shared/freshness';
import { uncoveredNow } from '../../shared/knowledge';
import { formatDayTime } from '../../shared/format';
import type { AppState, ScheduleView } from '../../shared/view-state';
import { orderedSchedules, scheduleSection, type Fmt } from './tray-sections';
import type { TrayLeafItem, TraySubmenu } from './tray-items';
import { pauseUntil, takeOverItems } from './tray-actions';
import { myScheduleLines } from './tray-my-schedule-lines';

/** "muted", "paused until 14:00", or undefined while the account's reminders come. */
/** "reminders muted" after a name, or "Reminders muted" as a line of its own (`opening`). */
export function silenceText(
  state: AppState,
  accountId: string,
  f: Fmt,
  opening: 'reminders' | 'Reminders' = 'reminders',
): string | undefined {
  const silence = accountSilence(state.settings.accounts, accountId, f.nowMs);
  if (!silence) return undefined;
  if (silence.kind === 'muted') return `${opening} muted`;
  if (silence.kind === 'same-service') return `${opening} told as ${silence.as}'s`;
  const opts = { nowMs: f.nowMs, localZone: f.localZone, ...(f.locale ? { locale: f.locale } : {}) };
  return `${opening} paused until ${formatDayTime(silence.untilMs, opts)}`;
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
      label: `Pause ${label} until ${formatDayTime(pauseUntil('tomorrow', f.nowMs, f.localZone), {
        nowMs: f.nowMs,
        localZone: f.localZone,
        ...(f.locale ? { locale: f.locale } : {}),
      })}`,
      action: 'pause-account-tomorrow',
      enabled: true,
      params,
    },
  ];
}

const MAX_WHO_NAMES = 3;

/**
 * Who is on call now on an account's schedules, for its top-level entry (the tray's answer to "who is on call now"
 * with several accounts): "you, Carol Lee", each person once, "you" for me; a schedule read with nobody on call and
 * one not known are said, never left out ("nobody on Payments", "Database unknown"); from saved data it says so.
 */
export function accountWho(state: AppState, schedules: readonly ScheduleView[], nowMs: number): string {
  const me = (s: ScheduleView): string => myEmailOn(state, s.accountId);
  const people = [
    ...new Set(
      schedules.flatMap((s) =>
        (s.now?.users ?? []).map((u) => (me(s) !== '' && u.email.toLowerCase() === me(s) ? 'you' : u.name)),
      ),
    ),
  ];
  const nobody = schedules.filter((s) => !s.now && uncoveredNow(s, nowMs));
  const unknown = schedules.filter((s) => !s.now && !uncoveredNow(s, nowMs));
  const several = (list: readonly ScheduleView[]): string =>
    list.length === 1 ? (list[0]?.name ?? '') : `${list.length} schedules`;
  const shown = people.slice(0, MAX_WHO_NAMES).join(', ');
  const parts = [
    people.length > MAX_WHO_NAMES ? `${shown} +${people.length - MAX_WHO_NAMES} more` : shown,
    nobody.length > 0 ? `nobody on ${several(nobody)}` : '',
    unknown.length > 0 ? `${several(unknown)} unknown` : '',
  ].filter((p) => p !== '');
  const saved = schedules.some((s) => hasData(s.status) && s.status.kind !== 'fresh');
  return `${parts.join(' · ')}${parts.length > 0 && saved ? ' (saved data)' : ''}`;
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
        ...myScheduleLines(s, f, state),
        // Taking a schedule over sits with it, inside its account: never a top-level item per person on call.
        ...takeOverItems(state, f, s.id),
        { type: 'separator' },
      ]);
    const none: TrayLeafItem[] = sections.length === 0 ? [{ type: 'label', label: 'No schedule shown yet' }] : [];
    const who = accountWho(
      state,
      ordered.filter((s) => s.accountId === account.id),
      f.nowMs,
    );
    const name = silent ? `${account.label} (${silent})` : account.label;
    return {
      type: 'submenu',
      label: who === '' ? name : `${name}: ${who}`,
      items: [...sections, ...none, ...silenceItems(state, account.id, account.label, f)],
    };
  });
}
