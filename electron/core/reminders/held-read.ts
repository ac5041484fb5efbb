// What a held change or correction names must agree with the schedule as read (issue 52, adversarial round 7).
// "Your shift was removed: Mallory is covering…" about a block I never had is a statement the app could not have
// made: every person it names as covering must be one of that schedule's people as read, and a change read back
// from the record at start must rest on a read the app had saved of the time it says I lost (with no saved read,
// the app has no record that the block was mine). A statement that fails is left out and said, never shown.
import type { HeldMessage } from '../storage/fired-store';
import type { Snapshot } from '../model/snapshot';
import { subtract, type Span } from '../sync/kept';
import { knownOf } from './known';

/** The people of a schedule as read: its users, and everyone on its shifts (kept ones included), by user id and by
 *  name. */
function peopleOf(snapshot: Snapshot, scheduleId: string): { ids: Map<string, string>; names: Set<string> } {
  const s = snapshot.schedules.find((x) => x.id === scheduleId);
  const users = s ? [...knownOf(s).shifts.flatMap((x) => x.users), ...(s.details?.users ?? [])] : [];
  return { ids: new Map(users.map((u) => [u.id, u.name])), names: new Set(users.map((u) => u.name)) };
}

const namedCoverers = (h: HeldMessage): string[] => [
  ...(h.change?.coverers ?? []),
  ...(h.correction?.coverers ?? []),
  ...(h.correction?.past?.spans ?? []).flatMap((l) => l.coverers),
];

/** Whether everyone a held statement names as covering is a person of its schedule as read now: by user id, so a
 *  person renamed at the service since is still that person (adv47 r24 #1: the held "Your shift was removed" was
 *  dropped as untrue); by name only for a statement held before ids were (its record has none). */
export function coverersAreKnown(h: HeldMessage, now: Snapshot): boolean {
  const named = namedCoverers(h);
  if (named.length === 0) return true;
  const people = h.scheduleId === undefined ? undefined : peopleOf(now, h.scheduleId);
  const ids = h.change ? h.change.covererIds : h.correction?.covererIds;
  if (ids !== undefined) return ids.length > 0 && ids.every((id) => people?.ids.has(id) === true);
  return named.every((name) => people?.names.has(name) === true);
}

/** A held statement naming who covers as they are named now, from its user ids (a statement held before ids were,
 *  or naming someone not read now, as it was made): its words never carry a name the service has since changed. */
export function coverersNamedNow(h: HeldMessage, now: Snapshot): HeldMessage {
  const people = h.scheduleId === undefined ? undefined : peopleOf(now, h.scheduleId).ids;
  const named = (ids: string[] | undefined): { coverers: string[] } | undefined => {
    const names = (ids ?? []).flatMap((id) => people?.get(id) ?? []);
    return ids === undefined || names.length !== ids.length ? undefined : { coverers: [...new Set(names)] };
  };
  const { change: ch, correction: co } = h;
  const change = ch ? named(ch.covererIds) : undefined;
  const correction = co ? named(co.covererIds) : undefined;
  if (ch && change) return { ...h, change: { ...ch, ...change } };
  return co && correction ? { ...h, correction: { ...co, ...correction } } : h;
}

/** What a change or correction states about my blocks: a held one, or one just planned (engine/reminders-vouched). */
export type LossStatement = Pick<HeldMessage, 'kind' | 'scheduleId' | 'change' | 'correction'>;

/** The time a held change says I lost (blocks before it that are not blocks after it). */
function lostOf(h: Pick<LossStatement, 'change'>): Span[] {
  const c = h.change;
  if (!c) return [];
  const same = (a: Span, b: Span): boolean => a.fromMs === b.fromMs && a.toMs === b.toMs;
  const spans = (list: typeof c.before): Span[] => list.map((r) => ({ fromMs: r.startMs, toMs: r.endMs }));
  const after = spans(c.after);
  return spans(c.before).filter((b) => !after.some((a) => same(a, b)));
}

/**
 * Whether a held change read back at start (held before `startedMs`) rests on a saved read (`atStart`, the
 * account's cache as loaded) that covered the time it says I lost, from `nowMs` on; one held since is the app's
 * own, made from its reads. With no saved read of that time the app has no record that it was ever mine.
 */
export function changeRestsOnRead(
  h: HeldMessage,
  atStart: Snapshot | undefined,
  startedMs: number,
  nowMs: number,
): boolean {
  if (h.kind !== 'change' || h.atMs >= startedMs) return true;
  const s = atStart?.schedules.find((x) => x.id === h.scheduleId);
  if (!s || s.shiftsFetchedAt === null) return false;
  const ahead = lostOf(h)
    .map((l) => ({ fromMs: Math.max(l.fromMs, nowMs), toMs: l.toMs }))
    .filter((l) => l.fromMs < l.toMs);
  return subtract(ahead, knownOf(s).covers).length === 0;
}

// ---- The record of blocks the app had as mine (issue 52, adversarial round 7 #1, the rest) ----------------------
// A saved read of the time a held change speaks of proves nothing about whose it was: "I lost Alice's block" rests on
// a read that shows Alice there. So the app keeps, in the reminders record itself (stamped with whose it is, checked
// when read back, pruned a week after each block ends like every key), the blocks it planned reminders for as mine:
// one key per block, `mine:<schedule>:<start>><end>`, under the account's prefix. A held change or correction about a
// lost block is believed only when that block is on the record.

const MINE =
  /^mine:(sch_[A-Za-z0-9_-]+):(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)>(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)$/;
// Every replan that walks a read puts each block of mine through here (held-read keys): the same few hundred edges
// each time, so their text is kept. Bounded: emptied when full, so a long run's edges can't grow it.
const isoTexts = new Map<number, string>();
const ISO_TEXTS_MAX = 4096;
const isoOf = (ms: number): string => {
  let text = isoTexts.get(ms);
  if (text === undefined) {
    text = new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
    if (isoTexts.size >= ISO_TEXTS_MAX) isoTexts.clear();
    isoTexts.set(ms, text);
  }
  return text;
};

/** A block of mine as the record keeps it (until its end: then pruned after the record's retention). */
export function mineEntry(b: { scheduleId: string; startMs: number; endMs: number }): { key: string; untilMs: number } {
  return { key: `mine:${b.scheduleId}:${isoOf(b.startMs)}>${isoOf(b.endMs)}`, untilMs: b.endMs };
}

/** The blocks of `scheduleId` on the record (keys of one account, without its prefix). */
export function recordedMine(keys: readonly string[], scheduleId: string | undefined): Span[] {
  const spans: Span[] = [];
  for (const key of keys) {
    const m = MINE.exec(key);
    if (!m || m[1] !== scheduleId) continue;
    const fromMs = Date.parse(m[2] ?? '');
    const toMs = Date.parse(m[3] ?? '');
    if (fromMs < toMs) spans.push({ fromMs, toMs });
  }
  return spans;
}

/** The time a held change or correction says I lost: a change's blocks before not after, a correction's block. */
function lostTime(h: LossStatement): Span[] {
  const c = h.correction;
  if (h.kind === 'correction' && c) return [{ fromMs: c.was.startMs, toMs: Math.max(c.was.startMs, c.lostEndMs) }];
  return lostOf(h);
}

/** Whether every block a held change or correction says I lost (from `nowMs` on, or all of it once past) is on the
 *  record of blocks the app had as mine. Other kinds, and a change that loses nothing, are not about a lost block. */
export function lostWasMine(h: LossStatement, keys: readonly string[], nowMs: number): boolean {
  if (h.kind !== 'change' && h.kind !== 'correction') return true;
  const lost = lostTime(h).filter((l) => l.fromMs < l.toMs);
  if (lost.length === 0) return true;
  const ahead = lost.map((l) => ({ fromMs: Math.max(l.fromMs, nowMs), toMs: l.toMs })).filter((l) => l.fromMs < l.toMs);
  return subtract(ahead.length > 0 ? ahead : lost, recordedMine(keys, h.scheduleId)).length === 0;
}
