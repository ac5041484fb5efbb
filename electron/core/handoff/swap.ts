// A swap is two overrides: the teammate covers my block, then I cover theirs. The second is sent only once the
// first is handed off (else I would end up with both). What is said is exactly what landed: "swapped" only when
// both did; otherwise which side did, and which did not, with the service's words.
import { myEmailOn, refParts } from '../../shared/accounts';
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

/** Whether the plan's writable blocks on the schedule cover the window without a gap (split where others change). */
function mineInParts(plan: HandoffPlan, mine: SwapRequest['mine']): boolean {
  let reached = Date.parse(mine.start);
  for (const row of plan.rows.filter((x) => x.scheduleId === mine.scheduleId))
    if (Date.parse(row.start) <= reached && Date.parse(row.end) > reached) reached = Date.parse(row.end);
  return reached >= Date.parse(mine.end);
}

/** Whether their shift shares time with my block on the same schedule (possible where two are on call at once). */
function overlapsMine(r: SwapRequest): boolean {
  if (r.theirs.scheduleId !== r.mine.scheduleId) return false;
  return Date.parse(r.theirs.start) < Date.parse(r.mine.end) && Date.parse(r.mine.start) < Date.parse(r.theirs.end);
}

function check(deps: SwapDeps, r: SwapRequest): Failure | undefined {
  const plan = deps.planFor(Date.parse(r.mine.start), Date.parse(r.mine.end));
  const mineOk = plan.rows.some(
    (row) =>
      row.scheduleId === r.mine.scheduleId &&
      Date.parse(row.start) <= Date.parse(r.mine.start) &&
      Date.parse(r.mine.end) <= Date.parse(row.end),
  );
  // My shift, but who else is on call with me changes in it: one override would keep each of them throughout.
  if (!mineOk && mineInParts(plan, r.mine))
    return failure(
      'validation',
      'Nothing was sent: who else is on call with you changes during this shift, and one swap can’t keep each of them for their part. Use “I’m away” to hand it off part by part.',
    );
  if (!mineOk) return failure('validation', 'Nothing was sent: that is not a shift of yours the app can read now.');
  const state = deps.state();
  const accountId = refParts(r.theirs.scheduleId).accountId;
  if (r.theirs.email.toLowerCase() === myEmailOn(state, accountId))
    return failure('validation', 'Nothing was sent: pick a teammate’s shift, not one of yours.');
  if (!theirsThroughout(state, r.theirs))
    return failure('validation', 'Nothing was sent: the schedule does not show them on call then (or isn’t fresh).');
  // A swap exchanges two separate times: over shared time, their cover of me and mine of them would clash (on
  // another schedule it is a real swap: I am on call there instead).
  if (overlapsMine(r))
    return failure(
      'validation',
      'Nothing was sent: their shift overlaps yours on this schedule (you are both on call then), so the two covers would clash over that time. Pick a shift of theirs that doesn’t overlap yours, or use “I’m away” to hand yours off.',
    );
  return undefined;
}

function windowText(
  deps: Pick<SwapDeps, 'nowMs' | 'localZone' | 'state'>,
  side: { scheduleId: string; start: string; end: string },
): string {
  const zone = deps.state().schedules.find((s) => s.id === side.scheduleId)?.timeZone ?? undefined;
  return formatWindow(side.start, side.end, {
    nowMs: deps.nowMs(),
    localZone: deps.localZone(),
    ...(zone ? { scheduleZone: zone } : {}),
  });
}

/** A service's words, kept within the contract's bound for a message. */
export const clip = (message: string): string => (message.length > 2000 ? `${message.slice(0, 1999)}…` : message);

const landedPhrase: Record<SwapSide['state'], string> = {
  handed_off: 'landed',
  unknown: 'has an unknown outcome (checking it is safe; it was not sent again)',
  not_landed: 'did not land',
  refused: 'was refused',
  not_sent: 'was not sent',
  pending: 'was not sent',
  sending: 'is being sent',
};

const why = (s: SwapSide) => (s.message ? ` (${s.message.replace(/\.$/, '')})` : '');

/** After "Hand your … back": what that write did, on top of the first side that landed. */
function backText(name: string, myWin: string, back: SwapSide): string {
  if (back.state === 'handed_off') return `Your ${myWin} is yours again; nothing was swapped with ${name}.`;
  if (back.state === 'unknown' || back.state === 'sending')
    return `${name} covers your ${myWin}; handing it back has an unknown outcome${why(back)} — checking, it is not sent again.`;
  return `${name} still covers your ${myWin}; handing it back ${landedPhrase[back.state]}${why(back)}.`;
}

export function swapText(
  deps: Pick<SwapDeps, 'nowMs' | 'localZone' | 'state'>,
  name: string,
  mine: SwapSide,
  theirs: SwapSide,
  back: SwapSide | null = null,
): string {
  const myWin = windowText(deps, mine);
  const theirWin = windowText(deps, theirs);
  if (back && mine.state === 'handed_off') return backText(name, myWin, back);
  if (mine.state === 'handed_off' && theirs.state === 'handed_off')
    return `Swapped: ${name} covers your ${myWin}; you cover ${name}'s ${theirWin}.`;
  if (mine.state === 'handed_off')
    return `${name} now covers your ${myWin}; your cover of ${name}'s ${theirWin} ${landedPhrase[theirs.state]}${why(theirs)}.`;
  return `Nothing was swapped: ${name}'s cover of your ${myWin} ${landedPhrase[mine.state]}${why(mine)}. Your cover of ${name}'s ${theirWin} was not sent.`;
}

/** The teammate's name as the schedule lists them, else their e-mail. */
export function teammateName(state: AppState, scheduleId: string, email: string): string {
  const users = state.schedules.find((s) => s.id === scheduleId)?.users ?? [];
  return users.find((u) => u.email.toLowerCase() === email.toLowerCase())?.name ?? email;
}

export async function swapShifts(deps: SwapDeps, r: SwapRequest): Promise<SwapResult | Failure> {
  const problem = check(deps, r);
  if (problem) return problem;
  const state = deps.state();
  const name = teammateName(state, r.theirs.scheduleId, r.theirs.email);
  const accountId = refParts(r.mine.scheduleId).accountId;
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
  const mine: SwapSide = {
    ...r.mine,
    email: r.theirs.email,
    others: keptOnMine.filter((e) => e !== r.theirs.email.toLowerCase()),
    state: first.state,
    message: clip(first.message),
  };
  let theirs: SwapSide = {
    ...r.theirs,
    email: me,
    others: keptOnTheirs.filter((e) => e !== me),
    state: 'not_sent',
    message: '',
  };
  if (first.state === 'handed_off') {
    // Me, as the account's settings name me, and whoever else is on call with them then.
    const second = stateOfAnswer(
      await deps.create({
        scheduleId: r.theirs.scheduleId,
        window: { kind: 'custom', start: r.theirs.start, end: r.theirs.end },
        emails: [me, ...theirs.others],
      }),
    );
    theirs = { ...theirs, state: second.state, message: clip(second.message) };
  }
  return { mine, theirs, back: null, text: swapText(deps, name, mine, theirs) };
}
