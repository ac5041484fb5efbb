// A write over the window of an earlier own write that is still WATCHED (its outcome unknown past its 2-minute
// settle: sync/late-own.ts) is never sent in silence (adv48 r43 #1): its result says the earlier one may still be
// applied by the service, and that the app watches for it.
import type { Snapshot, CreatedOverride } from '../model/snapshot';
import { watchedOver } from '../sync/late-own';
import { formatWindow, joinNames } from '../../shared/format';
import type { ActionDeps } from './common';
import { settleLeftMs } from './settle-clock';
import type { PlannedOverride } from './override-window';
import type { Clock } from '../ports';

/** The app's own may-land writes over the plan's window whose settle is over (inside it, the wait rule holds). */
export function stillWatched(
  deps: { snapshot: { get: () => Snapshot }; clock: Clock; serviceWrites?: (snap: Snapshot) => Snapshot },
  plan: PlannedOverride,
) {
  const nowMs = deps.clock.now();
  // Written through either account of the service, the earlier write is the same claim (adv48 r44 #1).
  const snap = deps.snapshot.get();
  return watchedOver(deps.serviceWrites?.(snap) ?? snap, plan.scheduleId, plan.startMs, plan.endMs, nowMs, true).filter(
    (o) => settleLeftMs(deps.clock, Date.parse(o.createdAt)) === 0,
  );
}

/** "Bob Stone, Tue 11:00 – 15:00 (10:00–14:00 UTC)": whom the write puts on call and when, as the house says it. */
export function writeWords(s: Snapshot, o: Pick<CreatedOverride, 'scheduleId' | 'start' | 'end' | 'covering'>, at: At) {
  return `${peopleWords(s, o.scheduleId, o.covering ?? [], at.me)}, ${windowWords(s, o, at)}`;
}

export interface At {
  nowMs: number;
  localZone: string;
  me: string;
}

export function peopleWords(s: Snapshot, scheduleId: string, emails: readonly string[], me: string): string {
  const users = s.schedules.find((x) => x.id === scheduleId)?.details?.users ?? [];
  const lower = (e: string) => e.trim().toLowerCase();
  const nameOf = (e: string) => (e === lower(me) ? 'you' : users.find((u) => lower(u.email) === e)?.name || e);
  return joinNames(emails.map(lower).map(nameOf));
}

export function windowWords(s: Snapshot, o: Pick<CreatedOverride, 'scheduleId' | 'start' | 'end'>, at: At): string {
  const scheduleZone = s.schedules.find((x) => x.id === o.scheduleId)?.details?.time_zone;
  return formatWindow(o.start, o.end, {
    nowMs: at.nowMs,
    localZone: at.localZone,
    ...(scheduleZone ? { scheduleZone } : {}),
  });
}

const atOf = (deps: ActionDeps): At => ({
  nowMs: deps.clock.now(),
  localZone: deps.localZone?.() ?? 'UTC',
  me: deps.settings().email,
});

/** Said with the result of a write sent over a watched one: "Your earlier request (…) may still be applied …". */
export function earlierNote(deps: ActionDeps, watched: readonly CreatedOverride[]): string | undefined {
  return earlierNoteText(deps.snapshot.get(), watched, atOf(deps));
}

/** The note's words for the writes watched (the registry of texts words it from a world through here too). */
export function earlierNoteText(s: Snapshot, watched: readonly CreatedOverride[], at: At): string | undefined {
  const each = watched.map((o) => `Your earlier request (${writeWords(s, o, at)}) may still be applied by the service`);
  return each.length === 0 ? undefined : `${each.join('. ')}; the app watches for it and tells you if it is.`;
}

/** Hand back pressed while my take-over may still be applied (adv48 r44 #4): nothing to hand back yet, and that is
 *  said, never "nothing is running"; its record is marked, so a landing after the ask is told (late-own-teller.ts).
 *  Undefined when no take-over of mine is watched there. */
export function takeOverStillWatched(deps: ActionDeps, scheduleId: string): string | undefined {
  const snap = deps.snapshot.get();
  const nowMs = deps.clock.now();
  const mine = watchedOver(snap, scheduleId, nowMs, Infinity, nowMs, true).filter((o) => o.kind === 'take-over');
  if (mine.length === 0) return undefined;
  const asked = new Date(nowMs).toISOString();
  const mayLand = snap.mayLand?.map((o) => (mine.includes(o) ? { ...o, handBackAsked: asked } : o));
  deps.snapshot.set({ ...snap, ...(mayLand ? { mayLand } : {}) });
  return nothingToHandBackText(snap, mine, atOf(deps));
}

/** Hand back's answer while the take-overs `mine` may still be applied (worded apart so the registry reaches it). */
export function nothingToHandBackText(s: Snapshot, mine: readonly CreatedOverride[], at: At): string {
  const words = mine.map((o) => writeWords(s, o, at)).join('; ');
  return `There is nothing to hand back yet: your take-over (${words}) may still be applied by the service; the app watches for it and tells you if it is.`;
}
