// "Am I on call now?" is known only where every schedule my shifts are looked for on was read over now (fresh, or
// saved data said as saved). Where one wasn't (never loaded, its read failed with nothing saved, the read doesn't
// reach now, or the service sent the shifts over now unreadable), "off call" or a plain "next in 12 h" would say I
// am not on call now, which the app doesn't know (issue 47). Every surface asks this one function and words the
// answer: "On call now: unknown (couldn't load Acme · Platform)", then only "next known: …". The schedules are my
// gaps over now (core/state/knowledge.ts), worded as every "your shifts" note words them (gapsText).
import { gapsText } from './knowledge';
import type { AppState } from './view-state';

/** "unknown (couldn't load Acme · Platform · some shifts of Work · Payments couldn't be read)" while no block read
 *  has me on call now and some schedule's now is unknown; '' when my now is known. */
export function nowUnknownText(state: AppState, time: (iso: string) => string): string {
  const gaps = state.me.onCallNow.length > 0 ? [] : state.me.gaps.filter((g) => g.now);
  return gaps.length > 0 ? `unknown (${gapsText(gaps, time)})` : '';
}
