// override:preview, override:create and override:get.
import type { OncallClient } from '../../api/client-types';
import type { Override } from '../../api/schemas';
import type { OverrideOutcome, OverrideView, RequestOf, ResponseOf } from '../../shared/ipc-contract';
import { failure, fromApiError, guarded, NOT_SET_UP, toPersonView, whatHappened, type ActionDeps } from './common';
import { planOverride, type PlannedOverride } from './override-window';
import { verifyUnknownWrite, windowCoveredBy } from './override-verify';
import { overrideRefusal } from './override-refusal';
import type { CreatedOverride } from '../sync/snapshot';

const DEFAULT_VERIFY_GRACE_MS = 3_000;
/** Created ids are kept this long (the service has no list endpoint; older ones are of no use to the user). */
const CREATED_KEEP_MS = 30 * 24 * 3_600_000;

export function overrideView(scheduleId: string, o: Override): OverrideView {
  return { id: o.id, scheduleId, start: o.start, end: o.end, users: o.users.map(toPersonView) };
}

/** What a create is for, kept with its record: a take-over remembers whom it replaced, for "Hand back". */
export type CreateNote = Required<Pick<CreatedOverride, 'kind'>> & Pick<CreatedOverride, 'replaced'>;

type Window = Pick<Override, 'start' | 'end'> & { id: string };

function remember(deps: ActionDeps, scheduleId: string, o: Window, note?: CreateNote): void {
  const nowMs = deps.clock.now();
  const entry: CreatedOverride = { id: o.id, scheduleId, start: o.start, end: o.end, createdAt: new Date(nowMs).toISOString(), ...note };
  const snap = deps.snapshot.get();
  const kept = snap.createdOverrides.filter((c) => (o.id === '' || c.id !== o.id) && Date.parse(c.end) > nowMs - CREATED_KEEP_MS);
  deps.snapshot.set({ ...snap, createdOverrides: [...kept, entry] });
}

function cachedCovered(deps: ActionDeps, plan: PlannedOverride): boolean {
  const shifts = deps.snapshot.get().schedules.find((s) => s.id === plan.scheduleId)?.shifts ?? [];
  return windowCoveredBy(shifts, plan.startMs, plan.endMs, plan.preview.covering);
}

async function created(deps: ActionDeps, plan: PlannedOverride, posted: Override, note?: CreateNote): Promise<OverrideOutcome> {
  remember(deps, plan.scheduleId, posted, note);
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

/** Same schedule, same window (as asked, so two clicks a second apart match) and the same people. */
function sameCreateKey(request: RequestOf<'override:create'>, plan: PlannedOverride): string {
  const w = request.window;
  const window = w.kind === 'custom' ? [plan.startMs, plan.endMs] : w;
  const people = plan.preview.covering.map((e) => e.toLowerCase()).sort();
  return JSON.stringify([plan.scheduleId, window, people]);
}

async function createOnce(deps: ActionDeps, client: OncallClient, request: RequestOf<'override:create'>, plan: PlannedOverride, note?: CreateNote): Promise<ResponseOf<'override:create'>> {
  const alreadyCovered = cachedCovered(deps, plan);
  const result = await client.createOverride(plan.scheduleId, plan.input);
  let outcome: OverrideOutcome;
  if (result.ok) outcome = await created(deps, plan, result.value, note);
  else if (result.error.kind === 'outcome_unknown') {
    // 5xx, unreadable answers and lost answers alike: it may be stored, so look instead of sending it again.
    const why = whatHappened(result.error.cause, result.error.status);
    outcome = await verifyUnknownWrite(client, plan, alreadyCovered, deps.clock, deps.verifyGraceMs ?? DEFAULT_VERIFY_GRACE_MS, why);
    // A take-over that may be in place is kept (without its id) so it can still be handed back; the offer
    // itself waits for the schedule to show me, so a take-over that was not saved is never offered back.
    if (note && outcome.status !== 'not_created') remember(deps, plan.scheduleId, { id: '', start: plan.input.start, end: plan.input.end }, note);
  } else if (result.error.kind === 'rejected') return overrideRefusal(result.error, request, plan);
  else return fromApiError(result.error);
  // The schedule changed (or may have): refresh it now, without making the user wait for it.
  void deps.refresh({ reason: 'write', scheduleIds: [plan.scheduleId], rereadShifts: true });
  return { ok: true as const, value: outcome };
}

export type OverrideCreator = (request: RequestOf<'override:create'>, note?: CreateNote) => Promise<ResponseOf<'override:create'>>;

/**
 * One creator per engine, shared by override:create and the take-over intents, so identical creates in flight at
 * once (a double click, the shortcut and a click, two windows, a take-over and the same quick override) share one
 * request and its answer: a second POST would be a second override.
 */
export function overrideCreator(deps: ActionDeps): OverrideCreator {
  const inFlight = new Map<string, Promise<ResponseOf<'override:create'>>>();
  return async (request, note) =>
    guarded(async () => {
      const client = deps.client();
      if (!client) return NOT_SET_UP;
      const plan = planOverride(request, deps.snapshot.get(), deps.settings(), deps.clock.now());
      if (!plan.ok) return { ok: false as const, error: plan.error };
      const key = sameCreateKey(request, plan.value);
      const running = inFlight.get(key);
      if (running) return running;
      const started = createOnce(deps, client, request, plan.value, note).finally(() => inFlight.delete(key));
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
      const known = deps.snapshot.get().createdOverrides.some((c) => c.id === request.overrideId && c.scheduleId === request.scheduleId);
      if (!known) return failure('not_found', 'This override was not created from this app, so it cannot be looked up here.');
      const client = deps.client();
      if (!client) return NOT_SET_UP;
      const result = await client.getOverride(request.scheduleId, request.overrideId);
      return result.ok ? { ok: true as const, value: overrideView(request.scheduleId, result.value) } : fromApiError(result.error);
    });
}
