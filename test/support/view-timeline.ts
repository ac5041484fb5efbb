// Hand-made schedule views for surface tests: the known timeline a real derivation would send for the view's
// `known` range, holes, `now` and `next` (people there, nobody elsewhere in the range), built by the core's own
// builder so fixtures can't disagree with it about merging and edges.
import { buildTimeline } from '../../electron/core/model/timeline';
import type { Segment } from '../../electron/core/model/segments';
import type { ScheduleView, ShiftView, TimeSpan } from '../../electron/shared/view-state';

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

function segmentOf(shift: ShiftView): Segment {
  const users = shift.users;
  return {
    startMs: Date.parse(shift.start),
    endMs: Date.parse(shift.end),
    users,
    emails: users.map((u) => u.email.toLowerCase()),
    key: users
      .map((u) => u.id)
      .sort()
      .join(','),
  };
}

export function timelineOfView(view: Omit<ScheduleView, 'timeline'>): TimeSpan[] {
  if (!view.known) return [];
  const segments = [view.now, view.next]
    .filter((s): s is ShiftView => s !== null)
    .map(segmentOf)
    .sort((a, b) => a.startMs - b.startMs);
  const holes = view.known.holes.map((h) => ({ fromMs: Date.parse(h.from), toMs: Date.parse(h.to) }));
  return buildTimeline(segments, Date.parse(view.known.from), Date.parse(view.known.to), holes).map((s) => ({
    kind: s.kind,
    start: iso(s.startMs),
    end: iso(s.endMs),
    users: s.users,
    ...(s.why ? { why: s.why } : {}),
  }));
}

/** The view with its timeline filled in from known/now/next, unless the test gave one. */
export function withTimeline(view: Omit<ScheduleView, 'timeline'> & { timeline?: TimeSpan[] }): ScheduleView {
  return { ...view, timeline: view.timeline ?? timelineOfView(view) };
}
