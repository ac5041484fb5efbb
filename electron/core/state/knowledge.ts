// What each schedule's data covers, kept per source: the span its held shifts were read over, and whether that data
// is fresh. What is known inside it (read, or a hole the service sent unreadable) is read from the schedule's
// timeline by the one lookup (shared/basis.ts), as every surface reads it: "none" only about time a fresh source
// covers, else scoped or unknown.
import type { KnownRange, MyGap, ScheduleView } from '../../shared/view-state';
import { hasData, savedAt } from '../../shared/freshness';
import { viewReadingAt, viewReadingsIn } from '../../shared/basis';
import { DAY_MS } from '../../shared/time';
import { holeSpans } from '../../shared/hole-spans';
import type { ScheduleSnapshot } from '../model/snapshot';

/** The span a schedule's held shifts cover, or null when its shifts were never read. */
export function knownRangeOf(s: ScheduleSnapshot | undefined): KnownRange | null {
  if (!s || s.shiftsFrom === null || s.shiftsTo === null) return null;
  const readAt = s.shiftsReadAt ?? s.shiftsFetchedAt;
  return { from: s.shiftsFrom, to: s.shiftsTo, holes: s.shiftHoles, ...(readAt ? { readAt } : {}) };
}

/** Whether the read reaches `ms` (the timeline there is read, or a hole in it), by the one lookup. */
function readReaches(view: ScheduleView, ms: number): boolean {
  const at = viewReadingAt(view.timeline, ms);
  return at.kind !== 'unknown' || at.why === 'hole';
}

/** Whether the service sent part of [fromMs, toMs) unreadable (a hole), by the one lookup. */
function holeIn(view: ScheduleView, fromMs: number, toMs: number): boolean {
  return viewReadingsIn(view.timeline, fromMs, toMs).some((r) => r.kind === 'unknown' && r.why === 'hole');
}

/** Whether the service's own current shift, read fresh, says who is on call now where the listing has a hole over
 *  now (derive.ts nowNextOf): it answers my now there as it answers "on call" when it names me, so the now-line and
 *  "am I on call now" say one thing (adv49 r5 #3: "On call now: unknown" beside "Payments  Carol Lee until 16:28"). */
function nowToldFresh(view: ScheduleView): boolean {
  return view.status.kind === 'fresh' && view.now !== null;
}

/** Why this schedule keeps "no shift of yours" over [now, untilMs) from being said plainly, if it does. */
function gapOf(
  view: ScheduleView,
  s: ScheduleSnapshot | undefined,
  nowMs: number,
  untilMs: number,
  freshForMs: number,
): MyGap | undefined {
  const base = { accountId: view.accountId, scheduleId: view.id, scheduleName: view.name };
  // Who is on call now is unknown there (shared/now-unknown.ts: my now is then unknown too).
  const unknownNow = { ...base, now: true as const };
  const status = view.status;
  const range = view.known;
  if (!hasData(status) || range === null) {
    if (status.kind === 'not_read') return { ...unknownNow, kind: 'not_read', reason: status.reason };
    if (status.kind === 'loading' || (range === null && !s?.problem && !s?.notFound))
      return { ...unknownNow, kind: 'loading' };
    const reason =
      status.kind === 'error' || status.kind === 'not_found' || status.kind === 'stale' ? status.reason : undefined;
    return { ...unknownNow, kind: 'failed', ...(reason ? { reason } : {}) };
  }
  if (!readReaches(view, nowMs)) {
    return { ...unknownNow, kind: 'ended', ...(Date.parse(range.to) <= nowMs ? { until: range.to } : {}) };
  }
  if (holeIn(view, nowMs, untilMs))
    return {
      ...base,
      kind: 'holes',
      spans: holeSpans(view.timeline, nowMs, untilMs),
      ...(holeIn(view, nowMs, nowMs + 1) && !nowToldFresh(view) ? { now: true as const } : {}),
    };
  const saved = savedAt(status);
  if (status.kind !== 'fresh') {
    const short = Date.parse(range.to) < untilMs ? { until: range.to } : {};
    return { ...base, kind: 'saved', ...(saved ? { savedAt: saved } : {}), ...short };
  }
  if (Date.parse(range.to) < untilMs) return { ...base, kind: 'short', until: range.to };
  // Fresh by its last probe, but the probe shows only now and the next shift: the days after are as of the read.
  if (range.readAt && nowMs - Date.parse(range.readAt) > freshForMs)
    return { ...base, kind: 'read', readAt: range.readAt };
  return undefined;
}

/**
 * Every watched schedule whose data can't back "no shift of yours" plainly over [now, now + horizon). Shifts read
 * more than `freshForMs` ago (fresh otherwise) are a 'read' gap: said with their read time.
 */
export function myGaps(
  views: readonly ScheduleView[],
  byId: ReadonlyMap<string, ScheduleSnapshot>,
  nowMs: number,
  horizonDays: number,
  freshForMs: number,
): MyGap[] {
  const untilMs = nowMs + horizonDays * DAY_MS;
  return views.flatMap((v) => gapOf(v, byId.get(v.id), nowMs, untilMs, freshForMs) ?? []);
}
