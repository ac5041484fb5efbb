// The override form's "Create" after its preview aged: the preview the user confirmed said whom it replaces; just
// before sending, the window is read from the service, and when someone else holds it now (a manager's change since
// the preview), nothing is sent and the form says who, so the user decides again on what is true.
import type { OncallClient } from '../../api/client-types';
import type { OverrideOutcome, OverrideRequest } from '../../shared/ipc-contract';
import { windowCoveredBy } from './window-coverage';
import { formatDayTime, joinNames } from '../../shared/format';
import { heldOf, readWindowShifts } from './window-read';
import { shownChanged, unshownChanged, type WordsDeps } from './plan-lines';
import { isUnread, unreadText, type Unread, type UnreadAt } from './unread-words';
import { failure, type Failure } from './common';
import type { PlannedOverride } from './override-window';
import type { CreatedOverride } from '../model/snapshot';
import { identicalInPlace, knownIdentical } from './override-in-place';
import { nowAndNext, segmentsOf } from '../model/segments';
import { DAY_MS } from '../../shared/time';
import { mayHaveLanded } from '../../shared/handoff-text';
import { answerOfEarlier, answerSaid, type WriteAnswer } from '../../shared/write-answer';

const lower = (e: string) => e.trim().toLowerCase();
const ALREADY =
  'The schedule already shows exactly these people on call then, so nothing was sent (no second override).';
const IN_PLACE =
  'This override is already in place: the schedule holds these people for exactly this time, so nothing was sent (no second override).';
const maybeInPlace = (why: string) =>
  `The same override sent earlier may already be in place (${why}, and the schedule shows these people then), so it was not sent again. Do not create it again: look at the schedule to see whether it was saved.`;
const UNREAD = {
  sentence:
    'The schedule could not be read just before sending, so nothing was sent: who is on call then is not known for sure.',
  what: 'the schedule',
  retry: 'Try again in a moment.',
};
const unreadAt = (b: HeldBasis) => b.at && { nowMs: b.at.nowMs, localZone: b.at.zone };
const unread = (why: Unread, at?: UnreadAt): Failure => failure('stale_data', unreadText(UNREAD, why.unread, at));

/** The people on call besides the covering ones are exactly those the plan replaces (the schedule as planned). */
function asPlanned(others: ReadonlyMap<string, string>, plan: PlannedOverride): boolean {
  const replaced = new Set(plan.preview.replaces.map((p) => lower(p.email)));
  return replaced.size > 0 && others.size === replaced.size && [...others.keys()].every((e) => replaced.has(lower(e)));
}

/** Without a preview: sent unless the service already holds an identical override (override-in-place.ts). */
async function noSecondOverride(
  client: OncallClient,
  plan: PlannedOverride,
  known: readonly CreatedOverride[],
  me: string,
  at?: UnreadAt,
): Promise<Failure | OverrideOutcome | undefined> {
  const seen = await identicalInPlace(client, plan, known);
  if (isUnread(seen)) return unread(seen, at);
  // What became of the first attempt's answer, as it was: a 5xx or an unreadable 200 never "never came" (r17, r34).
  const answer = answerOfEarlier(known, plan);
  const why = answerSaid(answer, 'the first attempt');
  if (seen === 'maybe') return { status: 'unknown', message: maybeInPlace(why), ...(answer ? { answer } : {}) };
  if (typeof seen === 'object') {
    // Not confirmed, and the schedule shows exactly whom it was to replace: no change to tell (as away says it).
    if (seen.maybe && asPlanned(seen.changed, plan)) return failure('validation', mayHaveLanded(answer));
    // Take over's sentence (one rule for every flow): "Bob now covers it", "… part of it" when the change took part.
    return changedSinceCreated(seen.changed, me, seen.maybe, seen.whole, answer);
  }
  return seen === 'in_place' ? { status: 'created_unconfirmed', message: IN_PLACE } : undefined;
}

/** What the later write was planned on: the preview the user confirmed, or (a write that waited behind another one
 *  on the schedule) the schedule as the app read it when the write was asked for. */
export interface HeldBasis {
  since: 'the preview' | 'you planned it';
  /** Me on this account (lower-cased; '' unknown): named "you". */
  me: string;
  /** Now and the user's zone, for a wait the service asked for when it refused the read (unread-words.ts). */
  at?: { nowMs: number; zone: string };
  words?: WordsDeps; // names and times in the user's words (plan-words.ts)
}

/** "Erin now covers it", "you are now on call then", "nobody else is on call then" (names as the service gave them);
 *  `whole` false: the change took part of the window ("Erin now covers part of it"). */
function nowText(people: ReadonlyMap<string, string>, me: string, whole = true): string {
  if (people.size === 0) return whole ? 'nobody else is on call then' : 'nobody else is on call in part of it';
  const names = [...people].map(([e, n]) => (e === me ? 'you' : n));
  if (names.length === 1 && names[0] === 'you')
    return whole ? 'you are now on call then' : 'you are now on call in part of it';
  return `${joinNames(names)} now ${names.length > 1 ? 'cover' : 'covers'} ${whole ? 'it' : 'part of it'}`;
}

/** Take over's and the form's (with or without a preview) one sentence for "this app's own override of this time is
 *  gone from the schedule or changed over since it was created": nothing is sent again. */
export function changedSinceCreated(
  people: ReadonlyMap<string, string>,
  me: string,
  maybe: boolean,
  whole = true,
  answer?: WriteAnswer,
): Failure {
  const yours = maybe
    ? `the same override sent earlier may have been saved (${answerSaid(answer, 'it')})`
    : 'your override of this time was written earlier';
  return failure(
    'validation',
    `Changed since you created it: ${nowText(people, me, whole)}. ${yours.charAt(0).toUpperCase()}${yours.slice(1)}, so nothing was sent again (it would write over that change): look at the schedule and choose anew.`,
  );
}

/** undefined: the service holds what the preview showed, so it may be sent; else an outcome (already in place) or a
 *  failure (changed since, or not readable): nothing is sent. Without a preview: no identical override in place. */
export async function changedSincePreview(
  client: OncallClient,
  request: OverrideRequest,
  plan: PlannedOverride,
  known: readonly CreatedOverride[],
  basis: HeldBasis = { since: 'the preview', me: '' },
): Promise<Failure | OverrideOutcome | undefined> {
  if (request.replaces === undefined) return noSecondOverride(client, plan, known, lower(basis.me), unreadAt(basis));
  const shifts = await readWindowShifts(client, plan.scheduleId, plan.startMs, plan.endMs);
  if (isUnread(shifts)) return unread(shifts, unreadAt(basis));
  if (windowCoveredBy(shifts, plan.startMs, plan.endMs, plan.preview.covering))
    return { status: 'created_unconfirmed', message: ALREADY };
  const covering = new Set(plan.preview.covering.map(lower));
  const people = new Map<string, string>();
  for (const s of shifts)
    for (const u of s.users) if (!covering.has(lower(u.email))) people.set(lower(u.email), u.name || u.email);
  // This app's own identical override of this window is stored and the window no longer shows it: a change since it
  // was created (a manager put someone back), never written over by a second one (adv48 round 6 #2).
  const mine = known.length === 0 ? false : await knownIdentical(client, plan, known);
  if (isUnread(mine)) return unread(mine, unreadAt(basis));
  if (mine !== false)
    return changedSinceCreated(people, lower(basis.me), mine === 'maybe', true, answerOfEarlier(known, plan));
  const again =
    basis.since === 'the preview'
      ? 'look at the preview again and create it once it shows what you want'
      : 'look at it again and choose anew';
  const shown = request.previewed?.held; // each instant as shown (plan-lines.ts), not only who's replaced
  const what = shown && basis.words && shownChanged(basis.words, plan, heldOf(shifts, plan.startMs, plan.endMs), shown);
  if (what) return failure('validation', `Changed since ${basis.since}: ${what}. Nothing was sent: ${again}.`);
  if (shown && basis.words) return undefined; // as shown at every instant
  const told = new Set(request.replaces.map(lower));
  const same = told.size === people.size && [...told].every((e) => people.has(e));
  if (same) return undefined;
  // No stretches shown: what the service holds now, with its hours (plan-lines.ts), as every other flow says it.
  const held = heldOf(shifts, plan.startMs, plan.endMs);
  const scoped = basis.words && unshownChanged(basis.words, plan, held, request.replaces, plan.preview.covering);
  return failure(
    'validation',
    `Changed since ${basis.since}: ${scoped || nowText(people, lower(basis.me))}. Nothing was sent: ${again}.`,
  );
}

/**
 * A "rest of current shift" resolves its end from the schedule as read now: a manager who made the shift grow or
 * shrink since the preview (and a refresh that read it) moves it. Create writes only the window the preview showed:
 * another end is said, and nothing is sent. ("Next N hours" runs from the press, so its end moves by design.)
 */
export function windowSincePreview(
  request: OverrideRequest,
  plan: PlannedOverride,
  at: { nowMs: number; zone: string; me: string },
): string | undefined {
  const shown = request.previewed;
  if (shown === undefined || request.window.kind === 'next_hours') return undefined;
  const shownEndMs = Date.parse(shown.end);
  if (shownEndMs === plan.endMs) return undefined;
  const when = (ms: number) => formatDayTime(ms, { nowMs: at.nowMs, localZone: at.zone });
  const me = lower(at.me);
  const names = plan.preview.replaces.map((p) => (lower(p.email) === me ? 'you' : p.name || p.email));
  const verb = names.length > 1 || names[0] === 'you' ? 'are' : 'is';
  const what =
    names.length === 0
      ? `the current shift now ends ${when(plan.endMs)}, not ${when(shownEndMs)}`
      : `${joinNames(names)} ${verb} now on call until ${when(plan.endMs)}, not ${when(shownEndMs)}`;
  return `Changed since the preview: ${what}. Nothing was sent: look at the preview again and create it once it shows what you want.`;
}

/**
 * Where the current shift ends as the service holds it now, for a "rest of current shift" Create with a preview: read
 * from now to a day past the end the preview showed, so a manager's change since is seen whether or not the app's
 * own refresh ran in between (that gave opposite answers by timing). The plan with that end, or a failure (nobody
 * on call now, or not readable: nothing is sent).
 */
export async function restOfShiftNow(
  client: OncallClient,
  request: OverrideRequest,
  plan: PlannedOverride,
  nowMs: number,
  zone?: string,
): Promise<PlannedOverride | Failure> {
  const shown = request.previewed;
  if (shown === undefined || request.window.kind !== 'rest_of_current') return plan;
  const readEndMs = Math.max(Date.parse(shown.end), plan.endMs) + DAY_MS;
  const shifts = await readWindowShifts(client, plan.scheduleId, plan.startMs, readEndMs);
  if (isUnread(shifts)) return unread(shifts, { nowMs, localZone: zone ?? 'UTC' });
  const now = nowAndNext(segmentsOf(shifts), Math.max(nowMs, plan.startMs)).now;
  if (now === undefined)
    return failure(
      'validation',
      'Changed since the preview: nobody is on call on this schedule now, so there is no current shift to cover. Nothing was sent.',
    );
  return { ...plan, endMs: now.endMs };
}
