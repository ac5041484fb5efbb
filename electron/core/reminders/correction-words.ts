// A correction's words (./corrections), from what it states: when it is noticed, and again when a held one is
// shown after quiet hours (./policy heldLine), so a held correction is never shown with stored text (issue 52).
import { formatDayTime, joinNames } from '../../shared/format';
import { goesOnPast, onCallWithin } from '../../shared/on-call-run';
import { dayTimeText, toStatus, untilWords, windowText, type MessageOptions, type ShiftRef } from './messages';
import { offCallFresh } from './message-words';
import type { CorrectionStatement, LostSpan } from './types';

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
    ? ` You are on call from ${dayTimeText(later.startMs, nowMs, later, opts)} ${untilWords(later, nowMs, opts)}.`
    : '';
  const at = dayTimeText(was.startMs, nowMs, was, opts);
  // Another block of mine (any schedule, any account) has me at that instant: the title is about this schedule's
  // time only, never "not on call" (adv47 r30 #2).
  // So too where another watched schedule doesn't know that instant fresh (an account down, a hole: issue 47).
  const elsewhere =
    goesOnPast(was.startMs, opts.myBlocks?.() ?? []) || !offCallFresh(opts, was, was.startMs, was.startMs + 1);
  const title = elsewhere ? `${was.scheduleName} at ${at} is not yours after all` : `Not on call at ${at} after all`;
  return toStatus(key, title, `${who}${rest}`, was);
}

/** "Bob Person was on call Platform primary Wed 13:00–14:00 and Wed 20:00–21:00, not you." Each span lost, with
 *  who had it: the time between two spans was mine (as the "Shift ended" beside it says), so never one window. */
function whoHadIt(c: CorrectionStatement, spans: readonly LostSpan[], nowMs: number, opts: MessageOptions): string {
  const { endUnknown: _unknown, ...known } = c.was;
  const windowOf = (s: LostSpan) => windowText({ ...known, startMs: s.fromMs, endMs: s.toMs }, nowMs, opts);
  const namesOf = (s: LostSpan) => joinNames(s.coverers);
  // Spans with the same people are named together; each group is one sentence.
  const groups = new Map<string, LostSpan[]>();
  for (const s of spans) groups.set(namesOf(s), [...(groups.get(namesOf(s)) ?? []), s]);
  return [...groups.values()]
    .map((g) => {
      const window = `${c.was.scheduleName} ${joinNames(g.map(windowOf))}`;
      const names = g[0]?.coverers ?? [];
      return names.length === 0
        ? `You were not on call ${window}.`
        : `${joinNames(names)} ${names.length > 1 ? 'were' : 'was'} on call ${window}, not you.`;
    })
    .join(' ');
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
  const spans = c.past?.spans ?? [{ fromMs: lostStartMs, toMs: c.lostEndMs, coverers: c.coverers }];
  const who = whoHadIt(c, spans, nowMs, opts);
  const basis =
    savedAtMs === undefined
      ? ' What was said about it came from data read before this change.'
      : ` What you were told about it came from saved data from ${formatDayTime(savedAtMs, { ...opts, nowMs })}.`;
  const at = dayTimeText(lostStartMs, nowMs, c.was, opts);
  // As above: with another block of mine over that time, the title says whose this schedule's time was, not that I
  // was off call (adv47 r30 #2b).
  // So too where another watched schedule doesn't know that time fresh (issue 47).
  const elsewhere =
    spans.some((s) => onCallWithin(s.fromMs, s.toMs, opts.myBlocks?.() ?? [])) ||
    !spans.every((s) => offCallFresh(opts, c.was, s.fromMs, s.toMs));
  const title = elsewhere
    ? `Correction: ${c.was.scheduleName} ${at} was not yours`
    : `Correction: not on call ${at} after all`;
  return toStatus(key, title, `${who}${basis}`, c.was);
}

/** A correction worded from its statement: when noticed, and again when a held one is shown (./held). */
export const correctionWords = (key: string, c: CorrectionStatement, nowMs: number, opts: MessageOptions) =>
  c.past
    ? pastCorrection(key, c, c.past.lostStartMs, c.past.savedAtMs, nowMs, opts)
    : correctionNotification(key, c.was, c.lostEndMs, c.coverers, c.later, nowMs, opts);
