// take-over:now and take-over:hand-back. Each refreshes the schedule first and acts only on what it then shows
// (nobody takes over on data the app cannot vouch for), and writes through the one override path (override.ts):
// an answer that never came back is looked up in the schedule, never sent again, and identical creates in flight
// are sent once. One take-over or hand back runs per schedule at a time; a second click shares the first's answer.
import type { OverrideRequest } from '../../shared/ipc-contract';
import type { HandBackRequest, TakeOverRequest } from '../../shared/take-over';
import type { Person } from '../../shared/view-state';
import { currentSegment, runningTakeOver } from '../state/take-over';
import type { Segment } from '../model/segments';
import type { Snapshot } from '../model/snapshot';
import { failure, guardedWrite, sentThenFailed, type Failure } from './common';
import { changedSinceCreated } from './override-held';
import { changedSinceSeen, offAfter } from './take-over-seen';
import { handBack } from './take-over-hand-back';
import { changedInside } from './take-over-inside';
import { earlierTakeOver } from './take-over-earlier';
import { answerOfCreated } from '../../shared/write-answer';
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

/** Whether who is on call now is what the offer the user confirmed was to make: those seen, the one replaced gone,
 *  me added, until the end it showed. Without what was seen (or whom it replaces) it can't be told, and the take-over record is taken as is. */
function asIntended(request: TakeOverRequest, now: Segment, me: string, mine: { end: string }): boolean {
  const seen = request.seen?.onCall.map(lower);
  const from = request.fromEmail !== undefined ? lower(request.fromEmail) : seen?.length === 1 ? seen[0] : undefined;
  if (!request.seen || !seen || from === undefined) return true;
  const want = new Set([...seen.filter((e) => e !== from), me]);
  // The window asked for is what counts, not where my on-call ends: my take-over written to the end it showed is in
  // place whether a later change covers the rest of it (said after it by changedInside) or my own shift runs on
  // after it (adv48 r29 #1: "you are now on call until Fri 09:00" was my own take-over told as a change).
  const seenEndMs = Date.parse(request.seen.until);
  const until = seenEndMs === now.endMs || Date.parse(mine.end) === seenEndMs;
  return until && want.size === now.emails.length && now.emails.every((e) => want.has(e));
}

/** A take-over of mine known to have landed here (one answered with an error whose check read failed is not). */
function landedHere(snapshot: Snapshot, scheduleId: string, nowMs: number) {
  const landed = runningTakeOver(snapshot, scheduleId, nowMs);
  return landed && !(landed.id === '' && landed.erred === true) ? landed : undefined;
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
  const waits =
    changed !== undefined && !now.emails.includes(me) && earlierTakeOver(deps, snapshot, request.scheduleId);
  if (waits) return waits;
  // My take-over landed and a change since put someone else there now: said as one since it was created (below).
  if (changed !== undefined && !now.emails.includes(me) && !landedHere(snapshot, request.scheduleId, deps.clock.now()))
    return refuse('changed_since_planned', changed);
  if (now.emails.includes(me)) {
    // A take-over of mine whose answer was lost and that landed after all: said as done, not sent again. Only when
    // the schedule holds what it was to put (a manager may have put me there beside someone else since).
    const mine = runningTakeOver(snapshot, request.scheduleId, deps.clock.now());
    if (mine && asIntended(request, now, me, mine)) {
      const inside = changedInside(snapshot, mine, me, {
        nowMs: deps.clock.now(),
        localZone: deps.localZone?.() ?? 'UTC',
      });
      const said = 'Your take-over is already in place: the schedule shows you on call now, so nothing was sent again.';
      return refuse('already_on_call', inside ? `${said} ${inside}` : said);
    }
    if (changed !== undefined) return refuse('changed_since_planned', changed);
    return refuse('already_on_call', 'You are already on call on this schedule now, so there is nothing to take over.');
  }
  // My take-over landed (its answer lost or not) and the schedule no longer shows me in it: a change since it was
  // created (a manager put Bob back), never written over by a second one; the override form's rule (adv48 r7 #2).
  // One answered with an error (a 5xx) whose check read failed is not known to have landed: the write path's check
  // decides (override-again.ts: checking inside the 2 minutes, then sent once if not shown and the revision is
  // unmoved; moved, said as such), never "Bob now covers it … its answer never came" (adv48 r19 #2).
  const landed = landedHere(snapshot, request.scheduleId, deps.clock.now());
  if (landed) {
    const others = new Map(now.users.map((u) => [lower(u.email), u.name || u.email]));
    const said = changedSinceCreated(others, me, landed.id === '', true, answerOfCreated(landed));
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
    // The last read before the POST is held to this plan: `from` gone, me on call, the others kept.
    planned: { from: lower(from.email), to: me, others: stay.map(lower) },
  };
  // Who stays is kept with the record: its hand back expects the schedule to still hold them with me.
  const kept = stay.map(lower);
  const offUntil = offAfter(snapshot, request.scheduleId, now, me);
  const note = { kind: 'take-over' as const, replaced: [from], kept, ...(offUntil ? { offUntil } : {}) };
  return write(deps, override, note, [from], sending);
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
