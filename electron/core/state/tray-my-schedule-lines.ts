// Each schedule's own statement of my block now or next, inside that schedule's part of the menu (issue 47 beside
// issue 49). The first item says my state in one short line (tray-my-line.ts): my run's end, "· 10 schedules". Where
// it had to shorten, the end each schedule has me until ("Ops until Thu 10:00", "Data until at least Thu 10:00, then
// unknown") was said nowhere in the menu, though the hand-off, `status` and the tooltip say it: it goes here, in the
// tooltip's words (tray-sections.ts), with the basis and, with several accounts, the account.
import type { AppState, MyShift, ScheduleView } from '../../shared/view-state';
import { myRunNext, myRunNow } from '../../shared/on-call-run';
import { formatRelative } from '../../shared/format';
import {
  blockPhrase,
  gapsSuffix,
  myShiftLine,
  runPhrase,
  shiftPhrase,
  trayRunEndNote,
  type Fmt,
} from './tray-sections';
import { MENU_LINE_CHARS } from './tray-my-line';
import type { TrayLeafItem } from './tray-items';

const on = (s: ScheduleView, b: Pick<MyShift, 'accountId' | 'scheduleId'> | undefined): boolean =>
  !!b && b.accountId === s.accountId && b.scheduleId === s.id;

/** "Your next block here: Work · Ops Mon 17:00 – Wed 13:00 · 1 d 20 h (in 4 h)": my next block on schedule `s`
 *  alone, by its own window and basis. A per-schedule submenu speaks only of its schedule (adv49 r30 #1: the whole
 *  run's line, "Work · Ops, then Acme · Ops …" or "On call now: unknown (couldn't load Gamma · …)", sat in Work's
 *  submenu): my state across accounts is the first item's. What may hide before it is this schedule's own hole. */
export function myNextBlockLine(s: ScheduleView, block: MyShift, f: Fmt, state: AppState): string {
  const own = {
    ...state,
    schedules: [s],
    me: { ...state.me, gaps: state.me.gaps.filter((g) => g.scheduleId === s.id && g.accountId === s.accountId) },
  };
  const hole = gapsSuffix(own, block, f);
  const lead = hole === '' ? 'Your next block here' : 'Your next known block here';
  return `${lead}: ${blockPhrase(block, f, state)} (${formatRelative(f.nowMs, block.start)})${hole}`;
}

/** The lines about me that the first item left out for schedule `s`: each block of mine on it now, my run where it
 *  starts on it (back to back on several schedules), or my next block on it where my next on-call time has one. */
export function myScheduleLines(s: ScheduleView, f: Fmt, state: AppState): TrayLeafItem[] {
  // The first item is the whole statement where it fits: said once, not again in each submenu.
  if (myShiftLine(state, f).length <= MENU_LINE_CHARS) return [];
  const label = (text: string): TrayLeafItem => ({ type: 'label', label: `  ${text}` });
  const mine = state.me.onCallNow.filter((m) => on(s, m));
  const run = myRunNow(state, f.nowMs);
  const chained = runPhrase(state, f);
  if (run) {
    const runLine = chained !== undefined && on(s, run.blocks[0]) ? [`You are on call: ${chained}`] : [];
    // My run's end, where another schedule leaves it unknown, follows the last block's line, as `status` says it.
    const last = state.me.onCallNow[state.me.onCallNow.length - 1];
    const note = (m: MyShift): string => (chained === undefined && m === last ? trayRunEndNote(state, run, f) : '');
    const lines = mine.map((m) => `You are on call: ${shiftPhrase(m, f, state)}${note(m)}`);
    return [...lines, ...runLine].map(label);
  }
  // Off call (or my now unknown): each block of my next on-call time on this schedule, by its own window.
  const next = myRunNext(state, f.nowMs);
  return (next?.blocks ?? []).filter((b) => on(s, b)).map((b) => label(myNextBlockLine(s, b, f, state)));
}
