// A write's window read whole just before it is sent, however long it is. A shifts read spans at most a year (the
// service refuses wider ones), so a longer window is read in pieces of at most that and joined again: a stretch the
// service holds across a piece's bound reads as the one stretch it is (an override of exactly this window still
// shows its own start and end). Every write check reads through here, so none judges a window by its first year.
import type { OncallClient } from '../../api/client-types';
import type { Shift } from '../../api/schemas';
import { toWireInstant } from '../sync/plan';

/** The widest read the service takes (it refuses more than 366 days; one day is kept spare). */
export const MAX_READ_MS = 365 * 86_400_000;
/** A window needing more pieces than this (over 20 years) is not read: the check refuses rather than guess. */
const MAX_PIECES = 20;

const people = (s: Shift): string => [...new Set(s.users.map((u) => u.email.toLowerCase()))].sort().join();

/** Shifts of consecutive pieces joined where a piece was cut: the same people on both sides of a cut are one. */
function joined(pieces: readonly Shift[][], cuts: ReadonlySet<number>): Shift[] {
  const out: Shift[] = [];
  for (const piece of pieces)
    for (const s of piece) {
      const at = Date.parse(s.start);
      const before = cuts.has(at) ? out.findIndex((o) => Date.parse(o.end) === at && people(o) === people(s)) : -1;
      const prev = out[before];
      if (prev) out[before] = { ...prev, end: s.end };
      else out.push(s);
    }
  return out;
}

/** The window's shifts, clipped to it, read whole; undefined when any part can't be read (an error, a hole, or a
 *  window too long to read). */
export async function readWindowShifts(
  client: OncallClient,
  scheduleId: string,
  startMs: number,
  endMs: number,
): Promise<Shift[] | undefined> {
  if (!(endMs > startMs) || Math.ceil((endMs - startMs) / MAX_READ_MS) > MAX_PIECES) return undefined;
  const pieces: Shift[][] = [];
  const cuts = new Set<number>();
  for (let a = startMs; a < endMs; a += MAX_READ_MS) {
    const b = Math.min(a + MAX_READ_MS, endMs);
    if (a > startMs) cuts.add(Date.parse(toWireInstant(a)));
    const read = await client.listAllShifts(scheduleId, {
      from: toWireInstant(a),
      to: toWireInstant(b),
      clip_to_interval: true,
    });
    if (!read.ok || read.value.holes.length > 0) return undefined;
    pieces.push(read.value.shifts);
  }
  return joined(pieces, cuts);
}
