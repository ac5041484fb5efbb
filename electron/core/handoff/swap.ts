// A swap is two overrides: the teammate covers my block, then I cover theirs. The second is sent only once the
// first is handed off (else I would end up with both). What is said is exactly what landed: "swapped" only when
// both did; otherwise which side did, and which did not, with the service's words.
import { myEmailOn } from '../../shared/accounts';
import { formatWindow } from '../../shared/format';
import type { HandoffPlan, SwapRequest, SwapResult, SwapSide } from '../../shared/handoff';
import type { Failure } from '../../shared/failure';
import type { AppState } from '../../shared/view-state';
import { failure } from '../actions/common';
import type { WriteDeps } from './write-one';
import { stateOfAnswer } from './write-one';

export interface SwapDeps extends Pick<WriteDeps, 'create'> {
  nowMs: () => number;
  localZone: () => string;
  state: () => AppState;
  planFor: (startMs: number, endMs: number) => HandoffPlan;
}

/** Whether the fresh timeline shows `email` on call throughout [start, end) on the schedule. */
function theirsThroughout(state: AppState, r: SwapRequest['theirs']): boolean {
  const s = state.schedules.find((x) => x.id === r.scheduleId);
  if (!s || s.status.kind !== 'fresh') return false;
  const [startMs, endMs] = [Date.parse(r.start), Date.parse(r.end)];
  let reached = startMs;
  for (const t of s.timeline) {
    const [a, b] = [Date.parse(t.start), Date.parse(t.end)];
    if (b <= reached || a >= endMs) continue;
    if (a > reached || t.kind !== 'people') return false;
    if (!t.users.some((u) => u.email.toLowerCase() === r.email.toLowerCase())) return false;
    reached = b;
  }
  return reached >= endMs;
}

/** The others on call over a window besides `email` (kept by the override: it replaces one person only). */
function othersBesides(state: AppState, scheduleId: string, start: string, end: string, email: string): string[] {
  const [a, b] = [Date.parse(start), Date.parse(end)];
  const spans = state.schedules.find((s) => s.id === scheduleId)?.timeline ?? [];
  const users = spans
    .filter((t) => Date.parse(t.start) < b && Date.parse(t.end) > a)
    .flatMap((t) => t.users.map((u) => u.email.toLowerCase()));
  return [...new Set(users)].filter((e) => e !== email.toLowerCase()).sort();
}

function check(deps: SwapDeps, r: SwapRequest): Failure | undefined {
  const mineOk = deps
    .planFor(Date.parse(r.mine.start), Date.parse(r.mine.end))
    .rows.some(
      (row) =>
        row.scheduleId === r.mine.scheduleId &&
        Date.parse(row.start) <= Date.parse(r.mine.start) &&
        Date.parse(r.mine.end) <= Date.parse(row.end),
    );
  if (!mineOk) return failure('validation', 'Nothing was sent: that is not a shift of yours the app can read now.');
  const state = deps.state();
  const accountId = state.schedules.find((s) => s.id === r.theirs.scheduleId)?.accountId ?? '';
  if (r.theirs.email.toLowerCase() === myEmailOn(state, accountId))
    return failure('validation', 'Nothing was sent: pick a teammate’s shift, not one of yours.');
  if (!theirsThroughout(state, r.theirs))
    return failure('validation', 'Nothing was sent: the schedule does not show them on call then (or isn’t fresh).');
  return undefined;
}

function windowText(deps: SwapDeps, side: { scheduleId: string; start: string; end: string }): string {
  const zone = deps.state().schedules.find((s) => s.id === side.scheduleId)?.timeZone ?? undefined;
  return formatWindow(side.start, side.end, {
    nowMs: deps.nowMs(),
    localZone: deps.localZone(),
    ...(zone ? { scheduleZone: zone } : {}),
  });
}

const landedPhrase: Record<SwapSide['state'], string> = {
  handed_off: 'landed',
  unknown: 'has an unknown outcome (checking it is safe; it was not sent again)',
  not_landed: 'did not land',
  refused: 'was refused',
  not_sent: 'was not sent',
  pending: 'was not sent',
  sending: 'is being sent',
};

export function swapText(deps: SwapDeps, name: string, mine: SwapSide, theirs: SwapSide): string {
  const myWin = windowText(deps, mine);
  const theirWin = windowText(deps, theirs);
  const why = (s: SwapSide) => (s.message ? ` (${s.message})` : '');
  if (mine.state === 'handed_off' && theirs.state === 'handed_off')
    return `Swapped: ${name} covers your ${myWin}; you cover ${name}'s ${theirWin}.`;
  if (mine.state === 'handed_off')
    return `${name} now covers your ${myWin}; your cover of ${name}'s ${theirWin} ${landedPhrase[theirs.state]}${why(theirs)}.`;
  return `Nothing was swapped: ${name}'s cover of your ${myWin} ${landedPhrase[mine.state]}${why(mine)}. Your cover of ${name}'s ${theirWin} was not sent.`;
}

export async function swapShifts(deps: SwapDeps, r: SwapRequest): Promise<SwapResult | Failure> {
  const problem = check(deps, r);
  if (problem) return problem;
  const users = deps.state().schedules.find((s) => s.id === r.theirs.scheduleId)?.users ?? [];
  const name = users.find((u) => u.email.toLowerCase() === r.theirs.email.toLowerCase())?.name ?? r.theirs.email;
  const state = deps.state();
  const accountId = state.schedules.find((s) => s.id === r.mine.scheduleId)?.accountId ?? '';
  const me = myEmailOn(state, accountId);
  const keptOnMine = othersBesides(state, r.mine.scheduleId, r.mine.start, r.mine.end, me);
  const keptOnTheirs = othersBesides(state, r.theirs.scheduleId, r.theirs.start, r.theirs.end, r.theirs.email);
  const first = stateOfAnswer(
    await deps.create({
      scheduleId: r.mine.scheduleId,
      window: { kind: 'custom', start: r.mine.start, end: r.mine.end },
      emails: [r.theirs.email, ...keptOnMine.filter((e) => e !== r.theirs.email.toLowerCase())],
    }),
  );
  const mine: SwapSide = { ...r.mine, email: r.theirs.email, state: first.state, message: first.message };
  let theirs: SwapSide = { ...r.theirs, email: me, state: 'not_sent', message: '' };
  if (first.state === 'handed_off') {
    // Me, as the account's settings name me, and whoever else is on call with them then.
    const second = stateOfAnswer(
      await deps.create({
        scheduleId: r.theirs.scheduleId,
        window: { kind: 'custom', start: r.theirs.start, end: r.theirs.end },
        emails: [me, ...keptOnTheirs.filter((e) => e !== me)],
      }),
    );
    theirs = { ...theirs, state: second.state, message: second.message };
  }
  return { mine, theirs, text: swapText(deps, name, mine, theirs) };
}
