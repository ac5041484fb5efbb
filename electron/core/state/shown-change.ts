// When what the surfaces show changes by time alone between minute boundaries: a pause (the app's own or an
// account's) is shown while its end is ahead (pause-words.ts) and must stop being shown at that end, not at the next
// minute the tray redraws on nor the next tick of the popover's clock (issue 49: "until it ends", not after).
import { nextPauseEndAt } from '../../shared/accounts';
import type { AppState } from '../../shared/view-state';

/** The earliest instant after `nowMs` at which a pause shown from this state ends, or null if none is running. */
export function nextShownChangeAt(state: Pick<AppState, 'settings'>, nowMs: number): number | null {
  const { pausedUntil, accounts } = state.settings;
  const appMs = pausedUntil === null ? NaN : Date.parse(pausedUntil);
  const accountMs = nextPauseEndAt(accounts, nowMs);
  const ends = [...(appMs > nowMs ? [appMs] : []), ...(accountMs === null ? [] : [accountMs])];
  return ends.length === 0 ? null : Math.min(...ends);
}
