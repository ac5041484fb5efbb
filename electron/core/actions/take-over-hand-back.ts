// take-over:hand-back: the time a take-over took handed back to those it replaced, once, and only as offered.
import type { OverrideRequest } from '../../shared/ipc-contract';
import type { HandBackRequest } from '../../shared/take-over';
import type { Person } from '../../shared/view-state';
import { currentSegment, handBackInPlace, handBackPlan, offSchedule, type HandBackPlan } from '../state/take-over';
import { changedSinceOffer, handBackHeld, headOverwritten, type HandBackCheck } from './hand-back-held';
import { isoOf } from '../model/segments';
import type { CreatedOverride } from '../model/snapshot';
import { notSetUp, type Failure } from './common';
import { joinNames } from '../../shared/format';
import { ownWritesIn } from './own-in-place';
import { takeOverStillWatched } from './late-watch';
import {
  freshSnapshot,
  isFailure,
  lower,
  refuse,
  write,
  type Answer,
  type Sending,
  type TakeOverDeps,
} from './take-over-write';

export async function handBack(deps: TakeOverDeps, request: HandBackRequest, sending: Sending): Promise<Answer> {
  const fresh = await freshSnapshot(deps, request.scheduleId);
  if (isFailure(fresh)) return fresh;
  // The take-over may have been written through another account of this service (or handed back there): its record
  // is the service's (adv48 r17: a hand back falling through to the other account found nothing to hand back).
  const snapshot = deps.serviceWrites?.(fresh) ?? fresh;
  const me = lower(deps.settings().email);
  const nowMs = deps.clock.now();
  const plan = handBackPlan(snapshot, request.scheduleId, nowMs, me);
  if (!plan) {
    // A hand back of mine whose answer was lost and that landed after all: said as done, not sent again.
    const back = handBackInPlace(snapshot, request.scheduleId, nowMs, me);
    if (back)
      return refuse(
        'nothing_to_hand_back',
        `Your hand back is already done: the schedule shows ${back.map((p) => p.name).join(' and ')} on call again now, so nothing was sent again.`,
      );
    const details = snapshot.schedules.find((s) => s.id === request.scheduleId)?.details;
    const zone = details?.time_zone ? { scheduleZone: details.time_zone } : {};
    const head = headOverwritten(snapshot, request.scheduleId, me, {
      nowMs,
      localZone: deps.localZone?.() ?? 'UTC',
      ...zone,
    });
    if (head !== undefined) return refuse('changed_since_planned', head);
    const mayLand = takeOverStillWatched(deps, request.scheduleId);
    if (mayLand !== undefined) return refuse('nothing_to_hand_back', mayLand);
    return refuse(
      'nothing_to_hand_back',
      'There is nothing to hand back here: no take-over of yours from this app is running that the schedule still shows you in.',
    );
  }
  const startMs = Math.floor(nowMs / 1000) * 1000;
  const unchanged = await heldForHandBack(deps, request, plan, startMs);
  if (unchanged) return unchanged;
  const start = isoOf(startMs);
  const override: OverrideRequest = {
    scheduleId: request.scheduleId,
    window: { kind: 'custom', start, end: isoOf(plan.endMs) },
    emails: plan.covering,
  };
  const mine = currentSegment(snapshot, request.scheduleId, nowMs)?.users.filter((u) => lower(u.email) === me) ?? [];
  const answer = await write(deps, override, { kind: 'hand-back', replaced: mine }, mine, sending);
  // Offered once: after it is in place (or shown in place), the take-over is not offered back again.
  if (answer.ok && (answer.value.outcome.status === 'created' || answer.value.outcome.status === 'created_unconfirmed'))
    markHandedBack(deps, plan.takeOver);
  return answer;
}

/** What the hand back's offer showed and what the service holds now, held to the rules every flow shares: a
 *  refusal that says what changed (nothing is sent), or undefined to write it. */
async function heldForHandBack(
  deps: TakeOverDeps,
  request: HandBackRequest,
  plan: HandBackPlan,
  startMs: number,
): Promise<Failure | undefined> {
  const client = deps.client();
  if (!client) return notSetUp(deps);
  const snap = deps.snapshot.get();
  const details = snap.schedules.find((s) => s.id === request.scheduleId)?.details;
  // The service's own-write record, as the plan read it (either account of one service: adv48 r17).
  const own = ownWritesIn(deps.serviceWrites?.(snap) ?? snap).filter((o) => o.scheduleId === request.scheduleId);
  const check: HandBackCheck = {
    client,
    scheduleId: request.scheduleId,
    me: lower(deps.settings().email),
    startMs,
    nowMs: deps.clock.now(),
    localZone: deps.localZone?.() ?? 'UTC',
    scheduleZone: details?.time_zone ?? undefined,
    nameOf: (email) => details?.users?.find((u) => lower(u.email) === lower(email))?.name ?? '',
    own,
  };
  const offer = changedSinceOffer(check, request.seen, plan);
  if (offer !== undefined) return refuse('changed_since_planned', offer);
  // The schedule as read just before this write: handing back to someone it no longer lists puts an outsider on call.
  const left = offSchedule(deps.snapshot.get(), request.scheduleId, plan.replaced);
  if (left.length > 0) return refuse('changed_since_planned', leftSchedule(left, details?.name ?? request.scheduleId));
  const held = await handBackHeld(check, plan);
  if (held === undefined) return undefined;
  return refuse(held.state === 'not_sent' ? 'stale_data' : 'changed_since_planned', held.message);
}

function leftSchedule(left: readonly Person[], scheduleName: string): string {
  const names = joinNames(left.map((p) => p.name || p.email));
  const verb = left.length > 1 ? 'are' : 'is';
  return `Changed since you planned it: ${names} ${verb} no longer on ${scheduleName}, so your time can't be handed back to ${left.length > 1 ? 'them' : names}. Nothing was sent: look at it again and choose anew.`;
}

/** Marked in this account's record; a take-over recorded by another account of the service is recorded here with its
 *  mark, which the service's joined record then carries to every account (state/service-writes.ts). */
function markHandedBack(deps: TakeOverDeps, takeOver: CreatedOverride): void {
  const snap = deps.snapshot.get();
  const at = new Date(deps.clock.now()).toISOString();
  const same = (c: CreatedOverride) =>
    c.kind === 'take-over' && c.scheduleId === takeOver.scheduleId && c.createdAt === takeOver.createdAt;
  const createdOverrides = snap.createdOverrides.some(same)
    ? snap.createdOverrides.map((c) => (same(c) ? { ...c, handedBackAt: at } : c))
    : [...snap.createdOverrides, { ...takeOver, handedBackAt: at }];
  deps.snapshot.set({ ...snap, createdOverrides });
}
