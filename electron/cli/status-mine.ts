// `status`'s lines about me: each block of mine worded once here, with its account (several accounts) and its basis
// ("(saved data from 10:30)"), so the text registry (test/support/text-registry.ts) reads the same words the
// command prints.
import { basisMark, endIsKnown, untilPhrase } from '../shared/basis';
import { blockWindow } from '../shared/block-words';
import { withAccount } from '../shared/accounts';
import { myRunNext, myRunNow, runIsChained, runNames, type OnCallRun } from '../shared/on-call-run';
import { gapsBefore, myAbsence } from '../shared/knowledge';
import { nowUnknownText } from '../shared/now-unknown';
import { runEndNote, runUnreadNote } from '../shared/run-words';
import { runBasisMark } from '../shared/run-basis';
import { runZones } from '../shared/schedule-zone';
import { formatDayTime, formatRelative, formatWindow } from '../shared/format';
import type { AppState, MyShift } from '../shared/view-state';

export interface StatusTimeOptions {
  nowMs: number;
  localZone: string;
}

const named = (state: AppState, m: MyShift): string => withAccount(state, m.accountId, m.scheduleName);

function zoned(state: AppState, m: MyShift, o: StatusTimeOptions) {
  const zone = state.schedules.find((s) => s.id === m.scheduleId)?.timeZone;
  return zone ? { ...o, scheduleZone: zone } : o;
}

/** "You are on call now: Ops until 18:00 (17:00 UTC) (saved data from 10:30)". */
export function statusNowLine(state: AppState, m: MyShift, o: StatusTimeOptions): string {
  const until = untilPhrase(m, (iso) => formatDayTime(iso, zoned(state, m, o)));
  return `You are on call now: ${named(state, m)} ${until}${basisMark(m.basis, (iso) => formatDayTime(iso, o))}`;
}

/** "You are on call now: Ops, then Payments until Sun 10:00 (saved data from 10:30)". */
export function statusRunLine(state: AppState, run: OnCallRun, o: StatusTimeOptions): string {
  const time = (iso: string): string => formatDayTime(iso, o);
  const until = untilPhrase(run, runEnd(state, run, o));
  return `You are on call now: ${runNames(run, (m) => named(state, m))} ${until}${runBasisMark(run.blocks, state.accounts, time)}`;
}

/** A run's end in the schedule's own time too where its zone differs, as the tray words it (fix 47q). */
function runEnd(state: AppState, run: OnCallRun, o: StatusTimeOptions): (iso: string) => string {
  const zone = runZones(state, run).end;
  return (iso) => formatDayTime(iso, zone ? { ...o, scheduleZone: zone } : o);
}

/** "Your next shift:", or "Your next known shift:" while whether I am on call now is unknown (then a plain "next"
 *  would say I am not on call now) or an earlier shift of mine may hide before `start` (adv47 r34: a hole). */
function nextLead(state: AppState, o: StatusTimeOptions, start: string): string {
  const time = (iso: string): string => formatDayTime(iso, o);
  const known = nowUnknownText(state, time) !== '' || gapsBefore(state, Date.parse(start), time) !== '';
  return known ? 'Your next known shift:' : 'Your next shift:';
}

/** "Your next shift: Ops Wed 10:00–18:00 (…) (in 22 h 59 min)", with its basis where not fresh. */
export function statusNextPhrase(state: AppState, m: MyShift, o: StatusTimeOptions): string {
  const z = zoned(state, m, o);
  const window = blockWindow(
    m,
    (a, b) => formatWindow(a, b, z),
    (iso) => formatDayTime(iso, z),
  );
  const mark = basisMark(m.basis, (iso) => formatDayTime(iso, o));
  return `${nextLead(state, o, m.start)} ${named(state, m)} ${window} (${formatRelative(o.nowMs, m.start)})${mark}`;
}

/** "Your next shift: Ops, then Payments Wed 10:00 – Thu 10:00 (in 22 h 59 min)": back to back blocks as one. */
export function statusNextRunPhrase(state: AppState, run: OnCallRun, o: StatusTimeOptions): string {
  const time = (iso: string): string => formatDayTime(iso, o);
  const names = runNames(run, (m) => named(state, m));
  const zones = runZones(state, run);
  const window = endIsKnown(run)
    ? formatWindow(run.start, run.end, zones.both ? { ...o, scheduleZone: zones.both } : o)
    : `from ${formatDayTime(run.start, zones.start ? { ...o, scheduleZone: zones.start } : o)} ${untilPhrase(run, runEnd(state, run, o))}`;
  return `${nextLead(state, o, run.start)} ${names} ${window} (${formatRelative(o.nowMs, run.start)})${runBasisMark(run.blocks, state.accounts, time)}`;
}

/** My next shift's line: the block, or the whole run where blocks carry it on or its end isn't known. */
export function statusNextOf(state: AppState, next: MyShift, run: OnCallRun | null, o: StatusTimeOptions): string {
  return run && (runIsChained(run) || !endIsKnown(run))
    ? statusNextRunPhrase(state, run, o)
    : statusNextPhrase(state, next, o);
}

/** " · your on-call time: until at least 10:00, then unknown (…)" after the blocks I'm on (run-words.ts). */
export const statusRunEndNote = (state: AppState, run: OnCallRun, o: StatusTimeOptions): string =>
  runEndNote(state, run, runEnd(state, run, o));

export function myLines(state: AppState, o: StatusTimeOptions): string[] {
  const lines: string[] = [];
  // Its end only where every watched schedule was read right after it (else "until at least …, then unknown").
  const run = myRunNow(state, o.nowMs);
  // Back to back on several schedules: one line, until the end of my continuous on-call time.
  const chained = run !== null && run.blocks.length > run.nowCount;
  if (run && chained) lines.push(statusRunLine(state, run, o));
  // Each block by its schedule's own end, as the hand-off says it (adv47 r23 #3).
  else if (run) for (const m of state.me.onCallNow) lines.push(statusNowLine(state, m, o));
  // Where the end is unknown because another schedule is: which (said once, after the line(s) about now); beside
  // blocks said by their own ends, as my run's own statement.
  const unread = !run ? '' : chained ? runUnreadNote(state, run) : statusRunEndNote(state, run, o);
  if (unread !== '') lines[lines.length - 1] += unread;
  const unknownNow = nowUnknownText(state, (iso) => formatDayTime(iso, o));
  if (unknownNow !== '') lines.push(`On call now: ${unknownNow}`);
  const nextRun = run ? null : myRunNext(state, o.nowMs);
  const next = state.me.nextShift;
  const absence = myAbsence(state, (iso) => formatDayTime(iso, o));
  const missing = absence.note === '' ? '' : ` (${absence.note})`;
  const before = next ? gapsBefore(state, Date.parse(next.start), (iso) => formatDayTime(iso, o)) : '';
  const nextLine = next && statusNextOf(state, next, nextRun, o);
  if (nextLine) lines.push(`${nextLine}${before === '' ? '' : ` · ${before}`}`);
  else if (state.accounts.every((a) => a.email === ''))
    lines.push('Your next shift: unknown (set your e-mail with --email or in Settings)');
  else if (absence.kind === 'plain') lines.push(`Your next shift: none in the next ${state.settings.horizonDays} days`);
  else if (absence.kind === 'scoped' || absence.kind === 'dated')
    lines.push(`Your next shift: none ${absence.reach}${missing}`);
  else lines.push(`Your next shift: unknown${missing}`);
  return lines;
}
