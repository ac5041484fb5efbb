// A write's window read whole just before it is sent, however long it is. A shifts read spans at most a year (the
// service refuses wider ones), so a longer window is read in pieces of at most that and joined again: a stretch the
// service holds across a piece's bound reads as the one stretch it is (an override of exactly this window still
// shows its own start and end). Every write check reads through here, so none judges a window by its first year.
import type { OncallClient } from '../../api/client-types';
import type { Shift } from '../../api/schemas';
import { toWireInstant } from '../sync/plan';
import type { Held } from './plan-held';
import { isUnread, unreadOf, type Unread } from './unread-words';

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

/** The window's shifts, clipped to it, read whole; Unread when any part can't be read (an error, carried so the
 *  answer can say what the service said; a hole, or a window too long to read). */
export async function readWindowShifts(
  client: OncallClient,
  scheduleId: string,
  startMs: number,
  endMs: number,
): Promise<Shift[] | Unread> {
  if (!(endMs > startMs) || Math.ceil((endMs - startMs) / MAX_READ_MS) > MAX_PIECES) return unreadOf(undefined);
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
    if (!read.ok) return unreadOf(read.error);
    if (read.value.holes.length > 0) return unreadOf(undefined);
    pieces.push(read.value.shifts);
  }
  return joined(pieces, cuts);
}

/** Who is on call over [startMs, endMs) as the service holds it now, gaps as nobody (lower-cased), with the names
 *  the service gives them; undefined when the window can't be read whole (a shift that can't be read, or more than
 *  the read holds). */
export async function readHeld(
  client: OncallClient,
  scheduleId: string,
  startMs: number,
  endMs: number,
): Promise<Held[] | Unread> {
  // A hole (a shift that couldn't be read) could hold anyone: the window tells nothing.
  const shifts = await readWindowShifts(client, scheduleId, startMs, endMs);
  return isUnread(shifts) ? shifts : heldOf(shifts, startMs, endMs);
}

/** The stretches of [startMs, endMs) in shifts read whole over it (or over more than it). */
export function heldOf(shifts: readonly Shift[], startMs: number, endMs: number): Held[] {
  const cuts = new Set([startMs, endMs]);
  for (const s of shifts)
    for (const t of [Date.parse(s.start), Date.parse(s.end)]) if (t > startMs && t < endMs) cuts.add(t);
  const times = [...cuts].sort((a, b) => a - b);
  const names: Record<string, string> = {};
  for (const s of shifts) for (const u of s.users) if (u.name.trim() !== '') names[u.email.toLowerCase()] = u.name;
  return times.slice(0, -1).map((a, i) => {
    const b = times[i + 1] ?? endMs;
    const on = shifts.filter((s) => Date.parse(s.start) < b && Date.parse(s.end) > a);
    const emails = [...new Set(on.flatMap((s) => s.users.map((u) => u.email.toLowerCase())))];
    return { startMs: a, endMs: b, emails, names };
  });
}
