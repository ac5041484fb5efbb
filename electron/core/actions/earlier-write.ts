// The one rule every write flow shares while another write of this app on the same schedule is unsettled (its answer
// was an error or never came, inside its 2-minute settle): a write over part of its time sends nothing and says
// which write it waits for (adv48 r14 #1). Said as a wait, not an outcome unknown: this write never left the app.
import { formatDayTime, joinNames } from '../../shared/format';
import { failure, type ActionDeps, type Failure } from './common';
import type { Doubt } from './override-again';
import { SETTLE_MS } from './override-verify';

const lower = (e: string) => e.trim().toLowerCase();

/** The earlier write named as the user made it: "your take-over", "your hand back", or the override it writes. */
function whatOf(doubt: Doubt): string {
  if (doubt.note?.kind === 'take-over') return 'your take-over';
  if (doubt.note?.kind === 'hand-back') return 'your hand back';
  return 'an override';
}

/** "Can't confirm yet — checking: an earlier write here may still land (your take-over putting you on call …)". */
export function waitingForEarlier(deps: ActionDeps, doubt: Doubt): Failure {
  const { plan } = doubt;
  const nowMs = deps.clock.now();
  const me = lower(deps.settings().email);
  const users = deps.snapshot.get().schedules.find((s) => s.id === plan.scheduleId)?.details?.users ?? [];
  const nameOf = (email: string) => (email === me ? 'you' : users.find((u) => lower(u.email) === email)?.name || email);
  const people = joinNames(plan.preview.covering.map(lower).map(nameOf));
  const at = { nowMs, localZone: deps.localZone?.() ?? 'UTC' };
  const when = `${formatDayTime(plan.startMs, at)} – ${formatDayTime(plan.endMs, at)}`;
  const settled = formatDayTime(Math.ceil((doubt.atMs + SETTLE_MS) / 60_000) * 60_000, at);
  return failure(
    'service_wait',
    `Can't confirm yet — checking: an earlier write here may still land (${whatOf(doubt)}, putting ${people} on call ${when}: ${doubt.lost === true ? 'its answer never came' : 'the service answered it with an error'}, and the service may still apply it), so nothing was sent. Try again from ${settled}: the schedule is read first then, and it is written only on what the service holds.`,
  );
}
