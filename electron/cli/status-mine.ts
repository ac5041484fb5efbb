// `status`'s lines about me: each block of mine worded once here, with its account (several accounts) and its basis
// ("(saved data from 10:30)"), so the text registry (test/support/text-registry.ts) reads the same words the
// command prints.
import { basisMark, untilPhrase } from '../shared/basis';
import { blockWindow } from '../shared/block-words';
import { withAccount } from '../shared/accounts';
import { myOnCallRun, runNames, type OnCallRun } from '../shared/on-call-run';
import { gapsBefore, myAbsence } from '../shared/knowledge';
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
  return `You are on call now: ${runNames(run, (m) => named(state, m))} ${untilPhrase(run, time)}${basisMark(run.basis, time)}`;
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
  return `Your next shift: ${named(state, m)} ${window} (${formatRelative(o.nowMs, m.start)})${mark}`;
}

export function myLines(state: AppState, o: StatusTimeOptions): string[] {
  const lines: string[] = [];
  const run = myOnCallRun(state.me);
  // Back to back on several schedules: one line, until the end of my continuous on-call time.
  if (run && run.blocks.length > run.nowCount) lines.push(statusRunLine(state, run, o));
  else for (const m of state.me.onCallNow) lines.push(statusNowLine(state, m, o));
  const next = state.me.nextShift;
  const absence = myAbsence(state, (iso) => formatDayTime(iso, o));
  const missing = absence.note === '' ? '' : ` (${absence.note})`;
  const before = next ? gapsBefore(state, Date.parse(next.start), (iso) => formatDayTime(iso, o)) : '';
  if (next) lines.push(`${statusNextPhrase(state, next, o)}${before === '' ? '' : ` · ${before}`}`);
  else if (state.accounts.every((a) => a.email === ''))
    lines.push('Your next shift: unknown (set your e-mail with --email or in Settings)');
  else if (absence.kind === 'plain') lines.push(`Your next shift: none in the next ${state.settings.horizonDays} days`);
  else if (absence.kind === 'scoped' || absence.kind === 'dated')
    lines.push(`Your next shift: ${absence.text.replace(/^No shift of yours/, 'none')}${missing}`);
  else lines.push(`Your next shift: unknown${missing}`);
  return lines;
}
