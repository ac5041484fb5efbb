// override:preview, override:candidates and override:get: the override intents that write nothing.
import type { RequestOf, ResponseOf } from '../../shared/ipc-contract';
import { failure, fromApiError, guarded, notSetUp, type ActionDeps } from './common';
import { planOverride, resolveWindow } from './override-window';
import { rankCandidates } from '../state/candidates';
import type { OtherAccountRead } from '../state/candidate-presence';
import { overrideView } from './override-record';

export function overridePreview(deps: ActionDeps) {
  return async (request: RequestOf<'override:preview'>): Promise<ResponseOf<'override:preview'>> =>
    guarded(async () => {
      const plan = planOverride(request, deps.snapshot.get(), deps.settings(), deps.clock.now(), deps.statusOf);
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
        ...(deps.statusOf ? { statusOf: deps.statusOf } : {}),
      });
      return { ok: true as const, value };
    });
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
      if (!client) return notSetUp(deps);
      const result = await client.getOverride(request.scheduleId, request.overrideId);
      return result.ok
        ? { ok: true as const, value: overrideView(request.scheduleId, result.value) }
        : fromApiError(result.error);
    });
}
