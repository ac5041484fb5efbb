// The registry's statements of my time now on the tray and `status`: my run where blocks carry it on, else each block
// by its schedule's own end, and my run's end said apart where another schedule leaves it unknown (adv47 r23 #3).
import { statusNowLine, statusRunEndNote, statusRunLine } from '../../electron/cli/status-mine';
import { handoffNowLines } from '../../electron/core/state/handoff-mine';
import { onCallPhrase, runPhrase, shiftPhrase, trayRunEndNote } from '../../electron/core/state/tray-sections';
import { myRunNext, type OnCallRun } from '../../electron/shared/on-call-run';
import { myNextBlockLine } from '../../electron/core/state/tray-my-schedule-lines';
import type { AppState, MyShift } from '../../electron/shared/view-state';
import type { Said } from './text-registry-said';

type Say = (
  surface: 'tray-tooltip' | 'tray-menu' | 'status' | 'handoff',
  kind: 'now',
  m: MyShift,
  text: string,
) => Said;
interface Opts {
  f: { nowMs: number; localZone: string; locale: undefined };
  o: { nowMs: number; localZone: string };
}

export function nowStatements(
  state: AppState,
  run: OnCallRun | null,
  menu: boolean,
  { f, o }: Opts,
  said: Say,
  /** The menu's first item is the short glance: each schedule's lines of mine are in its submenu (fix 49 menu 2). */
  menuShort = false,
): Said[] {
  const out: Said[] = [];
  if (!run) return out;
  out.push(...handoffStatements(state, run, o, said));
  const both = (m: MyShift, tray: string, status: string, inMenu = tray): Said[] => [
    said('tray-tooltip', 'now', m, tray),
    ...(menu ? [said('tray-menu', 'now', m, inMenu)] : []),
    said('status', 'now', m, status),
  ];
  // Back to back on several schedules: one statement of my continuous on-call time (shared/on-call-run.ts), about
  // the block it rests on (the first from saved data, else the first).
  if (run.blocks.length > run.nowCount) {
    const about = run.blocks.find((b) => b.basis.kind !== 'fresh') ?? run.blocks[0];
    return about ? both(about, runPhrase(state, f) ?? '', statusRunLine(state, run, o)) : out;
  }
  for (const m of state.me.onCallNow) out.push(...both(m, shiftPhrase(m, f, state), statusNowLine(state, m, o)));
  // The run's statement follows the last line of them (its account's, with its basis mark): the whole phrase.
  const last = state.me.onCallNow[state.me.onCallNow.length - 1];
  const note = statusRunEndNote(state, run, o);
  if (last && note !== '')
    out.push(
      ...both(
        last,
        onCallPhrase(state, f) ?? '',
        `${statusNowLine(state, last, o)}${note}`,
        // Under a short first item, the last block's own line in its submenu carries the run's end, as `status`'s.
        menuShort ? `${shiftPhrase(last, f, state)}${trayRunEndNote(state, run, f)}` : undefined,
      ),
    );
  return out;
}

/** Under a short first item, my next on-call time as the menu says it: each of its blocks in its own schedule's
 *  submenu, by that schedule's words alone (adv49 r30 #1), each a statement of its block. */
export function nextBlockLines(state: AppState, f: Opts['f']): [MyShift, string][] {
  return (myRunNext(state, f.nowMs)?.blocks ?? []).flatMap((b): [MyShift, string][] => {
    const s = state.schedules.find((x) => x.id === b.scheduleId && x.accountId === b.accountId);
    return s ? [[b, myNextBlockLine(s, b, f, state)]] : [];
  });
}

/** The hand-off's lines about now, each a statement: the run's one line where blocks carry it on (about the block it
 *  rests on), else each block I am on, the last with the run's end where another schedule leaves it unknown. */
function handoffStatements(state: AppState, run: OnCallRun, o: Opts['o'], said: Say): Said[] {
  const lines = handoffNowLines(state, run, o);
  if (run.blocks.length > run.nowCount) {
    const about = run.blocks.find((b) => b.basis.kind !== 'fresh') ?? run.blocks[0];
    return about && lines[0] ? [said('handoff', 'now', about, lines[0])] : [];
  }
  return state.me.onCallNow.flatMap((m, i) => (lines[i] === undefined ? [] : [said('handoff', 'now', m, lines[i])]));
}
