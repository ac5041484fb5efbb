// Whether "Take over now" and "Hand back" are offered on a schedule, from or to whom, and until when: plain data
// from the snapshot and now, for the tray menu and the schedule cards. The actions (core/actions/take-over.ts)
// use the same functions after refreshing the schedule, so what is offered and what is done agree.
import type { TakeOverOptions } from '../../shared/take-over';
import type { Person, SourceStatus } from '../../shared/view-state';
import { assertNever, type Basis } from '../../shared/basis';
import type { CreatedOverride, Snapshot } from '../model/snapshot';
import { isoOf, nowAndNext, segmentsOf, type Segment } from '../model/segments';
import { stretchAt, timelineBasis, timelineOf } from '../model/timeline';
import { maxOf } from '../../shared/extremes';

/** The current segment of a schedule (the people on call now, until they change), from the cached shifts; none
 *  where the known timeline doesn't know now (a hole, outside the read): its readable people may not be all. */
export function currentSegment(snapshot: Snapshot, scheduleId: string, nowMs: number): Segment | undefined {
  const schedule = snapshot.schedules.find((s) => s.id === scheduleId);
  if (stretchAt(timelineOf(schedule), nowMs).kind !== 'people') return undefined;
  return nowAndNext(segmentsOf(schedule?.shifts ?? []), nowMs).now;
}

/**
 * My latest take-over on this schedule whose window is running and that was not handed back. Newest first:
 * a second take-over after a hand back is the one to hand back.
 */
export function runningTakeOver(snapshot: Snapshot, scheduleId: string, nowMs: number): CreatedOverride | undefined {
  return snapshot.createdOverrides
    .filter(
      (c) => c.scheduleId === scheduleId && c.kind === 'take-over' && c.handedBackAt === undefined && !c.unconfirmed,
    )
    .filter((c) => Date.parse(c.start) <= nowMs && Date.parse(c.end) > nowMs && (c.replaced?.length ?? 0) > 0)
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
}

export interface HandBackPlan {
  takeOver: CreatedOverride;
  /** The people to put back. */
  replaced: Person[];
  /** Who is on call after the hand back: everyone on call now but me, plus the replaced people. */
  covering: string[];
  endMs: number;
}

/**
 * What "Hand back" would do now, or undefined when it is not offered. It ends where my take-over ends, or earlier
 * where the schedule no longer shows me for the rest of that window (that change is left alone). A change inside it
 * after which I am on call again is no end: the hand back runs to the end, and its re-read says what changed.
 */
export function handBackPlan(
  snapshot: Snapshot,
  scheduleId: string,
  nowMs: number,
  emailLower: string,
): HandBackPlan | undefined {
  if (emailLower === '') return undefined;
  const takeOver = runningTakeOver(snapshot, scheduleId, nowMs);
  const now = currentSegment(snapshot, scheduleId, nowMs);
  if (!takeOver || !now || !now.emails.includes(emailLower)) return undefined;
  const replaced = takeOver.replaced ?? [];
  const stay = now.users.filter((u) => u.email.toLowerCase() !== emailLower).map((u) => u.email);
  const covering = [...new Map([...stay, ...replaced.map((p) => p.email)].map((e) => [e.toLowerCase(), e])).values()];
  const takeOverEndMs = Date.parse(takeOver.end);
  const schedule = snapshot.schedules.find((s) => s.id === scheduleId);
  const mine = segmentsOf(schedule?.shifts ?? []).filter(
    (s) => s.startMs < takeOverEndMs && s.endMs > nowMs && s.emails.includes(emailLower),
  );
  const lastMineEndMs = maxOf(
    mine.map((s) => s.endMs),
    now.endMs,
  );
  return { takeOver, replaced, covering, endMs: Math.min(takeOverEndMs, lastMineEndMs) };
}

/** Who the hand back keeps on call with the people put back: whom the take-over kept with me; for one saved before it
 *  said so, who is on call with me now. The offer and the write's re-read (hand-back-held.ts) hold to this one set. */
export function handBackKept(plan: HandBackPlan): string[] {
  const put = new Set(plan.replaced.map((p) => p.email.toLowerCase()));
  return plan.takeOver.kept ?? plan.covering.filter((e) => !put.has(e.toLowerCase()));
}

/**
 * Whether the schedule as last read holds the hand back's whole window as my take-over left it (me with those it
 * kept, nobody else, no gap) and me off call after it up to where the take-over had me off. The write re-reads the
 * service and refuses anything else as "changed since you planned it"; an offer made where this does not hold would
 * be refused on every press, the change having come before the offer (adv48 r21). One rule for both.
 */
function handBackWhole(snapshot: Snapshot, scheduleId: string, nowMs: number, me: string, plan: HandBackPlan): boolean {
  const want = new Set([me, ...handBackKept(plan).map((e) => e.trim().toLowerCase())]);
  const shifts = snapshot.schedules.find((s) => s.id === scheduleId)?.shifts ?? [];
  const offUntilMs = Math.max(Date.parse(plan.takeOver.offUntil ?? '') || 0, plan.endMs);
  let reached = nowMs;
  for (const s of segmentsOf(shifts)) {
    if (s.endMs <= nowMs || s.startMs >= offUntilMs) continue;
    // After the window, up to where the take-over had me off: me on call there is a change the write refuses.
    if (s.endMs > plan.endMs && s.emails.includes(me) && offUntilMs > plan.endMs) return false;
    if (s.startMs >= plan.endMs) continue;
    const same = s.emails.length === want.size && s.emails.every((e) => want.has(e));
    if (s.startMs > reached || !same) return false;
    reached = Math.max(reached, s.endMs);
  }
  return reached >= plan.endMs;
}

/**
 * Of these people, the ones the schedule no longer lists among its people (its `users`, as last read): a hand back
 * to one of them would put on call someone who has left the schedule. None when the schedule's people aren't known.
 */
export function offSchedule(snapshot: Snapshot, scheduleId: string, people: readonly Person[]): Person[] {
  const listed = snapshot.schedules.find((s) => s.id === scheduleId)?.details?.users;
  if (!listed) return [];
  const members = new Set(listed.map((u) => u.email.trim().toLowerCase()));
  return people.filter((p) => !members.has(p.email.trim().toLowerCase()));
}

/** Whether an offer that states who is on call and until when may be made on this basis: only on fresh data over
 *  the whole span it states ("until 17:00" from saved data, or over a hole, could be false). */
function mayOffer(basis: Basis): boolean {
  switch (basis.kind) {
    case 'fresh':
      return true;
    case 'saved':
    case 'unknown':
      return false;
    default:
      return assertNever(basis);
  }
}

/**
 * "Take over now" and "Hand back" on one schedule. Each is offered only where the schedule's basis from now to the
 * end it states is fresh: "Take over from Bob until 17:00" states who is on call and until when, which saved data,
 * or a stretch the service sent unreadable before 17:00, cannot vouch for (the actions refresh it anyway).
 */
export function takeOverOptions(
  snapshot: Snapshot,
  scheduleId: string,
  nowMs: number,
  email: string,
  status: SourceStatus,
): TakeOverOptions {
  const emailLower = email.trim().toLowerCase();
  const timeline = timelineOf(snapshot.schedules.find((s) => s.id === scheduleId));
  const vouched = (endMs: number): boolean => mayOffer(timelineBasis(timeline, status, nowMs, endMs));
  const now = currentSegment(snapshot, scheduleId, nowMs);
  const canTake = emailLower !== '' && now !== undefined && !now.emails.includes(emailLower) && vouched(now.endMs);
  const back = handBackPlan(snapshot, scheduleId, nowMs, emailLower);
  return {
    scheduleId,
    takeOver: canTake && now ? { from: now.users, until: isoOf(now.endMs) } : null,
    handBack:
      back &&
      vouched(back.endMs) &&
      offSchedule(snapshot, scheduleId, back.replaced).length === 0 &&
      handBackWhole(snapshot, scheduleId, nowMs, emailLower, back)
        ? { to: back.replaced, until: isoOf(back.endMs) }
        : null,
  };
}

/**
 * A hand back of mine already in place now: the newest hand back this app sent on this schedule runs now, the
 * schedule no longer shows me, and it shows again everyone its take-over replaced. Pressed again after an outcome
 * unknown that landed, "Hand back" says it is done instead of "nothing to hand back". The people put back, or
 * undefined.
 */
export function handBackInPlace(
  snapshot: Snapshot,
  scheduleId: string,
  nowMs: number,
  emailLower: string,
): Person[] | undefined {
  const running = (c: CreatedOverride) =>
    c.scheduleId === scheduleId && Date.parse(c.start) <= nowMs && Date.parse(c.end) > nowMs;
  const newest = (kind: CreatedOverride['kind']) =>
    snapshot.createdOverrides
      .filter((c) => c.kind === kind && running(c) && !c.unconfirmed)
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))[0];
  const back = newest('hand-back');
  const taken = newest('take-over');
  const now = currentSegment(snapshot, scheduleId, nowMs);
  if (!back || !taken || !now || now.emails.includes(emailLower)) return undefined;
  if (Date.parse(taken.createdAt) > Date.parse(back.createdAt)) return undefined;
  const put = taken.replaced ?? [];
  const all = put.length > 0 && put.every((p) => now.emails.includes(p.email.toLowerCase()));
  return all ? put : undefined;
}
