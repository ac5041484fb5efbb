// The top of the tray menu, in the order the popover's glance has it: my state first (it opens the popover), what
// stands in the way with its fix as the item's action, then who is on call now, one submenu per schedule (its now
// and next, and taking it over), so the menu stays short: at most 15 top-level items with one account, 20 with three.
import { alarmLine } from '../../shared/alarm-text';
import { stillRingLines, stillRingMay } from '../../shared/still-ring-text';
import type { AppState, Readiness, ReadinessCheck, ScheduleView } from '../../shared/view-state';
import { keySaidApart, readinessLine, type ReadinessLine } from '../../shared/readiness-text';
import { readinessFixPlace } from '../../shared/readiness-fix';
import {
  coverageFreshnessLine,
  coverageItemBasis,
  fmt,
  orderedSchedules,
  scheduleSection,
  type Fmt,
} from './tray-sections';
import { takeOverItems } from './tray-actions';
import { myStateLine } from './tray-my-line';
import { myScheduleLines } from './tray-my-schedule-lines';
import { halfSwapLine } from '../../shared/half-swap-text';
import type { TrayActionId, TrayLeafItem, TrayMenuItem, TraySubmenu } from './tray-items';

export { problemItem, problemItems, setupProblemItems } from './tray-problem-items';

/** "Platform primary · Carol Lee until 23:57": a schedule's header and who is on call now, as one line. */
export function nowLineLabel(section: readonly TrayLeafItem[]): string {
  const [header, now] = section;
  const title = header && header.type === 'label' ? header.label : '';
  const who = now && now.type === 'label' ? now.label.trim().replace(/^Now: /, '') : '';
  return who === '' ? title : `${title} · ${who}`;
}

/** One schedule as a submenu labelled with its now-line: inside, its now and next lines and its take-over items. */
export function scheduleSubmenu(s: ScheduleView, f: Fmt, state: AppState): TraySubmenu {
  const section = scheduleSection(s, f, state);
  const mine = myScheduleLines(s, f, state);
  const actions = takeOverItems(state, f, s.id);
  return {
    type: 'submenu',
    label: nowLineLabel(section),
    items: [...section, ...mine, ...(actions.length > 0 ? [{ type: 'separator' as const }, ...actions] : [])],
  };
}

/** What a readiness check's fix is in the tray: the same as the popover's button. */
const READINESS_FIX: Record<NonNullable<ReadinessCheck['action']>, TrayActionId> = {
  settings: 'open-settings',
  refresh: 'refresh',
  'start-at-login': 'toggle-start-at-login',
  // The test notification asks a question back: the popover has the flow.
  'test-notification': 'open-status',
};

// A key still being read from the keychain: saved data is said meanwhile, as while the service is down (issue 49).
const keyWatch = (s: AppState): boolean => (s.setup.hasKey || s.setup.keyState === 'reading') && s.schedules.length > 0;

/** My state first (opening the popover), then the alarms. `tight`: the menu is short of room, so one alarm is one
 *  item (its line acknowledging it). Before setup, "Open status…" alone. */
export function myStateItems(state: AppState, f: Fmt, problemShown = false, tight = false): TrayMenuItem[] {
  if (!keyWatch(state)) return [{ type: 'action', label: 'Open status…', action: 'open-status', enabled: true }];
  // The alarms before readiness, as the popover and docs/using-it.md order them: a ringing alarm asks most (adv49
  // r15 #3: a muted account's shift 15 h away was read first).
  return [
    { type: 'action', label: myStateLine(state, f, problemShown), action: 'open-status', enabled: true },
    ...alarmItems(state, f, tight),
  ];
}

/** The lines under my state and its alarms: my readiness (its fix as the action when not ready), the phone lines and
 *  the coverage list's line when it is not fresh, each left out when `problemShown` (the sync problem) says it. */
export function myStateLines(state: AppState, f: Fmt, problemShown = false): TrayMenuItem[] {
  if (!keyWatch(state)) return [];
  const items: TrayMenuItem[] = [];
  // A rejected key is the sync problem's, said once there with its "Enter new key…".
  const readiness = problemShown ? keySaidApart(state.me.readiness) : state.me.readiness;
  if (readiness) {
    const line = readinessLine(readiness, (iso, zone) => fmt(iso, f, zone), state);
    // Saved data because the service can't be read is the sync problem's, said once there with its Retry.
    if (!(problemShown && line.problem?.action === 'refresh')) items.push(readinessItem(readiness, line, state));
  }
  items.push(...stillRingItems(state, f));
  // A saved list's time goes on the coverage item (coverageItemBasis), said once: no line of its own then.
  const saidThere = problemShown || coverageItemBasis(state, f, false) !== undefined;
  const coverage = saidThere ? undefined : coverageFreshnessLine(state, f);
  if (coverage) items.push({ type: 'action', label: coverage, action: 'open-coverage', enabled: true });
  return items;
}

/** The readiness line, its fix the action: a Settings fix opens where the problem is, at its account and the part of
 *  Settings it is about (issue 49, adv49 r18: at the top, where the shared reminders read on). */
function readinessItem(r: Readiness, line: ReadinessLine, state: AppState): TrayLeafItem {
  const fix = line.problem?.action;
  if (!line.problem || !fix) return { type: 'label', label: line.text };
  const item: TrayLeafItem = { type: 'action', label: line.text, action: READINESS_FIX[fix], enabled: true };
  if (fix !== 'settings') return item;
  const { account, section, schedule } = readinessFixPlace(r, line.problem, state);
  const at = { ...(account ? { accountId: account } : {}), ...(schedule ? { scheduleId: schedule } : {}) };
  return { ...item, params: { ...at, ...(section ? { section } : {}) } };
}

/** Every alarm the state names: "acknowledged 22:01" / "not acknowledged", and "I'm on it" while one waits. One
 *  alarm stays at the top level; several are one "Alarms not acknowledged (3)" submenu holding each one's line and its
 *  own "I'm on it", so they never push who is on call now out of the menu (issue 49, round 3). Not "ringing": a ring
 *  stops after 10 min or a snooze while the alarm still waits for its acknowledgement, as the tooltip says it. */
function alarmItems(state: AppState, f: Fmt, tight: boolean): TrayMenuItem[] {
  const alarms = allAlarms(state);
  const [only] = alarms;
  if (alarms.length === 0 || !only) return [];
  if (alarms.length === 1)
    return tight && only.ringing
      ? [ackItem(only, `${line(only, f)} · I’m on it`), ...phoneItems(only)]
      : oneAlarmItems(only, f);
  const ringing = alarms.filter((a) => a.ringing).length;
  return [
    {
      type: 'submenu',
      label: ringing > 0 ? `Alarms not acknowledged (${ringing})` : `Shift-start alarms (${alarms.length})`,
      items: alarms.flatMap((a, i): TrayLeafItem[] => [
        ...(i > 0 ? [{ type: 'separator' as const }] : []),
        ...oneAlarmItems(a, f),
      ]),
    },
  ];
}

/** "Your phone may still ring at 09:03 for the Ops shift you no longer have (…)": its fix is in Settings → Phone.
 *  Several are one submenu ("Your phone may still ring for 3 shifts") holding each one's line, as alarms are, so they
 *  never push who is on call now out of the menu (adv49 r9 F3: three took three items, one schedule kept its own). */
function stillRingItems(state: AppState, f: Fmt): TrayMenuItem[] {
  const o = { nowMs: f.nowMs, localZone: f.localZone, ...(f.locale ? { locale: f.locale } : {}) };
  const lines = stillRingLines(state.phone, o).map((label): TrayLeafItem => ({
    type: 'action',
    label,
    action: 'open-settings',
    enabled: true,
    params: { section: 'phone' },
  }));
  if (lines.length < 2) return lines;
  return [
    {
      type: 'submenu',
      label: `Your phone ${stillRingMay(state.phone?.stillRing ?? [])} for ${lines.length} shifts`,
      items: lines,
    },
  ];
}

/** The current (or last) start's alarm and every other one ringing now. */
export function allAlarms(state: AppState): NonNullable<AppState['alarm']>[] {
  return [state.alarm, ...(state.otherAlarms ?? [])].flatMap((a) => (a ? [a] : []));
}

const line = (a: NonNullable<AppState['alarm']>, f: Fmt): string =>
  alarmLine(a, { nowMs: f.nowMs, localZone: f.localZone, ...(f.locale ? { locale: f.locale } : {}) });

const ackItem = (a: NonNullable<AppState['alarm']>, label: string): TrayLeafItem => ({
  type: 'action',
  label,
  action: 'alarm-ack',
  enabled: true,
  params: { alarmKey: a.key },
});

function oneAlarmItems(a: NonNullable<AppState['alarm']>, f: Fmt): TrayLeafItem[] {
  const label: TrayLeafItem = { type: 'label', label: line(a, f) };
  return [label, ...phoneItems(a), ...(a.ringing ? [ackItem(a, 'I’m on it (acknowledge the alarm)')] : [])];
}

/** Its phone alert that did not go out, right under its line (main's words, adv49 r33 F1); the phone's settings are
 *  where a channel that fails is put right. */
const phoneItems = (a: NonNullable<AppState['alarm']>): TrayLeafItem[] =>
  a.phone === undefined
    ? []
    : [{ type: 'action', label: a.phone, action: 'open-settings', enabled: true, params: { section: 'phone' } }];

/** At most this many top-level items (separators aside): with one account, and with several. */
export const MAX_TOP_ONE = 15;
export const MAX_TOP_SEVERAL = 20;

export const topCount = (items: readonly TrayMenuItem[]): number => items.filter((i) => i.type !== 'separator').length;

/** One submenu per schedule while they fit in `room`; past it, the first ones and "More schedules (n)" holding the
 *  rest (each one's lines and take-over items), so any number of schedules keeps the menu short. */
export function scheduleSubmenus(state: AppState, f: Fmt, room: number): TraySubmenu[] {
  const all = orderedSchedules(state).map((s) => scheduleSubmenu(s, f, state));
  if (all.length <= Math.max(room, 1)) return all;
  const shown = all.slice(0, Math.max(room - 1, 0));
  const rest = all.slice(shown.length);
  const items = rest.flatMap((sub, i): TrayLeafItem[] => [
    ...(i > 0 ? [{ type: 'separator' as const }] : []),
    ...sub.items,
  ]);
  return [...shown, { type: 'submenu', label: `More schedules (${rest.length})`, items }];
}

/** Each half-done swap's statement, for the tooltip: the menu item's words without its action. */
export function halfSwapLines(state: AppState, f: Fmt): string[] {
  const at = { nowMs: f.nowMs, localZone: f.localZone, locale: f.locale };
  return (state.halfSwaps ?? []).map((h) => halfSwapLine(state, h, at));
}
