// The tray menu's informational lines: one section per schedule, my shift, the coverage list's freshness. What
// was never loaded reads "unknown", never "nobody on call"; saved data says from when.
import { basisMark, endIsKnown, untilPhrase } from '../../shared/basis';
import type { AppState, MyShift, Person, ScheduleView, ShiftView } from '../../shared/view-state';
import { hasData, savedAt } from '../../shared/freshness';
import { myRunNext, myRunNow, nowBlocks, runIsChained, runNames, type OnCallRun } from '../../shared/on-call-run';
import { coverageGlanceText } from '../../shared/coverage-words';
import { savedDataFrom } from '../../shared/saved-words';
import { runUnreadNote } from '../../shared/run-words';
import { nowUnknownText } from '../../shared/now-unknown';
import { isolate } from '../../shared/bidi';
import { myEmailOn, withAccount } from '../../shared/accounts';
import { runZones, zoneOf } from '../../shared/schedule-zone';
import {
  gapsBefore,
  basisAt,
  whoAt,
  myAbsence,
  nothingPlannedUntil,
  nowEnd,
  savedMark,
  thenUnknown,
  uncoveredNow,
  type Uncovered,
} from '../../shared/knowledge';
import {
  formatDayTime,
  formatLeft,
  formatLength,
  formatRelative,
  formatWindow,
  type DayFormatOptions,
} from '../../shared/format';
import { blockLength, blockWindow } from '../../shared/block-words';

/** Everything a time in the tray is formatted with. */
export interface Fmt {
  nowMs: number;
  localZone: string;
  locale: string | undefined;
}

export type TrayLabel = { type: 'label'; label: string };

const MAX_NAMES_CHARS = 48;

/** The tray's day-and-time options (with the schedule's zone where its own time is shown too). */
const dayOpts = (f: Fmt, scheduleZone?: string | null): DayFormatOptions => ({
  nowMs: f.nowMs,
  localZone: f.localZone,
  ...(f.locale ? { locale: f.locale } : {}),
  ...(scheduleZone ? { scheduleZone } : {}),
});

export function fmt(instant: string, f: Fmt, scheduleZone?: string | null): string {
  return formatDayTime(instant, dayOpts(f, scheduleZone));
}

/** A shift's schedule as the tray names it: with its account while there are several ("Work · Platform primary"). */
const shiftName = (shift: MyShift, state?: AppState): string =>
  isolate(state ? withAccount(state, shift.accountId, shift.scheduleName) : shift.scheduleName);

/** "Ops until 17:00", with what it rests on where not fresh: "Ops until 17:00 (saved data from 10:30)". */
export function shiftPhrase(shift: MyShift, f: Fmt, state?: AppState): string {
  const time = (iso: string): string => fmt(iso, f);
  const there = (iso: string): string => fmt(iso, f, state && zoneOf(state, shift));
  return `${shiftName(shift, state)} ${untilPhrase(shift, there)}${basisMark(shift.basis, time)}`;
}

/** My block as every surface names it: "Platform primary Fri 17:00 – Sat 17:00 · 1 d" (window, length). */
export function blockPhrase(shift: MyShift, f: Fmt, state?: AppState): string {
  // An end the read doesn't cover: "from … until at least …, then unknown", "at least 5 d" (block-words.ts).
  const length = blockLength(shift, (a, b) => formatLength(a, b, { localZone: f.localZone }));
  const time = (iso: string): string => fmt(iso, f);
  const zone = state && zoneOf(state, shift);
  const window = blockWindow(
    shift,
    (a, b) => formatWindow(a, b, dayOpts(f, zone)),
    (iso) => fmt(iso, f, zone),
  );
  return `${shiftName(shift, state)} ${window} · ${length}${basisMark(shift.basis, time)}`;
}

/** Whether I am among the people of a now/next row. */
export function includesMe(state: AppState, schedule: ScheduleView, shift: ShiftView | null): boolean {
  const me = myEmailOn(state, schedule.accountId);
  return me !== '' && !!shift?.users.some((u) => u.email.toLowerCase() === me);
}

/** My schedules (whose rotation I am in) first, otherwise in the user's order: as the popover lists them. */
export function orderedSchedules(state: AppState): ScheduleView[] {
  const isMine = (s: ScheduleView): boolean =>
    myEmailOn(state, s.accountId) !== '' &&
    (s.users.some((u) => u.email.toLowerCase() === myEmailOn(state, s.accountId)) ||
      includesMe(state, s, s.now) ||
      includesMe(state, s, s.next));
  return [...state.schedules.filter(isMine), ...state.schedules.filter((s) => !isMine(s))];
}

/** "Uncovered: Platform primary until 17:00" for each schedule whose data covers now with nobody on call; from saved
 *  data it says so on the same line ("(saved data from 14:02)"), as every other line about that schedule does. */
export function uncoveredLines(state: AppState, f: Fmt): string[] {
  return state.schedules.flatMap((s) => {
    const uncovered = uncoveredNow(s, f.nowMs);
    if (!uncovered) return [];
    const mark = savedMark(uncovered.basis, (iso) => fmt(iso, f));
    return [`Uncovered: ${withAccount(state, s.accountId, s.name)} ${untilText(uncovered, s, f)}${mark}`];
  });
}

/** "until 13:00", or "until 13:00, then unknown" where what is known stops there. */
function untilText(u: Uncovered, s: ScheduleView, f: Fmt): string {
  return `until ${fmt(u.until, f, s.timeZone)}${thenUnknown(u.after)}`;
}

function names(users: readonly Person[]): string {
  if (users.length === 0) return 'nobody';
  const text = users.map((u) => u.name).join(', ');
  if (text.length <= MAX_NAMES_CHARS) return users.map((u) => isolate(u.name)).join(', ');
  // Cut at a name, never inside one, and say how many more: a cut must not hide anyone silently.
  let shown = 0;
  let length = 0;
  for (const u of users) {
    if (shown > 0 && length + u.name.length + 2 > MAX_NAMES_CHARS - 8) break;
    length += u.name.length + (shown > 0 ? 2 : 0);
    shown++;
  }
  const cut = users
    .slice(0, shown)
    .map((u) => isolate(u.name))
    .join(', ');
  // One name longer than the limit is shown whole: there is no one more to count ("+0 more").
  return shown === users.length ? cut : `${cut} +${users.length - shown} more`;
}

function statusSuffix(schedule: ScheduleView, f: Fmt): string {
  const st = schedule.status;
  const saved = savedAt(st);
  switch (st.kind) {
    case 'stale':
      return ` (${savedDataFrom(st.since, dayOpts(f))})`;
    case 'error':
      return " (couldn't load)";
    case 'not_found': {
      const since = st.since ? ` since ${fmt(st.since, f)}` : '';
      return ` (not found on the service${since}${saved ? `; ${savedDataFrom(saved, dayOpts(f))}` : ''})`;
    }
    case 'loading':
      return ' (loading…)';
    case 'not_read':
      return ` (not read: ${st.reason})`;
    case 'fresh':
      return '';
  }
}

/** What a schedule's data says about a time it holds no shift for: nothing, or unknown where the data stops. */
function emptyLine(prefix: 'Now' | 'Next', s: ScheduleView, f: Fmt): string {
  if (prefix === 'Next') {
    const until = nothingPlannedUntil(s, f.nowMs);
    return until
      ? `Next: nothing planned until ${fmt(until.until, f, s.timeZone)}${thenUnknown(until.after)}`
      : 'Next: unknown';
  }
  return whoAt(
    basisAt(s, f.nowMs),
    () => {
      // A warning, as in the popover: "Uncovered until Sat 22:09" (", then unknown" where the known stops).
      const uncovered = uncoveredNow(s, f.nowMs);
      return uncovered ? `Now: ⚠ uncovered ${untilText(uncovered, s, f)}` : 'Now: unknown';
    },
    () => {
      const ended = s.known && Date.parse(s.known.to) <= f.nowMs ? ` (saved data ends ${fmt(s.known.to, f)})` : '';
      return `Now: unknown${ended}`;
    },
  );
}

function shiftLine(prefix: 'Now' | 'Next', shift: ShiftView | null, s: ScheduleView, f: Fmt, me: boolean) {
  if (!hasData(s.status)) return `${prefix}: unknown`;
  if (!shift) return emptyLine(prefix, s, f);
  // Now's end is stated only where the time after it was read: else "until at least 17:00, then unknown".
  const edge =
    prefix === 'Now'
      ? untilPhrase(nowEnd(s, shift), (iso) => fmt(iso, f, s.timeZone))
      : `from ${fmt(shift.start, f, s.timeZone)}`;
  return `${prefix}: ${names(shift.users)}${me ? ' (you)' : ''} ${edge}`;
}

/** `named`: the title names the account while there are several (not inside the account's own submenu). */
export function scheduleSection(s: ScheduleView, f: Fmt, state?: AppState, named = true): TrayLabel[] {
  const title = isolate(state && named ? withAccount(state, s.accountId, s.name) : s.name);
  const header: TrayLabel = { type: 'label', label: `${title}${statusSuffix(s, f)}` };
  if (s.status.kind === 'not_found' && !hasData(s.status)) return [header];
  return [
    header,
    { type: 'label', label: `  ${shiftLine('Now', s.now, s, f, !!state && includesMe(state, s, s.now))}` },
    { type: 'label', label: `  ${shiftLine('Next', s.next, s, f, !!state && includesMe(state, s, s.next))}` },
  ];
}

/**
 * My off-call state in words, never "none" beyond what the data covers: "No shift of yours in the next 14 days", scoped
 * ("… on Platform · Payments: saved data from 14:02"), or "unknown (Payments couldn't be loaded)".
 */
export function noShiftPhrase(
  state: AppState,
  f: Fmt,
): { unknown: boolean; text: string; why?: 'unknown' | 'checking' } {
  const absence = myAbsence(state, (iso) => fmt(iso, f));
  // As far as the read reaches ("… in the next 14 days"), never "no upcoming shift" (issue 49, round 3).
  if (absence.kind === 'plain') return { unknown: false, text: absence.text };
  if (absence.kind === 'checking')
    return { unknown: true, why: 'checking', text: `checking your shifts… (${absence.note})` };
  if (absence.kind === 'unknown') return { unknown: true, why: 'unknown', text: `unknown (${absence.note})` };
  if (absence.kind === 'dated') return { unknown: false, text: `${absence.text} (${absence.note})` };
  return { unknown: false, text: `${absence.text} · ${absence.note}` };
}

/** What "your next shift" leaves out ("· couldn't load Payments"), or ''. */
export function gapsSuffix(state: AppState, next: MyShift, f: Fmt): string {
  const note = gapsBefore(state, Date.parse(next.start), (iso) => fmt(iso, f));
  return note === '' ? '' : ` · ${note}`;
}

/** "Platform primary, then Payments until Sun 10:00 (2 d left)": back to back on several schedules, the end of my
 *  continuous on-call time (shared/on-call-run.ts), else undefined (one block, or several at once, said each). */
export function runPhrase(state: AppState, f: Fmt): string | undefined {
  const run = myRunNow(state, f.nowMs);
  if (!run || !runIsChained(run) || run.nowCount === run.blocks.length) return undefined;
  const time = (iso: string): string => fmt(iso, f);
  const left = endIsKnown(run) ? ` (${formatLeft(f.nowMs, run.end)})` : '';
  const end = (iso: string): string => fmt(iso, f, runZones(state, run).end);
  return `${runNames(run, (s) => shiftName(s, state))} ${untilPhrase(run, end)}${left}${basisMark(run.basis, time)}${runUnreadNote(state, run)}`;
}

/** "Platform primary until 17:00 (5 h left)": every block I'm on now, or my on-call run; undefined off call. */
export function onCallPhrase(state: AppState, f: Fmt): string | undefined {
  const run = myRunNow(state, f.nowMs);
  const chained = runPhrase(state, f);
  if (chained) return chained;
  if (!run) return undefined;
  // Every shift I'm on now (on two services, both: never only the first account's). Time left only for one,
  // and only where its end is known: after a hole, the block may go on.
  const onCall = nowBlocks(state.me.onCallNow, run);
  const [current] = onCall;
  const left = onCall.length === 1 && current && endIsKnown(current) ? ` (${formatLeft(f.nowMs, current.end)})` : '';
  return `${onCall.map((s) => shiftPhrase(s, f, state)).join(', ')}${left}${runUnreadNote(state, run)}`;
}

/** "Platform primary, then Payments 03:32 – Sun 03:32 · 1 d (in 2 h)": my next on-call time, back to back blocks
 *  as one, with what may hide before it; undefined when no next shift is read. */
export function nextPhrase(state: AppState, f: Fmt): string | undefined {
  const next = myRunNext(state, f.nowMs);
  const [first] = next?.blocks ?? [];
  if (!next || !first) return undefined;
  const what = !runIsChained(next) && endIsKnown(next) ? blockPhrase(first, f, state) : nextRunPhrase(state, next, f);
  return `${what} (${formatRelative(f.nowMs, next.start)})${gapsSuffix(state, first, f)}`;
}

/** No shift of mine known and my shifts unknown: one wording on the tray's menu and tooltip, the popover's own
 *  ("Your shifts: unknown (couldn't load Payments)", "Checking your shifts… (…)"), never three (adv49 r5 #3). */
export function unknownShiftsLine(text: string): string {
  return text.startsWith('checking') ? `C${text.slice(1)}` : `Your shifts: ${text}`;
}

/** `problemShown`: the sync problem has its own item (with its fix), so an unknown state says only "unknown", the
 *  reason once, there (adv49 r11 F3: "unknown (some shifts … couldn't be read)" and "Couldn't read some shifts …"). */
export function myShiftLine(state: AppState, f: Fmt, problemShown = false): string {
  const now = onCallPhrase(state, f);
  if (now !== undefined) return `You are on call: ${now}`;
  const next = nextPhrase(state, f);
  // Whether I am on call now is unknown (a schedule's now wasn't read): never a plain "next", which implies not now.
  const unknownNow = nowUnknownText(state, (iso) => fmt(iso, f));
  if (next !== undefined && unknownNow !== '') return `On call now: ${unknownNow} · next known: ${next}`;
  if (next !== undefined) return `Your next shift: ${next}`;
  const none = noShiftPhrase(state, f);
  if (problemShown && none.why === 'unknown') return unknownShiftsLine('unknown');
  return none.unknown ? unknownShiftsLine(none.text) : none.text;
}

/** "Platform primary, then Payments Sat 03:32 – Sun 03:32 · 1 d": my next on-call time, back to back blocks as one;
 *  where its end isn't known, "… from 03:32 until at least 15:32, then unknown". */
function nextRunPhrase(state: AppState, run: OnCallRun, f: Fmt): string {
  const time = (iso: string): string => fmt(iso, f);
  const names = runNames(run, (s) => shiftName(s, state));
  const mark = basisMark(run.basis, time);
  const zones = runZones(state, run);
  if (!endIsKnown(run)) {
    const end = (iso: string): string => fmt(iso, f, zones.end);
    return `${names} from ${fmt(run.start, f, zones.start)} ${untilPhrase(run, end)}${mark}`;
  }
  const length = formatLength(run.start, run.end, { localZone: f.localZone });
  return `${names} ${formatWindow(run.start, run.end, dayOpts(f, zones.both))} · ${length}${mark}`;
}

/** The coverage list's freshness, when it is not fresh ("Coverage requests: couldn't load"), or what it couldn't read. */
export function coverageFreshnessLine(state: AppState, f: Fmt): string | undefined {
  return coverageGlanceText(state, dayOpts(f));
}

/** The label of the coverage action: "Asks you (2)…" as the popover counts, or "unknown" when the list was never read.
 *  `basis`: the list's saved-data basis when no line of its own says it (a sync problem line stands in its place,
 *  dating the schedules' read, not the list's): "Coverage requests (0, Acme's saved data from 07:00)…". */
export function coverageActionLabel(state: AppState, basis?: string): string {
  if (!hasData(state.coverage.status)) return 'Coverage requests (unknown)…';
  const asking = state.coverage.askingMe.length;
  const on = basis ? `, ${basis}` : '';
  if (asking > 0) return `Asks you (${asking}${on})…`;
  return `Coverage requests (${coverageCount(state)}${on})…`;
}

/** The coverage list's saved-data basis in the glance's own words ("Acme's saved data from 07:00"), for the menu's
 *  coverage item when the sync problem is shown in place of the list's own line (adv47 r15 #2). */
export function coverageBasisWords(state: AppState, f: Fmt): string | undefined {
  if (savedAt(state.coverage.status) === undefined) return undefined;
  return coverageFreshnessLine(state, f)?.replace(/^Coverage requests: /, '');
}

/** The count in "Coverage requests (2)…": "unknown" when the list was never read; beside it, unreadable requests
 *  ("1 unreadable") and an account's whole list not known ("1 list unknown"), each counted as what it is. */
export function coverageCount(state: AppState): string {
  if (!hasData(state.coverage.status)) return 'unknown';
  const asking = state.coverage.askingMe.length;
  // An issue with neither id nor requester is a whole account's list (see shared/knowledge.ts coverageIssuesText).
  const lists = state.coverage.issues.filter((i) => i.id === null && i.requester === null).length;
  const requests = state.coverage.issues.length - lists;
  return [
    String(asking),
    ...(requests > 0 ? [`${requests} unreadable`] : []),
    ...(lists > 0 ? [`${lists} ${lists === 1 ? 'list' : 'lists'} unknown`] : []),
  ].join(', ');
}
