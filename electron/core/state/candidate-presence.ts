// Where and how long a candidate is on call, over every account's schedules, each with what it rests on: a person
// on another service is the same person when the e-mail is (any case).
import { maxOf } from '../../shared/extremes';
import { accountNamed } from '../../shared/account-names';
import { basisMark, basisNote, type Basis } from '../../shared/basis';
import type { ServiceSettings } from '../../shared/settings';
import type { ScheduleStatus } from '../../shared/view-state';
import { DAY_MS } from '../../shared/time';
import { stretchesIn, timelineBasis, timelineOf } from '../model/timeline';
import type { ScheduleSnapshot, Snapshot } from '../model/snapshot';
import { savedAt } from '../../shared/freshness';
import { scheduleStatus } from './status';

const LOOK_BACK_MS = 30 * DAY_MS;

export interface Span {
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
export function hoursOf(schedules: readonly NamedSchedule[], emailLower: string, span: Span) {
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

/** Another account's saved read, named by its label (its schedules are said as "Acme · Payments"). */
export interface OtherAccountRead {
  label: string;
  snapshot: Snapshot;
  /** Its settings: how old its data may be before it is saved data rather than fresh. */
  settings: ServiceSettings;
  /** Its schedules' bases as its state says them, when known. */
  statusOf?: StatusOf;
}

/** A schedule's basis as the account's state says it; undefined where the state doesn't know it. */
type StatusOf = (scheduleId: string) => ScheduleStatus | undefined;

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
  /** This account's schedules' bases as its state says them (the glance's), when known. */
  statusOf?: StatusOf;
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
export function allSchedules(input: CandidatesInput): NamedSchedule[] {
  const { window, nowMs } = input;
  const basisOf = (s: ScheduleSnapshot, settings: ServiceSettings, statusOf?: StatusOf) => {
    // The glance's basis when known: saved data never read since the start is saved, not fresh (adv47 r46 F1).
    const status = statusOf?.(s.id) ?? scheduleStatus(s, nowMs, settings, false);
    const saved = savedAt(status);
    const basis = timelineBasis(timelineOf(s), status, window.startMs, window.endMs);
    return { basis, ...(saved === undefined ? {} : { savedAtMs: Date.parse(saved) }) };
  };
  const own = input.snapshot.schedules.map((s) => ({
    schedule: s,
    name: s.details?.name ?? s.id,
    here: s.id === input.scheduleId,
    ...basisOf(s, input.settings, input.statusOf),
  }));
  const others = input.otherAccounts.flatMap((a) =>
    a.snapshot.schedules.map((s) => ({
      schedule: s,
      name: accountNamed(a.label, s.details?.name ?? s.id),
      here: false,
      ...basisOf(s, a.settings, a.statusOf),
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
export function lookBack(schedules: readonly NamedSchedule[], nowMs: number): Span {
  const froms = schedules.flatMap(({ schedule: s }) => (s.shiftsFrom ? [Date.parse(s.shiftsFrom)] : []));
  return { startMs: maxOf(froms, nowMs - LOOK_BACK_MS), endMs: nowMs };
}

/** Where a person is on call during the window: ms here, the other schedules they are on (names), and the
 *  schedules (this one first) where it isn't known and they could be on call: one they are in, or whose people
 *  aren't known. */
export function whereOnCall(schedules: readonly NamedSchedule[], emailLower: string, window: Span) {
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
