// Change notices, due as soon as they are noticed: changes others made to my coverage. They are found by comparing
// my coverage over time (maximal blocks I am on call, per schedule) in the previous and the new snapshot, from now
// on, over time both reads cover: a block added, removed, moved, extended or shortened (the running one too), or
// two joined into one, is one notice, which also says when I am on call next and takes the place of the catch-up
// that block would otherwise get.
import { remindersFor } from '../../shared/settings';
import { blocksOf, isoOf, segmentsOf, type Block } from '../model/segments';
import type { ScheduleSnapshot, Snapshot } from '../model/snapshot';
import { intersect, subtract, type Span as KnownSpan } from '../sync/kept';
import { knownOf } from './known';
import { coveringOf } from './covering';
import { correctionsOf, type CorrectionSides } from './corrections';
import { pastCorrections } from './past-corrections';
import { changeNotification, type ShiftChange } from './notice-messages';
import { MINUTE_MS } from '../../shared/time';
import { startRemindersOf } from '../../shared/start-reminders';
import type { ShiftRef } from './messages';
import { endKey, shiftRef, type PlanInput, type PlannedReminder } from './types';
import { minOf, maxOf } from '../../shared/extremes';

interface Span {
  startMs: number;
  endMs: number;
}

/** The part of time both snapshots describe, from now on: only there is a difference a real change. */
function comparableWindow(before: ScheduleSnapshot, after: ScheduleSnapshot, nowMs: number): Span | undefined {
  if (!before.shiftsFetchedAt || !after.shiftsFetchedAt) return undefined;
  if (!before.shiftsFrom || !before.shiftsTo || !after.shiftsFrom || !after.shiftsTo) return undefined;
  const startMs = Math.max(Date.parse(before.shiftsFrom), Date.parse(after.shiftsFrom), nowMs);
  const endMs = Math.min(Date.parse(before.shiftsTo), Date.parse(after.shiftsTo));
  return startMs < endMs ? { startMs, endMs } : undefined;
}

/** Blocks that touch or overlap (inside the window) belong to one change: a bridge is one notice, not two. */
export interface Component<B extends Span = Block> {
  before: B[];
  after: B[];
}

export function componentsOf<B extends Span>(before: readonly B[], after: readonly B[], w: Span): Component<B>[] {
  const clip = (b: B): Span => ({ startMs: Math.max(b.startMs, w.startMs), endMs: Math.min(b.endMs, w.endMs) });
  const items = [
    ...before.map((b) => ({ side: 'before' as const, b, c: clip(b) })),
    ...after.map((b) => ({ side: 'after' as const, b, c: clip(b) })),
  ]
    .filter((x) => x.c.startMs < x.c.endMs)
    .sort((x, y) => x.c.startMs - y.c.startMs);
  const out: (Component<B> & { endMs: number })[] = [];
  for (const x of items) {
    let comp = out[out.length - 1];
    if (!comp || x.c.startMs > comp.endMs) out.push((comp = { before: [], after: [], endMs: x.c.endMs }));
    comp[x.side].push(x.b);
    comp.endMs = Math.max(comp.endMs, x.c.endMs);
  }
  // Unchanged when both sides cover the same time inside the window.
  const same = (c: Component<B>): boolean =>
    c.before.length === c.after.length &&
    c.before.every((b, i) => {
      const a = c.after[i];
      return a !== undefined && clip(a).startMs === clip(b).startMs && clip(a).endMs === clip(b).endMs;
    });
  return out.filter((c) => !same(c)).map(({ before: b, after: a }) => ({ before: b, after: a }));
}

const spanKey = (blocks: readonly Block[]): string =>
  blocks.length === 0 ? 'none' : blocks.map((b) => `${isoOf(b.startMs)}-${isoOf(b.endMs)}`).join(',');

/**
 * My own override explains a change only when the old data may predate it: that read started (reads are dated by
 * their start) no later than the instant the write's outcome was known, which is what `createdAt` holds (while
 * the answer is awaited: when it was sent). An equal instant counts, as that read may have missed the write.
 */
function causedByMe(c: Component, before: ScheduleSnapshot, snapshot: Snapshot, scheduleId: string): boolean {
  const readMs = Date.parse(before.shiftsFetchedAt ?? '');
  const blocks = [...c.before, ...c.after];
  return [...snapshot.createdOverrides, ...(snapshot.mayLand ?? [])].some((o) => {
    // One read back from a file explains nothing until the service showed it (issue 52).
    if (o.unconfirmed || o.scheduleId !== scheduleId) return false;
    // A write whose outcome was unknown may land after any read (adv47 r16 #4): it explains the change it makes.
    if (!o.mayLand && !(Date.parse(o.createdAt) >= readMs)) return false;
    const startMs = Date.parse(o.start);
    const endMs = Date.parse(o.end);
    return blocks.some((b) => b.startMs <= endMs && startMs <= b.endMs);
  });
}

/** The keys of the reminders of my next block in this change that are already due, by its schedule's own choice
 *  (as they were planned): the notice replaces them. */
function replacedKeys(next: ShiftRef, input: PlanInput): string[] {
  const due = startRemindersOf(next.startMs, remindersFor(input.settings, next.scheduleId)).filter(
    (r) => r.atMs <= input.nowMs,
  );
  return due.map((r) => (r.kind === 'start' ? `${next.group}:start` : `${next.group}:lead${r.leadMin}`));
}

/**
 * A running shift of mine cut short to an end before now (the change was made, or noticed, after it): the window
 * starts now, so its new, ended block lies outside it and the change would read as a removal of all of it. The
 * ended block that overlaps a block of the change's before side belongs to the change.
 */
function withCutShort(c: Component, afterBlocks: readonly Block[], windowStartMs: number): Component {
  if (c.after.length > 0) return c;
  const cut = afterBlocks.filter(
    (a) => a.endMs <= windowStartMs && c.before.some((b) => b.startMs < a.endMs && a.startMs < b.endMs),
  );
  return cut.length > 0 ? { before: c.before, after: cut } : c;
}

/** Whether my time before and after differs anywhere inside `spans` (the time both reads cover). */
function differsWithin(c: Component, spans: readonly KnownSpan[]): boolean {
  const spansOf = (blocks: readonly Block[]): KnownSpan[] => blocks.map((b) => ({ fromMs: b.startMs, toMs: b.endMs }));
  const [was, is] = [spansOf(c.before), spansOf(c.after)];
  return intersect([...subtract(was, is), ...subtract(is, was)], spans).length > 0;
}

/** Both sides of a comparison: each snapshot with its segments (of what it knows); the corrections read the same. */
type Sides = CorrectionSides;

/** The notice for one change, due now; it takes the place of the reminders of my next block already due. */
function noticeOf(c: Component, sides: Sides, windowStartMs: number, input: PlanInput): PlannedReminder {
  const { before, after, beforeSegs, afterSegs, me, zone } = sides;
  const key = `change:${after.id}:${spanKey(c.before)}>${spanKey(c.after)}`;
  // What I lost from now on: all of it, or (cut short) what followed the new end.
  const cutEndMs = maxOf(c.after.map((b) => b.endMs));
  const lostSpan = {
    startMs: Math.max(windowStartMs, c.before[0]?.startMs ?? 0, cutEndMs),
    endMs: c.before[c.before.length - 1]?.endMs ?? 0,
  };
  const lostAll = c.after.every((b) => b.endMs <= input.nowMs);
  const change: ShiftChange = {
    before: c.before.map((b) => shiftRef(before, beforeSegs, b, zone)),
    after: c.after.map((b) => shiftRef(after, afterSegs, b, zone)),
    ...(lostAll ? coveringOf(afterSegs, [lostSpan], me) : { coverers: [] }),
  };
  const next = change.after.find((r) => r.endMs > input.nowMs);
  const untilMs = maxOf(
    [...c.before, ...c.after].map((b) => b.endMs),
    input.nowMs + MINUTE_MS,
  );
  const notification = changeNotification(key, change, input.nowMs, input);
  // A shift cut short to an end already past: the notice says it ended, in place of a late "Shift ended".
  const cut = c.after
    .filter((b) => b.endMs <= input.nowMs)
    .map((b) => endKey({ scheduleId: after.id, endMs: b.endMs }));
  const replaces = [...(next ? replacedKeys(next, input) : []), ...cut];
  // Urgent while quiet when any shift it concerns (removed, moved or new) starts before quiet time ends.
  const mustPrecedeMs = minOf([...c.before, ...c.after].map((b) => b.startMs));
  const about = { ...(next ? { startsAtMs: next.startMs } : {}), mustPrecedeMs };
  return { key, atMs: input.nowMs, kind: 'change', untilMs, notification, replaces, change, ...about };
}

function scheduleChanges(
  before: ScheduleSnapshot,
  after: ScheduleSnapshot,
  snapshot: Snapshot,
  input: PlanInput,
  zone: string,
): PlannedReminder[] {
  const [known, knownNow] = [knownOf(before), knownOf(after)];
  if (!before.shiftsFetchedAt || !after.shiftsFetchedAt || known.shifts === knownNow.shifts) return [];
  // Only time both reads cover (or kept from the last read that did) can show a change: a hole is not a removal.
  const covered = intersect(known.covers, knownNow.covers);
  const window = comparableWindow(before, after, input.nowMs);
  const me = input.settings.email.trim().toLowerCase();
  const sides = {
    before,
    after,
    beforeSegs: segmentsOf(known.shifts),
    afterSegs: segmentsOf(knownNow.shifts),
    me,
    zone,
  };
  const [beforeBlocks, afterBlocks] = [blocksOf(sides.beforeSegs, me), blocksOf(sides.afterSegs, me)];
  const items: PlannedReminder[] = [];
  const told = new Set<Block>();
  const both = window ? intersect([{ fromMs: window.startMs, toMs: window.endMs }], covered) : [];
  for (const found of window ? componentsOf(beforeBlocks, afterBlocks, window) : []) {
    const c = withCutShort(found, afterBlocks, window?.startMs ?? input.nowMs);
    if (!differsWithin(c, both)) continue;
    // My own override is no change to tell; a reminder already shown for time it gave away is corrected.
    if (causedByMe(c, before, snapshot, after.id)) items.push(...correctionsOf(c, sides, input));
    else {
      items.push(noticeOf(c, sides, window?.startMs ?? input.nowMs, input));
      for (const b of c.before) told.add(b);
    }
  }
  // Time already past is outside the window: what was said about it is corrected there (./past-corrections).
  return [...items, ...pastCorrections(beforeBlocks, afterBlocks, covered, told, sides, input)];
}

export function changeReminders(input: PlanInput, previous: Snapshot, zone: string): PlannedReminder[] {
  const watched = new Set(input.settings.schedules.map((w) => w.id));
  const before = new Map(previous.schedules.map((s) => [s.id, s]));
  const done = new Set<string>();
  return input.snapshot.schedules.flatMap((after) => {
    const prev = before.get(after.id);
    // While a schedule answers 404 nothing is told from it. Its data then stays what was known before the 404s
    // (sync keeps it untouched), so once it answers again the comparison spans the whole episode: a change made
    // meanwhile is told then, once.
    if (!watched.has(after.id) || !prev || after.notFound || done.has(after.id)) return [];
    if (!remindersFor(input.settings, after.id).shiftChanges) return [];
    done.add(after.id);
    return scheduleChanges(prev, after, input.snapshot, input, zone);
  });
}
