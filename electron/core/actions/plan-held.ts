// What the service holds now over a window, read just before a write of a plan (away items, swap sides, retry,
// resume, hand back): the write goes ahead only while the service still shows exactly what was planned (the person
// replaced and the others kept). If a manager changed it since, the item says what changed and nothing is sent:
// the old intent would put someone over the new holder, or bring back a partner who had left.
import { coverRefusal } from '../../shared/swap-rules';
import type { HandoffItemState } from '../../shared/handoff';
import { clipHeld, grownPast, reachesPast, type Within } from './plan-block';
import { isUnread, unreadText, type Unread, type UnreadAt } from './unread-words';
import { differingText } from './plan-words';
import { differing } from './plan-lines';
import { joinNames } from '../../shared/format';

const BEFORE = 'The schedule could not be read just before sending, so nothing was sent (a write goes only on what the';
const UNREAD = { sentence: `${BEFORE} service holds now).`, what: 'the schedule', retry: 'Retry when it can be read.' };
/** A read that gave nothing, worded by the one rule (unread-words.ts); nothing is sent. */
export const unread = (deps: HeldDeps, read: Unread | undefined, sentence = UNREAD.sentence): HeldAnswer => ({
  state: 'not_sent',
  message: unreadText({ ...UNREAD, sentence }, read?.unread, deps.at?.()),
});

/** One stretch of the window as the service holds it: who is on call (lower-cased; [] nobody). */
export interface Held {
  startMs: number;
  endMs: number;
  emails: string[];
  /** The names the service gave with this read (lower-cased e-mail → name), for a person the app's state doesn't
   *  list yet (a manager put someone outside the rotation): one person, one name, in every flow. */
  names?: Readonly<Record<string, string>>;
}

/** One write of a plan: over the window, `to` replaces `from` and `others` stay (lower-cased). */
export interface PlannedCover {
  scheduleId: string;
  startMs: number;
  endMs: number;
  from: string;
  to: string;
  others: readonly string[];
  /** Around the window, where the plan had `from` off call (plan-block.ts): `from` on call there now is a change. */
  within?: Within | undefined;
  /** A write of this plan was sent before and may have landed (its answer lost, or still checking): the cover found
   *  over part of the window is that write, said as landed in part, never "changed since you planned it". */
  sentBefore?: boolean | undefined;
}

export interface HeldDeps {
  /** The window read now from the service, gaps as nobody; Unread (the service's refusal, when it gave one) or
   *  undefined when it couldn't be read (whole). */
  reread: (scheduleId: string, startMs: number, endMs: number) => Promise<Held[] | Unread | undefined>;
  /** Now and the user's zone, for a wait the service asked for when it refused the read. */
  at?: () => UnreadAt;
  /** The person as the schedule lists them (name, else e-mail). */
  nameOf: (scheduleId: string, email: string) => string;
  /** A window in the user's words ("Mon 09:00 – Tue 09:00"). */
  windowOf: (scheduleId: string, startMs: number, endMs: number) => string;
  /** Me on the schedule's account (lower-cased; '' when unknown). */
  meOn: (scheduleId: string) => string;
  /** Whether the app's own-write record holds an override over the window with exactly these people (own-in-place.ts):
   *  only then is the schedule showing the plan's outcome "already in place". Absent: no record to ask. */
  ownOver?: (scheduleId: string, startMs: number, endMs: number, emails: readonly string[]) => boolean;
}

export interface HeldAnswer {
  state: Extract<HandoffItemState, 'changed' | 'handed_off' | 'not_sent' | 'refused'>;
  message: string;
  /** It landed (in part) and a later change covers the rest: kept as landed, never sent again. */
  outcome?: 'landed-then-changed';
}

export const sameSet = (a: readonly string[], b: readonly string[]): boolean => {
  const [x, y] = [new Set(a), new Set(b)];
  return x.size === y.size && [...x].every((e) => y.has(e));
};

/** Stretches with the same people one after another read as one ("Carol covers Mon 09:00 – Wed 09:00"). */
function merged(held: readonly Held[]): Held[] {
  const out: Held[] = [];
  for (const h of held) {
    const last = out.at(-1);
    if (last && last.endMs === h.startMs && sameSet(last.emails, h.emails)) last.endMs = h.endMs;
    else out.push({ ...h, emails: [...h.emails] });
  }
  return out;
}

/** "Carol Lee now covers Mon 09:00 – Tue 09:00", "Carol Lee is now on call with you Mon 20:00 – Tue 09:00", "you
 *  are now on call with Carol Lee Thu …", "you are no longer on call Mon …", "nobody is on call …". */
export function changeText(
  deps: HeldDeps,
  c: PlannedCover,
  held: readonly Held[],
  beyond: readonly Held[] = [],
  landed = false,
): string {
  const planned = [...new Set([c.from, ...c.others].map((e) => e.toLowerCase()))];
  // Inside the window the plan had `from` and the others; around it (beyond), `from` off call.
  // The plan's own intent (the cover chosen, with the others kept) is no change: only what differs from both the
  // plan and its outcome is said (adv48 round 10, minor), unless nothing else differs. A block that moved (time
  // around it gained) says both the hour lost and the hour gained, whoever holds the hour lost.
  const target = [...new Set([c.to, ...c.others].map((e) => e.toLowerCase()))];
  const changed = merged(held).filter((h) => !sameSet(h.emails, planned));
  const news = landed || beyond.length > 0 ? changed : changed.filter((h) => !sameSet(h.emails, target));
  const differing = (news.length > 0 ? news : changed).map((h) => ({ h, planned }));
  const around = merged(beyond).map((h) => ({ h, planned: [] as string[] }));
  const parts = differingText(deps, c.scheduleId, [...differing, ...around], held);
  // A write that landed and was changed since (a manager's later change): what holds now, nothing to choose.
  if (landed) return `Changed since it landed: ${parts} (the schedule holds that now).`;
  return `Changed since you planned it: ${parts}. Nothing was sent: look at it again and choose anew.`;
}

const REFUSALS = {
  cover_is_from: 'they are the person being replaced',
  cover_on_call: 'they are already on call then, so the schedule would lose a person',
  from_not_on_call: 'the person replaced is not on call then',
  partners_change: 'who else is on call changes within it',
};

/**
 * undefined: the service holds what was planned, so the write may go. Otherwise what the item says instead:
 * already in place (nothing sent), changed (nothing sent, said), or not readable (nothing sent; Retry reads again).
 */
export async function heldAsPlanned(deps: HeldDeps, c: PlannedCover): Promise<HeldAnswer | undefined> {
  if (c.from.trim() === '' || c.to.trim() === '')
    return { state: 'not_sent', message: 'Nothing was sent: who is replaced is not known (set your e-mail first).' };
  const wide = reachesPast(c.within, c.startMs, c.endMs) ? c.within : undefined;
  const read = await deps.reread(c.scheduleId, wide?.startMs ?? c.startMs, wide?.endMs ?? c.endMs);
  if (read === undefined || isUnread(read)) return unread(deps, read);
  const held = clipHeld(read, c.startMs, c.endMs);
  const answer = windowAsPlanned(deps, c, held);
  // The block grew past the window: handing off the window alone would leave `from` on call around it.
  // Only inside `within` (from now on): a read may straddle its edges, and my block's time already past (the current
  // block, planned from now) is not growth. Any time at all counts: a write that starts a block already begun gives
  // `within` the same start as its window (write-one.ts clipToNow), so the seconds between a press and that start
  // are not read as growth.
  const grown = wide ? grownPast(clipHeld(read, wide.startMs, wide.endMs), c.startMs, c.endMs, c.from) : [];
  if (grown.length === 0 || answer?.state === 'refused' || answer?.state === 'not_sent' || answer?.outcome)
    return answer;
  const others = c.others.map((e) => e.toLowerCase()).filter((e) => e !== c.from.toLowerCase());
  return { state: 'changed', message: changeText(deps, { ...c, others }, held, grown) };
}

/** The window's own check, on what was read of it. */
function windowAsPlanned(deps: HeldDeps, c: PlannedCover, held: readonly Held[]): HeldAnswer | undefined {
  const others = c.others.map((e) => e.toLowerCase()).filter((e) => e !== c.from.toLowerCase());
  // The plan itself breaks the rule (a run saved before the rule held): never written.
  const planRefusal = coverRefusal([[c.from.toLowerCase(), ...others]], c.from, c.to);
  if (planRefusal) return { state: 'refused', message: `Nothing was sent: ${REFUSALS[planRefusal]}.` };
  const target = [c.to.toLowerCase(), ...others];
  // In place by the app's own write only: someone else's same change is a change since the plan (adv48 r40).
  const own = c.sentBefore === true || (deps.ownOver?.(c.scheduleId, c.startMs, c.endMs, target) ?? true);
  if (held.length > 0 && held.every((h) => sameSet(h.emails, target)))
    return own
      ? { state: 'handed_off', message: 'The schedule already shows it in place, so it was not sent.' }
      : { state: 'changed', message: changeText(deps, { ...c, others }, held) };
  const planned = [c.from.toLowerCase(), ...others];
  // The rule every flow's re-read goes through, the override form's too: who is on call at each instant, as planned.
  const asPlanned = [{ startMs: c.startMs, endMs: c.endMs, emails: planned }];
  if (held.length === 0 || differing(held, asPlanned, c.startMs, c.endMs).length > 0)
    return (
      (c.sentBefore && landedInPart(deps, c, others, held)) || {
        state: 'changed',
        message: changeText(deps, { ...c, others }, held),
      }
    );
  const refusal = coverRefusal(
    held.map((h) => h.emails),
    c.from,
    c.to,
  );
  if (refusal) return { state: 'refused', message: `Nothing was sent: ${REFUSALS[refusal]}.` };
  return undefined;
}

/** A write sent before whose cover the service holds over part of the window (a manager changed the rest since):
 *  it landed in part, said as what holds, the change since with it; undefined when not known to have landed. */
function landedInPart(
  deps: HeldDeps,
  c: PlannedCover,
  others: string[],
  held: readonly Held[],
): HeldAnswer | undefined {
  const to = c.to.toLowerCase();
  const rest = others.filter((e) => e !== to);
  const part = merged(held).filter((h) => sameSet(h.emails, [to, ...rest]));
  // The person replaced still on call in part is what a write that never landed leaves (a manager gave the cover a
  // part): not known to have landed, so it is a change since planned, never "the earlier request landed".
  if (part.length === 0 || held.some((h) => h.emails.includes(c.from.toLowerCase()))) return undefined;
  const who = to === deps.meOn(c.scheduleId) ? 'You cover' : `${deps.nameOf(c.scheduleId, c.to)} covers`;
  const when = joinNames(part.map((h) => deps.windowOf(c.scheduleId, h.startMs, h.endMs)));
  const since = changeText(deps, { ...c, from: c.to, others: rest }, held, [], true);
  const message = `${who} ${when} of it (the earlier request landed). ${since}`;
  return { state: 'handed_off', message, outcome: 'landed-then-changed' };
}
