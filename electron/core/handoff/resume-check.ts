// A resumed item the file holds as not yet sent, read from a file the app can't vouch for as its last save (no mark
// naming the run, or a damaged mark: run-current.ts) is a claim like any other (issue 52, adv52 r41 #1). The file may
// be an older copy of the app's own save (a sync conflict copy, a backup restore), taken before the item was sent and
// landed, so its "pending" says nothing of what the service holds now. Until the first fresh read of its window the
// item says it is being checked; then it is stated from that read: covered as planned, handed off (found there);
// still mine as planned, not sent with a reason that is true at this start; changed, what changed (never written).
// "It could not be saved first" is said only by the run whose save failed (run-work.ts), never read back.
import type { HandoffItem } from '../../shared/handoff';
import { clipToNow, covering, heldFirst, landedThenChanged, type WriteDeps } from './write-one';

/** Being checked: the file had no mark naming it (a save that failed, or a copy put back from elsewhere). */
export const UNSENT_UNCHECKED =
  "The saved hand-off may be older than what the app did before it stopped: checking this shift's schedule…";
/** Being checked: the file's mark could not be read. */
export const MARK_UNCHECKED = "The app's mark of what was saved could not be read: checking this shift's schedule…";

/** An item kept from being sent after a restart because the mark that says the run was saved as shown was damaged. */
export const MARK_DAMAGED_MESSAGE = "the app's mark of what was saved could not be read, so it wasn't sent unasked";
/** Still mine as planned when read after the restart: nothing is sent without a press. The file's "pending" is no
 *  proof the request never left (an older copy put back after it was sent and refused, adv52 r57 #2), so only what
 *  the app knows is said: it may have been sent before the app stopped, and the schedule shows it as mine now. */
export const STOPPED_UNSENT =
  'nothing of it was sent at this start; it may have been sent before the app stopped, and the schedule still shows it as yours';

/** What such an item says once the read finds the block still mine as planned, by what it says while checked. */
const STILL_MINE: Record<string, string> = {
  [UNSENT_UNCHECKED]: STOPPED_UNSENT,
  [MARK_UNCHECKED]: MARK_DAMAGED_MESSAGE,
};

/** Whether this item is a resumed "not yet sent" waiting for its first fresh read. */
export const unsentUnchecked = (item: HandoffItem): boolean =>
  item.state === 'unknown' && STILL_MINE[item.message] !== undefined;

type Said = Pick<HandoffItem, 'state' | 'message' | 'outcome' | 'seenAfterSend'>;

/** The item as its window reads now, or undefined while it can't be read (still being checked, looked at again). */
export async function unsentNow(w: WriteDeps, item: HandoffItem): Promise<Said | undefined> {
  const reason = STILL_MINE[item.message];
  if (reason === undefined) return undefined;
  const seen = await w.look(item.scheduleId, Date.parse(item.start), Date.parse(item.end), covering(item));
  if (seen === undefined) return undefined;
  // The person it was planned for over it, as planned: found on the service (the earlier run's write, or one the
  // file's copy predates); seen after a send of this run, so a later restart reads it again, never "no record".
  if (seen === 'covered')
    return {
      state: 'handed_off',
      message: 'Found on the service: the schedule shows it handed off.',
      seenAfterSend: true,
    };
  if (seen === 'hidden') return landedThenChanged(w, item);
  const clipped = clipToNow(item, w.nowMs());
  if (!('id' in clipped)) return clipped;
  const held = await heldFirst(w, clipped);
  if (held === undefined) return { state: 'not_sent', message: reason };
  // Unread just now (the look read it a moment before): still being checked, never "not sent" for a guess.
  return held.state === 'not_sent' ? undefined : held;
}
