// The words of notices due when noticed: coverage requests asking me, and changes others made to my shifts.
import { formatDuration, formatRelative, formatWindow, joinNames } from '../../shared/format';
import { maybePartsWords } from '../../shared/ask-basis-words';
import { goesOnPast, onCallWithin } from '../../shared/on-call-run';
import type { CoverageView } from '../../shared/view-state';
import type { NotificationRequest } from '../ports';
import { dayTimeText, toStatus, untilWords, windowText, type MessageOptions, type ShiftRef } from './messages';
import { offCallFresh } from './message-words';

function coverageShiftsText(
  c: CoverageView,
  nowMs: number,
  opts: MessageOptions,
  zoneOf: (id: string) => string | undefined,
): string {
  // A part whose time isn't read fresh only may ask me: the part that asks is named first, that one apart after
  // it (adv47 r23 #1).
  const maybe = c.shifts.filter((s) => s.askBasis !== undefined);
  const asks = c.shifts.filter((s) => s.askBasis === undefined);
  const first = asks[0];
  if (!first) return c.reason;
  const more = asks.length > 1 ? ` and ${asks.length - 1} more` : '';
  const windowOf = (s: CoverageView['shifts'][number]): string => {
    const scheduleZone = zoneOf(s.scheduleId);
    return formatWindow(s.start, s.end, { ...opts, nowMs, ...(scheduleZone ? { scheduleZone } : {}) });
  };
  const reason = c.reason.trim() === '' ? '' : `: ${c.reason.trim()}`;
  const maybeWords = maybePartsWords(maybe, windowOf, { ...opts, nowMs });
  return `${first.scheduleName} ${windowOf(first)}${more}${reason}${maybeWords ? ` (${maybeWords})` : ''}`;
}

export function coverageNotification(
  c: CoverageView,
  nowMs: number,
  opts: MessageOptions,
  zoneOf: (scheduleId: string) => string | undefined,
): NotificationRequest {
  return {
    id: `coverage:${c.id}`,
    title: `Coverage request from ${c.requester.name}`,
    body: coverageShiftsText(c, nowMs, opts, zoneOf),
    target: 'coverage',
    params: { id: c.id },
  };
}

/** First sync after install: one message for what was already waiting, not one per request. */
export function coverageSummaryNotification(id: string, requests: readonly CoverageView[]): NotificationRequest {
  const names = [...new Set(requests.map((r) => r.requester.name))];
  return {
    id,
    title: `${requests.length} coverage requests are waiting`,
    body: `From ${joinNames(names)}.`,
    target: 'coverage',
  };
}

/** A change to my coverage on one schedule: my blocks there before and after (either side may be empty). */
export interface ShiftChange {
  before: ShiftRef[];
  after: ShiftRef[];
  /** Who has the time I lost, when I lost it all. */
  coverers: string[];
  /** Their user ids: what a held change is checked by when shown (a rename is no change; held-read). */
  covererIds?: string[];
}

function spansText(refs: readonly ShiftRef[], nowMs: number, opts: MessageOptions): string {
  return joinNames(refs.map((r) => windowText(r, nowMs, opts)));
}

/** "on call now until 19:00" (or "until at least 19:00, then unknown") or "on call in 11 h 53 min": the timing the replaced catch-up would have told. */
function timingText(ref: ShiftRef, nowMs: number, opts: MessageOptions): string {
  const until = untilWords(ref, nowMs, opts);
  // Another block of mine carries my on-call time on past this one's end: its "until" is this schedule's only, and
  // the tray says where my time ends (adv47 r30 #1).
  if (ref.startMs <= nowMs && goesOnPast(ref.endMs, opts.myBlocks?.() ?? []))
    return `on call now; on ${ref.scheduleName} ${until}`;
  if (ref.startMs <= nowMs) return `on call now ${until}`;
  return `on call ${formatRelative(nowMs, ref.startMs)}`;
}

/** ", 2 h longer" / ", 30 min shorter" when one block only changed its end (or only its start). */
function resizeText(before: ShiftRef, after: ShiftRef): string {
  const deltaMs = after.endMs - after.startMs - (before.endMs - before.startMs);
  const sameStartOrEnd = before.startMs === after.startMs || before.endMs === after.endMs;
  if (!sameStartOrEnd || deltaMs === 0) return '';
  return `, ${formatDuration(deltaMs)} ${deltaMs > 0 ? 'longer' : 'shorter'}`;
}

/** A running shift that now ends at an instant already past: "… ended at 02:01 (was until 10:00). Alice … the rest". */
function cutBody(change: ShiftChange, nowMs: number, opts: MessageOptions): string {
  const cut = change.after[change.after.length - 1];
  const was = change.before[change.before.length - 1];
  if (!cut || !was) return '';
  const rest =
    change.coverers.length === 0
      ? ''
      : ` ${joinNames(change.coverers)} ${change.coverers.length > 1 ? 'are' : 'is'} covering the rest.`;
  const ended = dayTimeText(cut.endMs, nowMs, cut, opts);
  const planned = dayTimeText(was.endMs, nowMs, was, opts);
  // Not on call now only where no block of mine (any schedule, any account) has me now, as the tray says, and every
  // watched schedule read now fresh (another account unknown now may have me: issue 47).
  const off = !goesOnPast(nowMs, opts.myBlocks?.() ?? []) && offCallFresh(opts, cut, nowMs, nowMs + 1);
  const state = off ? ': you are not on call now' : '';
  return `Your ${cut.scheduleName} shift ended at ${ended}, not ${planned} as planned${state}.${rest}`;
}

function removedBody(change: ShiftChange, nowMs: number, opts: MessageOptions): string {
  const first = change.before[0];
  const name = first?.scheduleName ?? '';
  const when = spansText(change.before, nowMs, opts);
  const runningNow = change.before.some((r) => r.startMs <= nowMs && nowMs < r.endMs);
  // Where another block of mine (any schedule, any account) has me then, the notice is about this shift only: "not
  // on call" would contradict the tray (adv47 r30 #1).
  const mine = opts.myBlocks?.() ?? [];
  const spans = change.before.map((r) => ({ ref: r, fromMs: Math.max(r.startMs, nowMs), toMs: r.endMs }));
  const stillOn = runningNow ? goesOnPast(nowMs, mine) : spans.some((r) => onCallWithin(r.fromMs, r.toMs, mine));
  // Said only over time every watched schedule read fresh: another account's unknown or saved time there is no
  // "not on call" (issue 47), so the notice stays about this schedule alone.
  const known = runningNow
    ? change.before.every((r) => offCallFresh(opts, r, nowMs, nowMs + 1))
    : spans.every((r) => offCallFresh(opts, r.ref, r.fromMs, r.toMs));
  const state = stillOn || !known ? '' : runningNow ? ': you are not on call now' : ': you are no longer on call then';
  if (change.coverers.length === 0) return `${name} ${when} was removed from your shifts${state}.`;
  const verb = change.coverers.length > 1 ? 'are' : 'is';
  return `${joinNames(change.coverers)} ${verb} covering your ${name} shift ${when}${state}.`;
}

export function changeNotification(
  id: string,
  change: ShiftChange,
  nowMs: number,
  opts: MessageOptions,
): NotificationRequest {
  const ref = change.after[0] ?? change.before[0];
  if (!ref) return { id, title: 'Your shift was changed', body: '', target: 'status' };
  if (change.after.length === 0) return toStatus(id, 'Your shift was removed', removedBody(change, nowMs, opts), ref);
  if (change.after.every((r) => r.endMs <= nowMs))
    return toStatus(id, 'Your shift was cut short', cutBody(change, nowMs, opts), ref);
  const next = change.after.find((r) => r.endMs > nowMs) ?? ref;
  const timing = timingText(next, nowMs, opts);
  if (change.before.length === 0) {
    return toStatus(
      id,
      'Your shift was added',
      `You were added to ${ref.scheduleName} ${spansText(change.after, nowMs, opts)} — ${timing}.`,
      ref,
    );
  }
  const [b0, a0] = [change.before[0], change.after[0]];
  const resize = change.before.length === 1 && change.after.length === 1 && b0 && a0 ? resizeText(b0, a0) : '';
  const body = `${ref.scheduleName}: now ${spansText(change.after, nowMs, opts)} (was ${spansText(change.before, nowMs, opts)}${resize}) — ${timing}.`;
  return toStatus(id, 'Your shift was changed', body, ref);
}
