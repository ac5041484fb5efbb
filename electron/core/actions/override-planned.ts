// The last read before the POST of a write made from a plan (away items, swap sides, take over), held to the plan's
// rule (plan-held.ts heldAsPlanned): the same function every earlier read of the plan goes through, so a manager's
// change the last read already shows ("Carol now covers Thu 11:00 – 14:00") is said and nothing is sent, on whichever
// account sends it (a 403's fall-through to the next account reads again here). Not only "is it still mine" but
// "who else is on call", exactly as planned.
import type { OncallClient } from '../../api/client-types';
import type { OverrideOutcome, OverrideRequest } from '../../shared/ipc-contract';
import { formatWindow } from '../../shared/format';
import { failure, type ActionDeps, type Failure } from './common';
import { heldAsPlanned, type HeldDeps } from './plan-held';
import type { PlannedOverride } from './override-window';
import { readHeld } from './window-read';
import { ownCoverOver, ownWritesIn } from './own-in-place';

const lower = (e: string) => e.trim().toLowerCase();

/** The plan-held words on this session: names as its state lists them, times in the user's zone. */
export function heldDepsOf(deps: ActionDeps, client: OncallClient): HeldDeps {
  const nowMs = deps.clock.now();
  const schedule = (id: string) => deps.snapshot.get().schedules.find((s) => s.id === id);
  return {
    reread: (id, startMs, endMs) => readHeld(client, id, startMs, endMs),
    nameOf: (id, email) => {
      const users = schedule(id)?.details?.users ?? [];
      return users.find((u) => lower(u.email) === lower(email))?.name ?? '';
    },
    windowOf: (id, startMs, endMs) => {
      const zone = schedule(id)?.details?.time_zone;
      return formatWindow(new Date(startMs).toISOString(), new Date(endMs).toISOString(), {
        nowMs,
        localZone: deps.localZone?.() ?? 'UTC',
        ...(zone ? { scheduleZone: zone } : {}),
      });
    },
    meOn: () => lower(deps.settings().email),
    // The write's own record is made after this read (override.ts): a record found is an earlier write of the app's.
    ownOver: (id, startMs, endMs, emails) =>
      ownCoverOver(
        ownWritesIn(deps.snapshot.get()).filter((c) => c.scheduleId === id),
        startMs,
        endMs,
        emails,
      ),
  };
}

/** undefined: the service holds exactly what the plan was made on, so the POST may go (or no plan was given);
 *  else what is said instead, nothing sent: changed since, a shared rule refused, in place, or not readable. */
export async function plannedNow(
  deps: ActionDeps,
  client: OncallClient,
  request: OverrideRequest,
  plan: PlannedOverride,
): Promise<Failure | OverrideOutcome | undefined> {
  const p = request.planned;
  if (p === undefined) return undefined;
  const c = { scheduleId: plan.scheduleId, startMs: plan.startMs, endMs: plan.endMs, ...p };
  const held = await heldAsPlanned(heldDepsOf(deps, client), c);
  if (held === undefined) return undefined;
  if (held.state === 'handed_off') return { status: 'created_unconfirmed', message: held.message };
  if (held.state === 'not_sent') return failure('stale_data', held.message);
  // "Changed since you planned it: …": a kind every flow reads as changed (write-one.ts stateOfAnswer, take over).
  if (held.state === 'changed') return failure('changed_since_planned', held.message);
  return failure('validation', held.message);
}
