// The schedule's own zone of my blocks: where it differs from the local zone, every surface adds the schedule's own
// time ("13:00 (08:00 New York)") to the statement, the glanceable ones too (issue 47, round 7: `status` and the
// notifications did, the tray's lead lines and the popover headline didn't).
import type { OnCallRun } from './on-call-run';
import type { AppState, MyShift } from './view-state';

type Schedules = Pick<AppState, 'schedules'>;

/** The zone of the schedule a block of mine is on, or undefined when not read. */
export function zoneOf(state: Schedules, m: Pick<MyShift, 'accountId' | 'scheduleId'>): string | undefined {
  const s = state.schedules.find((x) => x.id === m.scheduleId && x.accountId === m.accountId);
  return s?.timeZone ?? undefined;
}

/** The zone a run's start and its end are worded in: each that of the block it belongs to (the first block; the
 *  block that ends the run), and one for both only where they agree (a window "Sat 18:05 – Sun 19:35 New York"). */
export function runZones(state: Schedules, run: OnCallRun): { start?: string; end?: string; both?: string } {
  const first = run.blocks[0];
  const last = [...run.blocks].reverse().find((b) => b.end === run.end) ?? run.blocks.at(-1);
  const start = first ? zoneOf(state, first) : undefined;
  const end = last ? zoneOf(state, last) : undefined;
  return {
    ...(start ? { start } : {}),
    ...(end ? { end } : {}),
    ...(start && start === end ? { both: start } : {}),
  };
}
