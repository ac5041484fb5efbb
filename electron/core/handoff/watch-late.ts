// An item whose write may still land (its answer lost or a 5xx, and the schedule did not show it when checked): a
// service can apply a write it took long after answering (seen: 40 s). Such an item is looked at again on a slow
// timer until its block starts, never sent from here; when the schedule shows it, the item is corrected once to
// "Handed off ✓ (it was saved after all)" (adv48 round 10, #1 follow-up). A message is corrected when later data
// contradicts it, and only then: a look that shows nothing new changes nothing.
import type { HandoffItem } from '../../shared/handoff';
import { MAY_HAVE_LANDED, stillChecking, unconfirmed } from '../../shared/handoff-text';
import { covering, landedThenChanged, type WriteDeps } from './write-one';

/** How often an item that may still land is looked at again (one read of its window). */
export const WATCH_MS = 60_000;

/** Said once, when the schedule shows a write the item could not confirm. */
export const SAVED_AFTER_ALL = 'Handed off ✓ (it was saved after all)';

/** May this item's write still land, and is its block still ahead (looked at until it starts)? */
export function mayStillLand(item: HandoffItem, nowMs: number): boolean {
  if (Date.parse(item.start) <= nowMs) return false;
  if (unconfirmed(item)) return item.message === MAY_HAVE_LANDED;
  return stillChecking(item);
}

/** The item's correction when the schedule now shows its write (or that it landed and was changed since);
 *  undefined when the look shows nothing new (the item is left as it is). */
export async function lateLook(deps: WriteDeps, item: HandoffItem): Promise<Partial<HandoffItem> | undefined> {
  const seen = await deps.look(item.scheduleId, Date.parse(item.start), Date.parse(item.end), covering(item));
  if (seen === 'covered')
    return { state: 'handed_off', message: SAVED_AFTER_ALL, outcome: 'saved-after-all', seenAfterSend: true };
  if (seen === 'hidden') return { ...(await landedThenChanged(deps, item)) };
  return undefined;
}
