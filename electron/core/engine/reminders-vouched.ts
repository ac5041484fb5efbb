// The saved schedule data is a claim (issue 52, adversarial round 20 #1): a cache.json edited to name me on Alice's
// block was compared against the first fresh read and announced as "Your shift was changed … (was …)", a block the
// app never had as mine. Only reads made in this run go on the app's record of my blocks (reminders.json `mine:`,
// held-read.ts), and a change found against a read from before this run is told only when every block it says I lost
// is on that record; otherwise it is dropped and said once, never notified nor held.
import type { Snapshot } from '../model/snapshot';
import type { Clock } from '../ports';
import type { FiredStore } from '../storage/fired-store';
import type { PlannedReminder } from '../reminders/types';
import { lostWasMine } from '../reminders/held-read';

/** Why a change from saved data is not told (the notice of entries of the saved schedule data not used). */
export const NOT_ON_RECORD = 'a shift named as yours that the app never had as yours';

/** The read with only the schedules read in this run (at or after `startedMs`): a saved read proves no block mine. */
export function readThisRun(snapshot: Snapshot, startedMs: number): Snapshot {
  const fresh = snapshot.schedules.filter(
    (s) => s.shiftsFetchedAt !== null && Date.parse(s.shiftsFetchedAt) >= startedMs,
  );
  return fresh.length === snapshot.schedules.length ? snapshot : { ...snapshot, schedules: fresh };
}

/** Whether this schedule's data in `previous` is a read from before this run (the saved data loaded at start). */
function savedBefore(previous: Snapshot | undefined, scheduleId: string, startedMs: number): boolean {
  const s = previous?.schedules.find((x) => x.id === scheduleId);
  return s?.shiftsFetchedAt != null && Date.parse(s.shiftsFetchedAt) < startedMs;
}

/** The plan without change notices found against saved data that the record of my blocks doesn't vouch for, and the
 *  keys of those left out. */
export function vouchedPlan(
  plan: readonly PlannedReminder[],
  previous: Snapshot | undefined,
  mineKeys: readonly string[],
  startedMs: number,
  nowMs: number,
): { plan: PlannedReminder[]; untrue: string[] } {
  const untrue: string[] = [];
  const kept = plan.filter((r) => {
    const scheduleId = r.change?.before[0]?.scheduleId ?? r.change?.after[0]?.scheduleId;
    if (r.kind !== 'change' || !r.change || scheduleId === undefined) return true;
    if (!savedBefore(previous, scheduleId, startedMs)) return true;
    if (lostWasMine({ kind: 'change', scheduleId, change: r.change }, mineKeys, nowMs)) return true;
    untrue.push(r.key);
    return false;
  });
  return { plan: kept, untrue };
}

/** The plan filter of one run: each change left out is said once (`untrue`: the saved data's notice), not per plan. */
export function vouching(
  fired: Pick<FiredStore, 'keys'>,
  startedMs: number,
  clock: Clock,
  untrue: ((reasons: readonly string[]) => void) | undefined,
): (plan: PlannedReminder[], inputs: { previous: Snapshot | undefined }) => PlannedReminder[] {
  const said = new Set<string>();
  return (plan, inputs) => {
    const v = vouchedPlan(plan, inputs.previous, fired.keys(), startedMs, clock.now());
    const fresh = v.untrue.filter((k) => !said.has(k) && said.add(k));
    if (fresh.length > 0) untrue?.(fresh.map(() => NOT_ON_RECORD));
    return v.plan;
  };
}
