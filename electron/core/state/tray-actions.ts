// Tray items that act on one thing: take over or hand back on a schedule, pause notifications, copy the hand-off
// text. Plain data like the rest of the menu; the adapter asks for one confirmation before a take-over is sent.
import { withAccount, type AccountId } from '../../shared/accounts';
import { DateTime } from 'luxon';
import type { AppState } from '../../shared/view-state';
import { joinNames } from '../../shared/format';
import type { Fmt } from './tray-sections';
import type { SettingsFixSection } from '../../shared/readiness-fix';
import { formatDayTime } from '../../shared/format';
import { pausePromise } from './pause-promise';

export type PauseChoice = '1h' | 'tomorrow';

/** Until when a pause lasts: an hour from now, or 09:00 tomorrow in the zone the user is in. */
export function pauseUntil(choice: PauseChoice, nowMs: number, localZone: string): string {
  if (choice === '1h') return new Date(nowMs + 60 * 60_000).toISOString();
  const nine = DateTime.fromMillis(nowMs, { zone: localZone })
    .plus({ days: 1 })
    .set({ hour: 9, minute: 0, second: 0, millisecond: 0 });
  return nine.toUTC().toISO() ?? new Date(nowMs + 24 * 60 * 60_000).toISOString();
}

/** What a parameterised tray item carries to the adapter. */
export interface TrayParams {
  /** The account an item is about ("Set up Acme…"). */
  accountId?: AccountId;
  scheduleId?: string;
  fromEmail?: string;
  /** A block of mine (UTC instants): "Swap my next shift…". */
  start?: string;
  end?: string;
  /** The shift-start alarm an item acknowledges. */
  alarmKey?: string;
  /** The part of Settings an item's fix is in ("Your phone may still ring…": Settings → Phone; a schedule's reminder
   *  choice, with `accountId` and `scheduleId`; an account's mute and pause). */
  section?: SettingsFixSection;
}

export type TrayActItem<Id extends string> = {
  type: 'action';
  label: string;
  action: Id;
  enabled: boolean;
  params?: TrayParams;
};

/** "Take over Platform primary from Alice until 17:00…" per person on call now, and "Hand back…" after a take-over;
 *  of one schedule when `scheduleId` is given (its submenu), else of all. */
export function takeOverItems(state: AppState, f: Fmt, scheduleId?: string): TrayActItem<'take-over' | 'hand-back'>[] {
  if (!state.setup.hasKey) return [];
  const items: TrayActItem<'take-over' | 'hand-back'>[] = [];
  for (const s of state.schedules) {
    if (scheduleId !== undefined && s.id !== scheduleId) continue;
    const o = s.takeOverOptions;
    if (o?.handBack) {
      const label = `Hand ${withAccount(state, s.accountId, s.name)} back to ${joinNames(o.handBack.to.map((p) => p.name))}…`;
      items.push({ type: 'action', label, action: 'hand-back', enabled: true, params: { scheduleId: s.id } });
    }
    const from = o?.takeOver?.from ?? [];
    // The schedule's own time too where its zone differs, as the line above it says the same end (adv47 r9 #3).
    const until = o?.takeOver
      ? formatDayTime(o.takeOver.until, {
          nowMs: f.nowMs,
          localZone: f.localZone,
          ...(f.locale ? { locale: f.locale } : {}),
          ...(s.timeZone ? { scheduleZone: s.timeZone } : {}),
        })
      : '';
    for (const p of from) {
      const label = `Take over ${withAccount(state, s.accountId, s.name)} from ${p.name} until ${until}…`;
      items.push({
        type: 'action',
        label,
        action: 'take-over',
        enabled: true,
        params: { scheduleId: s.id, fromEmail: p.email },
      });
    }
  }
  return items;
}

/** "Pause notifications…" choices, or the pause and "Resume" while paused. */
export function pauseItems(
  state: AppState,
  f: Fmt,
): ({ type: 'label'; label: string } | TrayActItem<'pause-1h' | 'pause-tomorrow' | 'resume'>)[] {
  const pausedMs = state.settings.pausedUntil === null ? undefined : Date.parse(state.settings.pausedUntil);
  if (pausedMs !== undefined && pausedMs > f.nowMs) {
    const opts = { nowMs: f.nowMs, localZone: f.localZone, ...(f.locale ? { locale: f.locale } : {}) };
    const until = formatDayTime(pausedMs, opts);
    return [
      { type: 'label', label: `Notifications paused until ${until} (${pausePromise(state, pausedMs, opts)})` },
      { type: 'action', label: 'Resume notifications', action: 'resume', enabled: true },
    ];
  }
  // The instant the choice pauses until, worded as every time is ("Thu 09:00"), never a fixed "tomorrow 09:00".
  const tomorrow = formatDayTime(pauseUntil('tomorrow', f.nowMs, f.localZone), {
    nowMs: f.nowMs,
    localZone: f.localZone,
    ...(f.locale ? { locale: f.locale } : {}),
  });
  return [
    { type: 'action', label: 'Pause notifications for 1 h', action: 'pause-1h', enabled: true },
    { type: 'action', label: `Pause notifications until ${tomorrow}`, action: 'pause-tomorrow', enabled: true },
  ];
}
