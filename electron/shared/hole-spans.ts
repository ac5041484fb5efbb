// Where a schedule's shifts couldn't be read (holes: the service sent them without their people or readable times),
// as spans, read from its known timeline by the one lookup. The lists of my shifts (status, the popover's My
// shifts) show each as a line of its own, in order, so a list with a gap in it never reads as "free then" (issue
// 47: a shift that became unreadable vanished from them while the calendar kept it as unknown).
import { viewReadingsIn } from './basis';
import type { AppState, Span, TimeSpan } from './view-state';

const iso = (ms: number): string => new Date(ms).toISOString();

/** The hole stretches of `timeline` that touch [fromMs, toMs), whole (not cut at the window), joined where they
 *  meet, in order. */
export function holeSpans(timeline: readonly TimeSpan[], fromMs: number, toMs: number): Span[] {
  const out: Span[] = [];
  for (const r of viewReadingsIn(timeline, fromMs, toMs)) {
    if (r.kind !== 'unknown' || r.why !== 'hole') continue;
    // A hole is a stretch the timeline holds: its own bounds, not the window's.
    const span = r.span ? { from: r.span.start, to: r.span.end } : { from: iso(r.startMs), to: iso(r.endMs) };
    const last = out[out.length - 1];
    if (last && Date.parse(last.to) >= Date.parse(span.from)) last.to = span.to;
    else out.push(span);
  }
  return out;
}

/** An unreadable span that may hold a shift of mine, on a schedule my shifts are looked for on. */
export interface MyHole {
  accountId: string;
  scheduleId: string;
  /** As the gap names it: with its account while there are several (core/state/account-naming.ts). */
  scheduleName: string;
  from: string;
  to: string;
}

/** The holes my gaps name (state.me.gaps, kind 'holes'), across schedules, in start order. */
export function myHoles(state: AppState): MyHole[] {
  return state.me.gaps
    .flatMap((g) =>
      g.kind !== 'holes'
        ? []
        : (g.spans ?? []).map((s) => ({
            accountId: g.accountId,
            scheduleId: g.scheduleId,
            scheduleName: g.scheduleName,
            from: s.from,
            to: s.to,
          })),
    )
    .sort((a, b) => Date.parse(a.from) - Date.parse(b.from));
}

/** Words said beside every listed hole: what is unknown there, and why it matters. */
export const HOLE_WORDS = "couldn't be read — may be yours";
