// What a swap must be before anything is sent: my block as the plan has it, a teammate's shift the fresh timeline
// shows, two separate times, and two covers each of which replaces one person and keeps the others as they are.
import { myEmailOn, refParts } from '../../shared/accounts';
import type { Failure } from '../../shared/failure';
import type { HandoffPlan, SwapRequest } from '../../shared/handoff';
import type { AppState } from '../../shared/view-state';
import { clashesWithMine, coverRefusal, onCallOver } from '../../shared/swap-rules';
import { emailKey } from '../../shared/service-identity';
import { failure } from '../actions/common';
import { cantCheckText, notAsPlannedText, type WordDeps } from './changed-now';
import { excludedWhy } from './item-rules';
import { mineLanded, swapWhole, type OwnWrites } from './swap-landed';

/** Whether the fresh timeline shows `email` on call throughout [start, end) on the schedule. */
function theirsThroughout(state: AppState, r: SwapRequest['theirs']): boolean {
  const s = state.schedules.find((x) => x.id === r.scheduleId);
  if (!s || s.status.kind !== 'fresh') return false;
  const [startMs, endMs] = [Date.parse(r.start), Date.parse(r.end)];
  let reached = startMs;
  for (const t of s.timeline) {
    const [a, b] = [Date.parse(t.start), Date.parse(t.end)];
    if (b <= reached || a >= endMs) continue;
    if (a > reached || t.kind !== 'people') return false;
    if (!t.users.some((u) => u.email.toLowerCase() === r.email.toLowerCase())) return false;
    reached = b;
  }
  return reached >= endMs;
}

/** Whether the plan's writable blocks on the schedule cover the window without a gap (split where others change). */
function mineInParts(plan: HandoffPlan, mine: SwapRequest['mine']): boolean {
  let reached = Date.parse(mine.start);
  for (const row of plan.rows.filter((x) => x.scheduleId === mine.scheduleId))
    if (Date.parse(row.start) <= reached && Date.parse(row.end) > reached) reached = Date.parse(row.end);
  return reached >= Date.parse(mine.end);
}

/** What the checks read: main's state and its plan of my blocks. */
export interface CheckDeps {
  state: () => AppState;
  planFor: (startMs: number, endMs: number) => HandoffPlan;
  /** Words a change the app's data shows since the plan, as the write path's re-read does (changed-now.ts). */
  held: WordDeps;
  /** The app's own-write record: a side "in place from an earlier press" is one it holds (swap-landed.ts). */
  ownWrites: OwnWrites;
}

/** Their shift not shown as theirs now: said as what changed when the fresh data shows it, else as not fresh. */
function theirsProblem(deps: CheckDeps, state: AppState, theirs: SwapRequest['theirs']): string {
  const fresh = state.schedules.find((x) => x.id === theirs.scheduleId)?.status.kind === 'fresh';
  if (!fresh) return 'Nothing was sent: the schedule does not show them on call then (or isn’t fresh).';
  return notAsPlannedText(deps.held, state, theirs, theirs.email);
}

/** Why the swap can't be sent as asked (nothing is sent then), or undefined when it can. */
/** `landed`: my side is already in place as planned (swap-landed.ts): only their side and my cover of it are checked. */
export function check(deps: CheckDeps, r: SwapRequest, landed = false): Failure | undefined {
  if (!landed) {
    const mine = mineProblem(deps, r);
    if (mine) return mine;
  }
  const state = deps.state();
  const accountId = refParts(r.theirs.scheduleId).accountId;
  if (r.theirs.email.toLowerCase() === myEmailOn(state, accountId))
    return failure('validation', 'Nothing was sent: pick a teammate’s shift, not one of yours.');
  if (!theirsThroughout(state, r.theirs)) return failure('validation', theirsProblem(deps, state, r.theirs));
  // A swap exchanges two separate times: over shared time, their cover of me and mine of them would clash (on
  // another schedule it is a real swap: I am on call there instead).
  if (clashesWithMine(r.theirs, r.mine))
    return failure(
      'validation',
      'Nothing was sent: their shift overlaps yours on this schedule (you are both on call then), so the two covers would clash over that time. Pick a shift of theirs that doesn’t overlap yours, or use “I’m away” to hand yours off.',
    );
  return coverProblem(state, r, myEmailOn(state, accountId), landed);
}

/**
 * Whether the checks would refuse the swap on data a read renews: either side's time is one the plan can't write for
 * a reason of its data (shifts read longer ago than the last read, saved data, a part unread). Such a swap is judged
 * again on the service read anew, as away's Create does (controller.ts), never refused on the aged data.
 */
export function readFirst(deps: CheckDeps, r: SwapRequest): boolean {
  const state = deps.state();
  const me = myEmailOn(state, refParts(r.mine.scheduleId).accountId);
  // Both sides in place: each is re-read on its service (swap-again.ts), the checks aren't made.
  if (swapWhole(state, r, me, deps.ownWrites)) return false;
  const landed = mineLanded(state, r, me, deps.ownWrites);
  if (check(deps, r, landed) === undefined) return false;
  const aged = (w: SwapRequest['mine']) =>
    excludedWhy(deps.planFor(Date.parse(w.start), Date.parse(w.end)), w) !== undefined;
  return (!landed && aged(r.mine)) || aged(r.theirs);
}

/** My block as the plan has it now, else why the swap can't be sent. */
export function mineProblem(deps: CheckDeps, r: SwapRequest): Failure | undefined {
  const plan = deps.planFor(Date.parse(r.mine.start), Date.parse(r.mine.end));
  const mineOk = plan.rows.some(
    (row) =>
      row.scheduleId === r.mine.scheduleId &&
      Date.parse(row.start) <= Date.parse(r.mine.start) &&
      Date.parse(r.mine.end) <= Date.parse(row.end),
  );
  // My block where the app's data can't be read as now (a read aged, saved data, a part unread): said as not
  // checked, never as a change that data can't know of (adv48 r35: "who else is on call changes" was said).
  if (!mineOk && excludedWhy(plan, r.mine) !== undefined)
    return failure('validation', cantCheckText(deps.held, r.mine));
  // My shift, but who else is on call with me changes in it: one override would keep each of them throughout.
  if (!mineOk && mineInParts(plan, r.mine))
    return failure(
      'validation',
      'Nothing was sent: who else is on call with you changes during this shift, and one swap can’t keep each of them for their part. Use “I’m away” to hand it off part by part.',
    );
  // No longer mine as the app reads it now (a refresh since the plan): said as what changed, as a re-read says it.
  if (!mineOk) return failure('validation', notAsPlannedText(deps.held, deps.state(), r.mine));
  return undefined;
}

/**
 * Each cover replaces one person and keeps the others on call then: it can't be written by someone already on call
 * there (the schedule would lose a person), nor keep others who change within it (it would put each of them on
 * the whole window).
 */
function coverProblem(state: AppState, r: SwapRequest, me: string, landed: boolean): Failure | undefined {
  const them = emailKey(r.theirs.email);
  const onCallOn = (w: SwapRequest['mine']) =>
    onCallOver(
      state.schedules.find((s) => s.id === w.scheduleId),
      w,
    );
  // The one rule of every cover (shared/swap-rules.ts, as away and the write-time re-read apply it), per side.
  const mineRule = coverRefusal(onCallOn(r.mine), me, them);
  const theirRule = coverRefusal(onCallOn(r.theirs), them, me);
  // Landed: they are on call over my block by my own side's override, as planned.
  if (mineRule === 'cover_on_call' && !landed)
    return failure(
      'validation',
      'Nothing was sent: they are already on call with you during your shift, so they can’t cover it. Pick a teammate who is off call then.',
    );
  if (theirRule === 'cover_on_call')
    return failure(
      'validation',
      'Nothing was sent: you are already on call with them during their shift, so you can’t cover it. Pick a shift of theirs when you are off call.',
    );
  if (theirRule === 'partners_change')
    return failure(
      'validation',
      'Nothing was sent: who else is on call with them changes during their shift, and one swap can’t keep each of them for their part. Pick a shorter shift of theirs.',
    );
  return undefined;
}
