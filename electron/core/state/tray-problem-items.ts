// The sync problem in the tray, as items whose action is its fix: one per account in trouble, the worst first, and
// an account not set up with its own "Set up" item (never Retry).
import type { AppState } from '../../shared/view-state';
import { goneFixPlace, syncFix, syncText } from '../../shared/freshness';
import { WORST_FIRST } from '../../shared/problem-order';
import { fmt, type Fmt } from './tray-sections';
import type { TrayLeafItem } from './tray-items';
import type { TrayParams } from './tray-actions';
import { fixedAtEmail } from '../sync/identity';

const SETTINGS_FIX = 'Remove or replace it in Settings…';

/** The sync problem as an item whose action is its fix: a rejected key opens Settings, anything else retries.
 *  Problems with different fixes (a schedule the service doesn't have; holes) are an item each (adv49 r13 #5).
 *  `at`: the account in trouble, so its Settings fix opens at that account (its key field, for a rejected key). */
export function problemItem(
  state: AppState,
  text: string | undefined,
  time?: (iso: string) => string,
  name = '',
  at: TrayParams = state.accounts.length === 1 && state.accounts[0] ? { accountId: state.accounts[0].id } : {},
): TrayLeafItem[] {
  if (text === undefined) return [];
  const kind = state.sync.kind;
  const params = at.accountId === undefined ? {} : { params: at };
  const gone = goneAt(state, params);
  if (state.sync.kind === 'partial' && state.sync.apart && time)
    return state.sync.apart.map((p) => {
      const said = `${name}${syncText({ kind: 'partial', message: `${p.clause}.`, clause: p.clause, saved: p.saved }, time)}`;
      return p.fix === 'settings'
        ? { type: 'action', label: `${said} ${SETTINGS_FIX}`, action: 'open-settings', enabled: true, ...gone }
        : { type: 'action', label: said, action: 'refresh', enabled: !state.syncing };
    });
  // Before setup the "Set up OnCall Tray…" item is the fix; the line would say the same twice. Once the key is in
  // (no schedule yet), the line is itself that item, as it is with several accounts (adv49 r31).
  if (kind === 'needs_setup')
    return at.accountId !== undefined && opensOwnSetup(state, at.accountId)
      ? [{ type: 'action', label: text, action: 'open-onboarding', enabled: true, params: { accountId: at.accountId } }]
      : [{ type: 'label', label: text }];
  // A schedule the service doesn't have is fixed in Settings (remove or replace it), never by retrying.
  if (kind !== 'key_rejected' && syncFix(state) === 'settings')
    return [{ type: 'action', label: `${text} ${SETTINGS_FIX}`, action: 'open-settings', enabled: true, ...gone }];
  if (kind === 'key_rejected')
    return [{ type: 'action', label: text, action: 'open-settings', enabled: true, ...params }];
  return [{ type: 'action', label: text, action: 'refresh', enabled: !state.syncing }];
}

/** The one account, its key in, not set up (no schedule yet): its problem line opens onboarding there, so no
 *  "Set up OnCall Tray…" is offered beside it. Without a key (a first run) that item stays the way in. */
export function opensOwnSetup(state: AppState, accountId: string): boolean {
  if (state.accounts.length !== 1 || !state.settings.accounts.some((s) => s.id === accountId)) return false;
  return state.accounts.find((a) => a.id === accountId)?.hasKey === true;
}

/** A schedule the service doesn't have: Settings at its account and its row (the popover's button opens the same
 *  place: shared/freshness.ts); none found, `params` as they are. */
function goneAt(state: AppState, params: { params?: TrayParams }): { params?: TrayParams } {
  const place = goneFixPlace(state);
  return place ? { params: { accountId: place.account, section: place.section, scheduleId: place.schedule } } : params;
}

/** The sync problem as items, each opening its own fix: with several accounts, one per account in trouble ("Side
 *  gig: The service rejected the API key…" opening Settings, "Acme: Cannot reach the service…" retrying), never one
 *  merged item whose one action fits only some of them. An account needing setup has its own "Set up" item. */
export function problemItems(state: AppState, text: string | undefined, f: Fmt): TrayLeafItem[] {
  const time = (iso: string): string => fmt(iso, f);
  if (text === undefined || state.accounts.length < 2 || state.sync.kind === 'needs_setup')
    return problemItem(state, text, time);
  // The worst first, as the popover says them (a rejected key stays first when the rest fold: adv49 r11 F2); ok and
  // not set up (-1) are left out below.
  const byWorst = [...state.accounts].sort(
    (a, b) => WORST_FIRST.indexOf(a.sync.kind) - WORST_FIRST.indexOf(b.sync.kind),
  );
  const items = byWorst.flatMap((a) => {
    if (a.sync.kind === 'ok' || a.sync.kind === 'needs_setup') return [];
    const own = { ...state, sync: a.sync, schedules: state.schedules.filter((s) => s.accountId === a.id) };
    return problemItem(own, `${a.label}: ${syncText(a.sync, time)}`, time, `${a.label}: `, { accountId: a.id });
  });
  // Saved data not refreshed while every account says it is fine: the one line as it is. An account not set up
  // has its own item (setupProblemItems), never this merged line's Retry.
  const settingUp = state.accounts.some((a) => a.sync.kind === 'needs_setup');
  return items.length > 0 || settingUp ? items : problemItem(state, text);
}

/** An account not set up: one item, its fix as the action (onboarding on that account), never Retry (issue 49,
 *  adversarial round 7, #2: "Acme: Add your API key to start." refreshed, beside a second "Set up Acme…"). */
export function setupProblemItems(state: AppState): TrayLeafItem[] {
  return state.accounts.flatMap((a) =>
    a.sync.kind === 'needs_setup' ? setupProblem(state, a.id, a.label, a.sync.message) : [],
  );
}

function setupProblem(state: AppState, id: string, label: string, message: string): TrayLeafItem[] {
  const account = state.settings.accounts.find((s) => s.id === id);
  const text = message === 'Add your API key to start.' ? `Add the API key for ${label}…` : `${label}: ${message}`;
  if (!account) return [{ type: 'label', label: text }];
  return [{ type: 'action', label: text, action: 'open-onboarding', enabled: true, params: { accountId: account.id } }];
}

/** My e-mail at an account names no one on its schedules, or the service lists my user under another: each an item
 *  opening Settings at that account's e-mail field, worded as the notice is (main's words, one per account). */
export function emailFixItems(state: AppState): TrayLeafItem[] {
  const only = state.accounts.length === 1 ? state.accounts[0]?.id : undefined;
  return state.notices.flatMap((n): TrayLeafItem[] => {
    const accountId = n.accountId ?? only;
    if (!fixedAtEmail(n.id) || accountId === undefined) return [];
    const params: TrayParams = { accountId, section: 'email' };
    return [{ type: 'action', label: n.message, action: 'open-settings', enabled: true, params }];
  });
}
