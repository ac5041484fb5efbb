// A create-override whose answer never came back is never sent again. Instead we read the schedule's shifts
// over that window: if exactly the covering people are on call for all of it (and were not before), the
// override is in place; if not, it most likely was not saved. A failed check says "unknown, check the schedule".
import type { OncallClient } from '../../api/client-types';
import type { OverrideOutcome } from '../../shared/ipc-contract';
import type { Clock } from '../ports';
import { whatHappened } from './common';
import { windowCoveredBy } from './window-coverage';
import type { PlannedOverride } from './override-window';

export type WindowLook = 'covered' | 'not_covered';

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
): Promise<OverrideOutcome> {
  if (alreadyCovered) {
    return {
      status: 'unknown',
      message: `${why}, and those people were already on call then, so the schedule cannot show whether the override was saved. Check the schedule.`,
    };
  }
  // A slow server may still be working on the write: give it a moment before concluding it was not saved.
  const seen = await lookWithGrace(client, plan, clock, graceMs);
  if (seen === undefined) {
    return {
      status: 'unknown',
      message: `${why} and the schedule could not be checked. Do not create it again: look at the schedule to see whether it was saved.`,
    };
  }
  if (seen === 'covered') {
    return {
      status: 'created_unconfirmed',
      message: `${why}, but the schedule now shows the override in place. It was not sent again.`,
    };
  }
  // A service may apply it later still: creating it again looks first (override-again.ts), so say it is safe.
  return {
    status: 'not_created',
    message: `${why}, and the schedule does not show the override, so it was most likely not saved. Creating it again looks at the schedule first and does not send it if it is there by then.`,
  };
}
