// take-over:now and take-over:hand-back. Each refreshes the schedule first and acts only on what it then shows
// (nobody takes over on data the app cannot vouch for), and writes through the one override path (override.ts):
// an answer that never came back is looked up in the schedule, never sent again, and identical creates in flight
// are sent once. One take-over or hand back runs per schedule at a time; a second click shares the first's answer.
import type { OverrideRequest, ResponseOf, TakeOverResult } from '../../shared/ipc-contract';
import type { HandBackRequest, TakeOverRefusal, TakeOverRequest } from '../../shared/take-over';
import type { Person, ScheduleStatus } from '../../shared/view-state';
import {
  currentSegment,
  handBackInPlace,
  handBackPlan,
  offSchedule,
  runningTakeOver,
  type HandBackPlan,
} from '../state/take-over';
import { changedSinceOffer, handBackHeld, headOverwritten, type HandBackCheck } from './hand-back-held';
import { isoOf, type Segment } from '../model/segments';
import type { Snapshot } from '../model/snapshot';
import { failure, guardedWrite, NOT_SET_UP, sentThenFailed, type ActionDeps, type Failure } from './common';
import type { OverrideCreator } from './override';
import type { CreateNote } from './override-again';
import { planOverride } from './override-window';
import { changedSinceCreated } from './override-held';
import { changedSinceSeen, offAfter } from './take-over-seen';
import { joinNames } from '../../shared/format';

export interface TakeOverDeps extends ActionDeps {
  /** The one override creator of the engine (shared with override:create, so in-flight creates are shared too). */
  create: OverrideCreator;
  /** The schedule's freshness as the state shows it; undefined when it is not watched. */
  statusOf(scheduleId: string): ScheduleStatus | undefined;
  /** The user's zone, for the times a "changed since you planned it" names. */
  localZone?: () => string;
}

type Answer = ResponseOf<'take-over:now'>;

const refuse = (kind: TakeOverRefusal, message: string): Failure => failure(kind, message);

/** The snapshot just after refreshing this schedule, or why the app will not act on it. */
async function freshSnapshot(deps: TakeOverDeps, scheduleId: string): Promise<Snapshot | Failure> {
  if (!deps.client()) return NOT_SET_UP;
  if (deps.statusOf(scheduleId) === undefined)
    return refuse('not_watched', 'This schedule is not one you watch. Add it in Settings first.');
  if (deps.settings().email.trim() === '')
    return refuse('no_email', 'Set your e-mail in Settings first, so the app knows who you are on the schedule.');
  await deps.refresh({ reason: 'user', scheduleIds: [scheduleId], rereadShifts: true });
  const status = deps.statusOf(scheduleId);
  if (status?.kind === 'fresh') return deps.snapshot.get();
  const why = status && 'reason' in status ? ` (${status.reason.replace(/[.\s]+$/, '')})` : '';
  return refuse(
    'stale_data',
    `The schedule could not be refreshed just now${why}, so who is on call now is not known for sure. Nothing was changed.`,
  );
}

const isFailure = (x: Snapshot | Failure): x is Failure => 'ok' in x;
const lower = (e: string) => e.trim().toLowerCase();

/** The person to replace: the one named, or the only one on call; with several on call one must be named. */
function chooseFrom(onCall: readonly Person[], fromEmail: string | undefined): Person | Failure {
  if (fromEmail !== undefined && fromEmail.trim() !== '') {
    const chosen = onCall.find((p) => lower(p.email) === lower(fromEmail));
    const names = onCall.map((p) => p.name).join(', ');
    return (
      chosen ??
      refuse(
        'not_on_call_now',
        `${fromEmail.trim()} is not on call on this schedule now (on call now: ${names}). Nothing was changed.`,
      )
    );
  }
  const [only, ...more] = onCall;
  if (only && more.length === 0) return only;
  return refuse(
    'choose_person',
    `${onCall.map((p) => p.name).join(' and ')} are on call now: choose whom to take over from.`,
  );
}

/** Marks the moment the write may leave the app (see guardedWrite). */
type Sending = () => void;

async function write(
  deps: TakeOverDeps,
  request: OverrideRequest,
  note: CreateNote,
  replaced: Person[],
  sending: Sending,
): Promise<Answer> {
  const nowMs = deps.clock.now();
  const plan = planOverride(request, deps.snapshot.get(), deps.settings(), nowMs);
  if (!plan.ok) return { ok: false, error: plan.error };
  sending();
  const answer = await deps.create(request, note);
  if (!answer.ok) return answer;
  const outcome = answer.value;
  // What the service stored when it answered; what was asked for otherwise.
  const window = outcome.status === 'created' ? outcome.override : plan.value.preview;
  const covering =
    outcome.status === 'created' ? outcome.override.users.map((u) => u.email) : plan.value.preview.covering;
  const value: TakeOverResult = {
    scheduleId: request.scheduleId,
    start: window.start,
    end: window.end,
    covering,
    replaced,
    outcome,
  };
  return { ok: true, value };
}

/** Whether who is on call now is what the offer the user confirmed was to make: those seen, the one replaced gone,
 *  me added, until the end it showed. Without what was seen (or whom it replaces) it can't be told, and the take-over record is taken as is. */
function asIntended(request: TakeOverRequest, now: Segment, me: string): boolean {
  const seen = request.seen?.onCall.map(lower);
  const from = request.fromEmail !== undefined ? lower(request.fromEmail) : seen?.length === 1 ? seen[0] : undefined;
  if (!request.seen || !seen || from === undefined) return true;
  const want = new Set([...seen.filter((e) => e !== from), me]);
  const until = Date.parse(request.seen.until) === now.endMs;
  return until && want.size === now.emails.length && now.emails.every((e) => want.has(e));
}

async function takeOver(deps: TakeOverDeps, request: TakeOverRequest, sending: Sending): Promise<Answer> {
  const snapshot = await freshSnapshot(deps, request.scheduleId);
  if (isFailure(snapshot)) return snapshot;
  const me = lower(deps.settings().email);
  const now = currentSegment(snapshot, request.scheduleId, deps.clock.now());
  if (!now) {
    return refuse(
      'nobody_on_call',
      'Nobody is on call on this schedule now, so there is nobody to take over from. Use a quick override to put yourself on call.',
    );
  }
  // What the user confirmed ("from Bob until 17:00") is what is written, or nothing: a manager's change since is said.
  const readTo = snapshot.schedules.find((s) => s.id === request.scheduleId)?.shiftsTo;
  const changed = changedSinceSeen(request.seen, now, {
    nowMs: deps.clock.now(),
    zone: deps.localZone?.() ?? 'UTC',
    me,
    readEndMs: readTo ? Date.parse(readTo) : undefined,
  });
  if (changed !== undefined && !now.emails.includes(me)) return refuse('changed_since_planned', changed);
  if (now.emails.includes(me)) {
    // A take-over of mine whose answer was lost and that landed after all: said as done, not sent again. Only when
    // the schedule holds what it was to put (a manager may have put me there beside someone else since).
    const mine = runningTakeOver(snapshot, request.scheduleId, deps.clock.now());
    if (mine && asIntended(request, now, me))
      return refuse(
        'already_on_call',
        'Your take-over is already in place: the schedule shows you on call now, so nothing was sent again.',
      );
    if (changed !== undefined) return refuse('changed_since_planned', changed);
    return refuse('already_on_call', 'You are already on call on this schedule now, so there is nothing to take over.');
  }
  // My take-over landed (its answer lost or not) and the schedule no longer shows me in it: a change since it was
  // created (a manager put Bob back), never written over by a second one; the override form's rule (adv48 r7 #2).
  const landed = runningTakeOver(snapshot, request.scheduleId, deps.clock.now());
  if (landed) {
    const others = new Map(now.users.map((u) => [lower(u.email), u.name || u.email]));
    const said = changedSinceCreated(others, me, landed.id === '');
    return refuse('changed_since_planned', said.error.message);
  }
  const from = chooseFrom(now.users, request.fromEmail);
  if ('ok' in from) return from;
  // Everyone else on call now stays: an override names everyone on call in its window.
  const stay = now.users.filter((u) => u.id !== from.id).map((u) => u.email);
  const override: OverrideRequest = {
    scheduleId: request.scheduleId,
    window: { kind: 'rest_of_current' },
    emails: [...stay, deps.settings().email.trim()],
  };
  // Who stays is kept with the record: its hand back expects the schedule to still hold them with me.
  const kept = stay.map(lower);
  const offUntil = offAfter(snapshot, request.scheduleId, now, me);
  const note = { kind: 'take-over' as const, replaced: [from], kept, ...(offUntil ? { offUntil } : {}) };
  return write(deps, override, note, [from], sending);
}

async function handBack(deps: TakeOverDeps, request: HandBackRequest, sending: Sending): Promise<Answer> {
  const snapshot = await freshSnapshot(deps, request.scheduleId);
  if (isFailure(snapshot)) return snapshot;
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
    markHandedBack(deps, plan.takeOver.createdAt, request.scheduleId);
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
  if (!client) return NOT_SET_UP;
  const details = deps.snapshot.get().schedules.find((s) => s.id === request.scheduleId)?.details;
  const check: HandBackCheck = {
    client,
    scheduleId: request.scheduleId,
    me: lower(deps.settings().email),
    startMs,
    nowMs: deps.clock.now(),
    localZone: deps.localZone?.() ?? 'UTC',
    scheduleZone: details?.time_zone ?? undefined,
    nameOf: (email) => details?.users?.find((u) => lower(u.email) === lower(email))?.name ?? '',
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

function markHandedBack(deps: TakeOverDeps, createdAt: string, scheduleId: string): void {
  const snap = deps.snapshot.get();
  const at = new Date(deps.clock.now()).toISOString();
  const createdOverrides = snap.createdOverrides.map((c) =>
    c.kind === 'take-over' && c.scheduleId === scheduleId && c.createdAt === createdAt ? { ...c, handedBackAt: at } : c,
  );
  deps.snapshot.set({ ...snap, createdOverrides });
}

// A throw once the override may have left (the app's own work after it): it may be in place, so say so.
const lostAfterSending = (cause: unknown): Failure =>
  failure(
    'outcome_unknown',
    `${sentThenFailed(cause, 'the override')} It was not sent again. Check the schedule before acting again.`,
  );

/** Per engine (its deps) and schedule, the last take-over or hand back queued: the other kind waits behind it. */
const lanes = new WeakMap<TakeOverDeps, Map<string, Promise<unknown>>>();

/** One run per schedule at a time: a second click while one runs gets the same answer, and nothing is sent twice.
 *  Take over and hand back share the lane: one pressed while the other runs waits, then refreshes and sees its write
 *  (before, a take-over read the schedule before a hand back's write landed and said "already in place" of it). */
function perSchedule<R extends { scheduleId: string }>(
  deps: TakeOverDeps,
  run: (request: R, sending: Sending) => Promise<Answer>,
) {
  const running = new Map<string, Promise<Answer>>();
  const lane = lanes.get(deps) ?? new Map<string, Promise<unknown>>();
  lanes.set(deps, lane);
  return (request: R): Promise<Answer> => {
    const id = request.scheduleId;
    const known = running.get(id);
    if (known) return known;
    const before = lane.get(id) ?? Promise.resolve();
    const started = before
      .then(() => guardedWrite((sending) => run(request, sending), lostAfterSending))
      .finally(() => running.delete(id));
    running.set(id, started);
    const tail = started.catch(() => undefined);
    lane.set(id, tail);
    void tail.then(() => (lane.get(id) === tail ? lane.delete(id) : undefined));
    return started;
  };
}

export function takeOverNow(deps: TakeOverDeps): (request: TakeOverRequest) => Promise<Answer> {
  return perSchedule(deps, (request: TakeOverRequest, sending: Sending) => takeOver(deps, request, sending));
}

export function takeOverHandBack(deps: TakeOverDeps): (request: HandBackRequest) => Promise<Answer> {
  return perSchedule(deps, (request: HandBackRequest, sending: Sending) => handBack(deps, request, sending));
}
