// The hand-off text's lines about me: they word the same "my now" and "my next" statements the tray, popover and
// `status` word (shared/on-call-run.ts: my continuous on-call time across every schedule and account, with its
// "until at least" where another schedule is unknown), never one schedule's block rebuilt on its own. A teammate
// given "Wed 09:00" while an overlapping block keeps me on call to 14:00 thinks I'm free (adv47 r50 #1).
import { basisMark, endIsKnown, untilPhrase } from '../../shared/basis';
import { blockWindow } from '../../shared/block-words';
import { gapsBefore, myAbsence } from '../../shared/knowledge';
import { myRunNext, myRunNow, runIsChained, runNames, type OnCallRun } from '../../shared/on-call-run';
import { runEndNote, runUnreadNote } from '../../shared/run-words';
import { runBasisMark } from '../../shared/run-basis';
import type { AppState, MyShift } from '../../shared/view-state';
import { withAccount } from '../../shared/accounts';
import { nowUnknownText } from '../../shared/now-unknown';
import { handoffTime, type HandoffOptions } from './handoff-time';

const named = (state: AppState, m: MyShift): string => withAccount(state, m.accountId, m.scheduleName);
const timeIn =
  (o: HandoffOptions) =>
  (iso: string): string =>
    handoffTime(iso, o);

/** " (saved data from 10:30 CET (09:30 UTC))" beside a block of mine not read fresh; '' when fresh. */
const markOf = (m: MyShift, o: HandoffOptions): string => basisMark(m.basis, timeIn(o));

/** "I'm on call: Ops until 18:00 CET (17:00 UTC)", with its basis where not fresh. */
export function handoffNowLine(state: AppState, m: MyShift, o: HandoffOptions): string {
  return `I'm on call: ${named(state, m)} ${untilPhrase(m, timeIn(o))}${markOf(m, o)}`;
}

/** "I'm on call: Ops, then Payments until Sun 10:00 CET (…)": blocks carrying my time on, said as one run. */
export function handoffRunLine(state: AppState, run: OnCallRun, o: HandoffOptions): string {
  const time = timeIn(o);
  const names = runNames(run, (m) => named(state, m));
  return `I'm on call: ${names} ${untilPhrase(run, time)}${runBasisMark(run.blocks, state.accounts, time)}`;
}

/** My lines about now, as `status` says them (cli/status-mine.ts): a chained run as one line; blocks at once each by
 *  its own end, then the run's "until at least" where only another schedule leaves it unknown. */
export function handoffNowLines(state: AppState, run: OnCallRun | null, o: HandoffOptions): string[] {
  if (!run) return [];
  const chained = run.blocks.length > run.nowCount;
  const lines = chained ? [handoffRunLine(state, run, o)] : state.me.onCallNow.map((m) => handoffNowLine(state, m, o));
  const note = chained ? runUnreadNote(state, run) : runEndNote(state, run, timeIn(o));
  if (note !== '' && lines.length > 0) lines[lines.length - 1] += note;
  return lines;
}

/** "My next block:", or "My next known block:" while whether I am on call now is unknown (shared/now-unknown.ts) or
 *  an earlier block of mine may hide before `start` (a hole, a schedule unread up to it: adv47 r34). */
function nextLead(state: AppState, start: string, o: HandoffOptions): string {
  const time = timeIn(o);
  const only = nowUnknownText(state, time) !== '' || gapsBefore(state, Date.parse(start), time) !== '';
  return only ? 'My next known block:' : 'My next block:';
}

/** "My next block: Ops, Wed 10:00 CET (…) – Wed 18:00 CET (…)", with its basis where not fresh; "from … until at
 *  least …, then unknown" where the read doesn't cover its end (block-words.ts, as every surface says it). */
export function handoffNextPhrase(state: AppState, m: MyShift, o: HandoffOptions): string {
  const time = timeIn(o);
  const window = blockWindow(m, (a, b) => `${time(a)} – ${time(b)}`, time);
  return `${nextLead(state, m.start, o)} ${named(state, m)}, ${window}${markOf(m, o)}`;
}

/** "My next block: Ops, then Payments, Tue 09:00 CET (…) – Wed 14:00 CET (…)": the run my next shift starts. */
export function handoffNextRunPhrase(state: AppState, run: OnCallRun, o: HandoffOptions): string {
  const time = timeIn(o);
  const window = blockWindow(run, (a, b) => `${time(a)} – ${time(b)}`, time);
  const names = runNames(run, (m) => named(state, m));
  return `${nextLead(state, run.start, o)} ${names}, ${window}${runBasisMark(run.blocks, state.accounts, time)}`;
}

/** My next shift's line: the block, or the whole run where blocks carry it on or its end isn't known (as `status`). */
export function handoffNextOf(state: AppState, next: MyShift, run: OnCallRun | null, o: HandoffOptions): string {
  return run && (runIsChained(run) || !endIsKnown(run))
    ? handoffNextRunPhrase(state, run, o)
    : handoffNextPhrase(state, next, o);
}

/** Every line about me: now (or unknown now), then my next block, or why none is said. */
export function handoffMyLines(state: AppState, o: HandoffOptions): string[] {
  const time = timeIn(o);
  const run = myRunNow(state, o.nowMs);
  const lines = handoffNowLines(state, run, o);
  const unknownNow = nowUnknownText(state, time);
  if (unknownNow !== '') lines.push(`Me on call now: ${unknownNow}`);
  const next = state.me.nextShift;
  const absence = myAbsence(state, time);
  const missing = absence.note === '' ? '' : ` (${absence.note})`;
  const before = next ? gapsBefore(state, Date.parse(next.start), time) : '';
  // While I am on call, the next shift starts my time anew after the run (as `status` says it).
  if (next)
    lines.push(
      `${handoffNextOf(state, next, run ? null : myRunNext(state, o.nowMs), o)}${before === '' ? '' : ` (${before})`}`,
    );
  else if (state.accounts.every((a) => a.email.trim() === '')) lines.push('My next block: unknown (no e-mail set)');
  else if (absence.kind === 'plain') lines.push(`My next block: none in the next ${state.settings.horizonDays} days`);
  else if (absence.kind === 'scoped' || absence.kind === 'dated')
    lines.push(`My next block: none ${absence.reach}${missing}`);
  else lines.push(`My next block: unknown${missing}`);
  return lines;
}
