// The tray as plain data: which icon, what tooltip, which menu, all pure functions of (state, now, zone, locale). The
// Electron adapter only maps this to Tray/Menu, so everything a user reads in the tray is tested in Node.
import type { AppState } from '../../shared/view-state';
import { accountSilenced, accountsNeedingSetup } from '../../shared/accounts';
import { everyAccountPaused } from '../../shared/pause-words';
import { knownAsks } from '../../shared/ask-basis-words';
import { problemLine, tooltipText } from './tray-tooltip';
import { failedSchedules } from '../../shared/freshness';
import { isUnknownGap, myShiftsLookedForNowhere } from '../../shared/knowledge';
import { DAY_MS, MINUTE_MS } from '../../shared/time';
import { type Fmt } from './tray-sections';
import { accountSubmenus } from './tray-accounts';
import {
  MAX_TOP_ONE,
  MAX_TOP_SEVERAL,
  halfSwapItems,
  halfHandoffItems,
  myStateItems,
  problemItems,
  setupProblemItems,
  scheduleSubmenus,
  topCount,
} from './tray-glance';
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
  const paused = pausedNow(state, nowMs);
  if (hasProblem(state)) return paused ? 'problem-paused' : 'problem';
  // A muted or paused account doesn't ring, but muting never makes on call look off: being on call only where I'm
  // muted is on call with the pause mark (its reminders are held); it sets no "soon" or "asks you" of its own.
  const accounts = state.settings.accounts;
  const muted = new Set<string>(accounts.filter((a) => accountSilenced(accounts, a.id, nowMs)).map((a) => a.id));
  const heard = <T extends { accountId: string }>(list: readonly T[]): T[] =>
    list.filter((x) => !muted.has(x.accountId));
  if (state.me.onCallNow.length > 0)
    return paused || heard(state.me.onCallNow).length === 0 ? 'oncall-paused' : 'oncall';
  if (paused || everyAccountPaused(state, nowMs)) return 'paused';
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

/** After my state: what stands in the way, each with its fix as the action. */
function headItems(state: AppState, f: Fmt, extras: TrayExtras, fold: boolean): TrayMenuItem[] {
  const { shortcutProblem, loginProblem } = extras;
  const items: TrayMenuItem[] = [
    ...problemItems(state, problemLine(state, f), f),
    ...halfSwapItems(state, f),
    ...halfHandoffItems(state),
  ];
  if (shortcutProblem) items.push({ type: 'action', label: shortcutProblem, action: 'open-settings', enabled: true });
  // macOS keeps the login item waiting for approval: the fix is the user's, in System Settings (the label says where).
  if (loginProblem) items.push({ type: 'label', label: loginProblem });
  const all = [...items, ...setupItems(state)];
  // Still short of room for who is on call now: the worst problem stays, the others (each with its fix) one submenu.
  const [first, ...others] = all;
  const rest = others.flatMap((i) => (i.type === 'submenu' || i.type === 'separator' ? [] : [i]));
  if (!fold || first === undefined || rest.length < 2) return all;
  const kept = others.filter((i) => i.type === 'submenu' || i.type === 'separator');
  return [first, ...kept, { type: 'submenu', label: `${rest.length} more problems`, items: rest }];
}

/** "Set up OnCall Tray…" for the account that needs it (with several, one item per such account, named): each opens
 *  onboarding on its own account, so a key pasted there is stored for that account alone. */
function setupItems(state: AppState): TrayMenuItem[] {
  const needing = accountsNeedingSetup(state);
  if (needing.length === 0 && state.accounts.length === 0 && state.sync.kind === 'needs_setup')
    return [{ type: 'action', label: 'Set up OnCall Tray…', action: 'open-onboarding', enabled: true }];
  // The account as the settings name it (its id typed): one no longer listed there gets no item.
  // With several accounts each one not set up is one problem item opening its onboarding: not twice.
  if (state.accounts.length > 1) return setupProblemItems(state);
  return needing.flatMap((a) => {
    const account = state.settings.accounts.find((s) => s.id === a.id);
    if (!account) return [];
    const label = state.accounts.length > 1 ? `Set up ${a.label}…` : 'Set up OnCall Tray…';
    return [{ type: 'action', label, action: 'open-onboarding', enabled: true, params: { accountId: account.id } }];
  });
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
  // Who is on call now keeps its lines (every account's, or two schedules'): short of room, one alarm becomes one
  // item and the override, swap and away actions go under "More" (issue 49, round 3: alarms pushed them all out).
  // ("More schedules" holds the rest past two.)
  const wanted = several ? state.settings.accounts.length : Math.min(state.schedules.length, 3);
  const roomy = menuParts(state, f, extras, false);
  const tight = roomy.top + wanted <= max ? roomy : menuParts(state, f, extras, true);
  // Past that, the problems after the worst fold into one submenu (adv49 r9's generated worlds: a phone line, a
  // rejected read, a shortcut and a login problem left one schedule its own entry where two are promised).
  const parts = tight.top + wanted <= max ? tight : menuParts(state, f, extras, true, true);
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
  tight: boolean,
  fold = false,
): { items: TrayMenuItem[]; actions: TrayMenuItem[]; top: number } {
  const problem = problemLine(state, f) !== undefined && state.sync.kind !== 'needs_setup';
  const mine = myStateItems(state, f, problem, tight);
  const head = headItems(state, f, extras, fold);
  // Before setup there is no state of mine to lead with ("Open status…" only): what to do first leads instead.
  const setUp = state.setup.hasKey && state.schedules.length > 0;
  const items: TrayMenuItem[] = [...(setUp ? [...mine, ...head] : [...head, ...mine]), { type: 'separator' }];
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
