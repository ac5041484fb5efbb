// A swap pressed again after its first side landed (a press before a restart: the half-swap note is in memory only,
// half-swaps.ts): the schedule holds exactly that side, the app's own write, not a manager's change. Recognised as
// the planned side (the teammate on call over my whole block, with me nowhere in it, the same people throughout),
// so the swap goes on with the second side after its re-read instead of "Changed since you planned it" about it.
// The schedule's shape alone is no proof: the app's own-write record must hold that override (own-in-place.ts), else
// a manager's same change is taken for an earlier press and the old plan's other side written (adv48 r40).
import type { SwapRequest } from '../../shared/handoff';
import type { AppState } from '../../shared/view-state';
import { ownCoverOver, type OwnRecord } from '../actions/own-in-place';

/** The app's own writes on a schedule (by ref): its own-write record (handler-parts.ts ownWritesOf). */
export type OwnWrites = (ref: string) => readonly OwnRecord[];

/** What the first side says when it was found in place, never sent again. */
export const MINE_IN_PLACE = 'Already in place from an earlier press, so it was not sent again.';

/** Whether the fresh timeline holds my side of the swap as planned: the teammate covering my whole window. */
export function mineLanded(state: AppState, r: SwapRequest, me: string, own: OwnWrites): boolean {
  return me !== '' && coveredAsSwapped(state, r.mine, r.theirs.email, me, own);
}

/** Whether it also holds their side as planned (me over their whole window, they nowhere in it): the swap is whole,
 *  pressed again it is found in place and answered "Swapped", never "changed since you planned it" of my own side
 *  (adv48 r19 #4). The checks before a first send (swap-check.ts) are for a swap not yet made. */
export function swapWhole(state: AppState, r: SwapRequest, me: string, own: OwnWrites): boolean {
  return mineLanded(state, r, me, own) && coveredAsSwapped(state, r.theirs, me, r.theirs.email, own);
}

/** Whether it holds their side as planned (me over their whole window, they nowhere in it): my cover of their shift,
 *  written by an earlier press, in place whatever became of mine (adv48 r27). */
export function theirsLanded(state: AppState, r: SwapRequest, me: string, own: OwnWrites): boolean {
  return me !== '' && coveredAsSwapped(state, r.theirs, me, r.theirs.email, own);
}

/** `to` on call over the whole window with the same people throughout, `from` nowhere in it, and those people put
 *  there by an override of the app's own record. */
function coveredAsSwapped(state: AppState, w: SwapRequest['mine'], to: string, from: string, own: OwnWrites): boolean {
  const s = state.schedules.find((x) => x.id === w.scheduleId);
  if (!s || s.status.kind !== 'fresh') return false;
  const [startMs, endMs] = [Date.parse(w.start), Date.parse(w.end)];
  const [them, gone] = [to.toLowerCase(), from.toLowerCase()];
  let reached = startMs;
  let people: string | undefined;
  let list: string[] = [];
  for (const t of s.timeline) {
    const [a, b] = [Date.parse(t.start), Date.parse(t.end)];
    if (b <= reached || a >= endMs) continue;
    if (a > reached || t.kind !== 'people') return false;
    const emails = [...new Set(t.users.map((u) => u.email.toLowerCase()))].sort();
    if (!emails.includes(them) || emails.includes(gone)) return false;
    if (people !== undefined && people !== emails.join()) return false;
    people = emails.join();
    list = emails;
    reached = b;
  }
  return reached >= endMs && list.length > 0 && ownCoverOver(own(w.scheduleId), startMs, endMs, list);
}
