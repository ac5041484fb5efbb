// A write of this app's own whose outcome stayed unknown past its 2-minute settle (a 5xx or a lost answer, not shown
// when checked) may still be applied by the service, long after (adv48 r43 #1: a 504 applied at 200 s). It stays
// WATCHED, on the may-land record the snapshot already keeps and saves (actions/override-record.ts rememberMayLand),
// on the normal sync reads: no extra request. Bounded: until its window ends, or a day after it was answered. When a
// read shows it, it is seen once: over a later own write with other people it is news (the service now holds the
// stale choice), told once.
import type { CreatedOverride, Snapshot } from '../model/snapshot';
import { heldAtEdges } from './held-edges';

/** How long a write not shown after its settle is watched at most (its window's end comes first when sooner). */
export const WATCH_LATE_MS = 24 * 3_600_000;

const people = (emails: readonly string[] | undefined): string =>
  [...new Set((emails ?? []).map((e) => e.trim().toLowerCase()))].sort().join(' ');

const overlaps = (o: Pick<CreatedOverride, 'start' | 'end'>, startMs: number, endMs: number): boolean =>
  Date.parse(o.start) < endMs && Date.parse(o.end) > startMs;

/** The may-land records still watched on `scheduleId` over [startMs, endMs): not yet seen, window not over, answered
 *  less than a day ago; and, unless `claims`, not read back unconfirmed from a file (a claim until a read checks it:
 *  the landing is told only of a checked record). "May still be applied" is the same claim either way, so the note
 *  takes the claims too (adv48 r44 #3: after a restart the note was lost). */
export function watchedOver(
  s: Snapshot,
  scheduleId: string,
  startMs: number,
  endMs: number,
  nowMs: number,
  claims = false,
) {
  return (s.mayLand ?? []).filter(
    (o) =>
      o.scheduleId === scheduleId &&
      o.lateSeen === undefined &&
      (claims || o.unconfirmed === undefined) &&
      o.covering !== undefined &&
      Date.parse(o.end) > nowMs &&
      nowMs - Date.parse(o.createdAt) < WATCH_LATE_MS &&
      overlaps(o, startMs, endMs),
  );
}

/** A watched write the schedule now shows, and what it came over. */
export interface LateLanding {
  write: CreatedOverride;
  /** The later own write (other people) it landed over; absent: a take-over the user asked to hand back first. */
  over?: CreatedOverride;
}

/** The own writes made after `o` (answered later) over part of its window. */
const laterOwn = (s: Snapshot, o: CreatedOverride): CreatedOverride[] =>
  s.createdOverrides.filter(
    (c) =>
      c.scheduleId === o.scheduleId &&
      Date.parse(c.createdAt) > Date.parse(o.createdAt) &&
      overlaps(c, Date.parse(o.start), Date.parse(o.end)),
  );

/** Marks each watched write the fresh shifts now show as seen (so it is said once, never again) and returns those
 *  that landed after a later own write over their window: the news to tell. The later writes are the service's
 *  (`service`: `s` with every account's records of it), whichever key wrote them (adv48 r44 #1); the watched ones
 *  are `s`'s own, so each is marked and told by the account that wrote it, once. */
export function lateLandings(s: Snapshot, nowMs: number, service = s): { snapshot: Snapshot; landed: LateLanding[] } {
  const landed: LateLanding[] = [];
  const mayLand = s.mayLand?.map((o) => {
    if (watchedOver(s, o.scheduleId, Date.parse(o.start), Date.parse(o.end), nowMs).indexOf(o) < 0) return o;
    const shifts = s.schedules.find((x) => x.id === o.scheduleId)?.shifts ?? [];
    if (!heldAtEdges(shifts, Date.parse(o.start), Date.parse(o.end), o.covering ?? [])) return o;
    // Shown over a later own write of other people: only this write can have put its people back there. A later
    // write of the same people shows the same, so nothing tells whether this one landed too: said nowhere.
    const over = laterOwn(service, o).find((c) => people(c.covering) !== people(o.covering));
    if (over) landed.push({ write: o, over });
    // A take-over landing after the user asked to hand it back: they asked to be off call, so it is news too (r44 #4).
    else if (o.kind === 'take-over' && o.handBackAsked !== undefined) landed.push({ write: o });
    return { ...o, lateSeen: true as const };
  });
  if (!mayLand || mayLand.every((o, i) => o === s.mayLand?.[i])) return { snapshot: s, landed };
  return { snapshot: { ...s, mayLand }, landed };
}
