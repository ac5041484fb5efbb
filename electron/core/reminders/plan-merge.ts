// Merging a new plan into the scheduler's current one: one item per key, and an end reminder keeps the start an
// earlier plan saw when the new one no longer sees it.
import { endNotification, type MessageOptions, type ShiftRef } from './messages';
import { policyOf } from './policy';
import type { PlannedReminder } from './types';

/** One item per key (a schedule listed twice must not announce everything twice). */
export function uniqueByKey(items: readonly PlannedReminder[]): PlannedReminder[] {
  const seen = new Set<string>();
  return items.filter((r) => (seen.has(r.key) ? false : (seen.add(r.key), true)));
}

/**
 * A later plan may no longer see a running shift's start (a block longer than the fetched look-back); its end
 * reminder (keyed by the end) keeps the start an earlier plan saw, so the message still names the true window.
 */
export function keepSeenStarts(
  next: readonly PlannedReminder[],
  current: readonly PlannedReminder[],
  opts: MessageOptions,
): PlannedReminder[] {
  const seen = new Map<string, ShiftRef>();
  for (const r of current) if (policyOf(r.kind).keepsSeenStart && r.shift?.startSeen) seen.set(r.key, r.shift);
  return next.map((r) => {
    const before = policyOf(r.kind).keepsSeenStart && r.shift && !r.shift.startSeen ? seen.get(r.key) : undefined;
    if (!before || !r.shift || before.startMs > r.shift.startMs) return r;
    const shift: ShiftRef = { ...r.shift, group: before.group, startMs: before.startMs, startSeen: true };
    return { ...r, shift, notification: endNotification(r.key, shift, opts) };
  });
}
