// One hand-off item through the app's one override write path (actions/override.ts: identical writes in flight
// sent once; a lost answer, a 5xx or an unreadable one verified, never re-sent blind), its answer told as the
// item's state. An item that may have been sent before is looked for on its service first, never sent again blind.
import type { HandoffItem } from '../../shared/handoff';
import type { RequestOf, ResponseOf } from '../../shared/ipc-contract';
import type { Look } from './look';
import { MAY_HAVE_LANDED } from '../../shared/handoff-text';
import { heldAsPlanned, stillInPlace } from './held';
import type { HeldWords } from './changed-now';
import { whatHappened } from '../actions/common';
import { answerSaidFirst, type WriteAnswer } from '../../shared/write-answer';

export interface WriteDeps {
  nowMs: () => number;
  create: (request: RequestOf<'override:create'>) => Promise<ResponseOf<'override:create'>>;
  /** The schedule (by ref) read now over the window: does it show exactly these people? */
  look: (scheduleId: string, startMs: number, endMs: number, emails: string[]) => Promise<Look>;
  /** What the service holds now: read before every write of a plan (held.ts). */
  held: HeldWords;
}

/** The most of a plan's span around a block that is read with it (a plan spans at most 62 days). */
const MAX_AROUND_MS = 63 * 86_400_000;

const REFUSED = new Set(['rejected', 'forbidden', 'not_found', 'unauthorized']);

type Change = Pick<
  HandoffItem,
  'state' | 'message' | 'retryable' | 'seenAfterSend' | 'outcome' | 'refusal' | 'erred' | 'answer'
> & {
  overrideId?: string;
};

/** The item's state from the write path's answer. */
export function stateOfAnswer(answer: ResponseOf<'override:create'>): Change {
  if (!answer.ok) {
    const { kind, message, told } = answer.error;
    if (kind === 'outcome_unknown') return { state: 'unknown', message };
    // The write path read the schedule after another write on it and found it changed: nothing was sent.
    if (kind === 'changed_since_planned' || message.startsWith('Changed since')) return { state: 'changed', message };
    // A 403 came through every account that could take it (the router tries each): new rights or a new key may. A
    // 401 likewise: the key accepted again, or a new one, may (Retry reads it again first; adv48 r18 #2).
    const refusal = told === undefined ? {} : { refusal: told };
    if (kind === 'forbidden' || kind === 'unauthorized')
      return { state: 'refused', message, retryable: true, ...refusal };
    return { state: REFUSED.has(kind) ? 'refused' : 'not_sent', message, ...refusal };
  }
  const v = answer.value;
  // Written over an own earlier write that may still be applied: said, as the form and take over say it (r44 #2).
  const earlier = v.status === 'created' && v.note ? { message: v.note, outcome: 'earlier-may-apply' as const } : {};
  if (v.status === 'created') return { state: 'handed_off', message: '', overrideId: v.override.id, ...earlier };
  if (v.status === 'created_unconfirmed') return { state: 'handed_off', message: v.message };
  // The write path says what became of the answer; an older answer without it is read from its words.
  const answered = v.answer ? v.answer.got !== 'none' : ERRED.some((w) => v.message.includes(w));
  const erred = { ...(answered ? { erred: true as const } : {}), ...(v.answer ? { answer: v.answer } : {}) };
  if (v.status === 'not_created') return { state: 'not_landed', message: v.message, ...erred };
  return { state: 'unknown', message: v.message, ...erred };
}

/** The write path's words for a send the service answered with an error (override-verify.ts, override-again.ts). */
const ERRED = [
  whatHappened('server'),
  whatHappened('unreadable'),
  'the service answered the first attempt with an error',
];

/** An error answer (not a lost one) the schedule does not show, read as planned: the service may still apply it, so
 *  it is checked for its 2 minutes (watch-late.ts), then Retry sends it once if nothing there changed (adv48 r18 #1). */
export const erredChecking = (answer: WriteAnswer | undefined): string =>
  `${answerSaidFirst(answer, 'the first attempt')}, and the schedule does not show it yet. Can't confirm yet — checking: the service may still apply it, so it was not sent again. Retry sends it only once the service has had 2 minutes to apply it and nothing there has changed.`;

/** Was sent (or may have been): looked for before anything else. */
export const maybeSent = (i: HandoffItem): boolean =>
  i.state === 'sending' || i.state === 'unknown' || i.state === 'not_landed';

/** Was sent at least once (any answer kept with it, or may have been): a cover over part of its block may be it. */
export const sentOnce = (i: HandoffItem): boolean =>
  maybeSent(i) || i.answer !== undefined || i.erred === true || i.outcome === 'unconfirmed';

/** Looks for an item that may have landed: the answer when the look settles it, undefined to (re)send. */
export async function lookFirst(deps: WriteDeps, item: HandoffItem): Promise<Change | undefined> {
  const seen = await deps.look(item.scheduleId, Date.parse(item.start), Date.parse(item.end), covering(item));
  // Sent before and shown now (read as planned, without it, just before that send): the app's own write.
  const ours = maybeSent(item) ? { seenAfterSend: true as const } : {};
  if (seen === 'covered')
    return { state: 'handed_off', message: 'The schedule shows it in place, so it was not sent again.', ...ours };
  if (seen === 'hidden') return landedThenChanged(deps, item);
  if (seen === undefined)
    return {
      state: 'unknown',
      message: 'The schedule could not be read to check it, so it was not sent again (checking again soon).',
    };
  return undefined;
}

/** It landed (the service holds the app's override) and a later change covers it: said as landed, with what holds
 *  now, never "did not land" and never sent again over that change. */
export async function landedThenChanged(deps: WriteDeps, item: HandoffItem): Promise<Change> {
  const window = { scheduleId: item.scheduleId, startMs: Date.parse(item.start), endMs: Date.parse(item.end) };
  const c = { ...window, from: deps.held.meOn(item.scheduleId), to: item.email, others: item.others };
  const now = await stillInPlace(deps.held, c, true);
  const message = now?.state === 'changed' ? now.message : LANDED_HIDDEN;
  return { state: 'handed_off', message, outcome: 'landed-then-changed' };
}

const LANDED_HIDDEN = 'It landed; a later change covers it now (it was not sent again).';

/** The window as sent: a block already begun is handed off from now on; one already over is not sent. */
export function clipToNow(item: HandoffItem, nowMs: number): HandoffItem | Change {
  const [startMs, endMs] = [Date.parse(item.start), Date.parse(item.end)];
  if (endMs <= nowMs) return { state: 'not_sent', message: 'This shift is over.' };
  // All of it still ahead (a 1-minute block at its own start second included): sent whole.
  if (startMs >= nowMs) return item;
  const start = new Date(Math.ceil(nowMs / 1000) * 1000).toISOString();
  // Said as it is, never "over" while part of it is ahead (adv48 round 6, minor).
  if (endMs - Date.parse(start) < 60_000)
    return { state: 'not_sent', message: 'Less than a minute of this shift is left: too little to hand off.' };
  // The plan's start reconciled with the write's now: the time cut off the front was inside the planned window (the
  // plan had me on call there, to hand off), never around it, so the block is compared over the same window on both
  // sides; only time around the block the plan had me off call, still ahead, can show it grew.
  const within =
    item.within && Date.parse(item.within.start) < Date.parse(start) ? { ...item.within, start } : item.within;
  return { ...item, start, ...(within ? { within } : {}) };
}

/** Who is on call over the item once handed off: the covering person and the others on call with me then. */
export const covering = (item: HandoffItem): string[] => [
  item.email,
  ...item.others.filter((o) => o !== item.email.toLowerCase()),
];

/** The item's write, with the plan it was made from: `from` (me on its account) replaced by its cover, the others
 *  kept. The write path holds its last read before the POST to that plan (actions/override-planned.ts). */
export const requestOf = (item: HandoffItem, from?: string): RequestOf<'override:create'> => ({
  scheduleId: item.scheduleId,
  window: { kind: 'custom', start: item.start, end: item.end },
  emails: covering(item),
  ...(from ? { planned: { from, to: item.email, others: item.others } } : {}),
});

/** Read just before the item is sent: undefined to send it, else what it says instead (changed, in place, unread). */
export async function heldFirst(
  deps: Pick<WriteDeps, 'held' | 'nowMs'>,
  item: HandoffItem,
  sentBefore = false,
): Promise<Change | undefined> {
  const startMs = Date.parse(item.start);
  const endMs = Date.parse(item.end);
  // Around the block, from now on (time already over can't grow it), at most a plan's span either way (a saved
  // run's figure is not trusted further); one that doesn't hold the window is not used.
  const [a, b] = [Date.parse(item.within?.start ?? ''), Date.parse(item.within?.end ?? '')];
  const within =
    a <= startMs && b >= endMs
      ? {
          startMs: Math.min(startMs, Math.max(a, deps.nowMs(), startMs - MAX_AROUND_MS)),
          endMs: Math.min(b, endMs + MAX_AROUND_MS),
        }
      : undefined;
  return heldAsPlanned(deps.held, {
    scheduleId: item.scheduleId,
    startMs,
    endMs,
    from: deps.held.meOn(item.scheduleId),
    to: item.email,
    others: item.others,
    within,
    // Sent before (its answer lost): its cover over part of the block is that write landed, not a change (adv48 r38).
    sentBefore,
  });
}

// Not shown, and the service as planned: MAY_HAVE_LANDED (shared/handoff-text.ts; adv48 round 6 #1).

/**
 * A write that may have landed (its answer lost, or the app stopped while sending) and that the schedule doesn't
 * show: the service read as planned can't confirm it (nothing sent, a Retry included); a change since is said, and
 * Retry says the same (it reads again first); unread stays unknown, looked for again. Never "did not land".
 */
export async function notShown(deps: WriteDeps, item: HandoffItem): Promise<Change> {
  const clipped = clipToNow(item, deps.nowMs());
  if (!('id' in clipped)) return { state: 'not_landed', message: 'The schedule does not show it.' };
  const held = await heldFirst(deps, clipped, true);
  // Answered with an error (its check unread then): the service answered, so never "its answer never came".
  // What became of its answer: kept with the item (an older item: an error or unreadable answer, or none came).
  const answer = item.answer ?? (item.erred ? undefined : { got: 'none' as const });
  const kept = item.answer ? { answer: item.answer } : {};
  if (held === undefined && item.erred)
    return { state: 'not_landed', message: erredChecking(answer), erred: true, ...kept };
  if (held === undefined) return { state: 'changed', message: MAY_HAVE_LANDED, outcome: 'unconfirmed' };
  if (held.state === 'not_sent')
    return {
      state: 'unknown',
      message: 'The schedule could not be read to check it, so it was not sent again (checking again soon).',
    };
  const opening = `${answerSaidFirst(answer, 'the first attempt')}.`;
  if (held.state === 'changed') return { state: 'changed', message: `${opening} ${held.message}`, ...kept };
  return held;
}
