// The reminders' shared words: a shift's window and end, local times (with the schedule's own wall time where its
// zone differs), and the basis a reminder rests on ("from saved data (read 14:02)"). messages.ts builds each
// reminder from them.
import type { BlockSpan } from '../../shared/on-call-run';
import { formatDayTime, formatWindow, joinNames } from '../../shared/format';
import { isolate } from '../../shared/bidi';
import type { NotificationRequest } from '../ports';
import { assertNever, unknownWhyText, type Basis } from '../../shared/basis';

export interface MessageOptions {
  localZone?: string;
  locale?: string;
  /** Every block of mine, on every schedule and account: a notice about one schedule says "not on call" only where
   *  none of them has me (shared/on-call-run.ts, the rule the tray's run and "Shift ended" use). */
  myBlocks?: () => readonly BlockSpan[];
  /** What "not on call over [fromMs, toMs)" rests on across every watched schedule of every account
   *  (shared/off-call-basis.ts): said only where it is fresh, never over time another account doesn't know. */
  offCallBasis?: (fromMs: number, toMs: number, scheduleId: string) => Basis;
}

/** The options about my time on every account (my blocks, what "not on call" rests on), passed on as given. */
export function myTimeOf(
  o: Pick<MessageOptions, 'myBlocks' | 'offCallBasis'>,
): Pick<MessageOptions, 'myBlocks' | 'offCallBasis'> {
  return {
    ...(o.myBlocks ? { myBlocks: o.myBlocks } : {}),
    ...(o.offCallBasis ? { offCallBasis: o.offCallBasis } : {}),
  };
}

/** Whether "not on call" may be said over [fromMs, toMs): every watched schedule read it fresh (saved data would be
 *  stated as fresh, unknown time as known). Without the hook (one schedule, as in unit tests) its own read decides. */
export function offCallFresh(opts: MessageOptions, ref: ShiftRef, fromMs: number, toMs: number): boolean {
  return (opts.offCallBasis?.(fromMs, toMs, ref.scheduleId).kind ?? 'fresh') === 'fresh';
}

/** One stretch of my on-call time on one schedule, as reminders need it. */
export interface ShiftRef {
  /** Groups all reminders of this shift, e.g. `shift:sch_x:2026-03-02T08:00:00Z`. */
  group: string;
  scheduleId: string;
  scheduleName: string;
  scheduleZone: string;
  startMs: number;
  endMs: number;
  /**
   * False when the shift was already running where the fetched shifts begin: earlier parts of it may have been
   * left out, so `startMs` is only where the data starts and the true start is unknown.
   */
  startSeen: boolean;
  /** Names of who is on call with me at the start. */
  others: string[];
  /** Names of who takes over at the end, when the cached shifts say. */
  nextNames: string[];
  /** Set when (part of) the shift is known only from an earlier read, kept over time the latest read couldn't read
   * (a hole): when that read was made. Its reminders always say they rest on saved data. */
  keptReadAtMs?: number;
  /** Set when no read covers the time right after `endMs` (a hole, the end of the read): the shift may go on, so its
   *  end is said as "until at least 17:00, then unknown", never as a plain end. */
  endUnknown?: true;
  /** With `endUnknown`: where what was read of the block ends, the end every surface words ("until at least …"); the
   *  block's own end lies past the read, so it is never said (adv47 r38 #1: the notices said a day past the read). */
  readEndMs?: number;
}

/** The end a notice words: the block's, or where the read inside it ends when the time after that was not read. */
export const saidEndMs = (ref: ShiftRef): number => (ref.endUnknown ? (ref.readEndMs ?? ref.endMs) : ref.endMs);

/** "until 17:00", "until at least 17:00, then unknown", the end read from the day it is shown (`nowMs`). */
export const untilWords = (ref: ShiftRef, nowMs: number, opts: MessageOptions): string =>
  endWords(ref, dayTimeText(saidEndMs(ref), nowMs, ref, opts));

export function windowText(ref: ShiftRef, nowMs: number, opts: MessageOptions): string {
  if (ref.endUnknown) return `${dayTimeText(ref.startMs, nowMs, ref, opts)} ${untilWords(ref, nowMs, opts)}`;
  return formatWindow(ref.startMs, ref.endMs, { ...opts, nowMs, scheduleZone: ref.scheduleZone });
}

/** "until 17:00", or "until at least 17:00, then unknown" where no read covers the time after it (as the tray says). */
export function endWords(ref: ShiftRef, end: string): string {
  return ref.endUnknown ? `until at least ${end}, then unknown` : `until ${end}`;
}

/** The time alone on the day the message is read (`nowMs`), with the weekday or date on any other day. */
export function dayTimeText(ms: number, nowMs: number, ref: ShiftRef, opts: MessageOptions): string {
  return formatDayTime(ms, { ...opts, nowMs, scheduleZone: ref.scheduleZone });
}

/** "17:00", or "Thu 09:00" when the shift ends on another day than it starts (a block of several days). */
export function untilText(ref: ShiftRef, opts: MessageOptions): string {
  return dayTimeText(saidEndMs(ref), ref.startMs, ref, opts);
}

/** "Platform primary 09:00–17:00, with Bob" */
export function shiftLine(ref: ShiftRef, nowMs: number, opts: MessageOptions): string {
  const with_ = ref.others.length > 0 ? `, with ${joinNames(ref.others)}` : '';
  return `${isolate(ref.scheduleName)} ${windowText(ref, nowMs, opts)}${with_}`;
}

export function toStatus(id: string, title: string, body: string, ref: ShiftRef): NotificationRequest {
  return { id, title, body, target: 'status', params: { scheduleId: ref.scheduleId } };
}

/** What a reminder planned from the latest read rests on: that read, fresh when planned. */
export const PLANNED: Basis = { kind: 'fresh', readAt: null };

/** The basis of a reminder judged at a moment: fresh, or saved data read at `savedAtMs` (a kept earlier read over a
 *  hole, or data the service has not confirmed since waking or within the refresh allowance). */
export function reminderBasis(savedAtMs: number | undefined): Basis {
  return savedAtMs === undefined ? PLANNED : { kind: 'saved', savedAt: new Date(savedAtMs).toISOString() };
}

/** What a reminder says it rests on, as the words that open it: '' when fresh, "According to saved data from 14:02"
 *  when saved (a catch-up judged from data the service has not confirmed since), "Unknown now (…); as last read"
 *  when unknown. Every basis is worded (the compiler holds it), so no reminder states saved data bare. */
export function basisLead(basis: Basis, nowMs: number, opts: MessageOptions): string {
  switch (basis.kind) {
    case 'fresh':
      return '';
    case 'saved':
      return basis.savedAt === null
        ? 'According to saved data'
        : `According to saved data from ${formatDayTime(basis.savedAt, { ...opts, nowMs })}`;
    case 'unknown':
      return `Unknown now (${unknownWhyText(basis.why)}); as last read`;
    default:
      return assertNever(basis);
  }
}

/** The basis as a mark beside a line that already says what it is (the summary after quiet time): '' when fresh,
 *  " (according to saved data from 14:02)", " (unknown now: …; as last read)". */
export function basisMark(basis: Basis, nowMs: number, opts: MessageOptions): string {
  switch (basis.kind) {
    case 'fresh':
      return '';
    case 'saved':
      return basis.savedAt === null
        ? ' (according to saved data)'
        : ` (according to saved data from ${formatDayTime(basis.savedAt, { ...opts, nowMs })})`;
    case 'unknown':
      return ` (unknown now: ${unknownWhyText(basis.why)}; as last read)`;
    default:
      return assertNever(basis);
  }
}

/** The basis lead as the start of a sentence: "According to saved data from 14:02, " ('' when fresh). */
export function savedDataPrefix(basis: Basis, nowMs: number, opts: MessageOptions): string {
  const lead = basisLead(basis, nowMs, opts);
  return lead === '' ? '' : `${lead}, `;
}

/** "you are on call: Platform …", after the basis prefix where there is one. */
export function restingOn(basis: Basis, line: string, nowMs: number, opts: MessageOptions): string {
  const prefix = savedDataPrefix(basis, nowMs, opts);
  return prefix === '' ? line : `${prefix}you are on call: ${line}`;
}

/** The capital a sentence starts with where no prefix comes before it. */
export const opening = (prefix: string, word: string): string =>
  prefix === '' ? word : word.charAt(0).toLowerCase() + word.slice(1);
