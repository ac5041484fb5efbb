// The glance's one-line stale/offline note with its fix ("Not answering · showing saved data from 19:05", Retry):
// "saved data" is said once on the glance.
import { formatDayTime } from '../../../electron/shared/format';
import { savedDataFrom } from '../../../electron/shared/saved-words';
import { goneFixPlace, offlineWords, savedAt, statusLineSaved, syncFix } from '../../../electron/shared/freshness';
import type { AppState } from '../../../electron/shared/view-state';
import type { AccountId } from '../../../electron/shared/account-names';
import type { FormatContext } from './format-context';

export interface StaleLine {
  tone: 'warning' | 'error';
  text: string;
  action: 'retry' | 'settings' | 'setup';
  /** A rejected key's own fix, "Enter new key…": Settings on that account (on none when it isn't known). */
  newKey?: { account?: AccountId };
  /** setup: the account onboarding opens on, as the tray's item does, and its name for the button ("Set up Acme…",
   *  as the tray's item: a bare "Set up…" read alone by a screen reader doesn't say which account; adv49 r8 F3). */
  setup?: { account: AccountId; name: string };
  /** Where Settings opens for the fix: a rejected key's account (`newKey`), a schedule the service doesn't have's
   *  row, as the tray's item (shared/freshness.ts). */
  at?: Record<string, string> | undefined;
}

/** The line with its fix: a rejected key's "Enter new key…" (retrying fixes no key), else `fallback` (a gone
 *  schedule's Settings at its row: `at`). Several
 *  accounts in trouble are a line each (stale-lines.ts), so a line has one fix. */
function withFix(state: AppState, line: Omit<StaleLine, 'action'>, fallback: 'retry' | 'settings'): StaleLine {
  const rejected = state.accounts.find((a) => a.sync.kind === 'key_rejected');
  if (state.sync.kind !== 'key_rejected' && !rejected) return { ...line, action: fallback, at: goneFixPlace(state) };
  const at: { account?: AccountId } & Record<string, string> = rejected ? { account: rejected.id } : {};
  return { ...line, action: 'settings', newKey: at, at };
}

/**
 * One line instead of a banner plus a note per card: "Not answering · showing saved data from 19:05". "Saved data" is said
 * once on the glance: when the status line above already carries its "(saved data)" mark, this line says only from
 * when ("Offline · last updated 19:05").
 */
export function staleLine(state: AppState, ctx: FormatContext): StaleLine | undefined {
  const sync = state.sync;
  const marked = showingSavedData(state);
  // The day when not today, as every surface words saved data (shared/saved-words.ts).
  const shown = (saved: string | null | undefined): string =>
    saved === undefined
      ? ''
      : saved === null
        ? ' · nothing saved to show yet'
        : marked
          ? ` · last updated ${formatDayTime(saved, ctx)}`
          : ` · showing ${savedDataFrom(saved, ctx)}`;
  switch (sync.kind) {
    case 'ok': {
      const stale = state.schedules.filter((s) => s.status.kind === 'stale');
      if (stale.length === 0) return undefined;
      const oldest = stale
        .map((s) => savedAt(s.status))
        .filter((x): x is string => !!x)
        .sort()[0];
      return { tone: 'warning', text: `Not refreshed recently${shown(oldest)}`, action: 'retry' };
    }
    case 'needs_setup':
      return undefined;
    case 'key_rejected':
      return withFix(state, { tone: 'error', text: sync.message }, 'settings');
    case 'offline':
      return withFix(state, { tone: 'warning', text: `${offlineWords(sync.cause)}${shown(sync.saved)}` }, 'retry');
    // A schedule the service doesn't have: retrying can't bring it back; Settings removes or replaces it.
    case 'partial':
      return withFix(state, { tone: 'warning', text: `${sync.clause}${shown(sync.saved)}` }, syncFix(state));
    case 'error':
      return withFix(state, { tone: 'error', text: `${sync.clause}${shown(sync.saved)}` }, syncFix(state));
  }
}

/** True when what is on screen is saved data, not fresh: the main status line is marked "(saved data)". */
export function showingSavedData(state: AppState): boolean {
  return statusLineSaved(state);
}
