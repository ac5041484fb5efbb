// Create pressed again (or Retry) over a hand-off whose blocks already landed (issue 48): each block is read again
// and said from what the service holds now, never from the run as it was. In place: "covers it ✓"; a manager's
// change since: landed, then changed, with what holds now (plan-held.ts, the words swap's second press uses). My own
// earlier hand-off is what is in place there, never told as a change since I planned it; nothing is written.
import type { HandoffItem, HandoffItemInput, HandoffRun } from '../../shared/handoff';
import { refParts } from '../../shared/accounts';
import type { AppState } from '../../shared/view-state';
import { stillInPlace } from './held';
import { nameOf } from './item-rules';
import type { WriteDeps } from './write-one';
import { itemIdOf } from './plan';

/** Said when the block, read again, still holds the hand-off (lookFirst's words for a block found in place). */
const IN_PLACE = 'The schedule shows it in place, so it was not sent again.';
/** Said when the block could not be read again: it landed, and what holds there now is not known. */
export const LANDED_UNREAD =
  'It landed; the schedule could not be read to check it is still in place, so nothing was sent (checking again soon).';

type Restate = Pick<HandoffItem, 'state' | 'message' | 'outcome'>;

/** The landed item read again: in place, changed since it landed (kept as landed), or unknown while unread. */
export async function landedNow(deps: Pick<WriteDeps, 'held'>, item: HandoffItem): Promise<Restate> {
  const c = {
    scheduleId: item.scheduleId,
    startMs: Date.parse(item.start),
    endMs: Date.parse(item.end),
    from: deps.held.meOn(item.scheduleId),
    to: item.email,
    others: item.others,
  };
  const now = await stillInPlace(deps.held, c, true);
  // In place: said as it was (its own message stands), unless that told a change no longer there.
  if (now === undefined)
    return item.state === 'handed_off' && item.outcome !== 'landed-then-changed'
      ? { state: 'handed_off', message: item.message, outcome: item.outcome }
      : { state: 'handed_off', message: IN_PLACE, outcome: undefined };
  if (now.state === 'changed') return { state: 'handed_off', message: now.message, outcome: 'landed-then-changed' };
  return { state: 'unknown', message: LANDED_UNREAD, outcome: undefined };
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The same block as the run's item: the same schedule, cover and end, and the same start but for time already
 *  over (a block already begun is sent from the second it is written, and asked again from a later second). */
function sameBlock(i: HandoffItem, a: HandoffItemInput, nowMs: number): boolean {
  const [runStart, askedStart] = [Date.parse(i.start), Date.parse(a.start)];
  return (
    i.scheduleId === a.scheduleId &&
    same(i.email, a.email) &&
    Date.parse(i.end) === Date.parse(a.end) &&
    (runStart === askedStart || Math.max(runStart, askedStart) <= nowMs)
  );
}

/** Whether a Create asks again for exactly the run's blocks, each of which landed. */
export function asksLanded(
  run: HandoffRun | null,
  asked: readonly HandoffItemInput[],
  nowMs: number,
): run is HandoffRun {
  if (!run || run.items.length !== asked.length) return false;
  if (!run.items.every((i) => i.state === 'handed_off')) return false;
  const left = [...run.items];
  for (const a of asked) {
    const at = left.findIndex((i) => sameBlock(i, a, nowMs));
    if (at < 0) return false;
    left.splice(at, 1);
  }
  return true;
}

/** An override the app wrote on a schedule, as its own-write record keeps it (model/snapshot.ts CreatedOverride). */
export interface OwnWrite {
  id: string;
  start: string;
  end: string;
  covering?: readonly string[] | undefined;
  kind?: string | undefined;
  unconfirmed?: true | undefined;
  handedBackAt?: string | undefined;
}

/** My earlier hand-off of this block: the service answered it with an id (it landed), over the block, with the
 *  cover on it; a take-over or hand back, or a record read back from a file and not yet confirmed, is not one. */
function earlier(own: readonly OwnWrite[], a: HandoffItemInput, nowMs: number): OwnWrite | undefined {
  const [startMs, endMs] = [Date.parse(a.start), Date.parse(a.end)];
  return own.find(
    (o) =>
      o.id !== '' &&
      o.kind === undefined &&
      o.unconfirmed === undefined &&
      o.handedBackAt === undefined &&
      Date.parse(o.end) === endMs &&
      (Date.parse(o.start) === startMs || Math.max(Date.parse(o.start), startMs) <= nowMs) &&
      (o.covering ?? []).includes(a.email.trim().toLowerCase()),
  );
}

/**
 * After a restart the settled run is gone from disk (store.ts): a Create asking again for blocks each of which the
 * app's own-write record shows it handed to that cover is that hand-off, rebuilt as landed so each block is read
 * again (landedNow) and said as it holds now, never my own override told as "changed since you planned it". Undefined
 * when any block asked is not such a write: the Create goes as asked.
 */
export function landedItems(
  state: AppState,
  asked: readonly HandoffItemInput[],
  own: (ref: string) => readonly OwnWrite[],
  nowMs: number,
): HandoffItem[] | undefined {
  const items: HandoffItem[] = [];
  for (const a of asked) {
    const o = earlier(own(a.scheduleId), a, nowMs);
    if (!o) return undefined;
    const s = state.schedules.find((x) => x.id === a.scheduleId);
    const email = a.email.trim().toLowerCase();
    items.push({
      id: itemIdOf({ scheduleId: a.scheduleId, start: o.start }),
      accountId: refParts(a.scheduleId).accountId,
      scheduleId: a.scheduleId,
      scheduleName: s?.name ?? a.scheduleId,
      timeZone: s?.timeZone ?? null,
      start: o.start,
      end: o.end,
      email: a.email.trim(),
      others: (o.covering ?? []).filter((e) => e !== email),
      name: nameOf(state, a.scheduleId, a.email),
      state: 'handed_off',
      message: '',
      overrideId: o.id,
    });
  }
  return items.length > 0 ? items : undefined;
}
