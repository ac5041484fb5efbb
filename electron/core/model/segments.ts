// Turns a schedule's cached shifts into "segments": maximal time spans over which the same set of people is on
// call. Overlapping shifts (concurrent layers) are unioned and back-to-back shifts of the same people merge, so
// "now" and "next" read as a person would say them. Computed once per shifts array (a WeakMap keyed on the
// snapshot's array), so re-deriving at every tick costs a binary search, not a re-parse of ISO strings.
import type { Shift, User } from '../../api/schemas';
import type { Person } from '../../shared/view-state';

export interface Segment {
  startMs: number;
  endMs: number;
  users: Person[];
  /** Lower-cased e-mails of `users`, for "am I on call". */
  emails: string[];
  /** Sorted user ids: equal keys mean the same people. */
  key: string;
}

interface Timed {
  startMs: number;
  endMs: number;
  users: Person[];
  emails: string[];
  key: string;
}

const cache = new WeakMap<readonly Shift[], Segment[]>();

const digits = (s: string, from: number, to: number): number => {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return NaN;
    n = n * 10 + d;
  }
  return n;
};

/** Epoch ms of an instant. The service's canonical `YYYY-MM-DDTHH:MM:SSZ` is read directly (about 10× faster than
 *  Date.parse, which dominated deriving state right after a sync); anything else goes to Date.parse. */
export function instantMs(s: string): number {
  if (s.length !== 20 || s.charCodeAt(19) !== 90 /* Z */ || s.charCodeAt(10) !== 84 /* T */) return Date.parse(s);
  // Plain locals, no array: this runs twice per shift right after a sync, and each array was garbage.
  const month = digits(s, 5, 7);
  const day = digits(s, 8, 10);
  const hour = digits(s, 11, 13);
  const minute = digits(s, 14, 16);
  const second = digits(s, 17, 19);
  // Out-of-range fields would roll over in Date.UTC; Date.parse judges those (as NaN).
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour < 24 && minute < 60 && second < 60))
    return Date.parse(s);
  const ms = Date.UTC(digits(s, 0, 4), month - 1, day, hour, minute, second);
  return Number.isNaN(ms) ? Date.parse(s) : ms;
}

/** Instants written out lately: handoffs line up on the same hours across schedules and ticks, and formatting a
 *  Date is most of what deriving My shifts costs right after a sync. Bounded: cleared when it grows large. */
const isoMemo = new Map<number, string>();
const ISO_MEMO_MAX = 20_000;

/** Canonical UTC ISO for display data: whole seconds drop the ".000". */
export function isoOf(ms: number): string {
  const hit = isoMemo.get(ms);
  if (hit !== undefined) return hit;
  if (isoMemo.size >= ISO_MEMO_MAX) isoMemo.clear();
  const iso = new Date(ms).toISOString().replace('.000Z', 'Z');
  isoMemo.set(ms, iso);
  return iso;
}

export function toPerson(u: Pick<User, 'id' | 'name' | 'email'>): Person {
  return { id: u.id, name: u.name, email: u.email };
}

function peopleKey(users: readonly Person[]): string {
  const [a, b] = users;
  if (users.length === 1) return a?.id ?? '';
  // Two people (a second layer, concurrent on-call) is common: no array to sort for them.
  if (users.length === 2 && a && b) return a.id <= b.id ? `${a.id},${b.id}` : `${b.id},${a.id}`;
  return users
    .map((u) => u.id)
    .sort()
    .join(',');
}

function toTimed(startMs: number, endMs: number, users: Person[]): Timed {
  return { startMs, endMs, users, emails: users.map((u) => u.email.toLowerCase()), key: peopleKey(users) };
}

/** Who is on call while several shifts overlap: everyone in them, once. */
function unionOf(active: readonly Timed[]): Timed {
  const first = active[0];
  if (active.length === 1 && first) return first;
  const seen = new Set<string>();
  const people: Person[] = [];
  for (const t of active) {
    for (const u of t.users) {
      if (seen.has(u.id)) continue;
      seen.add(u.id);
      people.push(u);
    }
  }
  return toTimed(0, 0, people);
}

/** True when no two shifts overlap and they come in order: the service's usual answer, merged segments. */
function inOrderWithoutOverlap(timed: readonly Timed[]): boolean {
  for (let i = 1; i < timed.length; i++) {
    if ((timed[i]?.startMs ?? 0) < (timed[i - 1]?.endMs ?? 0)) return false;
  }
  return true;
}

/** The common case in one pass: only back-to-back shifts of the same people need merging. */
function mergeAdjacent(timed: Timed[]): Segment[] {
  // The timed shifts are this call's own: each one that starts a segment becomes it (no copy).
  const segments: Segment[] = [];
  for (const t of timed) {
    const prev = segments[segments.length - 1];
    if (prev && prev.endMs === t.startMs && prev.key === t.key) prev.endMs = t.endMs;
    else segments.push(t);
  }
  return segments;
}

/** Sweep over the sorted boundaries, keeping the shifts active in each span. */
function sweep(timed: Timed[]): Segment[] {
  if (inOrderWithoutOverlap(timed)) return mergeAdjacent(timed);
  const bounds = [...new Set(timed.flatMap((t) => [t.startMs, t.endMs]))].sort((a, b) => a - b);
  const byStart = [...timed].sort((a, b) => a.startMs - b.startMs);
  const segments: Segment[] = [];
  let active: Timed[] = [];
  let next = 0;
  for (let i = 0; i + 1 < bounds.length; i++) {
    const from = bounds[i] ?? 0;
    const to = bounds[i + 1] ?? 0;
    if (active.some((t) => t.endMs <= from)) active = active.filter((t) => t.endMs > from);
    while (next < byStart.length && (byStart[next]?.startMs ?? Infinity) <= from) {
      const t = byStart[next++];
      if (t && t.endMs > from) active.push(t);
    }
    if (active.length === 0) continue;
    const on = unionOf(active);
    const prev = segments[segments.length - 1];
    if (prev && prev.endMs === from && prev.key === on.key) prev.endMs = to;
    else segments.push({ startMs: from, endMs: to, users: on.users, emails: on.emails, key: on.key });
  }
  return segments;
}

type OnCall = Pick<Timed, 'users' | 'emails' | 'key'>;

/** Who is on call in a shift, made once per set of people in a read: a rotation repeats the same few, so their
 *  lists, lower-cased e-mails and key are shared by all their shifts instead of made again for each. */
function peopleOfRead(): (users: readonly User[]) => OnCall {
  const seen = new Map<string, OnCall>();
  const same = (a: readonly Person[], b: readonly User[]): boolean =>
    a.length === b.length && a.every((p, i) => p.id === b[i]?.id && p.name === b[i]?.name && p.email === b[i]?.email);
  return (users) => {
    const ids = users.length === 1 ? (users[0]?.id ?? '') : users.map((u) => u.id).join('\n');
    const known = seen.get(ids);
    if (known && same(known.users, users)) return known;
    const on = toTimed(0, 0, users.map(toPerson));
    const shared = { users: on.users, emails: on.emails, key: on.key };
    seen.set(ids, shared);
    return shared;
  };
}

/** Segments of a shifts array (cached); shifts with unparseable or empty windows are ignored. */
export function segmentsOf(shifts: readonly Shift[]): Segment[] {
  const hit = cache.get(shifts);
  if (hit) return hit;
  const people = peopleOfRead();
  const timed: Timed[] = [];
  for (const s of shifts) {
    const startMs = instantMs(s.start);
    const endMs = instantMs(s.end);
    if (Number.isFinite(startMs) && Number.isFinite(endMs) && endMs > startMs) {
      const on = people(s.users);
      timed.push({ startMs, endMs, users: on.users, emails: on.emails, key: on.key });
    }
  }
  const segments = sweep(timed);
  cache.set(shifts, segments);
  return segments;
}

/** Index of the first span whose end is after `ms` (spans sorted and disjoint: segments, timeline stretches). */
// The one binary search over sorted, disjoint spans (shared/basis.ts), for segments as for the timeline.
export { firstEndingAfter } from '../../shared/basis';
import { firstEndingAfter } from '../../shared/basis';

/** The segment covering `nowMs` (if any) and the first one starting after it. */
export function nowAndNext(segments: readonly Segment[], nowMs: number): { now?: Segment; next?: Segment } {
  const i = firstEndingAfter(segments, nowMs);
  const candidate = segments[i];
  if (candidate && candidate.startMs <= nowMs) return { now: candidate, next: segments[i + 1] };
  return { next: candidate };
}

export interface Block {
  startMs: number;
  endMs: number;
  /** Who else is on call at the block's start. */
  others: Person[];
}

const blocksMemo = new WeakMap<readonly Segment[], { emailLower: string; blocks: readonly Block[] }>();

/** blocksOf, computed once per segments array (one per read) and e-mail: the state asks for my blocks of every
 *  schedule at every derivation (my shifts, my load, coverage), and they change only with a new read. Read-only. */
export function myBlocksOf(segments: readonly Segment[], emailLower: string): readonly Block[] {
  const hit = blocksMemo.get(segments);
  if (hit && hit.emailLower === emailLower) return hit.blocks;
  const blocks = blocksOf(segments, emailLower);
  blocksMemo.set(segments, { emailLower, blocks });
  return blocks;
}

/** My on-call blocks: consecutive segments that include me merge, whoever else joins or leaves. */
export function blocksOf(segments: readonly Segment[], emailLower: string): Block[] {
  const blocks: Block[] = [];
  if (emailLower === '') return blocks;
  for (const seg of segments) {
    if (!seg.emails.includes(emailLower)) continue;
    const prev = blocks[blocks.length - 1];
    if (prev && prev.endMs === seg.startMs) prev.endMs = seg.endMs;
    else {
      const others = seg.users.filter((u) => u.email.toLowerCase() !== emailLower);
      blocks.push({ startMs: seg.startMs, endMs: seg.endMs, others });
    }
  }
  return blocks;
}
