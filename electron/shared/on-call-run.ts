// "Until when am I on call": the end of my continuous on-call time, not of the block that happens to be first. With
// back-to-back blocks on several schedules (of one account or of several) I am on call without a break until the
// last of them ends, as far as the shifts read reach. Every surface (tray tooltip and menu, popover, status CLI)
// asks this one function, so they all say the same end.
import type { Basis } from './basis';
import type { AppState, MyShift } from './view-state';

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

/** My continuous on-call time from now, or null when I am not on call now. */
export function myOnCallRun(me: Pick<AppState['me'], 'onCallNow' | 'shifts'>): OnCallRun | null {
  const running = me.onCallNow;
  if (running.length === 0) return null;
  const blocks = [...running].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const seen = new Set(blocks.map(key));
  // The block reaching furthest ends the run; at equal ends, an unknown end wins (the run may go on there).
  let last = blocks.reduce((a, b) => (later(b, a) ? b : a));
  const rest = [...me.shifts].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  for (const s of rest) {
    if (Date.parse(s.start) > Date.parse(last.end)) break;
    if (seen.has(key(s)) || !later(s, last)) continue;
    seen.add(key(s));
    blocks.push(s);
    last = s;
  }
  const saved = blocks.find((b) => b.basis.kind !== 'fresh');
  return {
    start: blocks[0]?.start ?? last.start,
    end: last.end,
    endBasis: last.endBasis,
    basis: saved?.basis ?? last.basis,
    blocks,
    nowCount: running.length,
  };
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
