// The tray as plain data: which icon, what tooltip, which menu, all pure functions of (state, now, zone, locale). The
// Electron adapter only maps this to Tray/Menu, so everything a user reads in the tray is tested in Node.
import type { AppState } from '../../shared/view-state';
import { accountSilenced } from '../../shared/accounts';
import { everyAccountPaused } from '../../shared/pause-words';
import { knownAsks } from '../../shared/ask-basis-words';
import { problemLine, tooltipText } from './tray-tooltip';
import { failedSchedules } from '../../shared/freshness';
import { isUnknownGap, myShiftsLookedForNowhere } from '../../shared/knowledge';
import { DAY_MS, MINUTE_MS } from '../../shared/time';
import { type Fmt } from './tray-sections';
import { accountSubmenus } from './tray-accounts';
import { MAX_TOP_ONE, MAX_TOP_SEVERAL, myStateItems, myStateLines, scheduleSubmenus, topCount } from './tray-glance';
import { FOLDS, foldProblems, headItems, type Fold } from './tray-fold';
import { actionItems } from './tray-action-items';
import type { TrayMenuItem } from './tray-items';

export { pauseUntil, type PauseChoice, type TrayParams } from './tray-actions';

/** 'paused': notifications paused (the crossed-out bell, muted as everywhere else); 'off': off call (a plain bell).
 *  'oncall-paused' and 'problem-paused': on call, or a problem, with the pause mark (a pause never hides either, and
 *  either never hides the pause). */
export type TrayIcon =
  'oncall' | 'soon' | 'off' | 'attention' | 'problem' | 'paused' | 'oncall-paused' | 'problem-paused';

export type { TrayActionId, TrayLeafItem, TrayMenuItem, TraySubmenu } from './tray-items';

const SOON_MS = DAY_MS;

/** Whether the app can't tell if I am on call: nothing says I am, and my shifts are unknown somewhere (or no account
 *  has my e-mail, so they are looked for nowhere). */
function myStateUnknown(state: AppState): boolean {
  if (state.me.onCallNow.length > 0) return false;
  // Nothing read yet (no key, no schedule): an "off" icon would say I am off call.
  if (state.schedules.length === 0) return true;
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

/** Whether notifications are paused now (the whole app, not one account). */
export function pausedNow(state: AppState, nowMs: number): boolean {
  return state.settings.pausedUntil !== null && Date.parse(state.settings.pausedUntil) > nowMs;
}

/**
 * The icon, by priority: a problem first (an icon that looks fine on wrong data is worse than a warning), then
 * being on call now (the one thing never to miss), then a pause (until it ends), then a coverage request asking me,
 * then on call within 24 h. A pause also marks the problem and on-call icons, so it shows until it ends.
 */
export function trayIconFor(state: AppState, nowMs: number): TrayIcon {
  // Every account paused from its own submenu silences as the app-wide pause does: the mark stays with a problem.
  const paused = pausedNow(state, nowMs) || everyAccountPaused(state, nowMs);
  if (hasProblem(state)) return paused ? 'problem-paused' : 'problem';
  // A muted or paused account doesn't ring, but muting never makes on call look off: being on call only where I'm
  // muted is on call with the pause mark (its reminders are held); it sets no "soon" or "asks you" of its own.
  const accounts = state.settings.accounts;
  const muted = new Set<string>(accounts.filter((a) => accountSilenced(accounts, a.id, nowMs)).map((a) => a.id));
  const heard = <T extends { accountId: string }>(list: readonly T[]): T[] =>
    list.filter((x) => !muted.has(x.accountId));
  if (state.me.onCallNow.length > 0)
    return paused || heard(state.me.onCallNow).length === 0 ? 'oncall-paused' : 'oncall';
  if (paused) return 'paused';
  if (heard(knownAsks(state.coverage.askingMe)).length > 0) return 'attention';
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
  /** The platform's tooltip limit in characters (desktop-platform.ts): longer, it is cut at a line with "…". */
  maxChars?: number;
}

/** One glance: my state in a short line, what asks me (alarms not acknowledged, the pause), then one fact per line
 *  (tray-tooltip.ts); within `extras.maxChars`, the platform's limit, when given. */
export function trayTooltip(state: AppState, nowMs: number, localZone: string, extras: TrayExtras = {}): string {
  return tooltipText(state, { nowMs, localZone, locale: extras.locale }, extras.maxChars);
}

/** The whole menu as data: my state (and its problems, each opening its fix), who is on call now (a submenu per
 *  schedule, or per account with several), then the actions. */
export function buildTrayMenu(
  state: AppState,
  nowMs: number,
  localZone: string,
  extras: TrayExtras = {},
): TrayMenuItem[] {
  const f: Fmt = { nowMs, localZone, locale: extras.locale };
  const several = state.settings.accounts.length > 1;
  const max = several ? MAX_TOP_SEVERAL : MAX_TOP_ONE;
  // Who is on call now keeps its lines (every account's, or up to three schedules': two and "More schedules" take as
  // many): short of room, the menu folds step by step (tray-fold.ts) until they fit (issue 49, rounds 3, 9 and 16).
  const wanted = several ? state.settings.accounts.length : Math.min(state.schedules.length, 3);
  let parts = menuParts(state, f, extras, 'roomy');
  for (const fold of FOLDS.slice(1)) if (parts.top + wanted > max) parts = menuParts(state, f, extras, fold);
  const items = [...parts.items];
  // Several accounts: one submenu each (its schedules, its take-overs, its mute and pause): 3 × 3 stays short.
  const who = several ? accountSubmenus(state, f) : scheduleSubmenus(state, f, max - parts.top);
  if (who.length > 0) items.push(...who, { type: 'separator' });
  items.push(...parts.actions);
  return items;
}

/** My state and what stands in the way, and the actions, with how many top-level items they take together. */
function menuParts(
  state: AppState,
  f: Fmt,
  extras: TrayExtras,
  fold: Fold,
): { items: TrayMenuItem[]; actions: TrayMenuItem[]; top: number } {
  const line = problemLine(state, f);
  const problem = line !== undefined && state.sync.kind !== 'needs_setup';
  const tight = fold !== 'roomy';
  const mine = myStateItems(state, f, problem, tight);
  const lines = myStateLines(state, f, problem);
  const head = headItems(state, f, line, extras);
  // Everything folded: the worst sync problem leads, then my readiness and the rest (each with its fix) after it.
  const stand =
    fold === 'all'
      ? foldProblems([...head.sync, ...lines, ...head.rest])
      : [
          ...lines,
          ...(fold === 'problems' ? foldProblems([...head.sync, ...head.rest]) : [...head.sync, ...head.rest]),
        ];
  // Before setup there is no state of mine to lead with ("Open status…" only): what to do first leads instead.
  const setUp = state.setup.hasKey && state.schedules.length > 0;
  const items: TrayMenuItem[] = [...(setUp ? [...mine, ...stand] : [...stand, ...mine]), { type: 'separator' }];
  const actions = actionItems(state, f, tight, problem);
  return { items, actions, top: topCount(items) + topCount(actions) };
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
