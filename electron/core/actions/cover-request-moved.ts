// Cover… writes the window of the request's shift the form opened on. Still pending but moved, narrowed or widened
// since (the requester changed her request), that window is no longer what she asks: written, it would take her off
// time she no longer asked to be covered for, said "created" (adv48 r22 #1). So the write is held to the request as
// read just before it: its shift on this schedule must still be the one the form opened on; else nothing is sent,
// and the result says what it asks now.
import type { CoverageRequest, CoveredShift } from '../../api/schemas';
import type { OverrideRequest } from '../../shared/ipc-contract';
import { formatWindow, joinNames } from '../../shared/format';
import { failure, type ActionDeps, type Failure } from './common';

interface Span {
  startMs: number;
  endMs: number;
}

const spanOf = (s: { start: string; end: string }): Span => ({
  startMs: Date.parse(s.start),
  endMs: Date.parse(s.end),
});
const same = (a: Span, b: Span): boolean => a.startMs === b.startMs && a.endMs === b.endMs;
const holds = (outer: Span, inner: Span): boolean => outer.startMs <= inner.startMs && inner.endMs <= outer.endMs;
/** The service's schedule id in an account's ref ("main:sch_db"). */
const own = (ref: string): string => ref.slice(ref.lastIndexOf(':') + 1);

/** The request's shifts on the form's schedule (a request may ask on several: matched by schedule and times). */
function shiftsOn(request: CoverageRequest, scheduleId: string): Span[] {
  return request.shifts.filter((s: CoveredShift) => s.schedule_reference.id === scheduleId).map(spanOf);
}

/**
 * The shift the form covers, as the form opened on it: the one it names, else the window itself when it is one of the
 * request's shifts as last read, else the shift (as last read) that holds the window (a part the user chose).
 */
function coveredOf(request: OverrideRequest, before: Span[]): Span | undefined {
  if (request.coveredShift) return spanOf(request.coveredShift);
  if (request.window.kind !== 'custom') return undefined;
  const window = spanOf(request.window);
  return before.find((s) => same(s, window)) ?? before.find((s) => holds(s, window)) ?? window;
}

/** What the request asks now, when it no longer asks what the form covers: the failure to give when nothing was
 *  written, and the change as said after this app's own earlier write that landed (cover-still-asked.ts). */
export interface CoverChange {
  failure: Failure;
  since: string;
}

/** The change (nothing sent) when the pending request `now` no longer asks for the shift the form covers. */
export function coverMoved(deps: ActionDeps, request: OverrideRequest, now: CoverageRequest): CoverChange | undefined {
  const scheduleId = own(request.scheduleId);
  const last = deps.snapshot.get().coverageRequests.find((r) => r.id === now.id);
  const covered = coveredOf(request, last ? shiftsOn(last, scheduleId) : []);
  if (covered === undefined) return undefined;
  const asks = shiftsOn(now, scheduleId);
  if (asks.some((s) => same(s, covered))) return undefined;
  const schedule = deps.snapshot.get().schedules.find((s) => s.id === scheduleId);
  const opts = {
    nowMs: deps.clock.now(),
    localZone: deps.localZone?.() ?? 'UTC',
    scheduleZone: schedule?.details?.time_zone ?? undefined,
  };
  const when = (s: Span) => formatWindow(s.startMs, s.endMs, opts);
  const who = now.user.name || now.user.email || 'The requester';
  const what =
    asks.length === 0
      ? `${who} no longer asks for cover on ${schedule?.details?.name ?? 'this schedule'}`
      : `${who} now asks for cover ${joinNames(asks.map(when))}`;
  return {
    failure: failure(
      'validation',
      `Changed since you planned it: ${what}, not ${when(covered)}. Nothing was sent: open Cover… on the request again to cover what it asks now.`,
    ),
    since: `Since then the request changed: ${what}, not ${when(covered)}.`,
  };
}
