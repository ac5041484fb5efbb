// What stands in the way, after my state in the tray menu, each item with its fix as its action, and how the menu
// folds them when short of room, so who is on call now keeps its lines (issue 49: at most 15 top-level items with
// one account, 20 with several; at least two schedules of their own, all three where three cost what two and
// "More schedules" would).
import type { AppState } from '../../shared/view-state';
import { accountsNeedingSetup } from '../../shared/accounts';
import { halfSwapLine } from '../../shared/half-swap-text';
import { keySaidApart } from '../../shared/readiness-text';
import type { Fmt } from './tray-sections';
import { emailFixItems, opensOwnSetup, problemItems, setupProblemItems } from './tray-problem-items';
import type { TrayLeafItem, TrayMenuItem } from './tray-items';

/** The menu's folds, least hidden first: none; `tight` (one alarm one item, override, swap and away under "More");
 *  `problems` (the problems after the worst in one submenu); `all` (the lines under my state too: readiness, the
 *  phone and the coverage list's line join them). Each is tried only when the one before leaves too little room. */
export const FOLDS = ['roomy', 'tight', 'problems', 'all'] as const;
export type Fold = (typeof FOLDS)[number];

/** The problems after my state: the sync problem's items (the worst first) apart from the rest (half-done swaps and
 *  hand-off, a taken shortcut, Start at login waiting, setup), so the worst can lead when everything folds. */
export interface HeadItems {
  sync: TrayMenuItem[];
  rest: TrayMenuItem[];
}

export function headItems(
  state: AppState,
  f: Fmt,
  problem: string | undefined,
  extras: { shortcutProblem?: string; loginProblem?: string },
): HeadItems {
  const rest: TrayMenuItem[] = [...halfSwapItems(state, f), ...halfHandoffItems(state)];
  // Its fix is Settings' shortcut field, three screens below Settings' top: the item opens there (adv49 r20).
  if (extras.shortcutProblem)
    rest.push({
      type: 'action',
      label: extras.shortcutProblem,
      action: 'open-settings',
      enabled: true,
      params: { section: 'shortcut' },
    });
  // Start at login the OS did not take: its switch in Settings (setting it again retries; on macOS the words say where
  // to approve it). Said once: not here when my readiness line already says it, with the same fix (adv49 r35 F1).
  if (extras.loginProblem && !readinessSays(state, extras.loginProblem, problem !== undefined))
    rest.push({
      type: 'action',
      label: extras.loginProblem,
      action: 'open-settings',
      enabled: true,
      params: { section: 'login' },
    });
  // An e-mail that names no one (or my user moved) is the account's problem: with its sync problems, fix and all.
  return { sync: [...problemItems(state, problem, f), ...emailFixItems(state)], rest: [...rest, ...setupItems(state)] };
}

/** Whether my readiness line (as myStateLines shows it: a rejected key said apart under a sync problem) names
 *  `message` as its problem. */
function readinessSays(state: AppState, message: string, problemShown: boolean): boolean {
  const r = problemShown ? keySaidApart(state.me.readiness) : state.me.readiness;
  return r?.checks.find((c) => c.result === 'problem')?.message === message;
}

/** The first problem stays; the others (each with its fix) are one "n more problems" submenu. Submenus (the phone
 *  lines') stay at the top level: submenus don't nest. One left after the first stays as it is: its submenu would
 *  take the same room and hide it. */
export function foldProblems(all: readonly TrayMenuItem[]): TrayMenuItem[] {
  const [first, ...others] = all;
  const rest = others.flatMap((i) => (i.type === 'submenu' || i.type === 'separator' ? [] : [i]));
  if (first === undefined || rest.length < 2) return [...all];
  const kept = others.filter((i) => i.type === 'submenu');
  return [first, ...kept, { type: 'submenu', label: `${rest.length} more problems`, items: rest }];
}

/** Each swap still half done, its fix as the action: the swap window on my block, with Retry and Hand back. */
function halfSwapItems(state: AppState, f: Fmt): TrayLeafItem[] {
  const at = { nowMs: f.nowMs, localZone: f.localZone, locale: f.locale };
  return (state.halfSwaps ?? []).map((h): TrayLeafItem => {
    const { scheduleId, start, end } = h.result.mine;
    // A later change replaced my landed side: Retry and Hand back would send nothing, so none is offered.
    if (h.replaced !== undefined) return { type: 'label', label: halfSwapLine(state, h, at) };
    return {
      type: 'action',
      label: `${halfSwapLine(state, h, at)}: Retry or hand back…`,
      action: 'open-swap',
      enabled: true,
      params: { scheduleId, start, end },
    };
  });
}

/** An I'm away hand-off left half done (core/handoff/half-handoff.ts), its fix I'm away with its Retry. */
function halfHandoffItems(state: AppState): TrayLeafItem[] {
  const half = state.halfHandoff;
  return half ? [{ type: 'action', label: `${half}: open I’m away…`, action: 'open-away', enabled: true }] : [];
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
    // Its problem line already opens onboarding there: a second item would offer the same fix.
    if (!account || opensOwnSetup(state, a.id)) return [];
    const label = state.accounts.length > 1 ? `Set up ${a.label}…` : 'Set up OnCall Tray…';
    return [{ type: 'action', label, action: 'open-onboarding', enabled: true, params: { accountId: account.id } }];
  });
}
