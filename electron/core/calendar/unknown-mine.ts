// A schedule whose blocks of mine the state calls unknown (my e-mail names no one on its account's schedules, the
// state's `unmatched` notice: derive.ts mineOrUnknown) is told by the calendar as a schedule not read is.
import type { ServiceSettings } from '../../shared/settings';
import type { Snapshot } from '../model/snapshot';
import { myCalendarBlocks, type BlockWindow, type ScheduleBlocks } from './my-blocks';

/** Its blocks unknown as a whole: the calendar claims neither them nor a "known until" for it (issue 47, adv47 r28
 *  #1: no events beside "known until" showed me free, as known). Events published before are kept, not deleted, as
 *  for a schedule not read. */
function mineUnknownIn(g: ScheduleBlocks, reason: string | undefined): ScheduleBlocks {
  if (reason === undefined) return g;
  return { ...g, known: false, blocks: [], knownToMs: null, status: { kind: 'not_read', reason } };
}

/** Every watched schedule's blocks of mine (my-blocks.ts), each unknown as a whole where the state says so. */
export function myBlocksTold(
  snapshot: Snapshot,
  settings: ServiceSettings,
  window: BlockWindow,
  nowMs: number,
  mineUnknown: string | undefined,
): ScheduleBlocks[] {
  return myCalendarBlocks(snapshot, settings, window, nowMs).map((g) => mineUnknownIn(g, mineUnknown));
}
