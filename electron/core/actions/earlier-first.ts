// The first step of every create: this create's own earlier attempt (outcome unknown) is settled and said before
// anything else, and a plan's other check (Cover…'s request) after it, so a write that landed late is never hidden
// behind "changed since, nothing was sent" (adv48 r32 #1). Split from override.ts, which sends.
import type { OncallClient } from '../../api/client-types';
import type { ResponseOf } from '../../shared/ipc-contract';
import type { ActionDeps } from './common';
import type { PlannedOverride } from './override-window';
import type { Doubts } from './override-again';
import type { CoverChange } from './cover-request-moved';
import { earlierThenChange, notLandedThenChange } from './cover-after-earlier';
import { waitingForEarlier } from './earlier-write';
import { changedWithin } from './take-over-inside';
import { forgetMayLand, recordSent, settle } from './override-record';
import { heldDepsOf } from './override-planned';

const plannedWrite = (p: PlannedOverride) => ({
  start: p.input.start,
  end: p.input.end,
  covering: p.input.user_references.map((r) => r.value),
});

type Earlier = NonNullable<Awaited<ReturnType<Doubts['lookFirst']>>>;

/** What an earlier attempt at this create, read first, now answers for it. */
function earlierAnswer(deps: ActionDeps, earlier: Earlier): ResponseOf<'override:create'> {
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
    // A change inside it since (a manager's, landed in the same instant) is said after it (adv48 r17 #2).
    const when = { nowMs: deps.clock.now(), localZone: deps.localZone?.() ?? 'UTC' };
    const me = deps.settings().email.trim().toLowerCase();
    const inside = earlier.shown && changedWithin(earlier.shown, plannedWrite(first), me, when);
    if (inside)
      return { ok: true as const, value: { ...earlier.outcome, message: `${earlier.outcome.message} ${inside}` } };
  }
  return { ok: true as const, value: earlier.outcome };
}

/** A check of the plan besides the schedule (Cover…'s request: cover-still-asked.ts), said after the earlier write. */
export type CreateGate = () => Promise<CoverChange | undefined>;

/**
 * This create's earlier attempt (outcome unknown) settled and said FIRST, then the gate's change after it, so a cover
 * that landed late is never hidden behind "the request moved, nothing was sent" (adv48 r32 #1). undefined: go on.
 */
export async function earlierFirst(
  deps: ActionDeps,
  doubts: Doubts,
  key: string,
  client: OncallClient,
  plan: PlannedOverride,
  sending: () => void,
  gate?: CreateGate,
): Promise<ResponseOf<'override:create'> | undefined> {
  // The earlier attempt's write did leave the app: from here on a throw must not invite a plain retry.
  const own = doubts.has(key, plan);
  if (own) sending();
  const earlier = await doubts.lookFirst(key, client, plan, heldDepsOf(deps, client));
  // Its earlier attempt settled as not landed: the record kept of it ("may be in place") is proven not to be.
  const unsent = doubts.unsent(key);
  if (unsent) forgetMayLand(deps, unsent.plan);
  // Read once every earlier write is looked at: what the request asks now is said after what this app's write did.
  const change = gate && (await gate());
  // Another write's doubt over this window (any flow): this one never left, so it waits, naming it (adv48 r14 #1);
  // a request that no longer asks holds it back anyway, and is said.
  if (earlier && !own && earlier.outcome.status === 'unknown')
    return change?.failure ?? waitingForEarlier(deps, earlier.doubt);
  if (earlier) return earlierThenChange(earlierAnswer(deps, earlier), change);
  if (change) return unsent ? notLandedThenChange(change) : change.failure;
  return undefined;
}
