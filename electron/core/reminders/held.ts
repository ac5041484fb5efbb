// Quiet hours and pause: which messages wait, and the one summary that comes when notifications may speak again.
// A shift's start is never silenced ("on call in 15 min", "on call now", a change that puts me on call within the
// hour, the heads-up for a shift starting during quiet hours). What waits is re-checked when it is delivered, so
// the summary never repeats something no longer true (a request someone else covered, a lead for a shift that
// has started since).
import { formatRelative } from '../../shared/format';
import type { NotificationRequest } from '../ports';
import type { HeldMessage } from '../storage/fired-store';
import type { Outcome } from './judge';
import { URGENT_WITHIN_MS } from './quiet';

export function isUrgent(o: Outcome, nowMs: number): boolean {
  if (o.kind === 'start' || o.kind === 'heads-up') return true;
  if (o.kind !== 'lead' && o.kind !== 'change') return false;
  return o.startsAtMs !== undefined && o.startsAtMs - nowMs <= URGENT_WITHIN_MS;
}

export function toHeld(o: Outcome & { show: NotificationRequest }, nowMs: number): HeldMessage {
  const first = o.settle[0];
  return {
    key: o.show.id,
    kind: o.kind ?? 'change',
    title: o.show.title,
    body: o.show.body,
    atMs: nowMs,
    untilMs: Math.max(nowMs, ...o.settle.map((r) => r.untilMs)),
    ...(first?.shift ? { scheduleId: first.shift.scheduleId, group: first.shift.group } : {}),
    ...(o.startsAtMs === undefined ? {} : { startsAtMs: o.startsAtMs }),
  };
}

/** One line of the summary, worded for the moment it is read (relative times are recomputed or left out). */
function lineOf(h: HeldMessage, nowMs: number): string {
  if (h.kind === 'lead' && h.startsAtMs !== undefined)
    return `On call ${formatRelative(nowMs, h.startsAtMs)}: ${h.body}`;
  // A change notice ends with its timing ("— on call in 4 h") as of when it was held: leave that part out.
  const body = h.kind === 'change' ? (h.body.split(' — ')[0] ?? h.body).replace(/\.?$/, '.') : h.body;
  return `${h.title}: ${body}`;
}

const MAX_LINES = 6;

/** The summary of what waited and is still true, or undefined when nothing is left to say. */
export function summaryOf(
  held: readonly HeldMessage[],
  nowMs: number,
  stillTrue: (h: HeldMessage) => boolean,
): NotificationRequest | undefined {
  const live = held.filter((h) => h.untilMs >= nowMs && stillTrue(h));
  if (live.length === 0) return undefined;
  const lines = live.slice(0, MAX_LINES).map((h) => lineOf(h, nowMs));
  if (live.length > MAX_LINES) lines.push(`…and ${live.length - MAX_LINES} more.`);
  const noun = live.length === 1 ? 'message' : 'messages';
  return {
    id: `held-summary:${held[0]?.atMs ?? nowMs}:${held.length}`,
    title: `${live.length} ${noun} while notifications were quiet`,
    body: lines.join('\n'),
    target: 'status',
  };
}
