// Confirming a shift reminder before it speaks. The service never promises that its revision moves with an
// override, and a shift can be given away a minute before it starts, so a lead, start or end reminder is not told
// from data read before its own instant: when it falls due, its schedule is read again and the reminder waits
// (a few seconds, at most CONFIRM_WAIT_MS) for that read. The new data re-plans it (a shift given away meanwhile
// becomes a change notice instead); a read that failed, or none in time, lets it speak, saying what it rests on.
import { policyOf } from './policy';
import type { PlannedReminder } from './types';

/** How long a due shift reminder waits for its schedule to be read; well inside the on-time grace. */
export const CONFIRM_WAIT_MS = 30_000;

export interface ConfirmSource {
  /** When the service last confirmed this schedule's shifts (epoch ms). */
  confirmedAtMs: (scheduleId: string) => number | undefined;
  /** When the latest read of this schedule failed, if it failed after the last confirmation. */
  failedAtMs: (scheduleId: string) => number | undefined;
  /** Reads these schedules again (shifts included), as soon as the service allows. */
  request: (scheduleIds: string[]) => void;
}

export interface ConfirmVerdict {
  /** Keys of due reminders still waiting for their schedule's read: not judged yet. */
  waiting: Set<string>;
  /** Schedules whose read did not come in time: their reminders speak from saved data. */
  unconfirmed: Set<string>;
  /** When the earliest wait ends, if any waits. */
  untilMs: number | undefined;
}

export interface ConfirmGate {
  look(plan: readonly PlannedReminder[], nowMs: number): ConfirmVerdict;
}

export function createConfirmGate(source: ConfirmSource): ConfirmGate {
  /** Schedule → when its read was asked for, for the reminders due now. */
  let asked = new Map<string, number>();
  return {
    look(plan, nowMs) {
      const verdict: ConfirmVerdict = { waiting: new Set(), unconfirmed: new Set(), untilMs: undefined };
      const next = new Map<string, number>();
      const toAsk = new Set<string>();
      for (const r of plan) {
        if (r.atMs > nowMs || !policyOf(r.kind).confirmsFirst || !r.shift) continue;
        const id = r.shift.scheduleId;
        if ((source.confirmedAtMs(id) ?? -Infinity) >= r.atMs) continue;
        if ((source.failedAtMs(id) ?? -Infinity) >= r.atMs) continue;
        const askedMs = next.get(id) ?? asked.get(id) ?? nowMs;
        next.set(id, askedMs);
        if (askedMs === nowMs && !asked.has(id)) toAsk.add(id);
        if (nowMs - askedMs >= CONFIRM_WAIT_MS) {
          verdict.unconfirmed.add(id);
          continue;
        }
        verdict.waiting.add(r.key);
        verdict.untilMs = Math.min(verdict.untilMs ?? Infinity, askedMs + CONFIRM_WAIT_MS);
      }
      asked = next;
      if (toAsk.size > 0) source.request([...toAsk]);
      for (const key of dueWithItsShift(plan, nowMs, verdict.waiting)) verdict.waiting.add(key);
      return verdict;
    },
  };
}

/**
 * The due reminders that wait with a waiting one of their shift. A shift's missed reminders are caught up as one
 * message for now (judge.ts); judged apart (a lead from before the last read speaking at once, the one due since
 * waiting for its read) they would each say "On call in 13 min" (issue 47/50). So they wait and speak together, as
 * a start-up at the same instant (everything held until the first read) would say it: once.
 */
function dueWithItsShift(plan: readonly PlannedReminder[], nowMs: number, waiting: ReadonlySet<string>): string[] {
  if (waiting.size === 0) return [];
  const groups = new Set(plan.flatMap((r) => (r.shift && waiting.has(r.key) ? [r.shift.group] : [])));
  const together = (r: PlannedReminder): boolean =>
    r.atMs <= nowMs && policyOf(r.kind).catchUp === 'with-its-shift' && groups.has(r.shift?.group ?? '');
  return plan.filter(together).map((r) => r.key);
}
