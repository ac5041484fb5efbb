// My blocks on a schedule, each with what its start and its end rest on, made once per read and reused at every
// tick until a sync changes them (derive-mine.ts lists them).
import type { Shift } from '../../api/schemas';
import { hasData, savedAt } from '../../shared/freshness';
import type { Basis, MyShift, ScheduleView } from '../../shared/view-state';
import { isoOf, myBlocksOf, segmentsOf } from '../model/segments';
import { assertNever } from '../../shared/basis';
import { timelineBasis, timelineOf, type KnownTimeline } from '../model/timeline';
import type { ScheduleSnapshot } from '../model/snapshot';

export const NO_SHIFTS: readonly Shift[] = [];

/** Whether two bases say the same (a kept shift is reused only while what its end rests on is unchanged). */
function sameBasis(a: Basis, b: Basis): boolean {
  switch (a.kind) {
    case 'fresh':
      return b.kind === 'fresh' && a.readAt === b.readAt;
    case 'saved':
      return b.kind === 'saved' && a.savedAt === b.savedAt;
    case 'unknown':
      return b.kind === 'unknown' && a.why === b.why;
    default:
      return assertNever(a);
  }
}

/** A block of mine with its instants written out on first use (most blocks are never shown: past, or far ahead). */
export class TimedBlock {
  #start: string | undefined;
  #end: string | undefined;
  constructor(
    readonly startMs: number,
    readonly endMs: number,
  ) {}
  get start(): string {
    return (this.#start ??= isoOf(this.startMs));
  }
  get end(): string {
    return (this.#end ??= isoOf(this.endMs));
  }
  #shift: MyShift | undefined;
  /** This block as My shifts lists it on a schedule, made once (every tick until the next read lists the same). */
  shiftOn(view: Pick<ScheduleView, 'accountId' | 'id' | 'name'>, endBasis: Basis, basis: Basis): MyShift {
    const s = this.#shift;
    if (
      s &&
      s.accountId === view.accountId &&
      s.scheduleId === view.id &&
      s.scheduleName === view.name &&
      sameBasis(s.endBasis, endBasis) &&
      sameBasis(s.basis, basis)
    )
      return s;
    const shift = {
      accountId: view.accountId,
      scheduleId: view.id,
      scheduleName: view.name,
      start: this.start,
      end: this.end,
      endBasis,
      basis,
    };
    this.#shift = shift;
    return shift;
  }
}

/** My blocks in a shifts array, computed once per array (and e-mail): every later tick only filters them. */
const blocksMemo = new WeakMap<readonly Shift[], { emailLower: string; blocks: TimedBlock[] }>();

export function myTimedBlocks(shifts: readonly Shift[], emailLower: string): TimedBlock[] {
  const hit = blocksMemo.get(shifts);
  if (hit && hit.emailLower === emailLower) return hit.blocks;
  const blocks = myBlocksOf(segmentsOf(shifts), emailLower).map((b) => new TimedBlock(b.startMs, b.endMs));
  blocksMemo.set(shifts, { emailLower, blocks });
  return blocks;
}

/** What a basis takes from its source's freshness: whether it has data, is fresh, and since when it is saved. */
function freshnessKey(status: ScheduleView['status']): string {
  if (!hasData(status)) return 'none';
  return status.kind === 'fresh' ? 'fresh' : `saved ${savedAt(status) ?? ''}`;
}

/** The end bases found per read: a block's end rests on the same read and freshness at every tick until a sync
 *  changes either, so each derivation in between looks it up (the same object) instead of reading the timeline. */
const endBases = new WeakMap<KnownTimeline, Map<number, { key: string; basis: Basis }>>();

/** What "until `endMs`" rests on: the time just after it, on the schedule's timeline (unknown: it may go on). */
export function endBasisOf(view: ScheduleView, s: ScheduleSnapshot | undefined, endMs: number): Basis {
  const timeline = timelineOf(s);
  const key = freshnessKey(view.status);
  let byEnd = endBases.get(timeline);
  if (!byEnd) endBases.set(timeline, (byEnd = new Map<number, { key: string; basis: Basis }>()));
  const hit = byEnd.get(endMs);
  if (hit && hit.key === key) return hit.basis;
  const basis = timelineBasis(timeline, view.status, endMs, endMs + 1);
  byEnd.set(endMs, { key, basis });
  return basis;
}

/** What a block of mine rests on at `atMs` (its start, or now for the running one): how every surface learns that
 *  "you are on call" comes from saved data (a read that failed since: the shift may have been given away). */
export function blockBasisOf(view: ScheduleView, s: ScheduleSnapshot | undefined, atMs: number): Basis {
  return timelineBasis(timelineOf(s), view.status, atMs, atMs + 1);
}
