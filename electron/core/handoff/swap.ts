// A swap is two overrides: the teammate covers my block, then I cover theirs. The second is sent only once the
// first is handed off (else I would end up with both). What is said is exactly what landed: "swapped" only when
// both did; otherwise which side did, and which did not, with the service's words.
import { myEmailOn, refParts } from '../../shared/accounts';
import type { HandoffPlan, SwapRequest, SwapResult, SwapSide } from '../../shared/handoff';
import type { Failure } from '../../shared/failure';
import type { AppState } from '../../shared/view-state';
import type { WriteDeps } from './write-one';
import { stateOfAnswer } from './write-one';
import { heldAsPlanned } from './held';
import { check, mineProblem, readFirst } from './swap-check';
import { onceRef } from './plan';
import { onCallOver, type ScheduleWindow } from '../../shared/swap-rules';
import { sideWithin, windowOf } from './swap-within';
import { mineLanded, MINE_IN_PLACE, swapWhole, theirsLanded, type OwnWrites } from './swap-landed';
import { clip, landedPart, mineUndone, oneStillIn, wholeChanged } from './swap-again';
import { unsettled, type SettleBook } from './swap-unsettled';
import { mineGoneText, staleText, swapText, undoneText } from './swap-text';

// The words, kept importable from here (swap-settle.ts, the text registry).
export { staleText, swapText, undoneText } from './swap-text';
export { clip, mineUndone } from './swap-again';

export interface SwapDeps extends Pick<WriteDeps, 'create' | 'held'> {
  nowMs: () => number;
  localZone: () => string;
  state: () => AppState;
  planFor: (startMs: number, endMs: number) => HandoffPlan;
  /** Main's own record of each side's settle (never the renderer's): swap-unsettled.ts. */
  settles: SettleBook;
  /** The app's own-write record: the only proof of a side in place from an earlier press (swap-landed.ts). */
  ownWrites: OwnWrites;
  /** Reads every account again (shifts too): checks that aged data would refuse are made on a fresh read. */
  refresh?: () => Promise<unknown>;
}

/** The others on call over a window besides `email` (kept by the override: it replaces one person only). */
function othersBesides(state: AppState, w: ScheduleWindow, email: string): string[] {
  const users = onCallOver(
    state.schedules.find((s) => s.id === w.scheduleId),
    w,
  ).flat();
  return [...new Set(users)].filter((e) => e !== email.toLowerCase()).sort();
}

/** The teammate's name as the schedule lists them, else their e-mail. */
export function teammateName(state: AppState, scheduleId: string, email: string): string {
  const users = state.schedules.find((s) => s.id === scheduleId)?.users ?? [];
  return users.find((u) => u.email.toLowerCase() === email.toLowerCase())?.name ?? email;
}

/** The people a side puts on call: who covers, and the others kept. */
export const coveringOf = (s: SwapSide): string[] => [s.email, ...s.others.filter((o) => o !== s.email.toLowerCase())];

/**
 * Sends one side (`from` is the person it replaces) on what the service holds now: re-read first, so a side a
 * manager changed since the plan is said ("changed since you planned it: …"), never written over.
 */
export async function sendSide(
  deps: Pick<SwapDeps, 'create' | 'held' | 'nowMs' | 'settles'>,
  s: SwapSide,
  from: string,
  sentBefore = false,
): Promise<SwapSide> {
  const held = await heldAsPlanned(deps.held, { ...windowOf(s), from, to: s.email, others: s.others, sentBefore });
  if (held?.outcome) return landedPart({ ...s, state: held.state, message: clip(held.message) });
  if (held) return { ...s, state: held.state, message: clip(held.message) };
  const answer = stateOfAnswer(
    await deps.create({
      scheduleId: s.scheduleId,
      window: { kind: 'custom', start: s.start, end: s.end },
      emails: coveringOf(s),
      // The last read before the POST is held to this same plan (actions/override-planned.ts).
      planned: { from, to: s.email, others: s.others },
    }),
  );
  // In place over an own earlier write that may still be applied: the note goes with it (adv48 r44 #2).
  const earlier = answer.outcome === 'earlier-may-apply' ? answer.outcome : undefined;
  return unsettled({ ...s, state: answer.state, message: clip(answer.message), outcome: earlier }, deps.settles);
}

/**
 * Their side read before anything of the swap is sent (`teammate`: whom it replaces): undefined while it can still
 * be written (or is already in place); else the side as it stands (changed, unreadable, refused), and nothing is sent.
 */
export async function theirsStale(
  deps: Pick<SwapDeps, 'held'>,
  s: SwapSide,
  teammate: string,
): Promise<SwapSide | undefined> {
  const held = await heldAsPlanned(deps.held, { ...windowOf(s), from: teammate, to: s.email, others: s.others });
  return held && held.state !== 'handed_off' ? { ...s, state: held.state, message: clip(held.message) } : undefined;
}

/** Side 1 landed and a change since covers it (`undone`, said by the press as "no longer in place"): handed back
 *  as landed with what holds now ("Changed since it landed: …"), so every Retry says it stays in place, never "not
 *  sent" (adv48 r18 #3). Unread, or no longer changed, the press's word stands. */
async function stillLanded(
  deps: Pick<SwapDeps, 'held'>,
  mine: SwapSide,
  undone: SwapSide,
  me: string,
): Promise<SwapSide> {
  if (undone.state !== 'changed') return undone;
  const since = await mineUndone(deps, mine, me, true);
  return since?.state === 'changed' ? { ...since, state: 'handed_off' } : undone;
}

/** The swap as planned once: a side named through the second account of a service watched twice is the first's
 *  (the plan lists each block there once), so either account's swap is checked, worded and written the same. */
function onceSwap(state: AppState, r: SwapRequest): SwapRequest {
  return {
    mine: { ...r.mine, scheduleId: onceRef(state, r.mine.scheduleId) },
    theirs: { ...r.theirs, scheduleId: onceRef(state, r.theirs.scheduleId) },
  };
}

/** Both sides as planned from the state (who each replaces, and whoever else is on call then, kept). */
function sidesOf(state: AppState, r: SwapRequest, me: string): { planned: SwapSide; theirs: SwapSide } {
  const keptOnMine = othersBesides(state, r.mine, me);
  const keptOnTheirs = othersBesides(state, r.theirs, r.theirs.email);
  const mineWithin = sideWithin(state, r.mine, me, r.theirs);
  const theirsWithin = sideWithin(state, r.theirs, r.theirs.email, r.mine);
  const planned: SwapSide = {
    ...r.mine,
    ...(mineWithin ? { within: mineWithin } : {}),
    email: r.theirs.email,
    others: keptOnMine.filter((e) => e !== r.theirs.email.toLowerCase()),
    state: 'pending',
    message: '',
  };
  const theirs: SwapSide = {
    ...r.theirs,
    ...(theirsWithin ? { within: theirsWithin } : {}),
    email: me,
    others: keptOnTheirs.filter((e) => e !== me),
    state: 'not_sent',
    message: '',
  };
  return { planned, theirs };
}

export async function swapShifts(deps: SwapDeps, asked: SwapRequest): Promise<SwapResult | Failure> {
  // A swap the checks would refuse on a read aged past fresh is checked on the service read again (adv48 r35).
  if (deps.refresh && readFirst(deps, onceSwap(deps.state(), asked))) await deps.refresh();
  const r = onceSwap(deps.state(), asked);
  const state = deps.state();
  const name = teammateName(state, r.theirs.scheduleId, r.theirs.email);
  // Me, as the account's settings name me.
  const me = myEmailOn(state, refParts(r.mine.scheduleId).accountId);
  const people = { name, me, teammate: r.theirs.email };
  const { planned, theirs: asPlanned } = sidesOf(state, r, me);
  // My side already in place from a press before a restart: the app's own write, gone on from (swap-landed.ts).
  const landed = mineLanded(state, r, me, deps.ownWrites);
  // Both sides in place (pressed again once whole): each is re-read, a change since either landed said as such.
  const whole = swapWhole(state, r, me, deps.ownWrites);
  const since = whole ? await wholeChanged(deps, people, planned, asPlanned) : undefined;
  if (since) return since;
  const problem = whole ? undefined : check(deps, r, landed);
  // One side in place from an earlier press while the other can't be sent: said beside the checks' words (r27).
  // Theirs only when my block is what the checks refused: a "teammate shift" that is my own block also has me on it.
  const theirsIn = !landed && theirsLanded(state, r, me, deps.ownWrites) && mineProblem(deps, r) !== undefined;
  const inPlace = landed ? 'mine' : theirsIn ? 'theirs' : undefined;
  if (problem && inPlace) {
    const sides = { mine: planned, theirs: asPlanned };
    return (await oneStillIn(deps, people, sides, inPlace, problem.error.message)) ?? problem;
  }
  if (problem) return problem;
  let theirs = asPlanned;
  // Both sides read before anything is written: a second side already stale would leave the first one alone.
  const stale = await theirsStale(deps, theirs, r.theirs.email);
  if (stale) {
    // My side in place from an earlier press (read again) is said so, never "nothing was swapped" (adv48 r27).
    const mineIn = landed && (await mineUndone(deps, planned, me)) === undefined;
    const mine: SwapSide = mineIn
      ? { ...planned, state: 'handed_off', message: MINE_IN_PLACE }
      : { ...planned, state: 'not_sent', message: '' };
    const text = mineIn ? swapText(deps, name, mine, stale) : staleText(deps, name, stale);
    return { mine, theirs: stale, back: null, text };
  }
  const mine = landed
    ? { ...planned, state: 'handed_off' as const, message: MINE_IN_PLACE }
    : await sendSide(deps, planned, me);
  if (mine.state === 'handed_off') {
    // Side 1 read again just before side 2, as Retry does: a manager who undid it since leaves side 2 unsent (I
    // would hold both days, and the teammate a free day never swapped for).
    const undone = await mineUndone(deps, mine, me);
    if (undone)
      return {
        mine: await stillLanded(deps, mine, undone, me),
        theirs,
        back: null,
        text: undoneText(deps, name, undone, theirs),
      };
    theirs = await sendSide(deps, { ...theirs, state: 'pending' }, r.theirs.email);
    // Its answer lost and found in place by a read: side 1 read again too before "Swapped" (a manager may have undone
    // it meanwhile; adv48 round 13 #2). A plain 201 follows the read of side 1 just before it.
    const again = theirs.state === 'handed_off' && theirs.message !== '' && (await mineUndone(deps, mine, me, true));
    if (again) return { mine: again, theirs, back: null, text: mineGoneText(deps, name, again, theirs) };
  }
  return { mine, theirs, back: null, text: swapText(deps, name, mine, theirs) };
}
