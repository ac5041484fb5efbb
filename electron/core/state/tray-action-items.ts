// The tray menu's actions, after my state and who is on call: the few used often at the top level (coverage,
// override, swap, away), the rest under "More", pausing in a submenu of its own (at the top level while paused, so
// a pause shows until it ends), then Settings and Quit.
import { withAccount } from '../../shared/accounts';
import type { AppState, MyShift } from '../../shared/view-state';
import { gapsBefore } from '../../shared/knowledge';
import { nowUnknownText } from '../../shared/now-unknown';
import { coverageActionLabel, coverageItemBasis, fmt, type Fmt } from './tray-sections';
import { pauseItems } from './tray-actions';
import type { TrayActionId, TrayLeafItem, TrayMenuItem } from './tray-items';

/** Whether `m` is known to be my next block: it is the state's next, nothing before it is unknown (a hole, a
 *  schedule read short of it, saved data: `status` adds "· some shifts … couldn't be read" there) and whether I am
 *  on call now is known. Else the swap item says "my shift", not "my next" (adv47 r10 #4). */
function isMyNext(state: AppState, m: MyShift, nowMs: number): boolean {
  const next = state.me.nextShift;
  if (!next || next.start !== m.start || next.scheduleId !== m.scheduleId) return false;
  // "Next" resting on a schedule's saved read (next-basis.ts) is not known to be next either.
  if (next.basis.kind !== 'fresh') return false;
  const time = (iso: string): string => iso;
  return (
    gapsBefore(state, Date.parse(m.start), time) === '' &&
    nowUnknownText(state, time) === '' &&
    nowMs < Date.parse(m.start)
  );
}

/** "Swap my next shift (Tue 09:00)…": my next block not yet begun, from fresh data only (a block the latest read
 *  didn't read may be someone else's by now: issue 47, round 3); with several accounts, whose ("Acme · Tue 09:00"). */
function swapItems(state: AppState, f: Fmt): TrayLeafItem[] {
  const next = state.me.shifts.find((m) => m.basis.kind === 'fresh' && Date.parse(m.start) > f.nowMs);
  if (!next || !state.setup.hasKey) return [];
  // The schedule's own time too where its zone differs, as "Next: … from 23:00 (09:00 New York)" says it.
  const zone = state.schedules.find((s) => s.id === next.scheduleId)?.timeZone;
  const when = withAccount(state, next.accountId, fmt(next.start, f, zone));
  return [
    {
      type: 'action',
      label: `Swap my ${isMyNext(state, next, f.nowMs) ? 'next shift' : 'shift'} (${when})…`,
      action: 'open-swap',
      enabled: true,
      params: { scheduleId: next.scheduleId, start: next.start, end: next.end },
    },
  ];
}

/** `tight`: the menu is short of room, so the override, swap and away actions go to the top of "More" (the popover
 *  has them too) and who is on call now keeps its lines. */
export function actionItems(state: AppState, f: Fmt, tight = false, problemShown = false): TrayMenuItem[] {
  const ready = state.setup.hasKey && state.schedules.length > 0;
  const act = (label: string, action: TrayActionId, enabled = ready): TrayLeafItem => ({
    type: 'action',
    label,
    action,
    enabled,
  });
  // What is used now and then goes under "More" (a new version too: the popover says so at once), so the menu's top
  // level stays short.
  const update: TrayLeafItem[] = state.update
    ? [
        {
          type: 'action',
          label: `New version available: ${state.update.version}…`,
          action: 'open-update',
          enabled: true,
        },
        { type: 'separator' },
      ]
    : [];
  const often: TrayLeafItem[] = [
    act('Quick override…', 'open-override'),
    ...swapItems(state, f),
    act('I’m away…', 'open-away'),
  ];
  const more: TrayLeafItem[] = [
    ...update,
    ...(tight ? [...often, { type: 'separator' as const }] : []),
    act('Copy on-call summary', 'copy-summary'),
    act('Export my shifts (.ics)…', 'export-calendar'),
    { type: 'separator' },
    act('Edit team…', 'open-team'),
    act('Chat user group…', 'open-chat-group'),
    { type: 'separator' },
    act('Refresh now', 'refresh', state.setup.hasKey && !state.syncing),
    {
      type: 'checkbox',
      label: 'Start at login',
      action: 'toggle-start-at-login',
      checked: state.settings.startAtLogin,
    },
  ];
  return [
    // The list's saved-data basis is said here, once, never again as a line of its own (tray-glance.ts).
    act(coverageActionLabel(state, f, coverageItemBasis(state, f, problemShown)), 'open-coverage'),
    ...(tight ? [] : often),
    { type: 'submenu', label: state.update ? 'More (new version)' : 'More', items: more },
    { type: 'separator' },
    ...pauseTop(state, f),
    act('Settings…', 'open-settings', true),
    act('Quit', 'quit', true),
  ];
}

/** While paused, the pause and "Resume" stand at the top level (a pause must show); otherwise one "Pause" submenu. */
function pauseTop(state: AppState, f: Fmt): TrayMenuItem[] {
  const items = pauseItems(state, f);
  if (items.some((i) => i.type === 'label')) return [...items, { type: 'separator' }];
  return [{ type: 'submenu', label: 'Pause notifications', items }, { type: 'separator' }];
}
