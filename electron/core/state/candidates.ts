// Who could cover a window, ranked: the schedule's people other than me (the picker is "Someone else": I am never
// my own cover) who are free then (not on call on this schedule, nor on another watched one), whose local time in
// the window is day rather than night, who carried fewer hours lately, and whose seat is not `viewer`. Each with
// what the ranking rests on, in words: their local hours (from their own `time_zone`; "zone unknown" when the
// service sent none), where else they are on call, and their hours over the range the read shifts cover (never
// more than the last 30 days). "Elsewhere" is every account's schedules: a person on another service is the same
// person when the e-mail is (any case), so a teammate on call on Acme then is not offered on Work as free.
import { accountNamed } from '../../shared/account-names';
import { assertNever, basisMark, basisNote, type Basis } from '../../shared/basis';
import { formatDayTime, formatWindow, zoneLabel } from '../../shared/format';
import type { Candidate } from '../../shared/ipc-contract';
import type { ServiceSettings } from '../../shared/settings';
import { DAY_MS, HOUR_MS } from '../../shared/time';
import { stretchesIn, timelineBasis, timelineOf } from '../model/timeline';
import type { ScheduleSnapshot, Snapshot } from '../model/snapshot';
import { nightsOver } from './load';
import { savedAt } from '../../shared/freshness';
import { scheduleStatus } from './status';
import { maxOf } from '../../shared/extremes';

const LOOK_BACK_MS = 30 * DAY_MS;

interface Span {
  startMs: number;
  endMs: number;
}

/** Milliseconds this person is on call within the span on one schedule (its known timeline, saved data included:
 *  said with its basis), and whether some of the span is unknown there (then "free" can't be said). */
function presence(n: NamedSchedule, emailLower: string, span: Span): { ms: number; unknown: boolean } {
  let ms = 0;
  let unknown = false;
  for (const st of stretchesIn(timelineOf(n.schedule), span.startMs, span.endMs)) {
    const overlap = Math.min(st.endMs, span.endMs) - Math.max(st.startMs, span.startMs);
    if (st.users.some((u) => u.email.toLowerCase() === emailLower)) ms += overlap;
    else if (st.kind === 'unknown') unknown = true;
  }
  return { ms, unknown };
}

/** Total length of spans, time on two at once counted once. */
function unionMs(spans: readonly Span[]): number {
  let ms = 0;
  let reached = -Infinity;
  for (const st of [...spans].sort((a, b) => a.startMs - b.startMs)) {
    const from = Math.max(st.startMs, reached);
    if (st.endMs > from) ms += st.endMs - from;
    reached = Math.max(reached, st.endMs);
  }
  return ms;
}

/** This person's hours within the span on any of the schedules, as `load.ts` counts my own: known where a read
 *  confirms it (saved data only up to its read), and time past a saved read on a schedule they could be on, not
 *  readable (counted once, never as 0 h, never as on call). */
function hoursOf(schedules: readonly NamedSchedule[], emailLower: string, span: Span) {
  const clip = (from: number, to: number): Span => ({
    startMs: Math.max(from, span.startMs),
    endMs: Math.min(to, span.endMs),
  });
  const knownEnd = (n: NamedSchedule): number => n.savedAtMs ?? span.endMs;
  const on = schedules.flatMap((n) =>
    stretchesIn(timelineOf(n.schedule), span.startMs, Math.min(span.endMs, knownEnd(n)))
      .filter((st) => st.users.some((u) => u.email.toLowerCase() === emailLower))
      .map((st) => clip(st.startMs, Math.min(st.endMs, knownEnd(n)))),
  );
  const knownMs = unionMs(on);
  const notRead = schedules
    .filter((n) => n.savedAtMs !== undefined && n.savedAtMs < span.endMs && couldBeOn(n, emailLower))
    .map((n) => clip(n.savedAtMs ?? span.endMs, span.endMs));
  return { knownMs, unreadableMs: Math.max(0, unionMs([...on, ...notRead]) - knownMs) };
}

/** Whether a person could be on call on a schedule: this one, one they are in, or one whose people aren't known. */
function couldBeOn({ schedule: s, here }: NamedSchedule, emailLower: string): boolean {
  return here || !s.details?.users || s.details.users.some((x) => x.email.trim().toLowerCase() === emailLower);
}

/**
 * Whether the window is at night where the person is (22:00–07:00, as my load counts them): an hour of it, as a night
 * of my load needs, or half of a window shorter than two hours (21:50–22:10 is). Never an evening whose end passes
 * 22:00 by seconds or minutes: the picker would say "18:00–22:00 in Berlin, night".
 */
function atNight(span: Span, zone: string): boolean {
  const nightMs = nightsOver({ fromMs: span.startMs, toMs: span.endMs }, zone).reduce(
    (sum, n) => sum + Math.max(0, Math.min(n.toMs, span.endMs) - Math.max(n.fromMs, span.startMs)),
    0,
  );
  return nightMs > 0 && nightMs >= Math.min(HOUR_MS, (span.endMs - span.startMs) / 2);
}

/** "03:00–05:00 in New York, night"; the weekday too when the window is not on today's date there. */
function localWindow(span: Span, zone: string, night: boolean, nowMs: number, locale: string | undefined): string {
  const window = formatWindow(span.startMs, span.endMs, { nowMs, localZone: zone, ...(locale ? { locale } : {}) });
  return `${window} in ${zoneLabel(zone)}${night ? ', night' : ''}`;
}

/** Another account's saved read, named by its label (its schedules are said as "Acme · Payments"). */
export interface OtherAccountRead {
  label: string;
  snapshot: Snapshot;
  /** Its settings: how old its data may be before it is saved data rather than fresh. */
  settings: ServiceSettings;
}

export interface CandidatesInput {
  snapshot: Snapshot;
  /** Every other account's read (none when this is the only one). */
  otherAccounts: readonly OtherAccountRead[];
  settings: ServiceSettings;
  scheduleId: string;
  window: Span;
  nowMs: number;
  locale?: string;
  /** The app's zone: saved-data times are worded in it, as on every surface (not the process's own zone). */
  localZone?: string;
}

/** A schedule of any account, with the name it is said by ("Payments" here, "Acme · Payments" on another). */
interface NamedSchedule {
  schedule: ScheduleSnapshot;
  name: string;
  here: boolean;
  /** What its data over the window rests on (its timeline and how fresh its account's read is). */
  basis: Basis;
  /** Saved data (its latest read failed): when the data it holds was read. Time after it is not known. */
  savedAtMs?: number;
}

/** This account's schedules, then every other account's, each named as the picker says it. */
function allSchedules(input: CandidatesInput): NamedSchedule[] {
  const { window, nowMs } = input;
  const basisOf = (s: ScheduleSnapshot, settings: ServiceSettings) => {
    const status = scheduleStatus(s, nowMs, settings, false);
    const saved = savedAt(status);
    const basis = timelineBasis(timelineOf(s), status, window.startMs, window.endMs);
    return { basis, ...(saved === undefined ? {} : { savedAtMs: Date.parse(saved) }) };
  };
  const own = input.snapshot.schedules.map((s) => ({
    schedule: s,
    name: s.details?.name ?? s.id,
    here: s.id === input.scheduleId,
    ...basisOf(s, input.settings),
  }));
  const others = input.otherAccounts.flatMap((a) =>
    a.snapshot.schedules.map((s) => ({
      schedule: s,
      name: accountNamed(a.label, s.details?.name ?? s.id),
      here: false,
      ...basisOf(s, a.settings),
    })),
  );
  return [...own, ...others];
}

/** The weaker of two bases: unknown over saved over fresh; of two saved, the older read. */
function weaker(a: Basis, b: Basis): Basis {
  const rank = (x: Basis): number => (x.kind === 'unknown' ? 2 : x.kind === 'saved' ? 1 : 0);
  if (rank(a) !== rank(b)) return rank(a) > rank(b) ? a : b;
  if (a.kind === 'saved' && b.kind === 'saved') return (a.savedAt ?? '') <= (b.savedAt ?? '') ? a : b;
  return a;
}

/** The range the read shifts cover in the last 30 days: from the latest start of any watched schedule's read
 *  (of every account: hours are said only over time read for all of them). */
function lookBack(schedules: readonly NamedSchedule[], nowMs: number): Span {
  const froms = schedules.flatMap(({ schedule: s }) => (s.shiftsFrom ? [Date.parse(s.shiftsFrom)] : []));
  return { startMs: maxOf(froms, nowMs - LOOK_BACK_MS), endMs: nowMs };
}

/** Where a person is on call during the window: ms here, the other schedules they are on (names), and the
 *  schedules (this one first) where it isn't known and they could be on call: one they are in, or whose people
 *  aren't known. */
function whereOnCall(schedules: readonly NamedSchedule[], emailLower: string, window: Span) {
  const during = schedules.map((n) => ({ ...n, ...presence(n, emailLower, window) }));
  const could = (n: NamedSchedule): boolean => couldBeOn(n, emailLower);
  const ordered = [...during.filter((d) => d.here), ...during.filter((d) => !d.here)];
  const fresh: Basis = { kind: 'fresh', readAt: null };
  return {
    here: during.find((d) => d.here)?.ms ?? 0,
    elsewhere: during.filter((d) => !d.here && d.ms > 0).map((d) => d.name),
    // The same, each with what it rests on: "Acme · Platform (saved data from 11:00)".
    elsewhereSaid: (time: (iso: string) => string) =>
      during.filter((d) => !d.here && d.ms > 0).map((d) => `${d.name}${basisMark(d.basis, time)}`),
    hereBasis: during.find((d) => d.here)?.basis ?? fresh,
    // Free there only per saved data: said even beside "on call here then" ("free on Acme · Platform per saved …").
    savedFree: (time: (iso: string) => string) =>
      during
        .filter((d) => d.ms === 0 && !d.unknown && could(d) && d.basis.kind === 'saved')
        .map((d) => `${d.name} per ${basisNote(d.basis, time)}`),
    unknownOn: ordered.filter((d) => d.ms === 0 && d.unknown && could(d)).map((d) => d.name),
    // "Free" rests on every schedule they could be on call on: the weakest of those bases.
    freeBasis: during.filter(could).reduce<Basis>((b, d) => weaker(b, d.basis), fresh),
  };
}

export function rankCandidates(input: CandidatesInput): Candidate[] {
  const { snapshot, scheduleId, window, nowMs } = input;
  const schedule = snapshot.schedules.find((s) => s.id === scheduleId);
  const users = schedule?.details?.users ?? [];
  const me = input.settings.email.trim().toLowerCase();
  const schedules = allSchedules(input);
  const back = lookBack(schedules, nowMs);
  const hoursFrom = new Date(back.startMs).toISOString();
  // Schedules whose shifts were never read count no hours: the figure says it leaves them out.
  const unread = schedules.filter((n) => n.schedule.shiftsFrom === null).map((n) => n.name);
  const others = users.filter((u) => me === '' || u.email.trim().toLowerCase() !== me);
  const people = others.map((u) => {
    const emailLower = u.email.trim().toLowerCase();
    const zone = u.time_zone ?? null;
    const night = zone ? atNight(window, zone) : null;
    const { here, elsewhere, elsewhereSaid, hereBasis, unknownOn, freeBasis, savedFree } = whereOnCall(
      schedules,
      emailLower,
      window,
    );
    const { knownMs, unreadableMs } = hoursOf(schedules, emailLower, back);
    const unreadableHours = Math.round(unreadableMs / HOUR_MS);
    const candidate: Omit<Candidate, 'detail'> = {
      id: u.id,
      name: u.name,
      email: u.email,
      zone,
      localWindow: zone ? localWindow(window, zone, night === true, nowMs, input.locale) : null,
      night,
      onCallHere: here > 0,
      onCallElsewhere: elsewhere,
      unknownOn,
      recentHours: Math.round(knownMs / HOUR_MS),
      ...(unreadableHours > 0 ? { unreadableHours } : {}),
      hoursFrom,
      viewer: u.seat === 'viewer',
    };
    const time = (iso: string) =>
      formatDayTime(iso, { nowMs, locale: input.locale, ...(input.localZone ? { localZone: input.localZone } : {}) });
    const onCall = candidate.onCallHere || candidate.onCallElsewhere.length > 0;
    const free = onCall ? savedFreeNote(savedFree(time)) : freeNote(candidate, freeBasis, time);
    const on = { here: basisMark(hereBasis, time), elsewhere: elsewhereSaid(time) };
    return { ...candidate, detail: detailOf(candidate, nowMs, unread, free, on) };
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

/** What "free then" rests on, said where it isn't fresh: "free per saved data from 14:02"; '' where they are on call
 *  somewhere then (said as such) or free on fresh data; unknown time is named per schedule ("not known whether free
 *  on Payments"), or "unknown whether free" where their free time rests on it but no schedule names it. */
function freeNote(c: Omit<Candidate, 'detail'>, basis: Basis, time: (iso: string) => string): string {
  if (c.onCallHere || c.onCallElsewhere.length > 0) return '';
  switch (basis.kind) {
    case 'fresh':
      return '';
    case 'saved':
      return basis.savedAt === null ? 'free per saved data' : `free per saved data from ${time(basis.savedAt)}`;
    case 'unknown':
      return c.unknownOn.length > 0 ? '' : 'unknown whether free';
    default:
      return assertNever(basis);
  }
}

/** Beside where they are on call: the schedules they are free on only per saved data, named ("free on Acme ·
 *  Platform per saved data from 11:00"), so leaving a saved schedule unmarked never implies "free" there. */
function savedFreeNote(names: readonly string[]): string {
  return names.length > 0 ? `free on ${names.join(', ')}` : '';
}

/** The line a picker shows under a name: "03:00–05:00 in New York, night · 42 h on call in the last 8 d". */
function detailOf(
  c: Omit<Candidate, 'detail'>,
  nowMs: number,
  unread: readonly string[],
  free: string,
  on: { here: string; elsewhere: readonly string[] },
): string {
  const parts = [c.localWindow ?? 'time zone unknown'];
  if (free !== '') parts.push(free);
  // Where they are on call then, with what it rests on ("on call on Acme · Platform then (saved data from 11:00)").
  if (c.onCallHere) parts.push(`on call here then${on.here}`);
  if (on.elsewhere.length > 0) parts.push(`on call on ${on.elsewhere.join(', ')} then`);
  if (c.unknownOn.length > 0) parts.push(`not known whether free on ${c.unknownOn.join(', ')}`);
  const days = Math.max(1, Math.round((nowMs - Date.parse(c.hoursFrom)) / DAY_MS));
  const leftOut = unread.length > 0 ? ` (${unread.join(', ')} not read)` : '';
  // As my own load says it: time past a saved read is neither on call nor free ("26 h + 20 h not readable").
  const notRead = (c.unreadableHours ?? 0) > 0 ? ` + ${c.unreadableHours} h not readable` : '';
  parts.push(`${c.recentHours} h${notRead} on call in the last ${days} d${leftOut}`);
  if (c.viewer) parts.push('viewer seat, unlikely');
  return parts.join(' · ');
}
