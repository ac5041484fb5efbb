// The tray menu's lines about me: my shift, my on-call run, my next block, my off-call state. The per-schedule
// sections and the coverage words live beside it (tray-schedule-section.ts, tray-coverage-words.ts).
import { basisMark, endIsKnown, untilPhrase } from '../../shared/basis';
import type { AppState, MyShift } from '../../shared/view-state';
import { myRunNext, myRunNow, runDoubt, runIsChained, runNames, type OnCallRun } from '../../shared/on-call-run';
import { runEndNote, runUnreadNote } from '../../shared/run-words';
import { runBasisMark } from '../../shared/run-basis';
import { nowUnknownText } from '../../shared/now-unknown';
import { isolate } from '../../shared/bidi';
import { withAccount } from '../../shared/accounts';
import { runZones, zoneOf } from '../../shared/schedule-zone';
import { gapsBefore, myAbsence } from '../../shared/knowledge';
import { formatLeft, formatLength, formatRelative, formatWindow } from '../../shared/format';
import { blockLength, blockWindow } from '../../shared/block-words';
import { dayOpts, fmt, type Fmt } from './tray-fmt';

// The parts of the tray's wording that live beside this file, re-exported so their importers read one module.
export { fmt, type Fmt, type TrayLabel } from './tray-fmt';
export { includesMe, orderedSchedules, scheduleSection, uncoveredLines } from './tray-schedule-section';
export { coverageActionLabel, coverageCount, coverageFreshnessLine, coverageItemBasis } from './tray-coverage-words';

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

/** What "your next shift" leaves out ("· couldn't load Payments"), or ''. `nowSaid`: my unknown now, said just
 *  before it, already names the schedules unread over now, so they are not named twice (adv49 r25 #2). */
export function gapsSuffix(state: AppState, next: MyShift, f: Fmt, nowSaid = false): string {
  const said = new Set(nowSaid ? state.me.gaps.filter((g) => g.now).map((g) => g.scheduleId) : []);
  const rest = {
    ...state,
    schedules: state.schedules.filter((s) => !said.has(s.id)),
    me: { ...state.me, gaps: state.me.gaps.filter((g) => !said.has(g.scheduleId)) },
  };
  const note = gapsBefore(rest, Date.parse(next.start), (iso) => fmt(iso, f));
  return note === '' ? '' : ` · ${note}`;
}

/** An earlier shift of mine may hide before my next block (a hole, a schedule unread up to it): "next" is then only
 *  "next known", on every surface as in the menu (adv47 r34: the tooltip said "Next on call" over a hole of mine). */
export function nextIsOnlyKnown(state: AppState, f: Fmt): boolean {
  const [first] = myRunNext(state, f.nowMs)?.blocks ?? [];
  return first !== undefined && gapsSuffix(state, first, f) !== '';
}

/** "Platform primary, then Payments until Sun 10:00 (2 d left)": back to back on several schedules, the end of my
 *  continuous on-call time (shared/on-call-run.ts), else undefined (one block, or several at once, said each). */
export function runPhrase(state: AppState, f: Fmt): string | undefined {
  const run = myRunNow(state, f.nowMs);
  if (!run || !runIsChained(run) || run.nowCount === run.blocks.length) return undefined;
  const time = (iso: string): string => fmt(iso, f);
  const left = endIsKnown(run) ? ` (${formatLeft(f.nowMs, run.end)})` : '';
  const end = (iso: string): string => fmt(iso, f, runZones(state, run).end);
  return `${runNames(run, (s) => shiftName(s, state))} ${untilPhrase(run, end)}${left}${runBasisMark(run.blocks, state.accounts, time)}${runDoubt(run)}${runUnreadNote(state, run)}`;
}

/** " · your on-call time: until at least 10:00, then unknown (…)" beside the blocks I'm on (run-words.ts). */
export const trayRunEndNote = (state: AppState, run: OnCallRun, f: Fmt): string =>
  runEndNote(state, run, (iso) => fmt(iso, f, runZones(state, run).end));

/** "Platform primary until 17:00 (5 h left)": every block I'm on now, or my on-call run; undefined off call. */
export function onCallPhrase(state: AppState, f: Fmt): string | undefined {
  const run = myRunNow(state, f.nowMs);
  const chained = runPhrase(state, f);
  if (chained) return chained;
  if (!run) return undefined;
  // Every shift I'm on now (on two services, both: never only the first account's). Time left only for one,
  // and only where its end is known: after a hole, the block may go on.
  // Each by its schedule's own end, as the hand-off says it; my run's end, where only another schedule leaves it
  // unknown, as a statement of its own (adv47 r23 #3).
  const onCall = state.me.onCallNow;
  const [current] = onCall;
  const known = onCall.length === 1 && current && endIsKnown(current) && endIsKnown(run);
  const left = known ? ` (${formatLeft(f.nowMs, current.end)})` : '';
  return `${onCall.map((s) => shiftPhrase(s, f, state)).join(', ')}${left}${runDoubt(run)}${trayRunEndNote(state, run, f)}`;
}

/** "Platform primary, then Payments 03:32 – Sun 03:32 · 1 d (in 2 h)": my next on-call time, back to back blocks
 *  as one, with what may hide before it; undefined when no next shift is read. */
export function nextPhrase(state: AppState, f: Fmt, nowSaid = false): string | undefined {
  const next = myRunNext(state, f.nowMs);
  const [first] = next?.blocks ?? [];
  if (!next || !first) return undefined;
  const what = !runIsChained(next) && endIsKnown(next) ? blockPhrase(first, f, state) : nextRunPhrase(state, next, f);
  return `${what} (${formatRelative(f.nowMs, next.start)})${runDoubt(next)}${gapsSuffix(state, first, f, nowSaid)}`;
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
  // Whether I am on call now is unknown (a schedule's now wasn't read): never a plain "next", which implies not now.
  const unknownNow = nowUnknownText(state, (iso) => fmt(iso, f));
  const next = nextPhrase(state, f, unknownNow !== '');
  if (next !== undefined && unknownNow !== '') return `On call now: ${unknownNow} · next known: ${next}`;
  if (next !== undefined) return `${nextIsOnlyKnown(state, f) ? 'Next known' : 'Your next shift'}: ${next}`;
  const none = noShiftPhrase(state, f);
  if (problemShown && none.why === 'unknown') return unknownShiftsLine('unknown');
  return none.unknown ? unknownShiftsLine(none.text) : none.text;
}

/** "Platform primary, then Payments Sat 03:32 – Sun 03:32 · 1 d": my next on-call time, back to back blocks as one;
 *  where its end isn't known, "… from 03:32 until at least 15:32, then unknown". */
function nextRunPhrase(state: AppState, run: OnCallRun, f: Fmt): string {
  const time = (iso: string): string => fmt(iso, f);
  const names = runNames(run, (s) => shiftName(s, state));
  const mark = runBasisMark(run.blocks, state.accounts, time);
  const zones = runZones(state, run);
  if (!endIsKnown(run)) {
    const end = (iso: string): string => fmt(iso, f, zones.end);
    return `${names} from ${fmt(run.start, f, zones.start)} ${untilPhrase(run, end)}${mark}`;
  }
  const length = formatLength(run.start, run.end, { localZone: f.localZone });
  return `${names} ${formatWindow(run.start, run.end, dayOpts(f, zones.both))} · ${length}${mark}`;
}
