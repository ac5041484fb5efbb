// An item whose write may still land (its answer lost or a 5xx, and the schedule did not show it when checked): a
// service can apply a write it took long after answering (seen: 40 s). Such an item is looked at again on a slow
// timer until its block starts, never sent from here; when the schedule shows it, the item is corrected once to
// "Handed off ✓ (it was saved after all)" (adv48 round 10, #1 follow-up). A message is corrected when later data
// contradicts it, and only then: a look that shows nothing new changes nothing.
import type { HandoffItem } from '../../shared/handoff';
import { MAY_HAVE_LANDED, stillChecking, unconfirmed } from '../../shared/handoff-text';
import { UNMARKED_NOT_AGAIN } from '../actions/override-verify';
import { answeredAt, settleLeftMs } from '../actions/settle-clock';
import type { Clock } from '../ports';
import { opening } from './swap-unsettled';
import { clipToNow, covering, heldFirst, landedThenChanged, type WriteDeps } from './write-one';

/** How often an item that may still land is looked at again (one read of its window). */
export const WATCH_MS = 60_000;

/** Said once, when the schedule shows a write the item could not confirm. */
export const SAVED_AFTER_ALL = 'Handed off ✓ (it was saved after all)';

/** When each "checking" item's settle began (by item id), main's own record from its answer, measured by
 *  actions/settle-clock.ts (real minutes, not wall-clock steps); an item read back without one (after a restart) is
 *  given a whole settle from when it is first looked at. */
export type SettleEnds = Map<string, number>;

/** The item's answer said "checking": its settle runs from now (a press again keeps the first one's). */
export function noteSettle(ends: SettleEnds, item: Pick<HandoffItem, 'id' | 'state' | 'message'>, clock: Clock): void {
  if (stillChecking(item) && !ends.has(item.id)) ends.set(item.id, answeredAt(clock));
  if (!stillChecking(item)) ends.delete(item.id);
}

/** Has the service had its settle to apply this item's write? */
export function settleOver(ends: SettleEnds, item: HandoffItem, clock: Clock): boolean {
  noteSettle(ends, item, clock);
  const atMs = ends.get(item.id);
  return atMs === undefined || settleLeftMs(clock, atMs) === 0;
}

/** How soon a run with items that may still land is looked at again: at the first settle's end, if sooner. */
export function watchMs(ends: SettleEnds, items: readonly HandoffItem[], clock: Clock): number {
  const watched = items.filter((i) => mayStillLand(i, clock.now()) && stillChecking(i));
  const left = watched.map((i) => ends.get(i.id)).map((at) => (at === undefined ? 0 : settleLeftMs(clock, at)));
  return Math.max(1000, Math.min(WATCH_MS, ...left.filter((ms) => ms > 0)));
}

/** May this item's write still land, and is its block still ahead (looked at until it starts)? */
export function mayStillLand(item: HandoffItem, nowMs: number): boolean {
  // In place over an own earlier write that may still land: watched while the block lasts (adv48 r44 #2).
  if (item.outcome === 'earlier-may-apply') return Date.parse(item.end) > nowMs;
  if (Date.parse(item.start) <= nowMs) return false;
  if (unconfirmed(item)) return item.message === MAY_HAVE_LANDED;
  return stillChecking(item);
}

/** The item's correction when the schedule now shows its write (or that it landed and was changed since);
 *  undefined when the look shows nothing new (the item is left as it is). */
export async function lateLook(
  deps: WriteDeps,
  item: HandoffItem,
  settled = false,
): Promise<Partial<HandoffItem> | undefined> {
  const seen = await deps.look(item.scheduleId, Date.parse(item.start), Date.parse(item.end), covering(item));
  // In place, watched for the earlier write: only its landing over this one (shown as a change since) is news.
  if (item.outcome === 'earlier-may-apply')
    return seen === 'hidden' ? { ...(await landedThenChanged(deps, item)) } : undefined;
  if (seen === 'covered')
    return { state: 'handed_off', message: SAVED_AFTER_ALL, outcome: 'saved-after-all', seenAfterSend: true };
  if (seen === 'hidden') return { ...(await landedThenChanged(deps, item)) };
  return seen === 'not_covered' && settled && stillChecking(item) ? afterSettle(deps, item) : undefined;
}

/** Not shown once the service has had its settle (2 minutes) to apply it: "checking" is no longer true. */
export const SETTLED_NOT_SHOWN =
  'The schedule does not show it, after the service had 2 minutes to apply it. Retry reads the schedule first and sends it only if nothing there has changed since.';

/** A "checking" item whose settle is over and that the schedule does not show, restated from what the service holds
 *  now: a change since is said; as planned, it did not land (Retry sends it, the write path reading first); unread,
 *  left to look again. */
async function afterSettle(deps: WriteDeps, item: HandoffItem): Promise<Partial<HandoffItem> | undefined> {
  // A lost answer on a service not seen to mark its writes is never sent again, settled or not: it stays watched
  // until its block starts, and its words ("checking", "not sent again") stay true all that time.
  if (item.message.includes(UNMARKED_NOT_AGAIN)) return undefined;
  const clipped = clipToNow(item, deps.nowMs());
  if (!('id' in clipped)) return undefined;
  const held = await heldFirst(deps, clipped, true);
  if (held === undefined) return { state: 'not_landed', message: `${opening(item.message)}${SETTLED_NOT_SHOWN}` };
  if (held.state === 'not_sent') return undefined;
  return held.state === 'changed' ? { state: 'changed', message: held.message } : held;
}
