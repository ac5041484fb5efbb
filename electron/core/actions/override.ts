// override:preview, override:create and override:get.
import type { OncallClient } from '../../api/client-types';
import type { Override } from '../../api/schemas';
import type { OverrideOutcome, OverrideView, RequestOf, ResponseOf } from '../../shared/ipc-contract';
import {
  failure,
  fromApiError,
  guarded,
  guardedWrite,
  NOT_SET_UP,
  sentThenFailed,
  toPersonView,
  whatHappened,
  type ActionDeps,
} from './common';
import { planOverride, resolveWindow, type PlannedOverride } from './override-window';
import { rankCandidates, type OtherAccountRead } from '../state/candidates';
import { verifyUnknownWrite } from './override-verify';
import { windowCoveredBy } from './window-coverage';
import { overrideRefusal } from './override-refusal';
import { changedSincePreview, restOfShiftNow, windowSincePreview, type HeldBasis } from './override-held';
import { createWriteLane } from './write-lane';
import { createDoubts, type CreateNote, type Doubts } from './override-again';
import type { CreatedOverride } from '../model/snapshot';

const DEFAULT_VERIFY_GRACE_MS = 3_000;
/** Created ids are kept this long (the service has no list endpoint; older ones are of no use to the user). */
const CREATED_KEEP_MS = 30 * 24 * 3_600_000;

export function overrideView(scheduleId: string, o: Override): OverrideView {
  return { id: o.id, scheduleId, start: o.start, end: o.end, users: o.users.map(toPersonView) };
}

type Window = Pick<Override, 'start' | 'end'> & { id: string };

/**
 * A write is known as mine from the moment it is sent, not from the moment its answer comes: a read that lands
 * while the answer is awaited, lost or being checked must already see the change as mine. The record is dated
 * again when the outcome is known (see causedByMe in reminders/changes.ts: it explains changes read up to then).
 */
function recordSent(deps: ActionDeps, plan: PlannedOverride, note?: CreateNote): CreatedOverride {
  const nowMs = deps.clock.now();
  const sent: CreatedOverride = {
    id: '',
    scheduleId: plan.scheduleId,
    start: plan.input.start,
    end: plan.input.end,
    createdAt: new Date(nowMs).toISOString(),
    ...note,
  };
  const snap = deps.snapshot.get();
  const kept = snap.createdOverrides.filter((c) => Date.parse(c.end) > nowMs - CREATED_KEEP_MS);
  deps.snapshot.set({ ...snap, createdOverrides: [...kept, sent] });
  return sent;
}

const sameRecord = (a: CreatedOverride, b: CreatedOverride): boolean =>
  a.id === b.id &&
  a.scheduleId === b.scheduleId &&
  a.start === b.start &&
  a.end === b.end &&
  a.createdAt === b.createdAt;

/**
 * The outcome is known: the record gets the stored window (and id, when the answer came) or, when nothing was
 * saved, goes, so it explains no later change. A record no longer there (the service was switched) stays gone.
 */
function settle(deps: ActionDeps, sent: CreatedOverride, outcome: Window | 'not_saved'): void {
  const snap = deps.snapshot.get();
  // Two writes sent at once for the same window (other people) leave two equal records: settle one of them.
  const at = snap.createdOverrides.findIndex((c) => sameRecord(c, sent));
  if (at < 0) return;
  const others = snap.createdOverrides.filter((_, i) => i !== at);
  if (outcome === 'not_saved') {
    deps.snapshot.set({ ...snap, createdOverrides: others });
    return;
  }
  const entry: CreatedOverride = {
    ...sent,
    id: outcome.id,
    start: outcome.start,
    end: outcome.end,
    createdAt: new Date(deps.clock.now()).toISOString(),
  };
  // One record per id: an id the service gave before is the same override (its older record is replaced).
  const kept = outcome.id === '' ? others : others.filter((c) => c.id !== outcome.id);
  deps.snapshot.set({ ...snap, createdOverrides: [...kept, entry] });
}

function cachedCovered(deps: ActionDeps, plan: PlannedOverride): boolean {
  const shifts = deps.snapshot.get().schedules.find((s) => s.id === plan.scheduleId)?.shifts ?? [];
  return windowCoveredBy(shifts, plan.startMs, plan.endMs, plan.preview.covering);
}

const NOT_THE_ONE_SENT = "The service's answer describes an override other than the one sent";

/**
 * A 200 is taken as the write landing only when its override is the one sent: the same people, the same start and
 * end. Any other body (other people, another window, the person being replaced) tells nothing about what was saved.
 */
function describesSent(posted: Override, plan: PlannedOverride): boolean {
  const people = (emails: readonly string[]) => [...new Set(emails.map((e) => e.toLowerCase()))].sort().join(' ');
  return (
    Date.parse(posted.start) === Date.parse(plan.input.start) &&
    Date.parse(posted.end) === Date.parse(plan.input.end) &&
    people(posted.users.map((u) => u.email)) === people(plan.input.user_references.map((r) => r.value))
  );
}

/** Opens the message of a write whose outcome is unknown: its answer was lost, failed, unreadable or another's. */
function unknownWhy(result: Awaited<ReturnType<OncallClient['createOverride']>>): string {
  if (result.ok) return NOT_THE_ONE_SENT;
  return result.error.kind === 'outcome_unknown'
    ? whatHappened(result.error.cause, result.error.status)
    : whatHappened('unreadable');
}

async function created(
  deps: ActionDeps,
  plan: PlannedOverride,
  posted: Override,
  sent: CreatedOverride,
): Promise<OverrideOutcome> {
  settle(deps, sent, posted);
  // Read it back: what the service stored is what we show (the POST answer is the fallback).
  const client = deps.client();
  const read = client ? await client.getOverride(plan.scheduleId, posted.id) : undefined;
  const stored = read?.ok ? read.value : posted;
  return { status: 'created', override: overrideView(plan.scheduleId, stored) };
}

export function overridePreview(deps: ActionDeps) {
  return async (request: RequestOf<'override:preview'>): Promise<ResponseOf<'override:preview'>> =>
    guarded(async () => {
      const plan = planOverride(request, deps.snapshot.get(), deps.settings(), deps.clock.now());
      return plan.ok ? { ok: true as const, value: plan.value.preview } : { ok: false as const, error: plan.error };
    });
}

/** Who could cover the window asked about, best first (the people picker's suggestions); free or busy is said
 *  over every account's schedules (`otherAccounts`: the reads of the accounts other than this one). */
export function overrideCandidates(
  deps: ActionDeps,
  otherAccounts: () => readonly OtherAccountRead[],
  localZone?: () => string,
) {
  return async (request: RequestOf<'override:candidates'>): Promise<ResponseOf<'override:candidates'>> =>
    guarded(async () => {
      const snapshot = deps.snapshot.get();
      const window = resolveWindow({ ...request, emails: [] }, snapshot, deps.clock.now());
      if (!window.ok) return { ok: false as const, error: window.error };
      const { startMs, endMs } = window.value;
      const value = rankCandidates({
        snapshot,
        otherAccounts: otherAccounts(),
        settings: deps.settings(),
        scheduleId: request.scheduleId,
        window: { startMs, endMs },
        nowMs: deps.clock.now(),
        ...(localZone ? { localZone: localZone() } : {}),
      });
      return { ok: true as const, value };
    });
}

/** Same schedule, same window (as asked, so two clicks a second apart match) and the same people. */
function sameCreateKey(request: RequestOf<'override:create'>, plan: PlannedOverride): string {
  const w = request.window;
  const window = w.kind === 'custom' ? [plan.startMs, plan.endMs] : w;
  const people = plan.preview.covering.map((e) => e.toLowerCase()).sort();
  return JSON.stringify([plan.scheduleId, window, people]);
}

async function createOnce(
  deps: ActionDeps,
  client: OncallClient,
  request: RequestOf<'override:create'>,
  plan: PlannedOverride,
  sending: () => void,
  note?: CreateNote,
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
    outcome = await verifyUnknownWrite(
      client,
      plan,
      alreadyCovered,
      deps.clock,
      deps.verifyGraceMs ?? DEFAULT_VERIFY_GRACE_MS,
      why,
    );
    // Shown in place (or possibly in place) it stays mine, without its id: the service never told it. A take-over
    // kept this way can still be handed back; the offer itself waits for the schedule to show me, so one that was
    // not saved is never offered back. "Not created" drops it: should it appear later, that is news to tell.
    settle(
      deps,
      sent,
      outcome.status === 'not_created' ? 'not_saved' : { id: '', start: plan.input.start, end: plan.input.end },
    );
  } else {
    // Refused (a 4xx, a 429) or never sent: nothing was saved.
    settle(deps, sent, 'not_saved');
    return result.error.kind === 'rejected' ? overrideRefusal(result.error, request, plan) : fromApiError(result.error);
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
  client: OncallClient,
  request: RequestOf<'override:create'>,
  plan: PlannedOverride,
  sending: () => void,
  note?: CreateNote,
  moved = false,
): Promise<ResponseOf<'override:create'>> {
  // The earlier attempt's write did leave the app: from here on a throw must not invite a plain retry.
  if (doubts.has(key)) sending();
  const earlier = await doubts.lookFirst(key, client);
  if (earlier) {
    const first = earlier.doubt.plan;
    if (earlier.outcome.status === 'created_unconfirmed') {
      // Mine after all: the record comes back, so its appearance is not someone else's change (and a take-over
      // can be handed back); the schedule is refreshed to show it.
      settle(deps, recordSent(deps, first, earlier.doubt.note), {
        id: '',
        start: first.input.start,
        end: first.input.end,
      });
      void deps.refresh({ reason: 'write', scheduleIds: [first.scheduleId], rereadShifts: true });
    }
    return { ok: true as const, value: earlier.outcome };
  }
  // Written on what the service holds now: a preview that aged (someone else holds the window now) sends nothing.
  // This app's own earlier writes of the same kind (a take-over's record is not a quick override of that window).
  const known = deps.snapshot.get().createdOverrides.filter((c) => c.kind === note?.kind);
  const me = deps.settings().email;
  // Waited behind another write on this schedule: planned on the schedule as read when asked, so checked against it.
  const asked = moved && request.replaces === undefined && !plan.preview.unknownOnCall;
  const basis: HeldBasis = { since: asked ? 'you planned it' : 'the preview', me };
  const checked = asked ? { ...request, replaces: plan.preview.replaces.map((p) => p.email) } : request;
  // "Rest of current shift": its end as the service holds it now, not as the app's last refresh read it.
  const ends = await restOfShiftNow(client, request, plan, deps.clock.now());
  if ('ok' in ends) return ends;
  const at = { nowMs: deps.clock.now(), zone: deps.localZone?.() ?? 'UTC', me };
  // The window written is the plan's (as the app read it): it too must be the one the preview showed.
  const reshaped = windowSincePreview(request, ends, at) ?? windowSincePreview(request, plan, at);
  if (reshaped !== undefined) return failure('validation', reshaped);
  const held = await changedSincePreview(client, checked, plan, known, basis);
  if (held && 'status' in held) return { ok: true as const, value: held };
  if (held) return held;
  const tellable = !cachedCovered(deps, plan);
  const answer = await createOnce(deps, client, request, plan, sending, note);
  const status = answer.ok ? answer.value.status : undefined;
  if (status === 'not_created' || (status === 'unknown' && tellable))
    doubts.remember(key, { plan, note, atMs: deps.clock.now() });
  return answer;
}

export type OverrideCreator = (
  request: RequestOf<'override:create'>,
  note?: CreateNote,
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
 * request and its answer: a second POST would be a second override.
 */
export function overrideCreator(deps: ActionDeps): OverrideCreator {
  const inFlight = new Map<string, Promise<ResponseOf<'override:create'>>>();
  const doubts = createDoubts(deps.clock, () => deps.verifyGraceMs ?? DEFAULT_VERIFY_GRACE_MS);
  // One write at a time per schedule, whichever flow asks (form, take over, hand back, away, swap): write-lane.ts.
  const lane = createWriteLane();
  return async (request, note) =>
    guarded(async () => {
      const client = deps.client();
      if (!client) return NOT_SET_UP;
      const plan = planOverride(request, deps.snapshot.get(), deps.settings(), deps.clock.now());
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
            return createChecked(deps, doubts, key, client, request, plan.value, sent, note, moved);
          }),
        lostAfterSending,
      ).finally(() => inFlight.delete(key));
      inFlight.set(key, started);
      return started;
    });
}

export function overrideCreate(deps: ActionDeps, creator: OverrideCreator = overrideCreator(deps)) {
  return (request: RequestOf<'override:create'>): Promise<ResponseOf<'override:create'>> => creator(request);
}

export function overrideGet(deps: ActionDeps) {
  return async (request: RequestOf<'override:get'>): Promise<ResponseOf<'override:get'>> =>
    guarded(async () => {
      const known = deps.snapshot
        .get()
        .createdOverrides.some(
          (c) => c.id !== '' && c.id === request.overrideId && c.scheduleId === request.scheduleId,
        );
      if (!known)
        return failure('not_found', 'This override was not created from this app, so it cannot be looked up here.');
      const client = deps.client();
      if (!client) return NOT_SET_UP;
      const result = await client.getOverride(request.scheduleId, request.overrideId);
      return result.ok
        ? { ok: true as const, value: overrideView(request.scheduleId, result.value) }
        : fromApiError(result.error);
    });
}
