// The reads the reminders rest on, in the known timeline: over time the latest read couldn't read (a hole, past its
// range), sync keeps what the last read that did cover it said (core/sync/kept.ts), and reminders speak from it
// ("According to saved data from 06:00"). The timeline shows the same: such time stays `unknown` (nothing is stated
// of it as fact), and carries `saved`, who that earlier read had on call there and when it was made. So the week and
// the reminders give one answer, and a reminder's basis is read from the timeline (savedReadAtMs).
import type { KeptShifts } from './snapshot';
import type { Person } from '../../shared/view-state';
import { readingsIn, type UnknownWhy } from '../../shared/basis';
import { instantMs, segmentsOf } from './segments';
import { maxOf } from '../../shared/extremes';

/** What an earlier read, kept over unknown time, had there: its people (none: nobody on call) and when it was made. */
export interface SavedRead {
  readAtMs: number;
  users: Person[];
}

/** One stretch of a known timeline (core/model/timeline.ts, defined here so the two modules form no cycle). */
export interface Stretch {
  startMs: number;
  endMs: number;
  kind: 'people' | 'nobody' | 'unknown';
  /** Who is on call (people); in a hole, who is known to be on call at least (others may be too). */
  users: Person[];
  /** Sorted ids of `users`: equal keys mean the same people. */
  key: string;
  why?: UnknownWhy;
  /** Unknown time an earlier read did cover, kept by sync: what it had there. Reminders speak from it (saying it is
   *  saved data); no statement of fact rests on it. */
  saved?: SavedRead;
}

interface Piece extends SavedRead {
  startMs: number;
  endMs: number;
}

const NOBODY: Person[] = [];

/** Each kept read as pieces back to back over its span: its segments, nobody between them. */
function piecesOf(kept: readonly KeptShifts[]): Piece[] {
  const out: Piece[] = [];
  for (const k of kept) {
    const [fromMs, toMs, readAtMs] = [instantMs(k.from), instantMs(k.to), instantMs(k.readAt)];
    let at = fromMs;
    for (const seg of segmentsOf(k.shifts)) {
      const [a, b] = [Math.max(seg.startMs, fromMs), Math.min(seg.endMs, toMs)];
      if (a >= b) continue;
      if (a > at) out.push({ startMs: at, endMs: a, readAtMs, users: NOBODY });
      out.push({ startMs: a, endMs: b, readAtMs, users: seg.users });
      at = b;
    }
    if (at < toMs) out.push({ startMs: at, endMs: toMs, readAtMs, users: NOBODY });
  }
  return out.sort((x, y) => x.startMs - y.startMs);
}

const filler = (startMs: number, endMs: number, why: UnknownWhy): Stretch => ({
  startMs,
  endMs,
  kind: 'unknown',
  why,
  users: NOBODY,
  key: '',
});

/** The timeline's stretches with the kept reads laid into its unknown time (split where they begin and end). */
export function withKept(stretches: readonly Stretch[], kept: readonly KeptShifts[]): Stretch[] {
  const pieces = piecesOf(kept);
  const first = pieces[0];
  if (!first) return [...stretches];
  const lo = Math.min(stretches[0]?.startMs ?? Infinity, first.startMs);
  const hi = maxOf(
    pieces.map((p) => p.endMs),
    stretches[stretches.length - 1]?.endMs ?? -Infinity,
  );
  const own = new Set(stretches);
  const out: Stretch[] = [];
  let pi = 0;
  for (const r of readingsIn(stretches, lo, hi, filler)) {
    const [a0, b0] = [Math.max(r.startMs, lo), Math.min(r.endMs, hi)];
    if (r.kind !== 'unknown') {
      out.push(r);
      continue;
    }
    const part = (a: number, b: number, saved?: SavedRead): void => {
      if (a < b && (saved || own.has(r))) out.push({ ...r, startMs: a, endMs: b, ...(saved ? { saved } : {}) });
    };
    while (pi < pieces.length && (pieces[pi]?.endMs ?? Infinity) <= a0) pi++;
    let at = a0;
    for (let i = pi; i < pieces.length; i++) {
      const p = pieces[i];
      if (!p || p.startMs >= b0) break;
      const [a, b] = [Math.max(p.startMs, a0), Math.min(p.endMs, b0)];
      part(at, a);
      part(a, b, { readAtMs: p.readAtMs, users: p.users });
      at = b;
    }
    part(at, b0);
  }
  return out;
}

/** When the oldest saved read under [startMs, endMs) was made: the time rests on it, not on the latest read. */
export function savedReadAtMs(stretches: readonly Stretch[], startMs: number, endMs: number): number | undefined {
  let oldest: number | undefined;
  for (const s of readingsIn(stretches, startMs, endMs, filler))
    if (s.saved && (oldest === undefined || s.saved.readAtMs < oldest)) oldest = s.saved.readAtMs;
  return oldest;
}
