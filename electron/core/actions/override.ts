// override:preview, override:create and override:get.
import type { Override } from '../../api/schemas';
import type { OverrideOutcome, OverrideView, RequestOf, ResponseOf } from '../../shared/ipc-contract';
import { failure, fromApiError, guarded, NOT_SET_UP, toPersonView, type ActionDeps } from './common';
import { planOverride, type PlannedOverride } from './override-window';
import { verifyUnknownWrite, windowCoveredBy } from './override-verify';
import type { CreatedOverride } from '../sync/snapshot';

const DEFAULT_VERIFY_GRACE_MS = 3_000;
/** Created ids are kept this long (the service has no list endpoint; older ones are of no use to the user). */
const CREATED_KEEP_MS = 30 * 24 * 3_600_000;

export function overrideView(scheduleId: string, o: Override): OverrideView {
  return { id: o.id, scheduleId, start: o.start, end: o.end, users: o.users.map(toPersonView) };
}

function remember(deps: ActionDeps, scheduleId: string, o: Override): void {
  const nowMs = deps.clock.now();
  const entry: CreatedOverride = { id: o.id, scheduleId, start: o.start, end: o.end, createdAt: new Date(nowMs).toISOString() };
  const snap = deps.snapshot.get();
  const kept = snap.createdOverrides.filter((c) => c.id !== o.id && Date.parse(c.end) > nowMs - CREATED_KEEP_MS);
  deps.snapshot.set({ ...snap, createdOverrides: [...kept, entry] });
}

function cachedCovered(deps: ActionDeps, plan: PlannedOverride): boolean {
  const shifts = deps.snapshot.get().schedules.find((s) => s.id === plan.scheduleId)?.shifts ?? [];
  return windowCoveredBy(shifts, plan.startMs, plan.endMs, plan.preview.covering);
}

async function created(deps: ActionDeps, plan: PlannedOverride, posted: Override): Promise<OverrideOutcome> {
  remember(deps, plan.scheduleId, posted);
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

export function overrideCreate(deps: ActionDeps) {
  return async (request: RequestOf<'override:create'>): Promise<ResponseOf<'override:create'>> =>
    guarded(async () => {
      const client = deps.client();
      if (!client) return NOT_SET_UP;
      const plan = planOverride(request, deps.snapshot.get(), deps.settings(), deps.clock.now());
      if (!plan.ok) return { ok: false as const, error: plan.error };
      const alreadyCovered = cachedCovered(deps, plan.value);
      const result = await client.createOverride(plan.value.scheduleId, plan.value.input);
      let outcome: OverrideOutcome;
      if (result.ok) outcome = await created(deps, plan.value, result.value);
      else if (result.error.kind === 'outcome_unknown') {
        outcome = await verifyUnknownWrite(client, plan.value, alreadyCovered, deps.clock, deps.verifyGraceMs ?? DEFAULT_VERIFY_GRACE_MS);
      } else return fromApiError(result.error);
      // The schedule changed (or may have): refresh it now, without making the user wait for it.
      void deps.refresh({ reason: 'write', scheduleIds: [plan.value.scheduleId], rereadShifts: true });
      return { ok: true as const, value: outcome };
    });
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
