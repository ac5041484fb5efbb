// The range hand-off plan: every block of mine overlapping [from, to) on every watched schedule of every account,
// clipped to it and to now, read from each schedule's known timeline. Time the app can't read as mine or not (a
// hole, not read, past the read, saved data, shifts older than the last read) is listed with why and never written.
import { DateTime } from 'luxon';
import { myEmailOn, refParts, sameServiceAs, scheduleRef } from '../../shared/accounts';
import { formatDayTime } from '../../shared/format';
import type { HandoffExcluded, HandoffPlan, HandoffRange, HandoffRow } from '../../shared/handoff';
import type { AppState, ScheduleView, TimeSpan } from '../../shared/view-state';
import { DAY_MS } from '../../shared/time';
import { MAX_HORIZON_DAYS } from '../../shared/settings';

/** The farthest a plan's row reaches from the moment the plan is made: rows are my blocks as read, at most
 *  MAX_HORIZON_DAYS ahead and a day past (sync/plan.ts horizonWindow; time past the read is unknown, never a row),
 *  with the slack a saved item has always had for a clock stepped between read and plan. A saved item ending further
 *  from its run's createdAt (or from now) is one the app could not have planned then (store-claims.ts). */
export const PLAN_REACH_MS = (MAX_HORIZON_DAYS + 10) * DAY_MS;

/** A hand-off item's id, made from its own schedule and start: one function for every maker (item-rules.ts,
 *  landed-again.ts) and the read-back (store-claims.ts), where an id in handoff.json that is not this one was not
 *  made by the app (adv52 r52 #1: an impossible date, another block's start, free text) and the item is dropped. */
export const itemIdOf = (item: { scheduleId: string; start: string }): string => `${item.scheduleId}|${item.start}`;

export interface Span {
  startMs: number;
  endMs: number;
}

/** Local dates (both included) as instants in `zone`; absent: the next 7 days from now (to the second). */
export function rangeSpan(range: HandoffRange | undefined, nowMs: number, zone: string): Span | string {
  if (!range) {
    const startMs = Math.floor(nowMs / 1000) * 1000;
    return { startMs, endMs: startMs + 7 * DAY_MS };
  }
  const from = DateTime.fromISO(range.from, { zone });
  const to = DateTime.fromISO(range.to, { zone });
  if (!from.isValid || !to.isValid) return 'The dates could not be read.';
  const endMs = to.plus({ days: 1 }).startOf('day').toMillis();
  const startMs = from.startOf('day').toMillis();
  if (endMs <= startMs) return 'The last day must not be before the first.';
  if (endMs - startMs > 62 * DAY_MS) return 'Choose at most 62 days.';
  if (endMs <= nowMs) return 'Those days are over.';
  return { startMs: Math.max(startMs, Math.floor(nowMs / 1000) * 1000), endMs };
}

const iso = (ms: number): string => new Date(ms).toISOString();

const UNKNOWN_WHY: Record<NonNullable<TimeSpan['why']>, string> = {
  hole: "the service sent shifts here that couldn't be read",
  not_read: "this time wasn't read from the service",
  beyond: 'this is past the shifts read so far',
};

/** Why nothing of this schedule may be written, when its data as a whole can't be read as now. */
function scheduleProblem(state: AppState, s: ScheduleView, nowMs: number, zone: string): string | undefined {
  const at = (when: string) => formatDayTime(when, { nowMs, localZone: zone });
  const st = s.status;
  if (st.kind === 'loading') return 'still loading this schedule';
  if (st.kind === 'not_read') return `this schedule is not read: ${st.reason}`;
  if (st.kind === 'error') return `couldn't load this schedule (${st.reason})`;
  if (st.kind === 'not_found') return `the service doesn't find this schedule (${st.reason})`;
  // The reason says why, in its maker's words: a failed read, or none possible (the keychain refused the key, adv47
  // r46 F3), or none yet; "the last read failed" was said of all of them.
  if (st.kind === 'stale') return `saved data from ${at(st.since)} (${st.reason})`;
  const gap = state.me.gaps.find((g) => g.scheduleId === s.id && g.kind === 'read');
  if (gap?.readAt) return `shifts read at ${at(gap.readAt)}, older than the last read: refresh first`;
  return undefined;
}

interface Piece extends Span {
  kind: 'mine' | 'unknown';
  why?: string;
  /** Mine: the others on call with me then (kept by the override: it replaces me only), lower-cased. */
  others: string[];
}

/** The timeline's stretches over the span as pieces of mine and of unknown (time outside the stretches is unread). */
function piecesOf(s: ScheduleView, me: string, span: Span): Piece[] {
  const out: Piece[] = [];
  const push = (p: Piece) => {
    const last = out.at(-1);
    const same = last && last.kind === p.kind && last.why === p.why && last.others.join() === p.others.join();
    if (last && same && last.endMs === p.startMs) last.endMs = p.endMs;
    else out.push(p);
  };
  let reached = span.startMs;
  for (const t of s.timeline) {
    const startMs = Math.max(Date.parse(t.start), span.startMs);
    const endMs = Math.min(Date.parse(t.end), span.endMs);
    if (endMs <= startMs) continue;
    if (startMs > reached)
      push({ kind: 'unknown', startMs: reached, endMs: startMs, why: UNKNOWN_WHY.not_read, others: [] });
    reached = Math.max(reached, endMs);
    const emails = t.users.map((u) => u.email.toLowerCase());
    if (t.kind === 'unknown')
      push({ kind: 'unknown', startMs, endMs, why: UNKNOWN_WHY[t.why ?? 'not_read'], others: [] });
    else if (t.kind === 'people' && emails.includes(me))
      push({ kind: 'mine', startMs, endMs, others: [...new Set(emails.filter((e) => e !== me))].sort() });
  }
  if (reached < span.endMs)
    push({ kind: 'unknown', startMs: reached, endMs: span.endMs, why: UNKNOWN_WHY.not_read, others: [] });
  return out;
}

/** The refs of this schedule on its service (the same address and e-mail), in the user's account order: every
 *  account that watches it there, this one included. */
export function sameServiceRefs(state: AppState, ref: string): string[] {
  const { accountId, scheduleId } = refParts(ref);
  const accounts = state.settings.accounts;
  const self = accounts.find((x) => x.id === accountId);
  if (!self) return [ref];
  return accounts.flatMap((a) => {
    const other = scheduleRef(a.id, scheduleId);
    if (a.id === accountId) return [ref];
    return sameServiceAs([a, self], self.id) !== undefined && state.schedules.some((s) => s.id === other)
      ? [other]
      : [];
  });
}

/** Whether the service reads for this account now: a key it has not rejected. */
function reads(state: AppState, accountId: string): boolean {
  const view = state.accounts.find((a) => a.id === accountId);
  return view !== undefined && view.hasKey && view.sync.kind !== 'key_rejected';
}

/**
 * The schedule as planned and written: a service watched by two accounts (the same address and e-mail) is planned
 * and written once, through the first account that watches this schedule there and whose key the service has not
 * rejected (its read is the fresh one); any other ref stays as it is.
 */
export function onceRef(state: AppState, ref: string): string {
  const refs = sameServiceRefs(state, ref);
  return refs.find((r) => reads(state, refParts(r).accountId)) ?? refs[0] ?? ref;
}

/** The plan over `span`: writable blocks of mine, and what can't be read, sorted by start (then account order). */
export function buildPlan(state: AppState, span: Span, nowMs: number, zone: string): HandoffPlan {
  const rows: HandoffRow[] = [];
  const excluded: HandoffExcluded[] = [];
  for (const s of state.schedules) {
    // Told once, through the first account that watches it on that service.
    if (onceRef(state, s.id) !== s.id) continue;
    const me = myEmailOn(state, s.accountId);
    const base = {
      accountId: s.accountId,
      accountLabel: state.accounts.find((a) => a.id === s.accountId)?.label ?? s.accountId,
      scheduleId: s.id,
      scheduleName: s.name,
      timeZone: s.timeZone,
    };
    const whole = (why: string) =>
      excluded.push({ ...base, start: iso(span.startMs), end: iso(span.endMs), others: [], why });
    if (me === '') {
      whole('your e-mail on this service is not set, so your shifts there are unknown');
      continue;
    }
    const problem = scheduleProblem(state, s, nowMs, zone);
    const pieces = piecesOf(s, me, span);
    // A schedule whose data as a whole can't be read as now is named even where its saved data shows nothing of mine.
    if (problem && !pieces.some((p) => p.kind === 'mine')) {
      whole(problem);
      continue;
    }
    for (const p of pieces) {
      const at = { ...base, start: iso(p.startMs), end: iso(p.endMs), others: p.others };
      if (p.kind === 'unknown') excluded.push({ ...at, why: p.why ?? UNKNOWN_WHY.not_read });
      else if (problem) excluded.push({ ...at, why: problem });
      else rows.push(at);
    }
  }
  const order = (a: { start: string }, b: { start: string }) => Date.parse(a.start) - Date.parse(b.start);
  return { from: iso(span.startMs), to: iso(span.endMs), rows: rows.sort(order), excluded: excluded.sort(order) };
}
