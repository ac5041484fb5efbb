// What may carry my on-call time on where the app can't see: said beside "until at least 01:32, then unknown" when
// the end is unknown because another watched schedule is (a hole, not loaded, its account down), so the user learns
// where to look. An account none of whose schedules is known there is one phrase ("your shifts on Acme: unknown"),
// never ten schedule ids.
import { unknownWhyText, untilPhrase, viewBasis } from './basis';
import { withAccount } from './account-names';
import { joinNames } from './format';
import { endUnknownElsewhere, type OnCallRun } from './on-call-run';
import type { AppState } from './view-state';

type Words = Pick<AppState, 'schedules' | 'accounts'>;

/** "your shifts on Acme: unknown · Payments: shifts the service sent couldn't be read", or '' when nothing is. */
export function unreadAt(state: Words, atMs: number): string {
  const unknown = state.schedules.flatMap((s) => {
    const b = viewBasis(s, atMs, atMs + 1);
    return b.kind === 'unknown' ? [{ s, why: b.why }] : [];
  });
  const whole = state.accounts.filter((a) => {
    const mine = state.schedules.filter((s) => s.accountId === a.id);
    return mine.length > 0 && mine.every((s) => unknown.some((u) => u.s === s));
  });
  const wholeIds = new Set<string>(whole.map((a) => a.id));
  const parts: string[] = [];
  if (whole.length > 0)
    parts.push(
      state.accounts.length > 1
        ? `your shifts on ${joinNames(whole.map((a) => a.label))}: unknown`
        : 'your shifts: unknown',
    );
  for (const { s, why } of unknown)
    if (!wholeIds.has(s.accountId)) parts.push(`${withAccount(state, s.accountId, s.name)}: ${unknownWhyText(why)}`);
  return parts.join(' · ');
}

/** " · your shifts on Acme: unknown" where my run's end is unknown because of another schedule, else ''. */
export function runUnreadNote(state: Words, run: OnCallRun): string {
  if (!endUnknownElsewhere(run)) return '';
  const note = unreadAt(state, Date.parse(run.end));
  return note === '' ? '' : ` · ${note}`;
}

/** My run's own statement beside lines that each name a block I'm on by its schedule's end: " · your on-call time:
 *  until at least 10:00, then unknown (Data: …)" where only another watched schedule leaves it unknown, else ''.
 *  "Ops until 10:00" is known for Ops (the hand-off says it so); my time may go on elsewhere (adv47 r23 #3). */
export function runEndNote(state: Words, run: OnCallRun, time: (iso: string) => string): string {
  if (!endUnknownElsewhere(run)) return '';
  const note = unreadAt(state, Date.parse(run.end));
  return ` · your on-call time: ${untilPhrase(run, time)}${note === '' ? '' : ` (${note})`}`;
}
