// The hand-off IPC answers the renderer shows (fix 47q, item 3): a swap's outcome in each way its two sides (and
// the hand back) can end, the answer when their shift changed before anything was sent, and when a retry found
// the landed side gone, worded by core/handoff/swap.ts for my block in the state and a teammate's after it.
import { staleText, swapText, teammateName, undoneText } from '../../electron/core/handoff/swap';
import type { SwapSide } from '../../electron/shared/handoff';
import type { AppState } from '../../electron/shared/view-state';

const STATES: readonly SwapSide['state'][] = ['handed_off', 'unknown', 'not_landed', 'refused', 'not_sent', 'changed'];

export interface HandoffAnswer {
  accountId: string;
  text: string;
  kind: string;
}

/** Every swap answer for my first block listed (none without one or a teammate on its schedule). */
export function swapAnswers(state: AppState, nowMs: number, localZone: string): HandoffAnswer[] {
  const mine = state.me.shifts[0];
  const me = (mine && state.settings.accounts.find((a) => a.id === mine.accountId)?.email) ?? '';
  const schedule = mine && state.schedules.find((s) => s.id === mine.scheduleId);
  const mate = schedule?.users.find((u) => u.email.toLowerCase() !== me.toLowerCase());
  if (!mine || !mate) return [];
  const lengthMs = Date.parse(mine.end) - Date.parse(mine.start);
  const side = (start: string, end: string, email: string, s: SwapSide['state']): SwapSide => ({
    scheduleId: mine.scheduleId,
    start,
    end,
    email,
    others: [],
    state: s,
    message: s === 'handed_off' ? '' : 'The service said: no.',
  });
  const theirEnd = new Date(Date.parse(mine.end) + lengthMs).toISOString();
  const deps = { nowMs: () => nowMs, localZone: () => localZone, state: () => state };
  const name = teammateName(state, mine.scheduleId, mate.email);
  const answers = STATES.flatMap((a) =>
    STATES.flatMap((b) => {
      const [m, t] = [side(mine.start, mine.end, mate.email, a), side(mine.end, theirEnd, me, b)];
      return [
        { kind: `swap ${a}/${b}`, text: swapText(deps, name, m, t) },
        ...(a === 'handed_off'
          ? [{ kind: `swap back ${b}`, text: swapText(deps, name, m, t, { ...t, state: b }) }]
          : []),
      ];
    }),
  );
  const t = side(mine.end, theirEnd, me, 'changed');
  answers.push(
    { kind: 'swap stale', text: staleText(deps, name, t) },
    { kind: 'swap undone', text: undoneText(deps, name, side(mine.start, mine.end, mate.email, 'changed'), t) },
  );
  return answers.map((x) => ({ ...x, accountId: mine.accountId }));
}
