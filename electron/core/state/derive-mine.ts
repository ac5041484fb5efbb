// What the state says of me: where I am on call now, my next shift, my blocks to the horizon (and past it while my
// time carries on), each ending where its schedule's read ends, with the gaps and my on-call load.
import { DAY_MS } from '../../shared/time';
import type { AppState, MyShift, ScheduleView } from '../../shared/view-state';
import { isoOf } from '../model/segments';
import { myGaps } from './knowledge';
import { myLoad } from './load';
import { staleAfterMs } from './status';
import type { ScheduleSnapshot } from '../model/snapshot';
import type { DeriveInput } from './derive-input';
import { blockBasisOf, endBasisOf, myTimedBlocks, NO_SHIFTS, type TimedBlock } from './derive-blocks';
import { nextOverSaved } from './next-basis';

/** The earliest block of mine that starts after now, over all watched schedules. */
function myNextShift(
  views: readonly ScheduleView[],
  byId: ReadonlyMap<string, ScheduleSnapshot>,
  nowMs: number,
  emailLower: string,
): MyShift | null {
  let best: { block: TimedBlock; view: ScheduleView } | undefined;
  for (const view of views) {
    const upcoming = myTimedBlocks(byId.get(view.id)?.shifts ?? NO_SHIFTS, emailLower).find((b) => b.startMs > nowMs);
    if (upcoming && (!best || upcoming.startMs < best.block.startMs)) best = { block: upcoming, view };
  }
  if (!best) return null;
  const snap = byId.get(best.view.id);
  const { block } = best;
  return block.shiftOn(
    best.view,
    endBasisOf(best.view, snap, block.endMs),
    blockBasisOf(best.view, snap, block.startMs),
  );
}

/** Where I am on call now: until the end of my whole block, not just of the current segment. */
function myOnCallNow(
  views: readonly ScheduleView[],
  byId: ReadonlyMap<string, ScheduleSnapshot>,
  nowMs: number,
  emailLower: string,
): MyShift[] {
  const result: MyShift[] = [];
  for (const view of views) {
    if (!view.meOnCall || !view.now) continue;
    const block = myTimedBlocks(byId.get(view.id)?.shifts ?? NO_SHIFTS, emailLower).find(
      (b) => b.startMs <= nowMs && b.endMs > nowMs,
    );
    const snap = byId.get(view.id);
    if (block) result.push(block.shiftOn(view, endBasisOf(view, snap, block.endMs), blockBasisOf(view, snap, nowMs)));
    else {
      const { start, end } = view.now;
      const endBasis = endBasisOf(view, snap, Date.parse(end));
      const basis = blockBasisOf(view, snap, nowMs);
      result.push({
        accountId: view.accountId,
        scheduleId: view.id,
        scheduleName: view.name,
        start,
        end,
        endBasis,
        basis,
      });
    }
  }
  return result;
}

/**
 * My blocks from now to the horizon over all watched schedules, and past it those carrying on back to back (each merged per schedule, the running one with its
 * true start), sorted by start, then by the user's schedule order.
 */
function myShifts(
  views: readonly ScheduleView[],
  byId: ReadonlyMap<string, ScheduleSnapshot>,
  nowMs: number,
  emailLower: string,
  horizonDays: number,
): MyShift[] {
  const untilMs = nowMs + horizonDays * DAY_MS;
  // Each schedule's blocks are sorted and disjoint, so those from now on are one run of them: the runs are merged
  // by start (ties in the user's schedule order), with no list of all blocks to sort at every tick.
  const runs = views.map((view) => {
    const blocks = myTimedBlocks(byId.get(view.id)?.shifts ?? NO_SHIFTS, emailLower);
    let from = 0;
    while (from < blocks.length && (blocks[from]?.endMs ?? Infinity) <= nowMs) from++;
    const readToMs = view.known ? Date.parse(view.known.to) : Infinity;
    return { view, blocks, at: from, readToMs };
  });
  const result: MyShift[] = [];
  // Up to the horizon, and past it while a block carries on back to back what came before (read so far): the end
  // of my on-call time is never the horizon's edge when the shifts read show me on call beyond it.
  let reachMs = -Infinity;
  for (;;) {
    let first: (typeof runs)[number] | undefined;
    for (const r of runs) {
      const startMs = r.blocks[r.at]?.startMs ?? Infinity;
      if (startMs < (first?.blocks[first.at]?.startMs ?? Infinity)) first = r;
    }
    const block = first?.blocks[first.at];
    // A block starting right at the horizon is listed: another account's block may end there, and my time goes on
    // (adv47 round 6, #3: derived at a shift change, "until 18 Mar, 09:00" was said of the horizon's edge).
    if (!first || !block || (block.startMs > untilMs && block.startMs > reachMs)) return result;
    if (block.startMs > untilMs && block.startMs >= first.readToMs) {
      first.at = first.blocks.length; // past its read: nothing of it carries my time on
      continue;
    }
    reachMs = Math.max(reachMs, Math.min(block.endMs, first.readToMs));
    const snap = byId.get(first.view.id);
    const fromMs = Math.max(block.startMs, nowMs);
    result.push(
      block.shiftOn(first.view, endBasisOf(first.view, snap, block.endMs), blockBasisOf(first.view, snap, fromMs)),
    );
    first.at++;
  }
}

/**
 * A block of mine ends, as far as the app can say, where its schedule's read ends: a shift the service returned as
 * lasting a year is "until at least <end of the read>, then unknown", as the schedule's own now-line says it (an
 * override past the read may end it sooner). Every surface then says one end for the same block.
 */
function readEndClip(
  views: readonly ScheduleView[],
  byId: ReadonlyMap<string, ScheduleSnapshot>,
): (shift: MyShift) => MyShift {
  const byView = new Map(views.map((v) => [v.id, v]));
  return (shift) => {
    const view = byView.get(shift.scheduleId);
    const toMs = view?.known ? Date.parse(view.known.to) : NaN;
    if (!view || !Number.isFinite(toMs) || Date.parse(shift.end) <= toMs || Date.parse(shift.start) >= toMs)
      return shift;
    return { ...shift, end: isoOf(toMs), endBasis: endBasisOf(view, byId.get(view.id), toMs) };
  };
}

export function myState(
  schedules: readonly ScheduleView[],
  byId: ReadonlyMap<string, ScheduleSnapshot>,
  input: DeriveInput,
  emailLower: string,
  /** My shifts on this account's schedules are unknown (derive.ts mineOrUnknown says why): the load says so too. */
  mineUnknown = false,
): AppState['me'] {
  const { nowMs, settings } = input;
  const clip = readEndClip(schedules, byId);
  const next = myNextShift(schedules, byId, nowMs, emailLower);
  // A schedule another account of this service tells is counted in that one's load (issue 47, round 27: the
  // whole load was dropped instead, and this account's own schedules with it).
  const told = input.toldElsewhere;
  const counted = told && told.size > 0 ? schedules.filter((v) => !told.has(v.scheduleId)) : schedules;
  return {
    onCallNow: myOnCallNow(schedules, byId, nowMs, emailLower).map(clip),
    // "Next" rests on every schedule read before it, not only its own: one basis, said on every surface.
    nextShift: next && nextOverSaved(clip(next), schedules, nowMs),
    shifts: myShifts(schedules, byId, nowMs, emailLower, settings.horizonDays).map(clip),
    gaps: emailLower === '' ? [] : myGaps(schedules, byId, nowMs, settings.horizonDays, staleAfterMs(settings)),
    load: myLoad(counted, byId, nowMs, emailLower, input.localZone ?? 'UTC', mineUnknown),
    listedTo: isoOf(nowMs + settings.horizonDays * DAY_MS),
  };
}
