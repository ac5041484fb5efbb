// Reminders that are due as soon as they are noticed: new coverage requests asking me, and changes others made
// to my upcoming shifts (found by comparing my shifts in the previous and the new snapshot).
import { blocksOf, isoOf, segmentsOf, type Block } from '../state/segments';
import { coverageLists } from '../state/status';
import { changeNotification, coverageNotification, coverageSummaryNotification, type ShiftChange } from './messages';
import { shiftRef, type PlanInput, type PlannedReminder } from './types';
import type { ScheduleSnapshot, Snapshot } from '../sync/snapshot';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export function coverageReminders(input: PlanInput): PlannedReminder[] {
  const { snapshot, nowMs } = input;
  if (snapshot.coverageFetchedAt === null) return [];
  const asking = coverageLists(snapshot, nowMs, input.settings.email.trim().toLowerCase()).askingMe;
  const zones = new Map(snapshot.schedules.map((s) => [s.id, s.details?.time_zone]));
  const zoneOf = (id: string): string | undefined => zones.get(id) ?? undefined;
  const items: PlannedReminder[] = asking.map((c) => ({
    key: `coverage:${c.id}`,
    atMs: nowMs,
    kind: 'coverage',
    untilMs: Math.max(nowMs + WEEK_MS, ...c.shifts.map((s) => Date.parse(s.end))),
    notification: coverageNotification(c, nowMs, input, zoneOf),
  }));
  const firstSync = !input.previous || input.previous.coverageFetchedAt === null;
  if (!firstSync || items.length < 2) return items;
  // Already waiting at install time: one summary that settles each request, instead of a burst.
  const settles = items.map((i) => i.key).sort();
  const key = `coverage:first-sync:${settles.join(',')}`;
  const untilMs = Math.max(...items.map((i) => i.untilMs));
  return [{ key, atMs: nowMs, kind: 'coverage', untilMs, settles, notification: coverageSummaryNotification(key, asking) }];
}

const overlaps = (a: { startMs: number; endMs: number }, b: { startMs: number; endMs: number }): boolean =>
  a.startMs < b.endMs && b.startMs < a.endMs;

/** The part of time both snapshots describe, from now on: only there is a difference a real change. */
function comparableWindow(before: ScheduleSnapshot, after: ScheduleSnapshot, nowMs: number): { startMs: number; endMs: number } | undefined {
  if (!before.shiftsFetchedAt || !after.shiftsFetchedAt) return undefined;
  if (!before.shiftsFrom || !before.shiftsTo || !after.shiftsFrom || !after.shiftsTo) return undefined;
  const startMs = Math.max(Date.parse(before.shiftsFrom), Date.parse(after.shiftsFrom), nowMs);
  const endMs = Math.min(Date.parse(before.shiftsTo), Date.parse(after.shiftsTo));
  return startMs < endMs ? { startMs, endMs } : undefined;
}

type BlockChange = { kind: 'removed'; before: Block } | { kind: 'moved'; before: Block; after: Block } | { kind: 'added'; after: Block };

function diffBlocks(before: readonly Block[], after: readonly Block[]): BlockChange[] {
  const changes: BlockChange[] = [];
  for (const b of before) {
    const match = after.find((a) => overlaps(a, b));
    if (!match) changes.push({ kind: 'removed', before: b });
    else if (match.startMs !== b.startMs || match.endMs !== b.endMs) changes.push({ kind: 'moved', before: b, after: match });
  }
  for (const a of after) if (!before.some((b) => overlaps(a, b))) changes.push({ kind: 'added', after: a });
  return changes;
}

function changeKey(scheduleId: string, c: BlockChange): string {
  const span = (b: Block): string => `${isoOf(b.startMs)}-${isoOf(b.endMs)}`;
  const from = c.kind === 'added' ? 'none' : span(c.before);
  const to = c.kind === 'removed' ? 'none' : span(c.after);
  return `change:${scheduleId}:${from}>${to}`;
}

function scheduleChanges(before: ScheduleSnapshot, after: ScheduleSnapshot, snapshot: Snapshot, input: PlanInput, zone: string): PlannedReminder[] {
  const window = comparableWindow(before, after, input.nowMs);
  if (!window || before.shifts === after.shifts) return [];
  const me = input.settings.email.trim().toLowerCase();
  // Only shifts not started yet and strictly inside the window both snapshots cover (one touching a horizon end
  // may be clipped there, so its length is not known).
  const inWindow = (b: Block): boolean => b.startMs > input.nowMs && b.startMs >= window.startMs && b.endMs < window.endMs;
  const beforeSegs = segmentsOf(before.shifts);
  const afterSegs = segmentsOf(after.shifts);
  const mine = snapshot.createdOverrides.filter((o) => o.scheduleId === after.id);
  const byMe = (b: Block): boolean => mine.some((o) => overlaps(b, { startMs: Date.parse(o.start), endMs: Date.parse(o.end) }));
  const items: PlannedReminder[] = [];
  for (const c of diffBlocks(blocksOf(beforeSegs, me).filter(inWindow), blocksOf(afterSegs, me).filter(inWindow))) {
    const blocks = c.kind === 'moved' ? [c.before, c.after] : c.kind === 'added' ? [c.after] : [c.before];
    if (blocks.some(byMe)) continue;
    const change: ShiftChange =
      c.kind === 'removed'
        ? { kind: 'removed', before: shiftRef(before, beforeSegs, c.before, zone) }
        : c.kind === 'added'
          ? { kind: 'added', after: shiftRef(after, afterSegs, c.after, zone) }
          : { kind: 'moved', before: shiftRef(before, beforeSegs, c.before, zone), after: shiftRef(after, afterSegs, c.after, zone) };
    const key = changeKey(after.id, c);
    const untilMs = Math.max(...blocks.map((b) => b.endMs));
    items.push({ key, atMs: input.nowMs, kind: 'change', untilMs, notification: changeNotification(key, change, input.nowMs, input) });
  }
  return items;
}

export function changeReminders(input: PlanInput, previous: Snapshot, zone: string): PlannedReminder[] {
  const watched = new Set(input.settings.schedules.map((w) => w.id));
  const before = new Map(previous.schedules.map((s) => [s.id, s]));
  return input.snapshot.schedules.flatMap((after) => {
    const prev = before.get(after.id);
    if (!watched.has(after.id) || !prev || after.notFound) return [];
    return scheduleChanges(prev, after, input.snapshot, input, zone);
  });
}
