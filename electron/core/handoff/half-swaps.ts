// The swaps main knows landed on one side only, kept after their window closes so the glance says so until they
// are settled (a Retry or Hand back landed, or a check found the other side in place). Each swap:create and
// swap:settle answer replaces what was kept of that swap. Kept in memory: after a restart the form is gone too, and
// the service's schedule (My shifts) shows what holds.
import { refParts } from '../../shared/accounts';
import type { SwapResult } from '../../shared/handoff';
import type { SwapSide } from '../../shared/handoff';
import { isHalfDone, type HalfSwap } from '../../shared/half-swap-text';
import type { AppState } from '../../shared/view-state';

export interface HalfSwaps {
  /** What main answered for a swap (the request's sides name it). */
  note(result: SwapResult, name: string): void;
  /** The state with the swaps still half done that are not over (both blocks ended: nothing left to fix). */
  decorate(state: AppState, nowMs: number): AppState;
}

const keyOf = (r: Pick<SwapResult, 'mine' | 'theirs'>): string =>
  [r.mine.scheduleId, r.mine.start, r.mine.end, r.theirs.scheduleId, r.theirs.start, r.theirs.end].join('|');

/** When main noted each swap (`nowMs`), so only a read made after it judges the landed side (an older read shows the
 *  block as it was before the swap); and the read that first found a later change over it (said once). */
interface Judged {
  notedMs: number;
  replacedAt?: number;
}

export function createHalfSwaps(changed: () => void, clock: { now: () => number } = Date): HalfSwaps {
  const kept = new Map<string, HalfSwap>();
  const judged = new Map<string, Judged>();
  return {
    note(result, name) {
      const key = keyOf(result);
      const had = kept.has(key);
      const accountId = refParts(result.mine.scheduleId).accountId;
      if (isHalfDone(result)) kept.set(key, { accountId, name, result });
      else kept.delete(key);
      judged.set(key, { notedMs: clock.now() });
      if (had || kept.has(key)) changed();
    },
    decorate(state, nowMs) {
      // Re-judged on each fresh read of my landed side: a later change over it is said once, then leaves (F2).
      for (const [key, h] of kept) {
        const verdict = rejudge(state, h, judged.get(key));
        if (verdict === 'gone') {
          kept.delete(key);
          judged.delete(key);
        } else if (verdict) judged.set(key, verdict);
      }
      // A fresh read showing the missing side in place (made elsewhere: the web UI, another device) settles it.
      for (const [key, h] of kept) if (missingSides(h).every((side) => inPlace(state, side))) kept.delete(key);
      // My side said "unknown" that a fresh read shows in place (the service applied it late): the line says what
      // the schedule holds now, not the outcome it could not know then (adv48 r23 F3).
      for (const [key, h] of kept) if (mineLanded(state, h)) kept.set(key, landedMine(h));
      const open = [...kept.values()].filter(
        (h) => Date.parse(h.result.mine.end) > nowMs || Date.parse(h.result.theirs.end) > nowMs,
      );
      const shown = open.map((h) => withReplaced(state, h, judged.get(keyOf(h.result))));
      return shown.length === 0 ? state : { ...state, halfSwaps: shown };
    },
  };
}

/** My landed side on a fresh read newer than the swap's answer: still in place (the half-done line stands), or a
 *  later change over it (said from the first such read; 'gone' on a newer read after that). */
function rejudge(state: AppState, h: HalfSwap, j: Judged | undefined): Judged | 'gone' | undefined {
  const read = freshAt(state, h.result.mine);
  if (!j || read === undefined || read <= j.notedMs || !landedOnly(h)) return undefined;
  if (inPlace(state, h.result.mine)) return { notedMs: j.notedMs };
  if (j.replacedAt === undefined) return { ...j, replacedAt: read };
  return read > j.replacedAt ? 'gone' : undefined;
}

/** My side landed and nothing was handed back: the line is about their cover of my block. */
const landedOnly = (h: HalfSwap): boolean =>
  h.result.mine.state === 'handed_off' && (h.result.back === null || h.result.back.state !== 'handed_off');

function freshAt(state: AppState, side: SwapSide): number | undefined {
  const status = state.schedules.find((s) => s.id === side.scheduleId)?.status;
  return status?.kind === 'fresh' ? Date.parse(status.at) : undefined;
}

function withReplaced(state: AppState, h: HalfSwap, j: Judged | undefined): HalfSwap {
  if (j?.replacedAt === undefined) return h;
  return { ...h, replaced: !anyHeld(state, h.result.mine) };
}

/** Whether the fresh read shows the side's cover (the teammate) on call over any part of its window: then the line
 *  says the cover changed, never that it was replaced. */
function anyHeld(state: AppState, side: SwapSide): boolean {
  const schedule = state.schedules.find((s) => s.id === side.scheduleId);
  const cover = side.email.toLowerCase();
  const [startMs, endMs] = [Date.parse(side.start), Date.parse(side.end)];
  return (schedule?.timeline ?? []).some(
    (span) =>
      span.kind === 'people' &&
      Date.parse(span.end) > startMs &&
      Date.parse(span.start) < endMs &&
      span.users.some((u) => u.email.toLowerCase() === cover),
  );
}

/** The sides still owed: the hand back once asked, else their cover (and mine while its outcome is unknown). */
function missingSides(h: HalfSwap): SwapSide[] {
  const { mine, theirs, back } = h.result;
  if (back !== null) return [back];
  return mine.state === 'handed_off' ? [theirs] : [theirs, mine];
}

const mineLanded = (state: AppState, h: HalfSwap): boolean =>
  h.result.back === null &&
  (h.result.mine.state === 'unknown' || h.result.mine.state === 'sending') &&
  inPlace(state, h.result.mine);

const landedMine = (h: HalfSwap): HalfSwap => ({
  ...h,
  result: { ...h.result, mine: { ...h.result.mine, state: 'handed_off', message: 'The schedule shows it in place.' } },
});

/** Whether the schedule, freshly read, has the side's people (its cover and the others kept) over its whole window. */
function inPlace(state: AppState, side: SwapSide): boolean {
  const schedule = state.schedules.find((s) => s.id === side.scheduleId);
  if (schedule?.status.kind !== 'fresh') return false;
  const want = [side.email, ...side.others]
    .map((e) => e.toLowerCase())
    .sort()
    .join(',');
  const startMs = Date.parse(side.start);
  const endMs = Date.parse(side.end);
  let coveredMs = startMs;
  for (const span of schedule.timeline) {
    const s = Date.parse(span.start);
    const e = Date.parse(span.end);
    if (e <= coveredMs || s >= endMs) continue;
    if (s > coveredMs || span.kind !== 'people') return false;
    const got = [...new Set(span.users.map((u) => u.email.toLowerCase()))].sort().join(',');
    if (got !== want) return false;
    coveredMs = e;
    if (coveredMs >= endMs) return true;
  }
  return false;
}
