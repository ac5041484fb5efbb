// A swap side whose write may have landed (a 5xx answer, a lost one) is "outcome unknown" until the service has had
// the settle (SETTLE_MS, as the write path's own resend waits) to apply it: never "did not land" before that, and
// Hand back, a write that is right only if that side is not in place, waits for it too (adv48 round 13 #1).
// The settle is main's own record of when it had that answer (SettleBook), never a time the renderer sends back: a
// renderer that said "settled" early would make main hand back while the other side may still land. It is counted
// as every write flow counts it (actions/settle-clock.ts): real minutes, never a step of the wall clock.
import type { SwapSide } from '../../shared/handoff';
import { answeredAt, settleLeftMs } from '../actions/settle-clock';
import type { Clock } from '../ports';

const CHECKING =
  "Can't confirm yet — checking: the schedule does not show it yet, but the service may still apply it, so it was not sent again. It is looked for again; it is sent again only once the service has had 2 minutes to apply it and nothing there has changed.";

/** When each side main answered "may have landed" has had its settle, per engine (kept in memory, as the swap is). */
export interface SettleBook {
  /** This side's write was answered now: its settle runs from here. */
  note(s: SwapSide): void;
  /** What is left of main's settle for this side (0: over); a side it has no record of ("unknown" after a restart)
   *  settles from main's start; undefined: no settle for it. */
  leftMs(s: SwapSide): number | undefined;
}

const sideKey = (s: SwapSide): string =>
  [s.scheduleId, s.start, s.end, s.email.toLowerCase(), ...[...s.others].sort()].join('|');

/** Made when this main starts: a side said "unknown" before a restart is given a whole settle from then. */
export function createSettleBook(clock: Clock): SettleBook {
  const startedMs = answeredAt(clock);
  const book = new Map<string, number>();
  return {
    note: (s) => void book.set(sideKey(s), answeredAt(clock)),
    leftMs: (s) => {
      const atMs = book.get(sideKey(s)) ?? (s.state === 'unknown' ? startedMs : undefined);
      return atMs === undefined ? undefined : settleLeftMs(clock, atMs);
    },
  };
}

/** The sentence a "most likely not saved" answer opens with (what the service did), kept before the checking. */
export function opening(message: string): string {
  const cut = message.indexOf(', and the schedule');
  return cut > 0 ? `${message.slice(0, cut)}. ` : '';
}

/** A side's write answered (now): one that may have landed is "checking" until the settle passes, noted in main's
 *  book. */
export function unsettled(s: SwapSide, book: SettleBook): SwapSide {
  if (s.state !== 'not_landed' && s.state !== 'unknown') return s;
  const side: SwapSide =
    s.state === 'unknown' || s.message.includes("Can't confirm yet")
      ? { ...s, state: 'unknown' }
      : { ...s, state: 'unknown', message: `${opening(s.message)}${CHECKING}` };
  book.note(side);
  return side;
}

/** Whether main has a settle for this side (its write's answer said it may have landed). */
export const settleKnown = (book: SettleBook, s: SwapSide): boolean => book.leftMs(s) !== undefined;

/** Whether the service may still apply this side's write (its settle, by main's record, not over). */
export const settling = (book: SettleBook, s: SwapSide): boolean => (book.leftMs(s) ?? 0) > 0;

/** Hand back asked while the other side may still land: nothing is sent, and when it can be is said. */
export function waitText(book: SettleBook, s: SwapSide): string {
  const seconds = Math.max(1, Math.ceil((book.leftMs(s) ?? 0) / 1000));
  return `Can't confirm yet — checking: the schedule does not show it yet, but the service may still apply it for ${seconds} more seconds, so your shift was not handed back (with both in place you would be on call for both). Press Hand back again then: the schedule is read first.`;
}

/** My side in place now, after main answered it "may have landed": the service applied it at a moment the app did not
 *  read, so who was on call there just before it can't be told (a manager may have changed it meanwhile), and a hand
 *  back to those I planned around could bring back someone since removed (adv48 r23 F2). */
export const landedLate = (book: SettleBook, mine: SwapSide): boolean =>
  mine.state === 'handed_off' && settleKnown(book, mine);

export const landedLateText = (name: string): string =>
  `Nothing was sent: ${name}'s cover of your shift landed late (the service applied it after its answer said it might not), so the app can't tell who was on call there just before it; a manager may have changed it meanwhile, and handing it back could put back someone they removed. Look at the schedule and change it there.`;
