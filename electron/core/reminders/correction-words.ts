// A correction's words (./corrections), from what it states: when it is noticed, and again when a held one is
// shown after quiet hours (./policy heldLine), so a held correction is never shown with stored text (issue 52).
import { formatDayTime, joinNames } from '../../shared/format';
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

/** "Bob Person was on call Platform primary Wed 15:00 – Thu 15:00, not you. What you were told about it came from
 *  saved data from Wed 11:00." Time already past that a read contradicts (./past-corrections). */
function pastCorrection(
  key: string,
  c: CorrectionStatement,
  lostStartMs: number,
  savedAtMs: number | undefined,
  nowMs: number,
  opts: MessageOptions,
) {
  const { endUnknown: _unknown, ...known } = c.was;
  const lost: ShiftRef = { ...known, startMs: lostStartMs, endMs: c.lostEndMs };
  const window = `${c.was.scheduleName} ${windowText(lost, nowMs, opts)}`;
  const who =
    c.coverers.length === 0
      ? `You were not on call ${window}.`
      : `${joinNames(c.coverers)} ${c.coverers.length > 1 ? 'were' : 'was'} on call ${window}, not you.`;
  const basis =
    savedAtMs === undefined
      ? ' What was said about it came from data read before this change.'
      : ` What you were told about it came from saved data from ${formatDayTime(savedAtMs, { ...opts, nowMs })}.`;
  return toStatus(
    key,
    `Correction: not on call ${dayTimeText(lostStartMs, nowMs, c.was, opts)} after all`,
    `${who}${basis}`,
    c.was,
  );
}

/** A correction worded from its statement: when noticed, and again when a held one is shown (./held). */
export const correctionWords = (key: string, c: CorrectionStatement, nowMs: number, opts: MessageOptions) =>
  c.past
    ? pastCorrection(key, c, c.past.lostStartMs, c.past.savedAtMs, nowMs, opts)
    : correctionNotification(key, c.was, c.lostEndMs, c.coverers, c.later, nowMs, opts);
