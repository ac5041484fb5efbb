// A swap side whose write may have landed (a 5xx answer, a lost one) is "outcome unknown" until the service has had
// the settle (SETTLE_MS, as the write path's own resend waits) to apply it: never "did not land" before that, and
// Hand back, a write that is right only if that side is not in place, waits for it too (adv48 round 13 #1).
// The settle is main's own record of when it had that answer (SettleBook), never a time the renderer sends back: a
// renderer that said "settled" early would make main hand back while the other side may still land.
import type { SwapSide } from '../../shared/handoff';
import { SETTLE_MS } from '../actions/override-verify';

const CHECKING =
  "Can't confirm yet — checking: the schedule does not show it yet, but the service may still apply it, so it was not sent again. It is looked for again; it is sent again only once the service has had 2 minutes to apply it and nothing there has changed.";

/** When each side main answered "may have landed" has had its settle, per engine (kept in memory, as the swap is). */
export interface SettleBook {
  note(s: SwapSide, untilMs: number): void;
  /** Main's settle end for this side; a side it has no record of ("unknown" after a restart) settles from its start. */
  untilMs(s: SwapSide): number | undefined;
}

const sideKey = (s: SwapSide): string =>
  [s.scheduleId, s.start, s.end, s.email.toLowerCase(), ...[...s.others].sort()].join('|');

/** `startedMs`: when this main started; a side said "unknown" before a restart is given a whole settle from then. */
export function createSettleBook(startedMs: number): SettleBook {
  const book = new Map<string, number>();
  return {
    note: (s, untilMs) => void book.set(sideKey(s), untilMs),
    untilMs: (s) => book.get(sideKey(s)) ?? (s.state === 'unknown' ? startedMs + SETTLE_MS : undefined),
  };
}

/** The sentence a "most likely not saved" answer opens with (what the service did), kept before the checking. */
export function opening(message: string): string {
  const cut = message.indexOf(', and the schedule');
  return cut > 0 ? `${message.slice(0, cut)}. ` : '';
}

/** A side's write answered: one that may have landed is "checking" until the settle passes (`nowMs`: when answered),
 *  noted in main's book. */
export function unsettled(nowMs: number, s: SwapSide, book: SettleBook): SwapSide {
  if (s.state !== 'not_landed' && s.state !== 'unknown') return s;
  const side: SwapSide =
    s.state === 'unknown' || s.message.includes("Can't confirm yet")
      ? { ...s, state: 'unknown' }
      : { ...s, state: 'unknown', message: `${opening(s.message)}${CHECKING}` };
  book.note(side, nowMs + SETTLE_MS);
  return side;
}

/** Whether main has a settle for this side (its write's answer said it may have landed). */
export const settleKnown = (book: SettleBook, s: SwapSide): boolean => book.untilMs(s) !== undefined;

/** Whether the service may still apply this side's write (its settle, by main's record, not over). */
export const settling = (book: SettleBook, s: SwapSide, nowMs: number): boolean => (book.untilMs(s) ?? 0) > nowMs;

/** Hand back asked while the other side may still land: nothing is sent, and when it can be is said. */
export function waitText(book: SettleBook, s: SwapSide, nowMs: number): string {
  const seconds = Math.max(1, Math.ceil(((book.untilMs(s) ?? nowMs) - nowMs) / 1000));
  return `Can't confirm yet — checking: the schedule does not show it yet, but the service may still apply it for ${seconds} more seconds, so your shift was not handed back (with both in place you would be on call for both). Press Hand back again then: the schedule is read first.`;
}

/** My side in place now, after main answered it "may have landed": the service applied it at a moment the app did not
 *  read, so who was on call there just before it can't be told (a manager may have changed it meanwhile), and a hand
 *  back to those I planned around could bring back someone since removed (adv48 r23 F2). */
export const landedLate = (book: SettleBook, mine: SwapSide): boolean =>
  mine.state === 'handed_off' && settleKnown(book, mine);

export const landedLateText = (name: string): string =>
  `Nothing was sent: ${name}'s cover of your shift landed late (the service applied it after its answer said it might not), so the app can't tell who was on call there just before it; a manager may have changed it meanwhile, and handing it back could put back someone they removed. Look at the schedule and change it there.`;
