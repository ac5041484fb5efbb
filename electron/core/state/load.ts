// My on-call load: hours on call this month (so far) and last month, of them at night (22:00–07:00) and at
// weekends, in my local time, per schedule, from the shifts the app has read. Sync reads a week back, so a month is
// often covered only in part: each period says from when its figures count (`from`), and whether it is whole.
// Schedules without readable data are named (`missing`), never counted as zero.
import { DateTime } from 'luxon';
import type { MyLoad, LoadPeriod, ScheduleView } from '../../shared/view-state';
import { hasData, savedAt } from '../../shared/freshness';
import type { Basis } from '../../shared/view-state';
import { HOUR_MS } from '../../shared/time';
import { myBlocksOf, segmentsOf, type Block } from '../model/segments';
import { timelineOf } from '../model/timeline';
import type { ScheduleSnapshot } from '../model/snapshot';
import { maxOf } from '../../shared/extremes';

const NIGHT_FROM_H = 22;
const NIGHT_TO_H = 7;

interface Span {
  fromMs: number;
  toMs: number;
}

const overlapMs = (a: Span, b: Span): number => Math.max(0, Math.min(a.toMs, b.toMs) - Math.max(a.fromMs, b.fromMs));

/** The nights (22:00 one day to 07:00 the next, local) that touch the span, each as an interval. */
export function nightsOver(span: Span, zone: string): Span[] {
  const nights: Span[] = [];
  let day = DateTime.fromMillis(span.fromMs, { zone }).startOf('day').minus({ days: 1 });
  while (day.toMillis() < span.toMs) {
    const from = day.set({ hour: NIGHT_FROM_H }).toMillis();
    const to = day.plus({ days: 1 }).set({ hour: NIGHT_TO_H }).toMillis();
    if (to > span.fromMs && from < span.toMs) nights.push({ fromMs: from, toMs: to });
    day = day.plus({ days: 1 });
  }
  return nights;
}

/** Weekend days (Saturday, Sunday, local) touching the span. */
function weekendsOver(span: Span, zone: string): Span[] {
  const days: Span[] = [];
  let day = DateTime.fromMillis(span.fromMs, { zone }).startOf('day');
  while (day.toMillis() < span.toMs) {
    const next = day.plus({ days: 1 });
    if (day.weekday >= 6) days.push({ fromMs: day.toMillis(), toMs: next.toMillis() });
    day = next;
  }
  return days;
}

interface Tally {
  onCallMs: number;
  nightMs: number;
  weekendMs: number;
  nights: number;
}

/** The period's nights and weekend days, found once (luxon per day is the costly part), each in time order. */
interface Calendar {
  nights: Span[];
  weekends: Span[];
}

/** The last few calendars: a period's span moves once an hour, and every derivation in between asks again. */
const calendars = new Map<string, Calendar>();

function calendarOver(span: Span, zone: string): Calendar {
  const key = `${zone} ${span.fromMs} ${span.toMs}`;
  const hit = calendars.get(key);
  if (hit) return hit;
  const calendar = { nights: nightsOver(span, zone), weekends: weekendsOver(span, zone) };
  if (calendars.size >= 4) calendars.delete(calendars.keys().next().value ?? '');
  calendars.set(key, calendar);
  return calendar;
}

function tally(blocks: readonly Span[], calendar: Calendar): Tally {
  const t: Tally = { onCallMs: 0, nightMs: 0, weekendMs: 0, nights: 0 };
  const perNight = calendar.nights.map(() => 0);
  for (const b of blocks) {
    t.onCallMs += b.toMs - b.fromMs;
    calendar.nights.forEach((n, i) => {
      const ms = overlapMs(b, n);
      t.nightMs += ms;
      perNight[i] = (perNight[i] ?? 0) + ms;
    });
    for (const d of calendar.weekends) t.weekendMs += overlapMs(b, d);
  }
  // A night counts when at least an hour of it was on call (a shift ending at 22:05 is not a night), once however
  // many blocks of mine fall in it (01:00–02:00 and 05:00–06:00 are one night, not two).
  t.nights = perNight.filter((ms) => ms >= HOUR_MS).length;
  return t;
}

const hours = (ms: number): number => Math.round(ms / HOUR_MS);

/** The blocks of several schedules as one set of times on call: time on two schedules at once counts once (a night
 *  on call for two schedules is one night, not two). */
function merged(blocks: readonly Span[]): Span[] {
  const out: Span[] = [];
  for (const b of [...blocks].sort((x, y) => x.fromMs - y.fromMs)) {
    const last = out.at(-1);
    if (last && b.fromMs <= last.toMs) last.toMs = Math.max(last.toMs, b.toMs);
    else out.push({ ...b });
  }
  return out;
}

/** My blocks on one schedule, clipped to the period and to what its read shifts cover. */
function myBlocksIn(blocks: readonly Block[], period: Span): Span[] {
  const spans: Span[] = [];
  for (const b of blocks) {
    const fromMs = Math.max(b.startMs, period.fromMs);
    const toMs = Math.min(b.endMs, period.toMs);
    if (toMs > fromMs) spans.push({ fromMs, toMs });
  }
  return spans;
}

/** The last tallies of one read's blocks (this month's and last month's): a period's span moves once an hour, and
 *  a read changes only with a sync, so every derivation in between looks them up instead of counting again. */
const tallies = new WeakMap<readonly Block[], { calendar: Calendar; span: Span; tally: Tally }[]>();

function tallyOf(s: ScheduleSnapshot, emailLower: string, span: Span, calendar: Calendar): Tally {
  const blocks = myBlocksOf(segmentsOf(s.shifts), emailLower);
  const kept = tallies.get(blocks) ?? [];
  const hit = kept.find((k) => k.calendar === calendar && k.span.fromMs === span.fromMs && k.span.toMs === span.toMs);
  if (hit) return hit.tally;
  const t = tally(myBlocksIn(blocks, span), calendar);
  tallies.set(blocks, [{ calendar, span, tally: t }, ...kept.slice(0, 3)]);
  return t;
}

/** Time in the period the service sent unreadable on this schedule (its timeline's holes), clipped to it. */
function unreadableIn(s: ScheduleSnapshot | undefined, period: Span): Span[] {
  const spans: Span[] = [];
  for (const st of timelineOf(s).stretches) {
    if (st.kind !== 'unknown' || st.why !== 'hole') continue;
    const fromMs = Math.max(st.startMs, period.fromMs);
    const toMs = Math.min(st.endMs, period.toMs);
    if (toMs > fromMs) spans.push({ fromMs, toMs });
  }
  return spans;
}

/** Nights not counted (under an hour on call) that the unreadable time may make one: with it, an hour or more. */
function unreadableNights(known: readonly Span[], unreadable: readonly Span[], calendar: Calendar): number {
  if (unreadable.length === 0) return 0;
  const within = (spans: readonly Span[], n: Span) => spans.reduce((a, b) => a + overlapMs(b, n), 0);
  return calendar.nights.filter((n) => {
    const k = within(known, n);
    return k < HOUR_MS && k + within(unreadable, n) >= HOUR_MS;
  }).length;
}

/** What the figures rest on: saved data from the earliest read of a counted schedule not confirmed since, else fresh. */
function loadBasis(readable: readonly ScheduleView[]): Basis {
  const saved = readable.flatMap((v) => savedAt(v.status) ?? []).sort();
  return saved[0] === undefined ? { kind: 'fresh', readAt: null } : { kind: 'saved', savedAt: saved[0] };
}

function periodOf(
  month: DateTime,
  untilMs: number,
  views: readonly ScheduleView[],
  byId: ReadonlyMap<string, ScheduleSnapshot>,
  me: { emailLower: string; unknown: boolean },
): LoadPeriod | null {
  const { emailLower } = me;
  const monthStartMs = month.toMillis();
  const readable = views.filter((v) => hasData(v.status) && v.known !== null && byId.has(v.id));
  if (readable.length === 0) return null;
  // Counted from where every readable schedule's shifts reach back: one range for the whole period.
  const fromMs = maxOf(
    readable.map((v) => Date.parse(v.known?.from ?? '')),
    monthStartMs,
  );
  if (!(fromMs < untilMs)) return null;
  const span = { fromMs, toMs: untilMs };
  const calendar = calendarOver(span, month.zoneName ?? 'UTC');
  const perSchedule = readable.map((v) => {
    const s = byId.get(v.id);
    // From saved data, only the time up to its read is counted: what came after was not read (the shift may have
    // been given away since), so it is left out as unreadable, as a hole is (issue 47, round 2).
    const saved = savedAt(v.status);
    const readToMs = saved === undefined ? untilMs : Math.max(fromMs, Math.min(untilMs, Date.parse(saved)));
    const counted = { fromMs, toMs: readToMs };
    // My shifts here are unknown (my e-mail names no one on the account's schedules, derive.ts mineOrUnknown): its
    // whole span is time not readable as mine, never a known 0 h (issue 47, adv47 r28 #1).
    if (me.unknown) return { view: v, blocks: [], t: tally([], calendar), unreadable: [span] };
    const blocks = s ? myBlocksIn(myBlocksOf(segmentsOf(s.shifts), emailLower), counted) : [];
    return {
      view: v,
      blocks,
      t: s ? tallyOf(s, emailLower, counted, calendar) : tally([], calendar),
      unreadable: [...unreadableIn(s, counted), ...(readToMs < untilMs ? [{ fromMs: readToMs, toMs: untilMs }] : [])],
    };
  });
  // The totals are time on call, not the schedules' hours added: overlapping shifts count once.
  const onCall = merged(perSchedule.flatMap((p) => p.blocks));
  const total = tally(onCall, calendar);
  const unreadable = perSchedule.flatMap((p) => p.unreadable);
  // Unreadable time on two schedules at once may hide one night, not two (as time on call counts once).
  const unreadableOnce = unreadable.length === 0 ? [] : merged(unreadable);
  return {
    month: month.toFormat('yyyy-LL'),
    basis: loadBasis(readable),
    from: new Date(fromMs).toISOString(),
    whole: fromMs === monthStartMs,
    hours: hours(total.onCallMs),
    unreadableHours: hours(unreadable.reduce((a, u) => a + u.toMs - u.fromMs, 0)),
    unreadableNights: unreadableNights(onCall, unreadableOnce, calendar),
    unreadableWeekendHours: hours(unreadableOnce.length === 0 ? 0 : tally(unreadableOnce, calendar).weekendMs),
    nightHours: hours(total.nightMs),
    nights: total.nights,
    weekendHours: hours(total.weekendMs),
    // A schedule with unread time is listed even at 0 h: its figure says what it leaves out (round 8).
    schedules: perSchedule
      .filter((p) => p.t.onCallMs > 0 || p.unreadable.length > 0)
      .map((p) => ({
        accountId: p.view.accountId,
        scheduleId: p.view.id,
        scheduleName: p.view.name,
        hours: hours(p.t.onCallMs),
        unreadableHours: hours(p.unreadable.reduce((a, u) => a + u.toMs - u.fromMs, 0)),
      })),
  };
}

/** This month so far and last month, as far as the read shifts reach; null without an e-mail. `mineUnknown`: my
 *  shifts on these schedules are unknown (the state's statement, derive.ts): their time is counted as not readable. */
export function myLoad(
  views: readonly ScheduleView[],
  byId: ReadonlyMap<string, ScheduleSnapshot>,
  nowMs: number,
  emailLower: string,
  zone: string,
  mineUnknown = false,
): MyLoad | null {
  if (emailLower === '') return null;
  // Counted to the current hour, so the figures (whole hours) change at most hourly, not with every tick.
  const untilMs = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
  const thisMonth = DateTime.fromMillis(nowMs, { zone }).startOf('month');
  const missing = views.filter((v) => !hasData(v.status) || v.known === null).map((v) => v.name);
  const me = { emailLower, unknown: mineUnknown };
  return {
    thisMonth: periodOf(thisMonth, untilMs, views, byId, me),
    lastMonth: periodOf(thisMonth.minus({ months: 1 }), thisMonth.toMillis(), views, byId, me),
    missing,
  };
}
