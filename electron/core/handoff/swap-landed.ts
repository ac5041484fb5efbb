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
  const s = state.schedules.find((x) => x.id === r.mine.scheduleId);
  if (!s || s.status.kind !== 'fresh' || me === '') return false;
  const [startMs, endMs] = [Date.parse(r.mine.start), Date.parse(r.mine.end)];
  const them = r.theirs.email.toLowerCase();
  let reached = startMs;
  let people: string | undefined;
  for (const t of s.timeline) {
    const [a, b] = [Date.parse(t.start), Date.parse(t.end)];
    if (b <= reached || a >= endMs) continue;
    if (a > reached || t.kind !== 'people') return false;
    const emails = [...new Set(t.users.map((u) => u.email.toLowerCase()))].sort();
    if (!emails.includes(them) || emails.includes(me.toLowerCase())) return false;
    if (people !== undefined && people !== emails.join()) return false;
    people = emails.join();
    reached = b;
  }
  return reached >= endMs;
}
