// "Until when am I on call": the end of my continuous on-call time, not of the block that happens to be first. With
// back-to-back blocks on several schedules (of one account or of several) I am on call without a break until the
// last of them ends, as far as the shifts read reach. Every surface (tray tooltip and menu, popover, status CLI)
// asks this one function, so they all say the same end.
import { viewBasis, type Basis } from './basis';
import { DAY_MS } from './time';
import type { AppState, MyShift, ScheduleView } from './view-state';

export interface OnCallRun {
  /** When the block I am in now started (the earliest of those running now). */
  start: string;
  /** When my on-call time ends without a break in between. */
  end: string;
  /** What "until `end`" rests on: the basis of the block that ends it (unknown there: it may go on). */
  endBasis: Basis;
  /** What the run rests on: fresh, or the first link from saved data (said beside it, as for one block). */
  basis: Basis;
  /** The blocks the run is made of, in order of start: those running now first, then each one that carries it on. */
  blocks: MyShift[];
  /** How many of `blocks` run now (they come first). */
  nowCount: number;
}

const key = (s: MyShift): string => `${s.accountId}\u0000${s.scheduleId}\u0000${s.start}`;

/** My continuous on-call time from now, or null when I am not on call now. With the watched schedules (`sources`,
 *  every account's), its end is stated only where each of them was read at that instant (see `runFrom`). */
export function myOnCallRun(
  me: Pick<AppState['me'], 'onCallNow' | 'shifts'>,
  sources: readonly RunSource[] = [],
  listedToMs = Infinity,
): OnCallRun | null {
  const running = me.onCallNow;
  if (running.length === 0) return null;
  return runFrom(running, me.shifts, { sources, listedToMs });
}

/**
 * My next shift that starts my on-call time anew (readiness is about it): while I am on call, a block that carries
 * my continuous time on (back to back, on this schedule or another) is no start, so it is the first shift starting
 * after the run ends; null when none is read.
 */
export function nextStartShift(me: Pick<AppState['me'], 'onCallNow' | 'shifts' | 'nextShift'>): MyShift | null {
  const run = myOnCallRun(me);
  if (!run) return me.nextShift;
  const endMs = Date.parse(run.end);
  const after = (s: MyShift | null): s is MyShift => s !== null && Date.parse(s.start) > endMs;
  if (after(me.nextShift)) return me.nextShift;
  return me.shifts.filter(after).sort((a, b) => Date.parse(a.start) - Date.parse(b.start))[0] ?? null;
}

/**
 * The one rule joining my blocks (any schedule, any account) into continuous on-call time: a block starting at or
 * before the time so far ends carries it on (back to back or overlapping); any gap, even a minute, is a new start.
 * The tooltip's "until", readiness's next start, the shift-start alarm, its phone booking and "Shift ended" all ask it.
 */
export function carriesOn(startMs: number, endSoFarMs: number): boolean {
  return startMs <= endSoFarMs;
}

/** A block of mine as instants (the alarm and reminder planners' shape). */
export interface BlockSpan {
  startMs: number;
  endMs: number;
}

/** Whether a block of mine starting at `startMs` carries on my on-call time from `blocks` (those starting before it)
 *  rather than starting it: then it is no start to ring or book the phone for. */
export function continuesOnCall(startMs: number, blocks: readonly BlockSpan[]): boolean {
  return continuesOnCallIn(blocks)(startMs);
}

/** `continuesOnCall` over one set of blocks for many starts: the blocks are sorted and joined once, then each start
 *  is a binary search (asking per start sorted every block again: the alarm plan's cost grew with the square of a
 *  long horizon's blocks, and it is planned again at every sync). */
export function continuesOnCallIn(blocks: readonly BlockSpan[]): (startMs: number) => boolean {
  const sorted = [...blocks].sort((a, b) => a.startMs - b.startMs);
  // endsSoFar[i]: where my on-call time so far ends after the first i blocks (in order of start).
  const endsSoFar = [-Infinity];
  let endSoFarMs = -Infinity;
  for (const b of sorted) {
    endSoFarMs = carriesOn(b.startMs, endSoFarMs) ? Math.max(endSoFarMs, b.endMs) : b.endMs;
    endsSoFar.push(endSoFarMs);
  }
  return (startMs) => {
    // How many blocks start before `startMs`.
    let [lo, hi] = [0, sorted.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((sorted[mid]?.startMs ?? Infinity) < startMs) lo = mid + 1;
      else hi = mid;
    }
    return carriesOn(startMs, endsSoFar[lo] ?? -Infinity);
  };
}

/** Whether my on-call time goes on past `endMs` (a block of mine carries it on there): then that end is no end of
 *  my on-call time, and "Shift ended" is not said for it. */
export function goesOnPast(endMs: number, blocks: readonly BlockSpan[]): boolean {
  return blocks.some((b) => carriesOn(b.startMs, endMs) && b.endMs > endMs);
}

/** Whether a block of mine has me on call at some instant of [fromMs, toMs) (by the same rule): then "not on call
 *  then" is untrue there, whichever schedule or account the block is on. */
export function onCallWithin(fromMs: number, toMs: number, blocks: readonly BlockSpan[]): boolean {
  return goesOnPast(fromMs, blocks) || blocks.some((b) => fromMs < b.startMs && b.startMs < toMs);
}

/** Whether `a` carries on past `b` (or ends with it but unknown after it). */
function later(a: MyShift, b: MyShift): boolean {
  const [aEnd, bEnd] = [Date.parse(a.end), Date.parse(b.end)];
  return aEnd > bEnd || (aEnd === bEnd && a.endBasis.kind === 'unknown' && b.endBasis.kind !== 'unknown');
}

/** Whether the run goes beyond one block (back to back on another schedule): then each surface names the chain. */
export function runIsChained(run: OnCallRun): boolean {
  return run.blocks.length > 1;
}

/** "Platform primary, then Payments": the run's schedules in order, each once, named by `name` (with its account
 *  while there are several). At most `max` names, then "and 2 more". */
export function runNames(run: OnCallRun, name: (s: MyShift) => string, max = 3): string {
  const now = new Set(run.blocks.slice(0, run.nowCount).map(name));
  const then = [...new Set(run.blocks.map(name))].filter((n) => !now.has(n));
  const names = [[...now].join(' and '), ...then];
  const shown = names.slice(0, max).join(', then ');
  return names.length > max ? `${shown} and ${names.length - max} more` : shown;
}

/** A watched schedule as a run's end asks it: where it is unknown, my on-call time may go on there. */
export type RunSource = Pick<ScheduleView, 'accountId' | 'timeline' | 'status' | 'known'>;

/** What a run's end is judged against: the watched schedules, and where the list of my shifts stops (the horizon:
 *  each account lists past it only the blocks carrying on its own, so another account's may go on unlisted). */
interface RunContext {
  sources: readonly RunSource[];
  listedToMs: number;
}

type RunState = Pick<AppState, 'me' | 'schedules'> & { settings: Pick<AppState['settings'], 'horizonDays'> };

/** Where the list of my shifts is complete: as it was derived (the clock moves on before the next derive, and a
 *  horizon taken from a surface's now would call a cut the list never made a known end), else now + the horizon. */
function listedToOf(state: RunState, nowMs: number): number {
  const derived = state.me.listedTo === undefined ? NaN : Date.parse(state.me.listedTo);
  const fromNow = nowMs + state.settings.horizonDays * DAY_MS;
  return Number.isFinite(derived) ? Math.min(derived, fromNow) : fromNow;
}

/** My on-call run now as every surface says it: judged against every watched schedule and the list's horizon. */
export function myRunNow(state: RunState, nowMs: number): OnCallRun | null {
  return myOnCallRun(state.me, state.schedules, listedToOf(state, nowMs));
}

/** My next on-call run as every surface says it (see myRunNow). */
export function myRunNext(state: RunState, nowMs: number): OnCallRun | null {
  return myNextRun(state.me, state.schedules, listedToOf(state, nowMs));
}

/** My next on-call time: the next shift and every block that carries it on back to back (on this schedule or
 *  another, of any account), or null when no next shift is read. */
export function myNextRun(
  me: Pick<AppState['me'], 'nextShift' | 'shifts'>,
  sources: readonly RunSource[] = [],
  listedToMs = Infinity,
): OnCallRun | null {
  return me.nextShift ? runFrom([me.nextShift], me.shifts, { sources, listedToMs }) : null;
}

/**
 * The run that `first` (blocks at once) starts: each later block starting before the run's end carries it on. Its
 * end is stated ("until 17:00") only where the time after it was read on every watched schedule: a schedule unknown
 * there (a hole, past its read, an account that couldn't be reached) may carry my time on, so the end is "at least".
 */
function runFrom(first: readonly MyShift[], shifts: readonly MyShift[], context: RunContext): OnCallRun {
  const blocks = [...first].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const seen = new Set(blocks.map(key));
  // The block reaching furthest ends the run; at equal ends, an unknown end wins (the run may go on there).
  let last = blocks.reduce((a, b) => (later(b, a) ? b : a));
  const rest = [...shifts].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  for (const s of rest) {
    if (!carriesOn(Date.parse(s.start), Date.parse(last.end))) break;
    if (seen.has(key(s)) || !later(s, last)) continue;
    seen.add(key(s));
    blocks.push(s);
    last = s;
  }
  // The first block not fresh: the popover's one mark (the tray, menu and status name each account's time,
  // run-basis.ts). Left open: across accounts saved at different times it may be a later time than a part rests on
  // (adv47 r31 #1); the weakest block's cost 29 B the popover's first load (35 KB budget) hasn't got.
  const saved = blocks.find((b) => b.basis.kind !== 'fresh');
  return {
    start: blocks[0]?.start ?? last.start,
    end: last.end,
    endBasis: endBasisAcross(last, context),
    basis: saved?.basis ?? last.basis,
    blocks,
    nowCount: first.length,
  };
}

/** The end's basis, as the block ending the run has it, unless a watched schedule is unknown right at the end. */
function endBasisAcross(last: MyShift, { sources, listedToMs }: RunContext): Basis {
  if (last.endBasis.kind === 'unknown') return last.endBasis;
  const endMs = Date.parse(last.end);
  const accounts = new Set(sources.map((s) => s.accountId));
  if (endMs >= listedToMs && accounts.size > 1) return { kind: 'unknown', why: 'beyond' };
  for (const s of sources) {
    const b = viewBasis(s, endMs, endMs + 1);
    if (b.kind === 'unknown') return b;
  }
  return last.endBasis;
}

/** Whether the run's end is unknown only because another watched schedule is (a hole, not read, its account down)
 *  while its own last block's end was read: each surface then names what is missing beside "then unknown". */
export function endUnknownElsewhere(run: OnCallRun): boolean {
  return run.endBasis.kind === 'unknown' && run.blocks.every((b) => b.end !== run.end || b.endBasis.kind !== 'unknown');
}

/** " · may be handed off — checking": main's mark on a block of the run whose hand-off (I'm away) may have landed
 *  (core/handoff/half-handoff.ts), said beside my state on every surface; '' when none is in doubt. */
export function runDoubt(run: OnCallRun): string {
  const mark = run.blocks.find((b) => b.handoff)?.handoff;
  return mark ? ` · ${mark}` : '';
}
