// The tray as plain data: which icon, what tooltip, which menu, all pure functions of (state, now, zone, locale). The
// Electron adapter only maps this to Tray/Menu, so everything a user reads in the tray is tested in Node.
import { endIsKnown } from '../../shared/basis';
import type { AppState } from '../../shared/view-state';
import { accountSilenced, accountsNeedingSetup } from '../../shared/accounts';
import { failedSchedules, syncText } from '../../shared/freshness';
import { isUnknownGap, myShiftsLookedForNowhere } from '../../shared/knowledge';
import { readinessLine } from '../../shared/readiness-text';
import { formatLeft, formatRelative } from '../../shared/format';
import { DAY_MS, MINUTE_MS } from '../../shared/time';
import {
  blockPhrase,
  coverageActionLabel,
  coverageFreshnessLine,
  myShiftLine,
  orderedSchedules,
  scheduleSection,
  shiftPhrase,
  uncoveredLines,
  noShiftPhrase,
  gapsSuffix,
  fmt,
  type Fmt,
} from './tray-sections';
import { pauseItems, takeOverItems } from './tray-actions';
import { accountSubmenus } from './tray-accounts';
import type { TrayActionId, TrayMenuItem } from './tray-items';

export { pauseUntil, type PauseChoice, type TrayParams } from './tray-actions';

export type TrayIcon = 'oncall' | 'soon' | 'off' | 'attention' | 'problem';

export type { TrayActionId, TrayLeafItem, TrayMenuItem, TraySubmenu } from './tray-items';

const SOON_MS = DAY_MS;

/** Whether the app can't tell if I am on call: nothing says I am, and my shifts are unknown somewhere (or no account
 *  has my e-mail, so they are looked for nowhere). */
function myStateUnknown(state: AppState): boolean {
  if (state.me.onCallNow.length > 0) return false;
  return (!state.me.nextShift && myShiftsLookedForNowhere(state)) || state.me.gaps.some(isUnknownGap);
}

function hasProblem(state: AppState): boolean {
  const kind = state.sync.kind;
  if (kind === 'key_rejected' || kind === 'error' || kind === 'needs_setup') return true;
  // An "off" icon would say I'm off call while that is unknown (loading, failed, or saved data ending before now).
  if (myStateUnknown(state)) return true;
  // Before my shift, notifications that can't be shown: the icon is then the one thing left that can say so.
  if (state.me.readiness?.checks.some((c) => c.id === 'notifications' && c.result === 'problem')) return true;
  if (state.syncing || state.schedules.length === 0) return false;
  // A schedule whose on-call data never loaded: "off call" would be a guess.
  if (failedSchedules(state).length > 0) return true;
  // Cached data is marked stale at start-up until the first refresh lands; only a settled "all stale" is a problem.
  return state.schedules.every((s) => s.status.kind !== 'fresh' && s.status.kind !== 'loading');
}

/**
 * The icon, by priority: a problem first (an icon that looks fine on wrong data is worse than a warning), then
 * being on call now (the one thing never to miss), then a coverage request asking me, then on call within 24 h.
 */
export function trayIconFor(state: AppState, nowMs: number): TrayIcon {
  if (hasProblem(state)) return 'problem';
  // A muted or paused account never sets the icon (its cards and shifts are still listed).
  const accounts = state.settings.accounts;
  const muted = new Set<string>(accounts.filter((a) => accountSilenced(accounts, a.id, nowMs)).map((a) => a.id));
  const heard = <T extends { accountId: string }>(list: readonly T[]): T[] =>
    list.filter((x) => !muted.has(x.accountId));
  if (heard(state.me.onCallNow).length > 0) return 'oncall';
  if (heard(state.coverage.askingMe).length > 0) return 'attention';
  const next =
    muted.size === 0 || !state.me.nextShift || !muted.has(state.me.nextShift.accountId)
      ? state.me.nextShift
      : heard(state.me.shifts).find((s) => Date.parse(s.start) > nowMs);
  if (next && Date.parse(next.start) - nowMs <= SOON_MS) return 'soon';
  return 'off';
}

/** What the tray shows besides the state: the user's locale and a problem outside the engine. */
export interface TrayExtras {
  /** BCP 47 locale for clock and weekday formats (the app's locale); default 'en-GB'. */
  locale?: string;
  /** Why the global shortcut is not working, e.g. another app holds it. */
  shortcutProblem?: string;
  /** Why Start at login is not what Settings says, as the OS read it back (macOS: waiting for approval). */
  loginProblem?: string;
}

function problemLine(state: AppState, f: Fmt): string | undefined {
  const sync = state.sync;
  if (sync.kind === 'ok') {
    // Only what is true: saved data that was not refreshed (a schedule still loading has nothing saved to show).
    const settledStale =
      !state.syncing && state.schedules.length > 0 && state.schedules.every((s) => s.status.kind === 'stale');
    return settledStale ? 'Showing saved data: not refreshed recently' : undefined;
  }
  return syncText(sync, (at) => fmt(at, f));
}

/** One glance: "On call: Platform primary until 17:00", plus what needs attention, one fact per line. */
export function trayTooltip(state: AppState, nowMs: number, localZone: string, extras: TrayExtras = {}): string {
  const f: Fmt = { nowMs, localZone, locale: extras.locale };
  const lines: string[] = [];
  const onCall = state.me.onCallNow;
  const next = state.me.nextShift;
  const current = onCall[0];
  if (current) {
    const left = onCall.length === 1 && endIsKnown(current) ? ` (${formatLeft(nowMs, current.end)})` : '';
    // Each block says what it rests on (shiftPhrase): "(saved data from 10:30)" beside the one it is about.
    lines.push(`On call: ${onCall.map((s) => shiftPhrase(s, f, state)).join(', ')}${left}`);
  } else if (next) {
    lines.push(
      `Next on call: ${blockPhrase(next, f, state)} (${formatRelative(nowMs, next.start)})${gapsSuffix(state, next, f)}`,
    );
  } else {
    const none = noShiftPhrase(state, f);
    lines.push(
      none.unknown
        ? `On call: ${none.text}`
        : none.text === 'No upcoming shift of yours'
          ? 'Off call'
          : `Off call · ${none.text}`,
    );
  }
  const asking = state.coverage.askingMe.length;
  if (asking > 0) lines.push(`Asks you (${asking})`);
  lines.push(...uncoveredLines(state, f));
  const coverage = coverageFreshnessLine(state, f);
  if (coverage) lines.push(coverage);
  const problem = problemLine(state, f);
  if (problem) lines.push(problem);
  return lines.join('\n');
}

function headItems(state: AppState, f: Fmt, extras: TrayExtras): TrayMenuItem[] {
  const { shortcutProblem, loginProblem } = extras;
  const items: TrayMenuItem[] = [{ type: 'action', label: 'Open status…', action: 'open-status', enabled: true }];
  const problem = problemLine(state, f);
  if (problem) items.push({ type: 'label', label: problem });
  if (shortcutProblem) items.push({ type: 'label', label: shortcutProblem });
  if (loginProblem) items.push({ type: 'label', label: loginProblem });
  if (state.update)
    items.push({
      type: 'action',
      label: `New version available: ${state.update.version}…`,
      action: 'open-update',
      enabled: true,
    });
  return [...items, ...setupItems(state)];
}

/** "Set up OnCall Tray…" for the account that needs it (with several, one item per such account, named): each opens
 *  onboarding on its own account, so a key pasted there is stored for that account alone. */
function setupItems(state: AppState): TrayMenuItem[] {
  const needing = accountsNeedingSetup(state);
  if (needing.length === 0 && state.accounts.length === 0 && state.sync.kind === 'needs_setup')
    return [{ type: 'action', label: 'Set up OnCall Tray…', action: 'open-onboarding', enabled: true }];
  // The account as the settings name it (its id typed): one no longer listed there gets no item.
  return needing.flatMap((a) => {
    const account = state.settings.accounts.find((s) => s.id === a.id);
    if (!account) return [];
    const label = state.accounts.length > 1 ? `Set up ${a.label}…` : 'Set up OnCall Tray…';
    return [{ type: 'action', label, action: 'open-onboarding', enabled: true, params: { accountId: account.id } }];
  });
}

/** "Swap my next shift (Tue 09:00)…": my next block not yet begun, from fresh data only. */
function swapItems(state: AppState, f: Fmt): TrayMenuItem[] {
  const next = state.me.shifts.find((m) => Date.parse(m.start) > f.nowMs);
  if (!next || !state.setup.hasKey) return [];
  return [
    {
      type: 'action',
      label: `Swap my next shift (${fmt(next.start, f)})…`,
      action: 'open-swap',
      enabled: true,
      params: { scheduleId: next.scheduleId, start: next.start, end: next.end },
    },
  ];
}

function actionItems(state: AppState, f: Fmt): TrayMenuItem[] {
  const ready = state.setup.hasKey && state.schedules.length > 0;
  const act = (label: string, action: TrayActionId, enabled = ready): TrayMenuItem => ({
    type: 'action',
    label,
    action,
    enabled,
  });
  return [
    act(coverageActionLabel(state), 'open-coverage'),
    act('Quick override…', 'open-override'),
    act('I’m away…', 'open-away'),
    ...swapItems(state, f),
    ...takeOverItems(state, f),
    act('Copy on-call summary', 'copy-summary'),
    act('Export my shifts (.ics)…', 'export-calendar'),
    { type: 'separator' },
    ...pauseItems(state, f),
    { type: 'separator' },
    act('Edit team…', 'open-team'),
    act('Chat user group…', 'open-chat-group'),
    { type: 'separator' },
    act('Refresh now', 'refresh', state.setup.hasKey && !state.syncing),
    act('Settings…', 'open-settings', true),
    {
      type: 'checkbox',
      label: 'Start at login',
      action: 'toggle-start-at-login',
      checked: state.settings.startAtLogin,
    },
    { type: 'separator' },
    act('Quit', 'quit', true),
  ];
}

/** The whole menu as data: status (and a shortcut problem), one section per schedule, my next shift, then the actions. */
export function buildTrayMenu(
  state: AppState,
  nowMs: number,
  localZone: string,
  extras: TrayExtras = {},
): TrayMenuItem[] {
  const f: Fmt = { nowMs, localZone, locale: extras.locale };
  const items: TrayMenuItem[] = [...headItems(state, f, extras), { type: 'separator' }];
  // Several accounts: one submenu each (its schedules, its mute and pause), so 3 × 3 schedules stay a short menu.
  if (state.settings.accounts.length > 1) items.push(...accountSubmenus(state, f), { type: 'separator' });
  else for (const s of orderedSchedules(state)) items.push(...scheduleSection(s, f, state), { type: 'separator' });
  if (state.setup.hasKey && state.schedules.length > 0) {
    items.push({ type: 'label', label: myShiftLine(state, f) });
    const readiness = state.me.readiness;
    if (readiness) items.push({ type: 'label', label: readinessLine(readiness, (iso) => fmt(iso, f)).text });
    const coverage = coverageFreshnessLine(state, f);
    if (coverage) items.push({ type: 'label', label: coverage });
    items.push({ type: 'separator' });
  }
  items.push(...actionItems(state, f));
  return items;
}

/** The next minute boundary: countdowns in the menu and tooltip change only there. */
export function nextMenuRefreshAt(nowMs: number): number {
  return Math.floor(nowMs / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
}

/**
 * The first minute boundary at which what the tray shows (`shownAt`: icon, tooltip and menu as one string) would
 * differ from now, looking at most `lookMin` minutes ahead (then that boundary: a refresh at least hourly). A
 * countdown in minutes refreshes every minute; "in 3 d" does not wake the app sixty times an hour.
 */
export function nextTrayChangeAt(shownAt: (atMs: number) => string, nowMs: number, lookMin = 60): number {
  const current = shownAt(nowMs);
  let atMs = nextMenuRefreshAt(nowMs);
  for (let i = 1; i < lookMin && shownAt(atMs) === current; i++) atMs += MINUTE_MS;
  return atMs;
}
