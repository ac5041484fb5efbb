// A create with no preview to hold it to (the preview call failed, or Create was pressed at once) must still not
// write a second override the service already holds. The service has no list of overrides, so "it already holds an
// identical one" is read on the write's own account and schedule, in two ways:
// - its shifts show a stretch of exactly these people that starts and ends exactly at the window's bounds (the mark
//   an override of that window leaves; a rotation that merely has these people on call across it is no override,
//   and writing one there is what was asked);
// - an override this app created for exactly this window, fetched by its id, has these people, and the window
//   still shows them (an override next to a rotation shift of the same people reads as one longer stretch).
import type { OncallClient } from '../../api/client-types';
import type { Shift } from '../../api/schemas';
import type { CreatedOverride } from '../model/snapshot';
import { readWindowShifts } from './window-read';
import { isUnread, unreadOf, type Unread } from './unread-words';
import { windowCoveredBy } from './window-coverage';
import type { PlannedOverride } from './override-window';

/** Read a little past the window (clipped there, as every read is), so a bound the service shows at the window's
 *  start or end is the service's own, not the read's. */
const MARGIN_MS = 60_000;

const people = (emails: readonly string[]): string => [...new Set(emails.map((e) => e.toLowerCase()))].sort().join();

/** Same schedule, same people, exactly the same start and end. */
function exactStretch(shifts: readonly Shift[], plan: PlannedOverride): boolean {
  const want = people(plan.preview.covering);
  return shifts.some(
    (s) =>
      Date.parse(s.start) === plan.startMs &&
      Date.parse(s.end) === plan.endMs &&
      people(s.users.map((u) => u.email)) === want,
  );
}

/** One of this app's overrides of exactly this window, still held by the service with these people ('maybe': one
 *  whose answer never told its id). */
export async function knownIdentical(
  client: OncallClient,
  plan: PlannedOverride,
  known: readonly CreatedOverride[],
): Promise<boolean | 'maybe' | 'gone' | Unread> {
  const want = people(plan.preview.covering);
  // Only a write of these people is this one again: mine of other people over the same window (my lost-answer write
  // seen in place, then a hand back or another cover) is a new intent, sent (adv48 r20). A record whose people are
  // not known (a cache written before they were kept) may be it.
  const same = known.filter(
    (c) =>
      c.scheduleId === plan.scheduleId &&
      Date.parse(c.start) === plan.startMs &&
      Date.parse(c.end) === plan.endMs &&
      (c.covering === undefined || people(c.covering) === want),
  );
  // One sent earlier whose answer never told its id, and the window shows these people: it may be that one.
  // One shown in place when its outcome was checked (saved after all) and not read back from a file is mine, held.
  const held = same.filter((c) => c.id === '' && c.shown === true && c.unconfirmed === undefined);
  if (same.some((c) => c.id === '' && !held.includes(c))) return 'maybe';
  if (held.length > 0) return true;
  let gone = false;
  for (const c of same) {
    const read = await client.getOverride(plan.scheduleId, c.id);
    if (!read.ok && read.error.kind !== 'not_found') return unreadOf(read.error);
    if (read.ok && people(read.value.users.map((u) => u.email)) === people(plan.preview.covering)) return true;
    // Created by this app and deleted since (a manager's change): the same again would undo it (adv48 r14 #3).
    gone ||= !read.ok;
  }
  return gone ? 'gone' : false;
}

/** Who is on call in the window now besides the covering people (lower-cased e-mail to name), for "changed since". */
function othersIn(shifts: readonly Shift[], plan: PlannedOverride): Map<string, string> {
  const covering = new Set(plan.preview.covering.map((e) => e.toLowerCase()));
  const names = new Map<string, string>();
  for (const s of shifts)
    if (Date.parse(s.start) < plan.endMs && Date.parse(s.end) > plan.startMs)
      for (const u of s.users)
        if (!covering.has(u.email.toLowerCase())) names.set(u.email.toLowerCase(), u.name || u.email);
  return names;
}

/** Whether none of the covering people is on call anywhere in the window now (the change took all of it). */
function noneOfThemIn(shifts: readonly Shift[], plan: PlannedOverride): boolean {
  const covering = new Set(plan.preview.covering.map((e) => e.toLowerCase()));
  return !shifts.some(
    (s) =>
      Date.parse(s.start) < plan.endMs &&
      Date.parse(s.end) > plan.startMs &&
      s.users.some((u) => covering.has(u.email.toLowerCase())),
  );
}

/** Mine is stored and the window no longer shows it: who else is on call then, whether its answer never came,
 *  and whether the change took the whole window (else part of it). */
export interface InPlaceChanged {
  changed: ReadonlyMap<string, string>;
  maybe: boolean;
  whole: boolean;
}

/**
 * 'in_place': the service already holds an identical override (nothing is to be sent); 'maybe': one this app sent
 * earlier, its outcome unknown, may be it (not sent again); `changed`: one this app created for exactly this window
 * with these people is stored (`maybe`: may be, its answer never came), but the window no longer shows them throughout (someone changed it since: the same
 * override again would write over that change; `changed` names who else is on call then); 'absent': it doesn't, so the
 * create may go (also when mine was deleted and these people are on call there anyway); Unread: the schedule could not be read (the service's refusal kept for the answer), so whether it would be a second one is not known.
 */
export async function identicalInPlace(
  client: OncallClient,
  plan: PlannedOverride,
  known: readonly CreatedOverride[],
): Promise<'in_place' | 'maybe' | 'absent' | InPlaceChanged | Unread> {
  // Read whole, in pieces where it is longer than one read may span: judged by its first year only, an identical
  // override of a longer window would never be seen, and each Create would write it again.
  const shifts = await readWindowShifts(client, plan.scheduleId, plan.startMs - MARGIN_MS, plan.endMs + MARGIN_MS);
  if (isUnread(shifts)) return shifts;
  if (exactStretch(shifts, plan)) return 'in_place';
  const mine = await knownIdentical(client, plan, known);
  if (!windowCoveredBy(shifts, plan.startMs, plan.endMs, plan.preview.covering))
    // Mine is stored with these people and the window no longer shows them: a change since, not to be written over.
    return mine === true || mine === 'maybe' || mine === 'gone'
      ? { changed: othersIn(shifts, plan), maybe: mine === 'maybe', whole: noneOfThemIn(shifts, plan) }
      : 'absent';
  if (isUnread(mine) || mine === 'maybe') return mine;
  if (mine === 'gone') return 'absent';
  return mine ? 'in_place' : 'absent';
}
