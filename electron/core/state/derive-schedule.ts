// One watched schedule as the state shows it: who is on call now and next (from the known timeline, the service's
// own answer filling in where it doesn't know now), its people and its timeline, each copied once per read.
import type { Schedule, Shift } from '../../api/schemas';
import type { KnownRange, Person, ScheduleView, ShiftView, TimeSpan } from '../../shared/view-state';
import { isoOf, toPerson } from '../model/segments';
import { stretchAt, timelineOf, type KnownTimeline, type Stretch } from '../model/timeline';
import { takeOverOptions } from './take-over';
import { knownRangeOf } from './knowledge';
import { savedDataReason, scheduleStatus, unreadWithoutKey } from './status';
import type { ScheduleSnapshot } from '../model/snapshot';
import type { DeriveInput } from './derive-input';

const stretchViews = new WeakMap<Stretch, ShiftView>();

/** A stretch as the view shows it: once per stretch of a read (ticks between two handoffs show the same). */
function viewOfStretch(s: Stretch): ShiftView {
  const hit = stretchViews.get(s);
  if (hit) return hit;
  const view = { users: s.users, start: isoOf(s.startMs), end: isoOf(s.endMs) };
  stretchViews.set(s, view);
  return view;
}

// What a schedule's view copies from its details and its read, once per details object and per read: a sync
// that leaves them as they were (apply.ts keeps their identity) costs no copy.
const peopleMemo = new WeakMap<Schedule, { users: Person[]; teams: ScheduleView['teams'] }>();
const knownMemo = new WeakMap<KnownTimeline, KnownRange | null>();

function peopleOf(details: Schedule): { users: Person[]; teams: ScheduleView['teams'] } {
  const hit = peopleMemo.get(details);
  if (hit) return hit;
  const people = {
    users: details.users ? details.users.map(toPerson) : [],
    teams: details.teams.map((t) => ({ ...t, name: t.name ?? t.id ?? 'Unnamed team' })),
  };
  peopleMemo.set(details, people);
  return people;
}

/** The read's range (knownRangeOf), once per known timeline: the timeline is memoized on the same read. */
function knownOf(timeline: KnownTimeline, s: ScheduleSnapshot | undefined): KnownRange | null {
  if (!s || s.shiftsFrom === null || s.shiftsTo === null) return null;
  if (knownMemo.has(timeline)) return knownMemo.get(timeline) ?? null;
  const known = knownRangeOf(s);
  knownMemo.set(timeline, known);
  return known;
}

const spansMemo = new WeakMap<KnownTimeline, TimeSpan[]>();

/** The timeline as the view sends it (ISO instants), once per read. */
function spansOf(t: KnownTimeline): TimeSpan[] {
  const hit = spansMemo.get(t);
  if (hit) return hit;
  const spans = t.stretches.map((s): TimeSpan => {
    // Optional fields set only where present (no spread of an empty object per stretch: this runs for every read).
    const span: TimeSpan = { kind: s.kind, start: isoOf(s.startMs), end: isoOf(s.endMs), users: s.users };
    if (s.why) span.why = s.why;
    if (s.saved) span.saved = { readAt: isoOf(s.saved.readAtMs), users: s.saved.users };
    return span;
  });
  spansMemo.set(t, spans);
  return spans;
}

/** The first people after `fromMs`, past stretches where nobody is on call; none if unknown time comes first. */
function nextPeople(t: KnownTimeline, fromMs: number): Stretch | undefined {
  let at = stretchAt(t, fromMs);
  while (at.kind === 'nobody') at = stretchAt(t, at.endMs);
  return at.kind === 'people' ? at : undefined;
}

function viewOfShift(s: Shift): ShiftView {
  return { users: s.users.map(toPerson), start: isoOf(Date.parse(s.start)), end: isoOf(Date.parse(s.end)) };
}

function covers(s: Shift | null | undefined, nowMs: number): s is Shift {
  return !!s && Date.parse(s.start) <= nowMs && Date.parse(s.end) > nowMs;
}

/**
 * Now/next from the known timeline: next only when nothing unknown lies between (else "then unknown"). Where the
 * timeline doesn't know now, the details' current/next (the service's own answer) fill in, if still true at nowMs.
 */
function nowNextOf(t: KnownTimeline, details: Schedule | null, nowMs: number) {
  const at = stretchAt(t, nowMs);
  if (at.kind !== 'unknown') {
    const next = nextPeople(t, at.endMs);
    return { now: at.kind === 'people' ? viewOfStretch(at) : null, next: next ? viewOfStretch(next) : null };
  }
  const current = details?.current_oncall_shift;
  const nowView = covers(current, nowMs) ? viewOfShift(current) : null;
  const after = nowView ? Date.parse(nowView.end) : nowMs;
  // One statement decides what follows `now`: the time right after its end on the timeline. Where no read covers
  // it (a hole), every surface says "until at least …, then unknown", so the answer's next isn't stated beside it
  // (adv47 r10 #2: the menu said "then unknown" and "Next: Bob from Thu 09:00" at once; the hand-off text no Bob).
  if (nowView && stretchAt(t, after).kind === 'unknown') return { now: nowView, next: null };
  const fallbackNext = details?.next_oncall_shift;
  const next = fallbackNext && Date.parse(fallbackNext.start) >= after ? viewOfShift(fallbackNext) : null;
  return { now: nowView, next };
}

export function scheduleView(
  id: string,
  settingsName: string | undefined,
  s: ScheduleSnapshot | undefined,
  input: DeriveInput,
  emailLower: string,
): ScheduleView {
  const details = s?.details ?? null;
  const timeline = timelineOf(s);
  const { now, next } = nowNextOf(timeline, details, input.nowMs);
  const savedReason = savedDataReason(input.setup, input.settings.accountLabel);
  const status = unreadWithoutKey(
    scheduleStatus(s, input.nowMs, input.settings, input.servedFromCache ?? false, savedReason),
    input.setup,
    input.settings.accountLabel,
  );
  return {
    id,
    accountId: input.settings.accountId,
    scheduleId: id,
    name: details?.name ?? settingsName ?? id,
    // Unknown until the schedule was read: no zone is made up for it.
    timeZone: details?.time_zone ?? null,
    status,
    known: knownOf(timeline, s),
    now,
    next,
    timeline: spansOf(timeline),
    meOnCall: emailLower !== '' && !!now?.users.some((u) => u.email.toLowerCase() === emailLower),
    users: details ? peopleOf(details).users : [],
    teams: details ? peopleOf(details).teams : [],
    chatUserGroup: input.snapshot.chatGroups[id] ?? null,
    takeOverOptions: takeOverOptions(input.snapshot, id, input.nowMs, input.settings.email, status),
  };
}
