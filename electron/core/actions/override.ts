// override:create: one creator shared by every flow that writes an override.
import type { OncallClient } from '../../api/client-types';
import type { OverrideOutcome, RequestOf, ResponseOf } from '../../shared/ipc-contract';
import { failure, guarded, guardedWrite, notSetUp, sentThenFailed, type ActionDeps } from './common';
import { planOverride, type PlannedOverride } from './override-window';
import { readBefore, revisionNow, verifyUnknownWrite, type Before } from './override-verify';
import { logReads } from './window-before';
import { overrideRefusal } from './override-refusal';
import { changedSincePreview, restOfShiftNow, windowSincePreview, type HeldBasis } from './override-held';
import { createWriteLane } from './write-lane';
import { heldDepsOf, plannedNow } from './override-planned';
import { sameWishInPlace } from './override-repeat';
import { coverageGone } from './cover-still-asked';
import { earlierFirst, type CreateGate } from './earlier-first';
import { beforeSend } from './before-send';
import { askedWords, formFailure } from './form-wait';
import { answeredAt } from './settle-clock';
import { earlierNote, stillWatched } from './late-watch';
import { answerOfCause } from '../../shared/write-answer';
import { createDoubts, type CreateNote, type DoubtFile, type DoubtPool, type Doubts } from './override-again';
import {
  cachedCovered,
  rememberMayLand,
  created,
  describesSent,
  recordSent,
  settle,
  unknownWhy,
} from './override-record';

const DEFAULT_VERIFY_GRACE_MS = 3_000;

/** The rule of every flow (away mode's "it could not be saved first, so it wasn't sent"), with the reason. */
const notSavedFirst = (reason: string) =>
  `Its record (kept so that a restart never sends it twice) could not be saved first, so it wasn't sent: ${reason}. Try again once the app's data folder can be written.`;

/** Same schedule, same window (as asked, so two clicks a second apart match) and the same people. */
function sameCreateKey(request: RequestOf<'override:create'>, plan: PlannedOverride): string {
  const w = request.window;
  const window = w.kind === 'custom' ? [plan.startMs, plan.endMs] : w;
  const people = plan.preview.covering.map((e) => e.toLowerCase()).sort();
  return JSON.stringify([plan.scheduleId, window, people]);
}

/** The schedule's revision as the app last read it (undefined: never read). */
function revisionSeen(deps: ActionDeps, scheduleId: string): number | null | undefined {
  const details = deps.snapshot.get().schedules.find((s) => s.id === scheduleId)?.details;
  return details ? details.current_revision : undefined;
}

async function createOnce(
  deps: ActionDeps,
  client: OncallClient,
  request: RequestOf<'override:create'>,
  plan: PlannedOverride,
  sending: () => void,
  note?: CreateNote,
  before: Before = {},
): Promise<ResponseOf<'override:create'>> {
  const alreadyCovered = cachedCovered(deps, plan);
  const sent = recordSent(deps, plan, note);
  sending();
  const result = await client.createOverride(plan.scheduleId, plan.input);
  let outcome: OverrideOutcome;
  if (result.ok && describesSent(result.value, plan)) outcome = await created(deps, plan, result.value, sent);
  else if (result.ok || result.error.kind === 'outcome_unknown') {
    // 5xx, unreadable answers, lost answers and answers about another override alike: it may be stored (or not),
    // so look instead of sending it again.
    const why = unknownWhy(result);
    const unknown = !result.ok && result.error.kind === 'outcome_unknown' ? result.error : undefined;
    // No answer at all (not a 5xx answer): an unmoved revision proves nothing on its own (adv48 r11 #2).
    const cause = unknown?.cause;
    before.lost = cause === 'network' || cause === 'timeout';
    // What became of the answer, carried into every later word about this write (adv48 r34).
    const answer = answerOfCause(cause, unknown?.status);
    before.answer = answer;
    // A 503's Retry-After: the time asked for is said with the first answer too, as a press again says it.
    const waitWords = askedWords(unknown?.retryAfterMs, {
      nowMs: deps.clock.now(),
      localZone: deps.localZone?.() ?? 'UTC',
    });
    if (waitWords !== undefined) before.waitWords = waitWords;
    outcome = await verifyUnknownWrite(
      client,
      plan,
      alreadyCovered,
      deps.clock,
      deps.verifyGraceMs ?? DEFAULT_VERIFY_GRACE_MS,
      why,
      before,
      heldDepsOf(deps, client),
    );
    // Shown in place (or possibly in place) it stays mine, without its id: the service never told it. A take-over
    // kept this way can still be handed back; the offer itself waits for the schedule to show me, so one that was
    // not saved is never offered back. "Not created" drops it: should it appear later, that is news to tell.
    // A take-over or hand back not shown yet may still land: kept unconfirmed, so once a read shows exactly its window
    // it is this app's own again (Hand back offered, "already in place"), not someone else's change (adv48 r14 #2).
    // Any write not shown yet may land long after (adv47 r16 #4): whenever a read shows it, it is mine.
    const notShown = note?.kind !== undefined && outcome.status === 'not_created' ? 'unshown' : 'not_saved';
    const window = { id: '', start: plan.input.start, end: plan.input.end };
    const said = { ...sent, answer, ...(cause === 'server' ? { erred: true as const } : {}) };
    if (outcome.status === 'unknown' || outcome.status === 'not_created') outcome = { ...outcome, answer };
    settle(deps, said, outcome.status === 'not_created' ? notShown : window, outcome.status === 'unknown');
    if (outcome.status === 'not_created') rememberMayLand(deps, said);
  } else {
    // Refused (a 4xx, a 429) or never sent: nothing was saved.
    settle(deps, sent, 'not_saved');
    if (result.error.kind === 'rejected') return overrideRefusal(result.error, request, plan);
    // A 429 (or a held wait) is said with the time the service asked for, as the tray says it (adv47 r36 #1).
    return formFailure(result.error, { nowMs: deps.clock.now(), localZone: deps.localZone?.() ?? 'UTC' });
  }
  // The schedule changed (or may have): refresh it now, without making the user wait for it.
  void deps.refresh({ reason: 'write', scheduleIds: [plan.scheduleId], rereadShifts: true });
  return { ok: true as const, value: outcome };
}

/**
 * Sends a create, unless an earlier attempt at it may have been saved after all: then the schedule is read first
 * (override-again.ts). Attempts that end "most likely not saved", or unknown on a window the schedule can tell
 * about (not already covered before), are remembered for that.
 */
async function createChecked(
  deps: ActionDeps,
  doubts: Doubts,
  key: string,
  service: OncallClient,
  request: RequestOf<'override:create'>,
  plan: PlannedOverride,
  sending: () => void,
  note?: CreateNote,
  moved = false,
  gate?: CreateGate,
): Promise<ResponseOf<'override:create'>> {
  const { client, ...reads } = logReads(service); // the window as held just before the POST: window-before.ts
  const first = await earlierFirst(deps, doubts, key, client, plan, sending, gate);
  if (first) return first;
  // Written on what the service holds now: a preview that aged (someone else holds the window now) sends nothing.
  // This app's own earlier writes of the same kind (a take-over's record is not a quick override of that window).
  const known = deps.snapshot.get().createdOverrides.filter((c) => c.kind === note?.kind);
  const me = deps.settings().email;
  // Waited behind another write on this schedule: planned on the schedule as read when asked, so checked against it.
  const asked = moved && request.replaces === undefined && !plan.preview.unknownOnCall;
  const checked = asked ? { ...request, replaces: plan.preview.replaces.map((p) => p.email) } : request;
  // "Rest of current shift": its end as the service holds it now, not as the app's last refresh read it.
  const ends = await restOfShiftNow(client, request, plan, deps.clock.now(), deps.localZone?.());
  if ('ok' in ends) return ends;
  const at = { nowMs: deps.clock.now(), zone: deps.localZone?.() ?? 'UTC', me };
  const basis: HeldBasis = { since: asked ? 'you planned it' : 'the preview', me, at, words: heldDepsOf(deps, client) };
  // The window written is the plan's (as the app read it): it too must be the one the preview showed.
  const reshaped = windowSincePreview(request, ends, at) ?? windowSincePreview(request, plan, at);
  if (reshaped !== undefined) return failure('validation', reshaped);
  // "Next N hours" again: my own override of these people from minutes ago is the same wish (override-repeat.ts).
  const mayLand = deps.snapshot.get().mayLand ?? [];
  const repeat = await sameWishInPlace(client, request, plan, [...known, ...mayLand], at);
  if (repeat && 'status' in repeat) return { ok: true as const, value: repeat };
  if (repeat) return repeat;
  const held = await changedSincePreview(client, checked, plan, known, basis);
  if (held && 'status' in held) return { ok: true as const, value: held };
  if (held) return held;
  // A write made from a plan: the last read before the POST held to the plan's rule (override-planned.ts).
  const planned = await plannedNow(deps, client, request, plan);
  if (planned && 'status' in planned) return { ok: true as const, value: planned };
  if (planned) return planned;
  // An earlier own write here may still be applied late (late-watch.ts): the result says so.
  const watched = stillWatched(deps, plan);
  const tellable = !cachedCovered(deps, plan);
  // The schedule's revision as last read before this write: a lost answer is "not saved" only while it is unmoved.
  // Read just before the POST (the snapshot's may predate a change elsewhere on the schedule); unread, the snapshot's.
  // And the window: after an error answer only a change there holds it back (adv48 r25 #1).
  const moves = doubts.revisionMoves(plan.scheduleId, revisionSeen(deps, plan.scheduleId));
  const before = await readBefore(client, plan, revisionSeen(deps, plan.scheduleId), moves, { client, ...reads });
  const { revisionBefore } = before;
  // Its record first (lost-answers.json), as away mode's "sending" state: one that can't be saved sends nothing, else a
  // restart before the answer would send it twice (adv48 r19 #1). Saved as "no answer came" until the answer does.
  const atMs = deps.clock.now();
  const unsaved = await doubts.saveFirst(key, { ...before, plan, note, atMs, lost: true });
  if (unsaved !== undefined) return failure('storage', notSavedFirst(unsaved));
  // The caller's own record of it, after this one (before-send.ts): one that can't be saved sends nothing either.
  const notSaved = await beforeSend();
  if (notSaved !== undefined) {
    doubts.release();
    return failure('storage', notSaved);
  }
  const answer = await createOnce(deps, client, request, plan, sending, note, before);
  const status = answer.ok ? answer.value.status : undefined;
  if (status === 'created' && typeof revisionBefore === 'number') {
    doubts.landed(plan.scheduleId, revisionBefore);
    // Under another write's doubt there, this app's own write moves the revision too: it is not a change over it.
    if (doubts.pending(plan.scheduleId))
      doubts.ownWrite(plan.scheduleId, revisionBefore, await revisionNow(client, plan.scheduleId));
  }
  if (status === 'not_created' || (status === 'unknown' && tellable))
    doubts.remember(key, { ...before, plan, note, atMs: answeredAt(deps.clock), lost: before.lost === true });
  else doubts.release();
  return withEarlierNote(answer, earlierNote(deps, watched));
}

/** A write sent over a watched earlier one says so in its result (late-watch.ts). */
function withEarlierNote(answer: ResponseOf<'override:create'>, note: string | undefined) {
  if (!answer.ok || answer.value.status !== 'created' || note === undefined) return answer;
  return { ok: true as const, value: { ...answer.value, note } };
}

export type OverrideCreator = (
  request: RequestOf<'override:create'>,
  note?: CreateNote,
  gate?: CreateGate,
) => Promise<ResponseOf<'override:create'>>;

/** A throw once the override may have left (folding its answer in): it may be in place, so it is "unknown". */
const lostAfterSending = (cause: unknown): ResponseOf<'override:create'> => ({
  ok: true,
  value: {
    status: 'unknown',
    message: `${sentThenFailed(cause, 'the override')} Do not create it again: look at the schedule to see whether it was saved.`,
  },
});

/**
 * One creator per engine, shared by override:create and the take-over intents, so identical creates in flight at
 * once (a double click, the shortcut and a click, two windows, a take-over and the same quick override) share one
 * request and its answer: a second POST would be a second override. `kept`: where a lost answer's doubt is kept
 * across a restart (engine/lost-answer-store.ts).
 */
export function overrideCreator(deps: ActionDeps, kept?: DoubtFile, pool?: () => DoubtPool): OverrideCreator {
  const inFlight = new Map<string, Promise<ResponseOf<'override:create'>>>();
  const doubts = createDoubts(deps.clock, () => deps.verifyGraceMs ?? DEFAULT_VERIFY_GRACE_MS, kept, pool);
  // One write at a time per schedule, whichever flow asks (form, take over, hand back, away, swap): write-lane.ts.
  const lane = createWriteLane();
  return async (request, note, gate) =>
    guarded(async () => {
      const client = deps.client();
      if (!client) return notSetUp(deps);
      const plan = planOverride(request, deps.snapshot.get(), deps.settings(), deps.clock.now(), deps.statusOf);
      if (!plan.ok) return { ok: false as const, error: plan.error };
      const key = sameCreateKey(request, plan.value);
      const running = inFlight.get(key);
      if (running) return running;
      // Guarded inside the shared run, so every caller sharing it gets the same truthful answer.
      const id = plan.value.scheduleId;
      const started = guardedWrite(
        (sending) =>
          lane.run(id, (moved) => {
            const sent = () => (lane.sent(id), sending());
            return createChecked(deps, doubts, key, client, request, plan.value, sent, note, moved, gate);
          }),
        lostAfterSending,
      ).finally(() => inFlight.delete(key));
      inFlight.set(key, started);
      return started;
    });
}

export function overrideCreate(deps: ActionDeps, creator: OverrideCreator = overrideCreator(deps)) {
  return (request: RequestOf<'override:create'>): Promise<ResponseOf<'override:create'>> =>
    // Cover…'s request is read after this create's own earlier write is settled: both are said (adv48 r32 #1).
    guarded(() => creator(request, undefined, () => coverageGone(deps, request)));
}
