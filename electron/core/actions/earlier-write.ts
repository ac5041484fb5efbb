// The one rule every write flow shares while another write of this app on the same schedule is unsettled (its answer
// was an error or never came, inside its 2-minute settle): a write over part of its time sends nothing and says
// which write it waits for (adv48 r14 #1). Said as a wait, not an outcome unknown: this write never left the app.
import { formatDayTime, joinNames } from '../../shared/format';
import { failure, type ActionDeps, type Failure } from './common';
import type { Doubt } from './override-again';
import { settleEndsAt } from './settle-clock';
import { answerOfRecord, answerSaid, type WriteAnswer } from '../../shared/write-answer';

const lower = (e: string) => e.trim().toLowerCase();

/** The earlier write named as the user made it: "your take-over", "your hand back", or the override it writes. */
function whatOf(doubt: Doubt): string {
  if (doubt.note?.kind === 'take-over') return 'your take-over';
  if (doubt.note?.kind === 'hand-back') return 'your hand back';
  return 'an override';
}

/** The earlier write waited for, as the app knows it: where, whom it puts on call, when it was answered, and how. */
export interface Earlier {
  scheduleId: string;
  covering: readonly string[];
  startMs: number;
  endMs: number;
  atMs: number;
  /** What became of its answer (undefined: a record that did not keep it, worded neutrally). */
  answer: WriteAnswer | undefined;
  what: string;
}

/** "Can't confirm yet — checking: an earlier write here may still land (your take-over putting you on call …". */
export function waitingForEarlier(deps: ActionDeps, doubt: Doubt): Failure {
  const { plan } = doubt;
  const { scheduleId, startMs, endMs } = plan;
  const earlier = { scheduleId, startMs, endMs, covering: plan.preview.covering, atMs: doubt.atMs };
  return waitingFor(deps, { ...earlier, answer: answerOfRecord(doubt), what: whatOf(doubt) });
}

/** The same wait, from what the app recorded of the earlier write (a take-over's own record; adv48 r23 F1). */
export function waitingFor(deps: ActionDeps, e: Earlier): Failure {
  const nowMs = deps.clock.now();
  const me = lower(deps.settings().email);
  const users = deps.snapshot.get().schedules.find((s) => s.id === e.scheduleId)?.details?.users ?? [];
  const nameOf = (email: string) => (email === me ? 'you' : users.find((u) => lower(u.email) === email)?.name || email);
  const people = joinNames(e.covering.map(lower).map(nameOf));
  const at = { nowMs, localZone: deps.localZone?.() ?? 'UTC' };
  const when = `${formatDayTime(e.startMs, at)} – ${formatDayTime(e.endMs, at)}`;
  // When the settle ends as the user's clock shows it: real minutes from the answer, whatever that clock did since.
  const settled = formatDayTime(Math.ceil(settleEndsAt(deps.clock, e.atMs) / 60_000) * 60_000, at);
  return failure(
    'service_wait',
    `Can't confirm yet — checking: an earlier write here may still land (${e.what}, putting ${people} on call ${when}: ${answerSaid(e.answer, 'it')}, and the service may still apply it), so nothing was sent. Try again from ${settled}: the schedule is read first then, and it is written only on what the service holds.`,
  );
}
