// "Hand back to Carol until Wed 09:00" is a cover like any other write of a plan: Carol replaces me over the rest of
// my take-over, and whoever the take-over kept on call with me stays. Before it is sent, the window is read from the
// service and held to the same rules as away items and swap sides (plan-held.ts, shared/swap-rules.ts): a manager's
// change since (a partner changed, Carol is already on call with me, someone holds part of it) is said, and nothing
// is sent: the old intent would leave a two-person schedule with one, or put Carol over the new holder.
import type { OncallClient } from '../../api/client-types';
import { formatDayTime, formatWindow, joinNames } from '../../shared/format';
import type { HandBackSeen } from '../../shared/take-over';
import { currentSegment, handBackKept, runningTakeOver, type HandBackPlan } from '../state/take-over';
import type { Snapshot } from '../model/snapshot';
import { segmentsOf } from '../model/segments';
import { heldAsPlanned, type HeldAnswer } from './plan-held';
import { readHeld } from './window-read';
import { maxOf } from '../../shared/extremes';
import { ownCoverOver, type OwnRecord } from './own-in-place';

const lower = (e: string) => e.trim().toLowerCase();
const sameSet = (a: readonly string[], b: readonly string[]): boolean => {
  const [x, y] = [new Set(a.map(lower)), new Set(b.map(lower))];
  return x.size === y.size && [...x].every((e) => y.has(e));
};

export interface HandBackCheck {
  client: OncallClient;
  scheduleId: string;
  /** Me on this service (lower-cased). */
  me: string;
  startMs: number;
  nowMs: number;
  localZone: string;
  scheduleZone?: string | undefined;
  /** The person as the app's state lists them (name, else ''). */
  nameOf: (email: string) => string;
  /** The app's own writes on this schedule (own-in-place.ts): the hand back's outcome shown there is "in place" only
   *  when one of them put it there; a manager restoring the person replaced is a change, said (adv48 r40). */
  own: readonly OwnRecord[];
}

/** undefined while the hand back is still what its offer showed; else the sentence that says what changed. */
export function changedSinceOffer(c: HandBackCheck, seen: HandBackSeen | undefined, plan: HandBackPlan) {
  if (seen === undefined) return undefined;
  const to = plan.replaced.map((p) => p.email);
  if (sameSet(seen.to, to) && Date.parse(seen.until) === plan.endMs) return undefined;
  const when = (ms: number) => formatDayTime(ms, { nowMs: c.nowMs, localZone: c.localZone });
  const names = joinNames(plan.replaced.map((p) => p.name || p.email));
  const what = sameSet(seen.to, to)
    ? `the hand back to ${names} now runs until ${when(plan.endMs)}, not ${when(Date.parse(seen.until))}`
    : `the hand back now goes to ${names}`;
  return `Changed since you planned it: ${what}. Nothing was sent: look at it again and choose anew.`;
}

/** After the take-over, where I was off call when it was made (its record): the hand back reads that far. */
function after(startMs: number, plan: HandBackPlan): { startMs: number; endMs: number } | undefined {
  const untilMs = Date.parse(plan.takeOver.offUntil ?? '');
  return untilMs > plan.endMs ? { startMs, endMs: untilMs } : undefined;
}

/** undefined: the service holds my take-over as it was written over the hand back's window, so it may be sent;
 *  else what is said instead (changed since, a shared rule refused, or not readable), nothing sent. */
export async function handBackHeld(c: HandBackCheck, plan: HandBackPlan): Promise<HeldAnswer | undefined> {
  const to = plan.replaced[0]?.email ?? '';
  const others = handBackKept(plan);
  const when = { nowMs: c.nowMs, localZone: c.localZone, ...(c.scheduleZone ? { scheduleZone: c.scheduleZone } : {}) };
  return heldAsPlanned(
    {
      reread: (id, startMs, endMs) => readHeld(c.client, id, startMs, endMs),
      nameOf: (_id, email) => c.nameOf(email),
      windowOf: (_id, startMs, endMs) =>
        formatWindow(new Date(startMs).toISOString(), new Date(endMs).toISOString(), when),
      meOn: () => c.me,
      ownOver: (_id, startMs, endMs, emails) => ownCoverOver(c.own, startMs, endMs, emails),
    },
    {
      scheduleId: c.scheduleId,
      startMs: c.startMs,
      endMs: plan.endMs,
      from: c.me,
      to,
      others,
      within: after(c.startMs, plan),
    },
  );
}

/** My running take-over with someone else on call now (a manager's block over its head) and me on call again later
 *  in it: that change, said ("Changed since you planned it: Carol now covers …; you are on call again …"), never
 *  "nothing to hand back" (adv48 round 6 #4); undefined where that is not so. */
export function headOverwritten(
  snapshot: Snapshot,
  scheduleId: string,
  me: string,
  when: { nowMs: number; localZone: string; scheduleZone?: string },
): string | undefined {
  const takeOver = runningTakeOver(snapshot, scheduleId, when.nowMs);
  const now = currentSegment(snapshot, scheduleId, when.nowMs);
  if (!takeOver || !now || now.emails.includes(me)) return undefined;
  const [fromMs, toMs] = [Date.parse(takeOver.start), Date.parse(takeOver.end)];
  const shifts = snapshot.schedules.find((s) => s.id === scheduleId)?.shifts ?? [];
  const mine = segmentsOf(shifts).filter((s) => s.startMs >= now.endMs && s.startMs < toMs && s.emails.includes(me));
  const first = mine[0];
  if (!first) return undefined;
  const window = (a: number, b: number) =>
    formatWindow(new Date(a).toISOString(), new Date(b).toISOString(), { ...when });
  const names = now.users.map((u) => u.name || u.email);
  const holds = `${joinNames(names)} now ${names.length > 1 ? 'cover' : 'covers'} ${window(Math.max(now.startMs, fromMs), now.endMs)}`;
  const again = window(first.startMs, Math.min(toMs, maxOf(mine.map((s) => s.endMs))));
  return `Changed since you planned it: ${holds}; you are on call again ${again}. Nothing was sent: look at it again and choose anew.`;
}
