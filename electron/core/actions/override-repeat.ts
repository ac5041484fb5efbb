// "Next N hours" and "Rest of current shift" resolve their window from each press, so a second press (the Quick
// override shortcut twice, Create again after "created" or after a lost answer shown in place) never asks for exactly
// the window the first one wrote: the exact-window checks (override-in-place.ts) never fire, and each press wrote
// another, overlapping override for the same people (adv48 r18 #4). Here a press is one wish with my own override
// of these people made within the last minutes that covers nearly all of the asked window: while the schedule shows
// them over it, nothing is sent ("already in place"); changed since, the change is said and nothing is written over it.
import type { OncallClient } from '../../api/client-types';
import type { Shift } from '../../api/schemas';
import type { OverrideOutcome, OverrideRequest } from '../../shared/ipc-contract';
import type { CreatedOverride } from '../model/snapshot';
import { failure, type Failure } from './common';
import { changedSinceCreated } from './override-held';
import type { PlannedOverride } from './override-window';
import { readWindowShifts } from './window-read';
import { isUnread, unreadText } from './unread-words';
import { windowCoveredBy } from './window-coverage';

/** A press this long after my own write of the same people is still the same wish. */
export const SAME_WISH_MS = 10 * 60_000;
/** ...when that write covers at least this share of the asked window. */
const NEARLY_ALL = 0.9;

const people = (emails: readonly string[]) => [...new Set(emails.map((e) => e.trim().toLowerCase()))].sort().join();

const ALREADY =
  'This override is already in place: your override of these people made moments ago covers this time, so nothing was sent (no second override).';
const UNREAD = {
  sentence:
    'The schedule could not be read just before sending, so nothing was sent: whether your override made moments ago already covers this is not known.',
  what: 'the schedule',
  retry: 'Try again in a moment.',
};

/** My own recent override of exactly these people over nearly all of the plan's window (the latest one). */
export function sameWish(
  known: readonly CreatedOverride[],
  plan: PlannedOverride,
  nowMs: number,
): CreatedOverride | undefined {
  const want = people(plan.preview.covering);
  const lengthMs = plan.endMs - plan.startMs;
  const overlapMs = (c: CreatedOverride) =>
    Math.min(Date.parse(c.end), plan.endMs) - Math.max(Date.parse(c.start), plan.startMs);
  return known
    .filter(
      (c) =>
        c.scheduleId === plan.scheduleId &&
        c.covering !== undefined &&
        people(c.covering) === want &&
        nowMs - Date.parse(c.createdAt) <= SAME_WISH_MS &&
        overlapMs(c) >= NEARLY_ALL * lengthMs,
    )
    .at(-1);
}

function othersIn(shifts: readonly Shift[], covering: readonly string[]): Map<string, string> {
  const theirs = new Set(covering.map((e) => e.toLowerCase()));
  const names = new Map<string, string>();
  for (const s of shifts)
    for (const u of s.users)
      if (!theirs.has(u.email.toLowerCase())) names.set(u.email.toLowerCase(), u.name || u.email);
  return names;
}

/**
 * undefined: no recent own override of this wish (or one whose outcome is still in doubt and not shown: the lost
 * answer's own check decides), so the write may go on to the other checks. An outcome: it is in place, nothing sent.
 * A failure: it changed since I made it (said), or the schedule could not be read; nothing sent.
 */
export async function sameWishInPlace(
  client: OncallClient,
  request: OverrideRequest,
  plan: PlannedOverride,
  known: readonly CreatedOverride[],
  at: { nowMs: number; me: string; zone: string },
): Promise<Failure | OverrideOutcome | undefined> {
  if (request.window.kind === 'custom') return undefined;
  const mine = sameWish(known, plan, at.nowMs);
  if (mine === undefined) return undefined;
  const startMs = Math.max(Date.parse(mine.start), plan.startMs);
  const endMs = Math.min(Date.parse(mine.end), plan.endMs);
  const shifts = await readWindowShifts(client, plan.scheduleId, startMs, endMs);
  if (isUnread(shifts))
    return failure('stale_data', unreadText(UNREAD, shifts.unread, { nowMs: at.nowMs, localZone: at.zone }));
  if (windowCoveredBy(shifts, startMs, endMs, plan.preview.covering))
    return { status: 'created_unconfirmed', message: ALREADY };
  // Not shown and its answer never told: whether it landed is the lost answer's own check (override-again.ts).
  if (mine.id === '' && mine.shown !== true) return undefined;
  const theirs = new Set(plan.preview.covering.map((e) => e.toLowerCase()));
  const none = !shifts.some((s) => s.users.some((u) => theirs.has(u.email.toLowerCase())));
  return changedSinceCreated(othersIn(shifts, plan.preview.covering), at.me.trim().toLowerCase(), false, none);
}
