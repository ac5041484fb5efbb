// A block planned as someone's (mine, or a teammate's in a swap) that the app's data no longer shows as theirs: a
// refresh ran between the plan and the write. Said as what changed, from what the app read, in the words the write
// path's re-read uses (actions/plan-held.ts changeText), so one change reads the same whichever path noticed it
// ("Changed since you planned it: Carol Person now covers Fri 09:00 – 17:00"), never "not a shift of yours".
// Times go through the one formatter (HeldDeps.windowOf), never as instants.
import type { AppState } from '../../shared/view-state';
import { changeText, type Held, type HeldDeps } from '../actions/plan-held';
import { serviceWaitWords, type ServiceWait } from '../state/wait-words';

export type WordDeps = Pick<HeldDeps, 'nameOf' | 'windowOf' | 'meOn' | 'at'> & {
  /** The wait the service asked of the schedule's account (handlers.ts serviceWaitOf), while one lasts. */
  waitOf?: (scheduleId: string) => ServiceWait | undefined;
};
/** What a write reads before it leaves, with the account's wait (the words above say it). */
export type HeldWords = HeldDeps & Pick<WordDeps, 'waitOf'>;

/** The window as the app last read it, in stretches (gaps as nobody); undefined when part of it is unknown. */
function heldAsRead(state: AppState, ref: string, startMs: number, endMs: number): Held[] | undefined {
  const timeline = state.schedules.find((s) => s.id === ref)?.timeline;
  if (!timeline) return undefined;
  const out: Held[] = [];
  let reached = startMs;
  for (const t of timeline) {
    const [a, b] = [Math.max(Date.parse(t.start), reached), Math.min(Date.parse(t.end), endMs)];
    if (b <= a) continue;
    if (t.kind === 'unknown') return undefined;
    if (a > reached) out.push({ startMs: reached, endMs: a, emails: [] });
    const names = Object.fromEntries(t.users.map((u) => [u.email.toLowerCase(), u.name]));
    out.push({ startMs: a, endMs: b, emails: t.users.map((u) => u.email.toLowerCase()), names });
    reached = b;
  }
  if (reached < endMs) out.push({ startMs: reached, endMs, emails: [] });
  return out;
}

const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
  new Set(a).size === new Set(b).size && a.every((e) => b.includes(e));

/** Nothing sent where the app's data can't show the window as now (part unread, saved data after a failed read). */
export function cantCheckText(deps: WordDeps, w: { scheduleId: string; start: string; end: string }): string {
  const when = deps.windowOf(w.scheduleId, Date.parse(w.start), Date.parse(w.end));
  const cant = `Nothing was sent: the app can’t read all of ${when} now, so it can’t check what you planned there.`;
  // During the account's service wait Refresh is refused too (adv47 r36): the wait is said, as the tray says it,
  // and the read the app makes by itself after it is what to wait for, never a Refresh that can't run.
  const [wait, at] = [deps.waitOf?.(w.scheduleId), deps.at?.()];
  const words = wait && at ? serviceWaitWords(wait, at.nowMs, at.localZone) : undefined;
  if (words !== undefined) return `${cant} ${words}. Look at it again once the app has read it.`;
  return `${cant} Refresh and look at it again.`;
}

/** Why a window planned as `who`'s ('' or absent: mine) is not written: what the app's data holds there now. */
export function notAsPlannedText(
  deps: WordDeps,
  state: AppState,
  w: { scheduleId: string; start: string; end: string },
  who?: string,
  /** Who the plan had on call beside them (lower-cased); absent when not known (everyone there now is named). */
  others?: readonly string[],
): string {
  const [startMs, endMs] = [Date.parse(w.start), Date.parse(w.end)];
  const from = (who ?? deps.meOn(w.scheduleId)).toLowerCase();
  const when = deps.windowOf(w.scheduleId, startMs, endMs);
  const held = heldAsRead(state, w.scheduleId, startMs, endMs);
  if (held === undefined || from === '') return cantCheckText(deps, w);
  const planned = others?.map((o) => o.toLowerCase()).filter((o) => o !== from);
  const same = (h: Held) => sameSet(h.emails, [from, ...(planned ?? [])]);
  // Held as planned throughout (only who else is on call changes within it): said as that, not as a change.
  if (planned ? held.every(same) : held.every((h) => h.emails.includes(from)))
    return `Nothing was sent: who else is on call changes within ${when}, so one cover can’t keep each of them. Look at the plan again.`;
  const c = { scheduleId: w.scheduleId, startMs, endMs, from, to: '', others: planned ?? [] };
  return changeText({ ...deps, reread: () => Promise.resolve(undefined) }, c, held);
}
