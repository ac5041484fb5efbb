// A swap pressed again after its first side landed (a press before a restart: the half-swap note is in memory only,
// half-swaps.ts): the schedule holds exactly that side, the app's own write, not a manager's change. Recognised as
// the planned side (the teammate on call over my whole block, with me nowhere in it, the same people throughout),
// so the swap goes on with the second side after its re-read instead of "Changed since you planned it" about it.
import type { SwapRequest } from '../../shared/handoff';
import type { AppState } from '../../shared/view-state';

/** What the first side says when it was found in place, never sent again. */
export const MINE_IN_PLACE = 'Already in place from an earlier press, so it was not sent again.';

/** Whether the fresh timeline holds my side of the swap as planned: the teammate covering my whole window. */
export function mineLanded(state: AppState, r: SwapRequest, me: string): boolean {
  return me !== '' && coveredAsSwapped(state, r.mine, r.theirs.email, me);
}

/** Whether it also holds their side as planned (me over their whole window, they nowhere in it): the swap is whole,
 *  pressed again it is found in place and answered "Swapped", never "changed since you planned it" of my own side
 *  (adv48 r19 #4). The checks before a first send (swap-check.ts) are for a swap not yet made. */
export function swapWhole(state: AppState, r: SwapRequest, me: string): boolean {
  return mineLanded(state, r, me) && coveredAsSwapped(state, r.theirs, me, r.theirs.email);
}

/** Whether it holds their side as planned (me over their whole window, they nowhere in it): my cover of their shift,
 *  written by an earlier press, in place whatever became of mine (adv48 r27). */
export function theirsLanded(state: AppState, r: SwapRequest, me: string): boolean {
  return me !== '' && coveredAsSwapped(state, r.theirs, me, r.theirs.email);
}

/** `to` on call over the whole window with the same people throughout, and `from` nowhere in it. */
function coveredAsSwapped(state: AppState, w: SwapRequest['mine'], to: string, from: string): boolean {
  const s = state.schedules.find((x) => x.id === w.scheduleId);
  if (!s || s.status.kind !== 'fresh') return false;
  const [startMs, endMs] = [Date.parse(w.start), Date.parse(w.end)];
  const [them, gone] = [to.toLowerCase(), from.toLowerCase()];
  let reached = startMs;
  let people: string | undefined;
  for (const t of s.timeline) {
    const [a, b] = [Date.parse(t.start), Date.parse(t.end)];
    if (b <= reached || a >= endMs) continue;
    if (a > reached || t.kind !== 'people') return false;
    const emails = [...new Set(t.users.map((u) => u.email.toLowerCase()))].sort();
    if (!emails.includes(them) || emails.includes(gone)) return false;
    if (people !== undefined && people !== emails.join()) return false;
    people = emails.join();
    reached = b;
  }
  return reached >= endMs;
}
