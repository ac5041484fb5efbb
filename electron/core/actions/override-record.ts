// The record of an override this app sent (known as mine from the moment it is sent) and how the service's answer
// is read: a 200 counts only when it describes the override sent.
import type { OncallClient } from '../../api/client-types';
import type { Override } from '../../api/schemas';
import type { OverrideOutcome, OverrideView } from '../../shared/ipc-contract';
import { toPersonView, whatHappened, type ActionDeps } from './common';
import type { PlannedOverride } from './override-window';
import { windowCoveredBy } from './window-coverage';
import type { CreateNote } from './override-again';
import type { CreatedOverride } from '../model/snapshot';
import { answeredAt } from './settle-clock';

/** Created ids are kept this long (the service has no list endpoint; older ones are of no use to the user). */
const CREATED_KEEP_MS = 30 * 24 * 3_600_000;

export function overrideView(scheduleId: string, o: Override): OverrideView {
  return { id: o.id, scheduleId, start: o.start, end: o.end, users: o.users.map(toPersonView) };
}

type Window = Pick<Override, 'start' | 'end'> & { id: string };

/**
 * A write is known as mine from the moment it is sent, not from the moment its answer comes: a read that lands
 * while the answer is awaited, lost or being checked must already see the change as mine. The record is dated
 * again when the outcome is known (see causedByMe in reminders/changes.ts: it explains changes read up to then).
 */
export function recordSent(deps: ActionDeps, plan: PlannedOverride, note?: CreateNote): CreatedOverride {
  const nowMs = deps.clock.now();
  const sent: CreatedOverride = {
    id: '',
    scheduleId: plan.scheduleId,
    start: plan.input.start,
    end: plan.input.end,
    createdAt: new Date(nowMs).toISOString(),
    covering: plan.preview.covering.map((e) => e.toLowerCase()),
    ...note,
  };
  const snap = deps.snapshot.get();
  const kept = snap.createdOverrides.filter((c) => Date.parse(c.end) > nowMs - CREATED_KEEP_MS);
  deps.snapshot.set({ ...snap, createdOverrides: [...kept, sent] });
  return sent;
}

const sameRecord = (a: CreatedOverride, b: CreatedOverride): boolean =>
  a.id === b.id &&
  a.scheduleId === b.scheduleId &&
  a.start === b.start &&
  a.end === b.end &&
  a.createdAt === b.createdAt;

/**
 * The outcome is known: the record gets the stored window (and id, when the answer came) or, when nothing was
 * saved, goes, so it explains no later change. A record no longer there (the service was switched) stays gone.
 * 'unshown': not shown yet but may still land (a 5xx): kept unconfirmed, like one read back from a file, so it is
 * neither offered nor explains a change until a pass shows it (sync/own-overrides.ts; adv48 r14 #2).
 * `mayLand`: the outcome is unknown and the write may land later.
 */
export function settle(
  deps: ActionDeps,
  sent: CreatedOverride,
  outcome: Window | 'not_saved' | 'unshown',
  mayLand = false,
): void {
  const snap = deps.snapshot.get();
  // Two writes sent at once for the same window (other people) leave two equal records: settle one of them.
  const at = snap.createdOverrides.findIndex((c) => sameRecord(c, sent));
  if (at < 0) return;
  const others = snap.createdOverrides.filter((_, i) => i !== at);
  if (outcome === 'not_saved') {
    deps.snapshot.set({ ...snap, createdOverrides: others });
    return;
  }
  if (outcome === 'unshown') {
    // Dated when answered, its settle counted from then on time that does not jump (take-over-earlier.ts).
    const unshown: CreatedOverride = {
      ...sent,
      createdAt: new Date(answeredAt(deps.clock)).toISOString(),
      unconfirmed: true,
    };
    deps.snapshot.set({ ...snap, createdOverrides: [...others, unshown] });
    return;
  }
  const entry: CreatedOverride = {
    ...sent,
    id: outcome.id,
    start: outcome.start,
    end: outcome.end,
    createdAt: new Date(answeredAt(deps.clock)).toISOString(),
    ...(mayLand ? { mayLand: true as const } : {}),
    ...(outcome.id === '' && !mayLand ? { shown: true as const } : {}),
  };
  // One record per id: an id the service gave before is the same override (its older record is replaced).
  const kept = outcome.id === '' ? others : others.filter((c) => c.id !== outcome.id);
  deps.snapshot.set({ ...snap, createdOverrides: [...kept, entry] });
}

export function cachedCovered(deps: ActionDeps, plan: PlannedOverride): boolean {
  const shifts = deps.snapshot.get().schedules.find((s) => s.id === plan.scheduleId)?.shifts ?? [];
  return windowCoveredBy(shifts, plan.startMs, plan.endMs, plan.preview.covering);
}

const NOT_THE_ONE_SENT = "The service's answer describes an override other than the one sent";

/**
 * A 200 is taken as the write landing only when its override is the one sent: the same people, the same start and
 * end. Any other body (other people, another window, the person being replaced) tells nothing about what was saved.
 */
export function describesSent(posted: Override, plan: PlannedOverride): boolean {
  const people = (emails: readonly string[]) => [...new Set(emails.map((e) => e.toLowerCase()))].sort().join(' ');
  return (
    Date.parse(posted.start) === Date.parse(plan.input.start) &&
    Date.parse(posted.end) === Date.parse(plan.input.end) &&
    people(posted.users.map((u) => u.email)) === people(plan.input.user_references.map((r) => r.value))
  );
}

/** Opens the message of a write whose outcome is unknown: its answer was lost, failed, unreadable or another's. */
export function unknownWhy(result: Awaited<ReturnType<OncallClient['createOverride']>>): string {
  if (result.ok) return NOT_THE_ONE_SENT;
  return result.error.kind === 'outcome_unknown'
    ? whatHappened(result.error.cause, result.error.status)
    : whatHappened('unreadable');
}

export async function created(
  deps: ActionDeps,
  plan: PlannedOverride,
  posted: Override,
  sent: CreatedOverride,
): Promise<OverrideOutcome> {
  settle(deps, sent, posted);
  // Read it back: what the service stored is what we show (the POST answer is the fallback).
  const client = deps.client();
  const read = client ? await client.getOverride(plan.scheduleId, posted.id) : undefined;
  const stored = read?.ok ? read.value : posted;
  return { status: 'created', override: overrideView(plan.scheduleId, stored) };
}

/** A write not shown when checked, whose doubt is kept (it may still land): remembered apart from the records of
 *  mine, so it offers nothing (no hand back, no own write to plan on) and only explains a change it makes. */
export function rememberMayLand(deps: ActionDeps, sent: CreatedOverride): void {
  const snap = deps.snapshot.get();
  const nowMs = deps.clock.now();
  const kept = (snap.mayLand ?? []).filter((c) => Date.parse(c.end) > nowMs - CREATED_KEEP_MS);
  deps.snapshot.set({ ...snap, mayLand: [...kept, { ...sent, mayLand: true }] });
}

/** A write whose outcome was unknown, not shown after its settle, the schedule unmoved since just before it
 *  (override-again.ts): its records with no id ("may be in place") go, so they block no send of it. Its may-land
 *  record stays: a service may still apply it later than the settle (adv48 r43 #1), so it stays watched
 *  (sync/late-own.ts) and a press that would write it again is asked first (late-watch.ts). */
export function forgetMayLand(deps: ActionDeps, plan: PlannedOverride): void {
  const snap = deps.snapshot.get();
  const people = plan.preview.covering
    .map((e) => e.toLowerCase())
    .sort()
    .join();
  const it = (c: CreatedOverride) =>
    c.id === '' &&
    c.scheduleId === plan.scheduleId &&
    Date.parse(c.start) === plan.startMs &&
    Date.parse(c.end) === plan.endMs &&
    [...(c.covering ?? [])].sort().join() === people;
  const createdOverrides = snap.createdOverrides.filter((c) => !(it(c) && c.shown !== true));
  deps.snapshot.set({ ...snap, createdOverrides });
}
