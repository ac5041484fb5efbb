// "Asks you" worded by main into the state it pushes (issue 49): the popover's heading, the Coverage button's count
// and badge, so the popover's first load carries no copy of the statement's rules (shared/asks-you.ts), and its
// words are the tray's and `status`'s, made in the same zone at the same instant.
import { asksCountWords, asksStatement, coverageBadge } from '../../shared/asks-you';
import { DAY_MS, HOUR_MS } from '../../shared/time';
import { localWall } from '../../shared/wall-clock';
import type { AppState } from '../../shared/view-state';

/** The state with its "Asks you" words, worded at `nowMs` in `localZone`. */
export function withAsksWords(state: AppState, nowMs: number, localZone: string | undefined): AppState {
  const opts = { nowMs, ...(localZone ? { localZone } : {}) };
  const count = asksCountWords(asksStatement(state), opts);
  const badge = coverageBadge(state);
  const heading = count === '1' ? 'Asks you' : `Asks you (${count})`;
  return { ...state, asksYou: { heading, count, ...(badge === undefined ? {} : { badge }) } };
}

/** When the words may change by time alone: a saved time is worded "10:06" today and "Wed 10:06" from the next
 *  local midnight on, so the state is worded again then (null: the words name no time). */
export function asksWordsChangeAt(state: AppState, nowMs: number, localZone: string | undefined): number | null {
  if (!state.asksYou?.count.includes('saved data from ')) return null;
  const today = localWall(nowMs, localZone);
  const guess = nowMs + DAY_MS - (((today.wallMs % DAY_MS) + DAY_MS) % DAY_MS);
  // A day an hour short (summer time begins): its midnight comes an hour before the guess.
  return localWall(guess - HOUR_MS, localZone).dayNumber > today.dayNumber ? guess - HOUR_MS : guess;
}
