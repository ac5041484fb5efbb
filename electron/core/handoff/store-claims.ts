// What a saved hand-off item must agree with before anything of it is sent, looked for or shown (issue 52): a
// schedule watched now on the account that owns it, an id the app makes, times the app could have planned, people
// the schedule lists (never me as my own cover or beside myself), a block of mine as last read for what is still
// to be sent, and no outcome the app can't check. A failing item is dropped by the store, never used; one kept is
// shown only in the app's own words (asKnownNow): names, schedule and messages from what the app knows, never the
// file's text, and a "handed off" is looked for on the schedule before it is said again.
import { refParts } from '../../shared/accounts';
import { email } from '../../shared/bounded';
import type { HandoffItem } from '../../shared/handoff';
import { DAY_MS } from '../../shared/time';
import { plausibleInstant } from '../storage/read-back';
import { COVER_NOT_KNOWN, mayCover } from './cover-rule';
import { STILL_CHECKING } from '../../shared/handoff-text';
import { savedReason } from './saved-refusal';
import { itemIdOf, PLAN_REACH_MS } from './plan';

/** A window as last read: mine throughout, and who else was on call then (lower-cased). */
export interface AsRead {
  mine: boolean;
  /** Some read stretch of it has me on call (a manager changed part of it since, say). */
  partly: boolean;
  /** Who else was on call beside me where I was (lower-cased). */
  others: readonly string[];
}

/** What the app knows now that a saved item must agree with. */
export interface RunContext {
  nowMs: number;
  /** Is this schedule (by ref) watched now? */
  watched: (ref: string) => boolean;
  /** Me on the schedule's account (lower-cased; '' when unknown). */
  me: (ref: string) => string;
  /** The people the app may hand a block of this schedule to now (lower-cased; cover-rule.ts coverPeople). */
  people: (ref: string) => ReadonlySet<string>;
  /** [startMs, endMs) as last read (undefined when part of it was not read). */
  asRead: (ref: string, startMs: number, endMs: number) => AsRead | undefined;
  /** The schedule's name and zone as the app shows them. */
  schedule: (ref: string) => { name: string; timeZone: string | null };
  /** The person as the schedule lists them ('' when not listed). */
  nameOf: (ref: string, email: string) => string;
  /** The accounts' keys as a refusal names them now ("One’s key"), when several are set up: saved-refusal.ts. */
  keys?: readonly string[];
}

/** An override id as the service makes them (api/schemas.ts OverrideSchema): anything else is no record. */
const OVERRIDE_ID = /^ovr_[A-Za-z0-9_-]{1,100}$/;

const Email = email('Who covers');
/** A plan covers at most 62 days (plan.ts rangeSpan), a day's slack for the block's edges. */
const MAX_BLOCK_MS = 63 * DAY_MS;
const BEYOND_REACH = 'a shift further ahead than the app could plan when the hand-off was made';
/** States whose write never left or did not land: still a block of mine, with the same others, as last read. */
const UNSENT = new Set<HandoffItem['state']>(['pending', 'not_sent', 'not_landed']);
const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
  new Set(a).size === new Set(b).size && a.every((e) => b.includes(e));
/** A block with no time of mine as last read (a write that may have left, or a manager who took the whole block while
 *  the app was down, whatever the item's state or the account it is on): the plan's own record (was) must say the
 *  block was mine on that item's account, with the others it names, when it was planned. Then it is kept, and the
 *  resume's re-read says what holds now ("Changed since you planned it: …"), sending nothing stale. A file without
 *  the record (older, or another's) is dropped. */
const wasMine = (item: HandoffItem, me: string): boolean =>
  item.was !== undefined &&
  item.was[0] === me &&
  sameSet(
    item.was.slice(1),
    item.others.map((o) => o.toLowerCase()),
  );

function timesProblem(item: HandoffItem, nowMs: number, createdMs: number): string | undefined {
  const startMs = plausibleInstant(item.start, nowMs + PLAN_REACH_MS);
  const endMs = plausibleInstant(item.end, nowMs + PLAN_REACH_MS);
  if (startMs === undefined || endMs === undefined || endMs <= startMs || endMs - startMs > MAX_BLOCK_MS)
    return "a time that can't be true";
  // The plan lists blocks from the moment it is made, as far as it reads (adv52 r36: a run dated a year before its
  // block was sent): one over before the hand-off began, or past its reach then, was never planned.
  if (endMs <= createdMs) return 'a shift over before the hand-off was made';
  // Its `within` too (time the plan had me off call around it, read again before the send: me on call there is said
  // as a change): the plan reads no further than its reach, so time past it was never known to be off call then.
  // One that can't be read is never used (write-one.ts heldFirst), so it claims nothing.
  const aroundMs = Date.parse(item.within?.end ?? '');
  if (Math.max(endMs, Number.isNaN(aroundMs) ? endMs : aroundMs) > createdMs + PLAN_REACH_MS) return BEYOND_REACH;
  return undefined;
}

function peopleProblem(item: HandoffItem, ctx: RunContext): string | undefined {
  const people = [item.email, ...item.others];
  if (item.others.length > 20 || people.some((p) => !Email.safeParse(p).success))
    return 'a person the app could not have chosen';
  const me = ctx.me(item.scheduleId);
  const cover = item.email.toLowerCase();
  const others = item.others.map((o) => o.toLowerCase());
  if (me === '' || cover === me) return 'you as your own cover';
  if (others.includes(me) || others.includes(cover)) return 'people on call beside you the app could not have planned';
  if (!mayCover(ctx.people(item.scheduleId), cover)) return COVER_NOT_KNOWN;
  return mineProblem(item, ctx, me, others);
}

/** The one "mine as last read" check every saved item goes through, whatever its state (adv52 round 10 #1: a saved
 *  refusal skipped it, so a block of Carol's was shown as handed off): the schedule showing the cover proves nothing
 *  (a block that was never mine shows its own person), so a block is kept only while it lies within my blocks as
 *  last read, or
 *  when the plan's own record (was) says it was mine when planned (one sent and landed reads as the cover's; a
 *  recorded override is then read by its id, run-work.ts). A file without that record is dropped. */
function mineProblem(item: HandoffItem, ctx: RunContext, me: string, others: readonly string[]): string | undefined {
  const from = Math.max(Date.parse(item.start), ctx.nowMs);
  // Part of it not read: kept, since the write reads the window again first and sends only on what it holds.
  const read = ctx.asRead(item.scheduleId, from, Date.parse(item.end));
  if (read === undefined) return undefined;
  // Wholly mine as last read, or else the plan's own record must say it was mine when planned: an item stretched
  // past my block (into another's block, or over time nobody was on call) covers time that was never mine (adv52 r20).
  if (!read.mine && !wasMine(item, me)) return 'a shift that is not yours as last read';
  if (!read.partly || !UNSENT.has(item.state)) return undefined;
  if (read.mine && sameSet(others, [...read.others])) return undefined;
  // Partly mine, or a partner changed partway (those it names still beside me for a while), or the plan's own record
  // says these were beside me when planned (a manager changed my partner over all of it while the app was down: adv48
  // r46 #1): a plan like any other, kept; the resume's re-read says what changed and sends nothing stale.
  return others.every((o) => read.others.includes(o)) || wasMine(item, me)
    ? undefined
    : 'people on call beside you the schedule does not show';
}

/** Why this saved item can't be used now, or undefined when it holds. */
export function itemProblem(item: HandoffItem, ctx: RunContext, createdMs: number): string | undefined {
  if (!ctx.watched(item.scheduleId)) return 'a schedule not watched now';
  // The whole id, not its schedule part: the app makes it from the item's own schedule and start (plan.ts itemIdOf).
  if (refParts(item.scheduleId).accountId !== item.accountId || item.id !== itemIdOf(item))
    return 'an entry the app did not make';
  return timesProblem(item, ctx.nowMs, createdMs) ?? peopleProblem(item, ctx);
}

/** A saved refusal until the schedule is read (run-work.ts). Its reason (the app's sentence, the service's words) is
 *  said again only when it reads as the app words a refusal (saved-refusal.ts); else the item says these. */
export const REFUSED_UNCHECKED = 'before the app restarted (checking the schedule…)';
export const REFUSED_CHECKED = 'before the app restarted (the schedule does not show it)';

/** A saved "handed off" until the override it recorded is read on the service (run-work.ts checkHandedOff). */
export const HANDED_UNCHECKED = 'Handed off before the app restarted: checking the service…';

/** What a resumed item says until it is looked at again: the app's words for its state, never the file's. */
const RESUMED: Record<HandoffItem['state'], string> = {
  pending: '',
  sending: 'The app stopped while this was being sent: checking…',
  unknown: 'Its outcome was not known when the app stopped: checking…',
  // Looked for before it is said again: the file's "handed off" is a claim; the override it recorded is the answer.
  handed_off: HANDED_UNCHECKED,
  // A write not shown when the app stopped may still land (a 5xx the service applies late, adv48 r16 #1): looked at
  // again for a whole settle from the restart (watch-late.ts), said handed off once the schedule shows it.
  not_landed: `${STILL_CHECKING}: the schedule did not show it when the app stopped, so it is being checked again.`,
  refused: REFUSED_UNCHECKED,
  not_sent: '',
  changed: '',
};

/** A kept item as the app shows it: who covers and the schedule as the app knows them, its own message, and a
 *  "handed off" turned into a read of the override it recorded (run-work.ts) before it is said again. The record
 *  (the override's id) is kept only for that read, and only when it is an id the service could have given. */
export function asKnownNow(item: HandoffItem, ctx: RunContext): HandoffItem {
  const { overrideId, seenAfterSend, refusal: _saved, ...rest } = item;
  // A refusal's reason as the app worded it before the restart (checked: saved-refusal.ts), never any other state's.
  const reason = savedReason(item, ctx.keys);
  const s = ctx.schedule(item.scheduleId);
  const record = item.state === 'handed_off' && overrideId !== undefined && OVERRIDE_ID.test(overrideId);
  // Seen in place after its own send (no id): read again on the schedule before it is said (run-work.ts seenAgain).
  const seen = item.state === 'handed_off' && !record && seenAfterSend === true;
  return {
    ...rest,
    ...(record ? { overrideId } : {}),
    ...(seen ? { seenAfterSend } : {}),
    ...(reason === undefined ? {} : { refusal: reason }),
    scheduleName: s.name,
    timeZone: s.timeZone,
    email: item.email.toLowerCase(),
    others: item.others.map((o) => o.toLowerCase()),
    name: ctx.nameOf(item.scheduleId, item.email),
    state: item.state === 'handed_off' ? 'unknown' : item.state,
    message: RESUMED[item.state],
  };
}
