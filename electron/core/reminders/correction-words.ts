// A correction's words (./corrections), from what it states: when it is noticed, and again when a held one is
// shown after quiet hours (./policy heldLine), so a held correction is never shown with stored text (issue 52).
import { joinNames } from '../../shared/format';
import { dayTimeText, endWords, toStatus, windowText, type MessageOptions, type ShiftRef } from './messages';
import type { CorrectionStatement } from './types';

/** "Not on call at 09:00 after all" / "Bob covers Platform primary 09:00–17:00 instead of you." */
export function correctionNotification(
  key: string,
  was: ShiftRef,
  lostEndMs: number,
  coverers: readonly string[],
  later: ShiftRef | undefined,
  nowMs: number,
  opts: MessageOptions,
) {
  // Time lost up to a later block of mine ends where that block starts: a boundary the new data covers, whatever
  // was unknown about where the whole block ended.
  const { endUnknown, ...endKnown } = was;
  const lost: ShiftRef = { ...(lostEndMs < was.endMs ? endKnown : { ...endKnown, endUnknown }), endMs: lostEndMs };
  const window = `${was.scheduleName} ${windowText(lost, nowMs, opts)}`;
  const who =
    coverers.length === 0
      ? `${window} is no longer yours.`
      : `${joinNames(coverers)} ${coverers.length > 1 ? 'cover' : 'covers'} ${window} instead of you.`;
  const rest = later
    ? ` You are on call from ${dayTimeText(later.startMs, nowMs, later, opts)} ${endWords(later, dayTimeText(later.endMs, nowMs, later, opts))}.`
    : '';
  const title = `Not on call at ${dayTimeText(was.startMs, nowMs, was, opts)} after all`;
  return toStatus(key, title, `${who}${rest}`, was);
}

/** A correction worded from its statement: when noticed, and again when a held one is shown (./held). */
export const correctionWords = (key: string, c: CorrectionStatement, nowMs: number, opts: MessageOptions) =>
  correctionNotification(key, c.was, c.lostEndMs, c.coverers, c.later, nowMs, opts);
