// Turns an override request (window kind + who covers) into a validated service input and a preview, using
// the schedule's cached shifts. Pure: the caller passes the snapshot and now.
import { type Result } from '../../api/errors';
import { CreateOverrideInputSchema, ScheduleIdSchema, type CreateOverrideInput } from '../../api/schemas';
import type { ActionError, OverridePreview, OverrideRequest } from '../../shared/ipc-contract';
import type { ServiceSettings } from '../../shared/settings';
import type { Person, ScheduleStatus } from '../../shared/view-state';
import type { Snapshot } from '../model/snapshot';
import { peopleIn, stretchAt, stretchesIn, timelineBasis, timelineOf } from '../model/timeline';
import { shownLines } from './plan-lines';
import { COUNT_LIMITS } from '../../shared/limits';
import { scheduleStatus } from '../state/status';
import { currentSegment } from '../state/take-over';
import { HOUR_MS } from '../../shared/time';
import { toWireInstant } from '../sync/plan';
import { windowCoveredBy } from './window-coverage';

export interface PlannedOverride {
  scheduleId: string;
  startMs: number;
  endMs: number;
  input: CreateOverrideInput;
  preview: OverridePreview;
}

const problem = (field: string, message: string): Result<never, ActionError> => ({
  ok: false,
  error: { kind: 'validation', message: `Please fix: ${message}`, problems: [{ field, message }] },
});

function shiftsOf(snapshot: Snapshot, scheduleId: string) {
  return snapshot.schedules.find((s) => s.id === scheduleId)?.shifts ?? [];
}

/** [start, end) of the requested window in epoch ms; "now" is taken to the whole second. */
export function resolveWindow(
  request: OverrideRequest,
  snapshot: Snapshot,
  nowMs: number,
): Result<{ startMs: number; endMs: number }, ActionError> {
  const startNow = Math.floor(nowMs / 1000) * 1000;
  const w = request.window;
  if (w.kind === 'next_hours') return { ok: true, value: { startMs: startNow, endMs: startNow + w.hours * HOUR_MS } };
  if (w.kind === 'custom') {
    const startMs = Date.parse(w.start);
    const endMs = Date.parse(w.end);
    if (!(startMs < endMs)) return problem('window.end', 'the end must be after the start');
    if (endMs <= nowMs) return problem('window.end', 'the window is already over');
    return { ok: true, value: { startMs, endMs } };
  }
  const current = currentSegment(snapshot, request.scheduleId, nowMs);
  if (!current) {
    // "Nobody" only where the timeline read nobody; where it doesn't know now, it says so.
    const known = stretchAt(timelineOf(snapshot.schedules.find((s) => s.id === request.scheduleId)), nowMs);
    const message =
      known.kind === 'nobody'
        ? 'Nobody is on call on this schedule right now, so there is no current shift to take over.'
        : "Who is on call on this schedule now isn't known (not loaded, or shifts that couldn't be read), so there is no current shift to take over.";
    return { ok: false, error: { kind: 'no_current_shift', message } };
  }
  return { ok: true, value: { startMs: startNow, endMs: current.endMs } };
}

/** Who covers: the e-mails given, or my own e-mail when none is given. */
export function coveringEmails(request: OverrideRequest, settings: ServiceSettings): Result<string[], ActionError> {
  const given = request.emails.map((e) => e.trim()).filter((e) => e !== '');
  if (given.length > 0) return { ok: true, value: [...new Set(given)] };
  const mine = settings.email.trim();
  if (mine === '') return problem('emails', 'enter who covers, or set your e-mail in Settings to cover it yourself');
  return { ok: true, value: [mine] };
}

/**
 * Who is on call in [startMs, endMs) as the schedule's known timeline says: the people the override replaces (minus
 * those who cover), the most on call at once, and whether part of the window is unknown (never read, a hole, past
 * the read): then "replaces nobody" can't be said.
 */
export function windowPeople(
  snapshot: Snapshot,
  scheduleId: string,
  startMs: number,
  endMs: number,
  covering: readonly string[],
): { replaces: Person[]; peak: number; unknown: boolean } {
  const cover = new Set(covering.map((e) => e.toLowerCase()));
  const t = timelineOf(snapshot.schedules.find((s) => s.id === scheduleId));
  const { users, peak, unknown } = peopleIn(t, startMs, endMs);
  return { replaces: users.filter((u) => !cover.has(u.email.toLowerCase())), peak, unknown };
}

/** What the window's statements rest on: the schedule's timeline over it, and how fresh its data is. */
function windowBasis(
  snapshot: Snapshot,
  scheduleId: string,
  settings: ServiceSettings,
  nowMs: number,
  startMs: number,
  endMs: number,
  statusOf?: StatusOf,
): OverridePreview['basis'] {
  const s = snapshot.schedules.find((x) => x.id === scheduleId);
  // The glance's basis when known: data saved before this start and never read since is saved, not fresh.
  const status = statusOf?.(scheduleId) ?? scheduleStatus(s, nowMs, settings, false);
  return timelineBasis(timelineOf(s), status, startMs, endMs);
}

/** A schedule's basis as the state says it (ActionDeps.statusOf); undefined where the state doesn't know it. */
type StatusOf = (scheduleId: string) => ScheduleStatus | undefined;

function inputProblems(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): ActionError {
  const problems = issues.map((i) => {
    const path = i.path.map(String);
    const field =
      path[0] === 'user_references' ? ['emails', ...path.slice(1, 2)].join('.') : path.join('.') || 'window';
    return { field, message: i.message };
  });
  return {
    kind: 'validation',
    message: 'Please fix: ' + problems.map((p) => `${p.field} ${p.message}`).join('; '),
    problems,
  };
}

/** Who the timeline shows at each instant of the window, carried back with Create (plan-lines.ts). */
function heldShown(snapshot: Snapshot, scheduleId: string, startMs: number, endMs: number) {
  const t = timelineOf(snapshot.schedules.find((s) => s.id === scheduleId));
  const held = shownLines(stretchesIn(t, startMs, endMs), COUNT_LIMITS.heldStretches);
  return held ? { held } : {};
}

export function planOverride(
  request: OverrideRequest,
  snapshot: Snapshot,
  settings: ServiceSettings,
  nowMs: number,
  statusOf?: StatusOf,
): Result<PlannedOverride, ActionError> {
  if (!ScheduleIdSchema.safeParse(request.scheduleId).success)
    return problem('scheduleId', 'the schedule id must look like sch_…');
  const window = resolveWindow(request, snapshot, nowMs);
  if (!window.ok) return window;
  const covering = coveringEmails(request, settings);
  if (!covering.ok) return covering;
  const { startMs, endMs } = window.value;
  const parsed = CreateOverrideInputSchema.safeParse({
    start: toWireInstant(startMs),
    end: toWireInstant(endMs),
    user_references: covering.value.map((value) => ({ type: 'email', value })),
  });
  if (!parsed.success) return { ok: false, error: inputProblems(parsed.error.issues) };
  const people = windowPeople(snapshot, request.scheduleId, startMs, endMs, covering.value);
  const preview: OverridePreview = {
    scheduleId: request.scheduleId,
    start: parsed.data.start,
    end: parsed.data.end,
    covering: covering.value,
    replaces: people.replaces,
    onCallBefore: people.peak,
    ...(people.unknown ? { unknownOnCall: true } : {}),
    ...heldShown(snapshot, request.scheduleId, startMs, endMs),
    alreadyOnCall: windowCoveredBy(shiftsOf(snapshot, request.scheduleId), startMs, endMs, covering.value),
    basis: windowBasis(snapshot, request.scheduleId, settings, nowMs, startMs, endMs, statusOf),
  };
  return { ok: true, value: { scheduleId: request.scheduleId, startMs, endMs, input: parsed.data, preview } };
}
