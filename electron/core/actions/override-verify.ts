// A create-override whose answer never came back is never sent again. Instead we read the schedule's shifts
// over that window: if exactly the covering people are on call for all of it (and were not before), the
// override is in place; if not, it most likely was not saved. A failed check says "unknown, check the schedule".
import type { OncallClient } from '../../api/client-types';
import type { OverrideOutcome } from '../../shared/ipc-contract';
import type { Clock } from '../ports';
import { whatHappened } from './common';
import { answerOfRecord, type WriteAnswer } from '../../shared/write-answer';
import { windowCoveredBy } from './window-coverage';
import { readWindowShifts } from './window-read';
import { isUnread } from './unread-words';
import { heldAtEdges } from '../sync/held-edges';
import { changedAfterLost, shownNow } from './changed-after-lost';
import type { WordsDeps } from './plan-lines';
import type { Shift } from '../../api/schemas';
import type { PlannedOverride } from './override-window';
import { readHeldLines, windowUnchanged, type HeldLine, type ReadLog } from './window-before';

export type WindowLook = 'covered' | 'not_covered';

/** The settle, measured on time that does not jump (settle-clock.ts). */
export { SETTLE_MS } from './settle-clock';

/** The close of a lost answer's "checking" on a service not seen to move its revision on a write: never sent again,
 *  after the settle neither (an away item's restatement reads it: watch-late.ts). */
export const UNMARKED_NOT_AGAIN =
  'the app has not seen this service mark its writes (its revision did not move on one), so it is not sent again.';

/** What the app knew just before a write: the schedule's revision as last read, and whether this service is known
 *  to move it on a write (seen after an own write that landed). */
export interface Before {
  revisionBefore?: number | null;
  moves?: boolean;
  /** No answer came at all (a timeout, a connection lost after sending): not a 5xx answer (adv48 r11 #2). */
  lost?: boolean;
  answer?: WriteAnswer; // what became of its answer, for the words (shared/write-answer.ts)
  /** The write's window as read just before it (window-before.ts); undefined when not read whole. */
  heldBefore?: HeldLine[];
  /** The wait its answer asked for (a 503's Retry-After: form-wait.ts askedWords), said after each message. */
  waitWords?: string;
}

/** Read just before a write: the schedule's revision (unread: `seen`, the one last read) and the window's stretches. */
export async function readBefore(
  client: OncallClient,
  plan: PlannedOverride,
  seen: number | null | undefined,
  moves: boolean,
  reads?: ReadLog,
): Promise<Before> {
  const revisionBefore = (await revisionNow(client, plan.scheduleId)) ?? seen;
  const heldBefore = await readHeldLines(client, plan, reads);
  return { revisionBefore, moves, ...(heldBefore ? { heldBefore } : {}) };
}

/** The schedule's revision now: undefined when unread, null when the service gives none. */
export async function revisionNow(client: OncallClient, scheduleId: string): Promise<number | null | undefined> {
  const read = await client.getSchedule(scheduleId);
  return read.ok ? read.value.current_revision : undefined;
}

async function look(client: OncallClient, plan: PlannedOverride): Promise<WindowLook | undefined> {
  const result = await client.listShifts(plan.scheduleId, {
    from: plan.input.start,
    to: plan.input.end,
    clip_to_interval: true,
    per_page: 100,
  });
  if (!result.ok) return undefined;
  // A shift in the window that can't be read could be the override or not: the look tells nothing.
  const shifts = result.value.shifts.flatMap((e) => (e.ok ? [e.shift] : []));
  if (shifts.length < result.value.shifts.length) return undefined;
  const covering = plan.input.user_references.map((r) => r.value);
  return windowCoveredBy(shifts, plan.startMs, plan.endMs, covering) ? 'covered' : 'not_covered';
}

/** The window's shifts when they show the write by its own edges and people, a change strictly inside it being
 *  another's (sync/held-edges.ts; adv48 r17 #2); undefined when not, or not read whole. */
export async function shownAtEdges(client: OncallClient, plan: PlannedOverride): Promise<Shift[] | undefined> {
  const result = await client.listShifts(plan.scheduleId, {
    from: plan.input.start,
    to: plan.input.end,
    clip_to_interval: true,
    per_page: 100,
  });
  if (!result.ok) return undefined;
  const shifts = result.value.shifts.flatMap((e) => (e.ok ? [e.shift] : []));
  if (shifts.length < result.value.shifts.length) return undefined;
  const covering = plan.input.user_references.map((r) => r.value);
  return heldAtEdges(shifts, plan.startMs, plan.endMs, covering) ? shifts : undefined;
}

/** The window shows exactly the people the write was to replace, throughout (as before it); false when unread. */
export async function windowAsBefore(client: OncallClient, plan: PlannedOverride): Promise<boolean> {
  const replaced = plan.preview.replaces.map((p) => p.email);
  if (replaced.length === 0) return false;
  const shifts = await readWindowShifts(client, plan.scheduleId, plan.startMs, plan.endMs);
  return !isUnread(shifts) && windowCoveredBy(shifts, plan.startMs, plan.endMs, replaced);
}

/** After an error answer (not a lost one) not shown, the revision moved: whether the write's own window holds what it
 *  held just before the write (read then; a record without it: exactly whom it was to replace). Then it did not land,
 *  and the move was a change elsewhere on the schedule, no reason to hold it back (adv48 r22 #2, r25 #1). */
export async function windowAsSent(client: OncallClient, plan: PlannedOverride, before: Before): Promise<boolean> {
  if (before.lost === true) return false;
  return before.heldBefore ? windowUnchanged(client, plan, before.heldBefore) : windowAsBefore(client, plan);
}

const sleep = (clock: Clock, ms: number) => new Promise<void>((resolve) => clock.setTimer(ms, resolve));

/**
 * Looks at the window; if the override is not shown, gives a slow server `graceMs` to finish and looks once more.
 * undefined: the schedule could not be read (or read whole), so it tells nothing.
 */
export async function lookWithGrace(
  client: OncallClient,
  plan: PlannedOverride,
  clock: Clock,
  graceMs: number,
): Promise<WindowLook | undefined> {
  const seen = await look(client, plan);
  if (seen !== 'not_covered') return seen;
  await sleep(clock, graceMs);
  return look(client, plan);
}

/**
 * `alreadyCovered`: the cached shifts showed the covering people for the whole window before the write, so
 * the schedule cannot tell us whether the override exists. `why` opens each message (see whatHappened).
 */
export async function verifyUnknownWrite(
  client: OncallClient,
  plan: PlannedOverride,
  alreadyCovered: boolean,
  clock: Clock,
  graceMs: number,
  why = whatHappened('network'),
  before: Before = {},
  words?: WordsDeps,
): Promise<OverrideOutcome> {
  const { revisionBefore } = before;
  // A write that may have landed keeps its words; the time the service asked to wait is said after them (adv47 r36).
  const then = before.waitWords === undefined ? '' : ` ${before.waitWords}.`;
  if (alreadyCovered) {
    return {
      status: 'unknown',
      message: `${why}, and those people were already on call then, so the schedule cannot show whether the override was saved. Check the schedule.${then}`,
    };
  }
  // A slow server may still be working on the write: give it a moment before concluding it was not saved.
  const seen = await lookWithGrace(client, plan, clock, graceMs);
  if (seen === undefined) {
    return {
      status: 'unknown',
      message: `${why} and the schedule could not be checked. Do not create it again: look at the schedule to see whether it was saved.${then}`,
    };
  }
  if (seen === 'covered') {
    return {
      status: 'created_unconfirmed',
      message: `${why}, but the schedule now shows the override in place. It was not sent again.${then}`,
    };
  }
  // Not shown: "not saved" only while the schedule is as it was just before the write (its revision unmoved). Moved,
  // the write may have landed and a change since put the same people back: never an invitation to send again.
  const revision = await revisionNow(client, plan.scheduleId);
  if (revision === undefined || revisionBefore === undefined)
    return {
      status: 'unknown',
      message: `${why}, and the schedule does not show the override yet, but whether anything changed there since could not be read, so nothing was sent again. Check the schedule.${then}`,
    };
  if (revision !== revisionBefore && !(await windowAsSent(client, plan, before)))
    return {
      status: 'unknown',
      message: `${why}. ${changedAfterLost(await shownNow(client, plan, before.heldBefore, words), answerOfRecord(before))}${then}`,
    };
  // Lost outright on a service not seen to move its revision on a write: unmoved tells nothing (a manager's undo leaves
  // it so too), so it is never sent again from here, after the settle neither (adv48 r11 #2).
  if (before.moves !== true && before.lost === true)
    return {
      status: 'not_created',
      message: `${why}, and the schedule does not show the override yet. Can't confirm yet — checking: the service may still apply it, so it was not sent again. Creating it again looks at the schedule first and says whether it shows it; ${UNMARKED_NOT_AGAIN}${then}`,
    };
  // Unmoved: the service may still apply it (a service that moves its revision on every write too, for the settle: it
  // may take the write and apply it 30 s later), so it is checked, never "most likely not saved" before the settle is
  // over; a press again after it sends it only when nothing there has changed (override-again.ts; fix48x #3).
  return {
    status: 'not_created',
    message: `${why}, and the schedule does not show the override yet. Can't confirm yet — checking: the service may still apply it, so it was not sent again. Creating it again looks at the schedule first, and sends it only once the service has had 2 minutes to apply this one and nothing there has changed.${then}`,
  };
}
