// An "I'm away" hand-off that half failed, kept on the glance (adv49 r15 #1): while some of its blocks are not
// handed off and Retry has something to do (or a write may still land), the state carries one problem line (tray
// item and tooltip opening I'm away, a popover line) in the run's own summary, and each block of mine whose write
// may have landed is marked, so no surface says it as plainly mine. Worded here, in main; the renderer shows it.
import { handoffSaid, stillChecking } from '../../shared/handoff-text';
import type { HandoffItem, HandoffStatus } from '../../shared/handoff';
import type { MyShift } from '../../shared/view-me';
import type { AppState } from '../../shared/view-state';

/** Beside a block of mine whose hand-off may have landed: the app is checking, so it is not said as plainly mine. */
export const MAY_BE_HANDED_OFF = 'may be handed off — checking';

const inDoubt = (i: HandoffItem): boolean => i.state === 'unknown' || i.state === 'sending' || stillChecking(i);

function marked(m: MyShift, doubted: readonly HandoffItem[]): MyShift {
  const over = doubted.some((i) => i.scheduleId === m.scheduleId && i.start < m.end && i.end > m.start);
  return over ? { ...m, handoff: MAY_BE_HANDED_OFF } : m;
}

/** The state with the run's doubt on the glance: a problem line once it is sent, and the blocks in doubt marked. */
export function withHalfHandoff(state: AppState, status: HandoffStatus | undefined, nowMs: number): AppState {
  const run = status?.run;
  if (!run) return state;
  const open = run.items.filter((i) => Date.parse(i.end) > nowMs);
  const doubted = open.filter(inDoubt);
  const sending = open.some((i) => i.state === 'sending' || i.state === 'pending');
  const said = handoffSaid(run);
  const half = !sending && open.some((i) => i.state !== 'handed_off') && (said.canRetry || doubted.length > 0);
  if (!half && doubted.length === 0) return state;
  const me = state.me;
  return {
    ...state,
    ...(half ? { halfHandoff: `I’m away half done: ${said.summary}` } : {}),
    me: {
      ...me,
      onCallNow: me.onCallNow.map((m) => marked(m, doubted)),
      nextShift: me.nextShift ? marked(me.nextShift, doubted) : null,
      shifts: me.shifts.map((m) => marked(m, doubted)),
    },
  };
}
