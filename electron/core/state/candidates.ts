// Who could cover a window, ranked: the schedule's people other than me (the picker is "Someone else": I am never
// my own cover) who are free then (not on call on this schedule, nor on another watched one), whose local time in
// the window is day rather than night, who carried fewer hours lately, and whose seat is not `viewer`. Each with
// what the ranking rests on, in words: their local hours (from their own `time_zone`; "zone unknown" when the
// service sent none), where else they are on call, and their hours over the range the read shifts cover (never
// more than the last 30 days).
import { DateTime } from 'luxon';
import { zoneLabel } from '../../shared/format';
import type { Candidate } from '../../shared/ipc-contract';
import type { ServiceSettings } from '../../shared/settings';
import { DAY_MS, HOUR_MS } from '../../shared/time';
import { stretchesIn, timelineOf } from '../model/timeline';
import type { ScheduleSnapshot, Snapshot } from '../model/snapshot';
import { nightsOver } from './load';

const LOOK_BACK_MS = 30 * DAY_MS;

interface Span {
  startMs: number;
  endMs: number;
}

/** Milliseconds this person is known to be on call within the span on one schedule (its known timeline), and
 *  whether some of the span is unknown there (then "free" can't be said). */
function presence(s: ScheduleSnapshot, emailLower: string, span: Span): { ms: number; unknown: boolean } {
  let ms = 0;
  let unknown = false;
  for (const st of stretchesIn(timelineOf(s), span.startMs, span.endMs)) {
    const overlap = Math.min(st.endMs, span.endMs) - Math.max(st.startMs, span.startMs);
    if (st.users.some((u) => u.email.toLowerCase() === emailLower)) ms += overlap;
    else if (st.kind === 'unknown') unknown = true;
  }
  return { ms, unknown };
}

const onCallMs = (s: ScheduleSnapshot, emailLower: string, span: Span): number => presence(s, emailLower, span).ms;

/** Whether any of the window falls in a night (22:00–07:00, as my load counts them) where the person is. */
const atNight = (span: Span, zone: string): boolean =>
  nightsOver({ fromMs: span.startMs, toMs: span.endMs }, zone).length > 0;

/** "03:00–05:00 in New York, night"; the weekday too when the window is not on today's date there. */
function localWindow(span: Span, zone: string, night: boolean, nowMs: number, locale: string | undefined): string {
  const from = DateTime.fromMillis(span.startMs, { zone });
  const to = DateTime.fromMillis(span.endMs, { zone });
  const today = DateTime.fromMillis(nowMs, { zone }).hasSame(from, 'day');
  const opts = { locale: locale ?? 'en-GB' };
  const start = from.toLocaleString(
    today ? { hour: '2-digit', minute: '2-digit' } : { weekday: 'short', hour: '2-digit', minute: '2-digit' },
    opts,
  );
  const end = to.toLocaleString({ hour: '2-digit', minute: '2-digit' }, opts);
  return `${start}–${end} in ${zoneLabel(zone)}${night ? ', night' : ''}`;
}

export interface CandidatesInput {
  snapshot: Snapshot;
  settings: ServiceSettings;
  scheduleId: string;
  window: Span;
  nowMs: number;
  locale?: string;
}

/** The range the read shifts cover in the last 30 days: from the latest start of any watched schedule's read. */
function lookBack(snapshot: Snapshot, nowMs: number): Span {
  const froms = snapshot.schedules.flatMap((s) => (s.shiftsFrom ? [Date.parse(s.shiftsFrom)] : []));
  return { startMs: Math.max(nowMs - LOOK_BACK_MS, ...froms), endMs: nowMs };
}

/** Where a person is on call during the window: ms here, the other schedules they are on (ids), and the schedules
 *  (this one first) where it isn't known and they could be on call: one they are in, or whose people aren't known. */
function whereOnCall(snapshot: Snapshot, scheduleId: string, emailLower: string, window: Span) {
  const during = new Map(snapshot.schedules.map((s) => [s.id, presence(s, emailLower, window)]));
  const couldBeOn = (s: ScheduleSnapshot): boolean =>
    s.id === scheduleId ||
    !s.details?.users ||
    s.details.users.some((x) => x.email.trim().toLowerCase() === emailLower);
  const others = snapshot.schedules.filter((s) => s.id !== scheduleId);
  const here = snapshot.schedules.find((s) => s.id === scheduleId);
  const unknownAt = (s: ScheduleSnapshot) => during.get(s.id)?.ms === 0 && during.get(s.id)?.unknown && couldBeOn(s);
  return {
    here: during.get(scheduleId)?.ms ?? 0,
    elsewhere: others.filter((s) => (during.get(s.id)?.ms ?? 0) > 0).map((s) => s.id),
    unknownOn: [...(here ? [here] : []), ...others].filter(unknownAt).map((s) => s.id),
  };
}

export function rankCandidates(input: CandidatesInput): Candidate[] {
  const { snapshot, scheduleId, window, nowMs } = input;
  const schedule = snapshot.schedules.find((s) => s.id === scheduleId);
  const users = schedule?.details?.users ?? [];
  const me = input.settings.email.trim().toLowerCase();
  const back = lookBack(snapshot, nowMs);
  const names = new Map(snapshot.schedules.map((s) => [s.id, s.details?.name ?? s.id]));
  const hoursFrom = new Date(back.startMs).toISOString();
  // Schedules whose shifts were never read count no hours: the figure says it leaves them out.
  const unread = snapshot.schedules.filter((s) => s.shiftsFrom === null).map((s) => names.get(s.id) ?? s.id);
  const others = users.filter((u) => me === '' || u.email.trim().toLowerCase() !== me);
  const people = others.map((u) => {
    const emailLower = u.email.trim().toLowerCase();
    const zone = u.time_zone ?? null;
    const night = zone ? atNight(window, zone) : null;
    const { here, elsewhere, unknownOn } = whereOnCall(snapshot, scheduleId, emailLower, window);
    const recentMs = snapshot.schedules.reduce((sum, s) => sum + onCallMs(s, emailLower, back), 0);
    const candidate: Omit<Candidate, 'detail'> = {
      id: u.id,
      name: u.name,
      email: u.email,
      zone,
      localWindow: zone ? localWindow(window, zone, night === true, nowMs, input.locale) : null,
      night,
      onCallHere: here > 0,
      onCallElsewhere: elsewhere.map((id) => names.get(id) ?? id),
      unknownOn: unknownOn.map((id) => names.get(id) ?? id),
      recentHours: Math.round(recentMs / HOUR_MS),
      hoursFrom,
      viewer: u.seat === 'viewer',
    };
    return { ...candidate, detail: detailOf(candidate, nowMs, unread) };
  });
  return people.sort(
    (a, b) => rankKey(a) - rankKey(b) || a.recentHours - b.recentHours || a.name.localeCompare(b.name),
  );
}

/** Lower is better: free here, free elsewhere (known, before unknown), a member's seat, daytime (or an unknown
 *  zone) where they are. */
function rankKey(c: Candidate): number {
  const elsewhere = c.onCallElsewhere.length > 0 ? 8 : c.unknownOn.length > 0 ? 4 : 0;
  return (c.onCallHere ? 16 : 0) + elsewhere + (c.viewer ? 2 : 0) + (c.night ? 1 : 0);
}

/** The line a picker shows under a name: "03:00–05:00 in New York, night · 42 h on call in the last 8 d". */
function detailOf(c: Omit<Candidate, 'detail'>, nowMs: number, unread: readonly string[]): string {
  const parts = [c.localWindow ?? 'time zone unknown'];
  if (c.onCallHere) parts.push('on call here then');
  if (c.onCallElsewhere.length > 0) parts.push(`on call on ${c.onCallElsewhere.join(', ')} then`);
  if (c.unknownOn.length > 0) parts.push(`not known whether free on ${c.unknownOn.join(', ')}`);
  const days = Math.max(1, Math.round((nowMs - Date.parse(c.hoursFrom)) / DAY_MS));
  const leftOut = unread.length > 0 ? ` (${unread.join(', ')} not read)` : '';
  parts.push(`${c.recentHours} h on call in the last ${days} d${leftOut}`);
  if (c.viewer) parts.push('viewer seat, unlikely');
  return parts.join(' · ');
}
