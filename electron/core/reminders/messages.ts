// The words of every reminder. Each names the schedule and gives local times (with the schedule's own wall
// time where its zone differs), built from data at the moment the message is shown so it is true then.
import { formatRelative, joinNames } from '../../shared/format';
import { isolate } from '../../shared/bidi';
import type { NotificationRequest } from '../ports';
import type { Basis } from '../../shared/basis';
import { stillComingText, type StartReminder } from '../../shared/start-reminders';
import {
  dayTimeText,
  endWords,
  opening,
  restingOn,
  savedDataPrefix,
  shiftLine,
  toStatus,
  untilText,
  untilWords,
  windowText,
  type MessageOptions,
  type ShiftRef,
} from './message-words';

// The shared words, re-exported so their importers read one module.
export {
  basisLead,
  basisMark,
  dayTimeText,
  endWords,
  PLANNED,
  reminderBasis,
  savedDataPrefix,
  shiftLine,
  toStatus,
  untilWords,
  windowText,
  type MessageOptions,
  type ShiftRef,
} from './message-words';

/** "On call in 15 min" — also used, computed from the present, when earlier reminders were slept through. */
export function upcomingNotification(
  id: string,
  ref: ShiftRef,
  atMs: number,
  opts: MessageOptions,
  basis: Basis,
): NotificationRequest {
  const line = shiftLine(ref, atMs, opts);
  const said = restingOn(basis, line, atMs, opts);
  const body = said === line ? line : `${said}.`;
  return toStatus(id, `On call ${formatRelative(atMs, ref.startMs)}`, body, ref);
}

/** The evening before a shift that starts during quiet hours: "On call at Wed 03:00" — its start is not silenced. The
 *  body says which of its reminders still come (`comes`, from the plan): "… It starts during quiet hours; the 01:00
 *  reminder still comes." From saved data: "According to saved data from 18:55, you are on call: Platform …". */
export function headsUpNotification(
  id: string,
  ref: ShiftRef,
  atMs: number,
  comes: readonly StartReminder[],
  opts: MessageOptions,
  basis: Basis,
): NotificationRequest {
  const what = restingOn(basis, shiftLine(ref, atMs, opts), atMs, opts);
  const promise = stillComingText(comes, ref.startMs, opts) ?? 'this is its last reminder';
  const body = `${what}. It starts during quiet hours; ${promise}.`;
  // The start as every surface words it ("Wed 03:00"; "03:00" today), never a day word of its own: "03:00 tonight"
  // named a morning start "tonight" and dropped its day (issue 47, round 7).
  const when = dayTimeText(ref.startMs, atMs, ref, opts);
  return toStatus(id, `On call at ${when}`, body, ref);
}

export function startNotification(id: string, ref: ShiftRef, opts: MessageOptions): NotificationRequest {
  const with_ = ref.others.length > 0 ? `, with ${joinNames(ref.others)}` : '';
  const body = `${isolate(ref.scheduleName)} ${endWords(ref, untilText(ref, opts))}${with_}`;
  return toStatus(id, 'On call now', body, ref);
}

/**
 * After a sleep over the start: "You have been on call for Platform primary since 09:00 (until 17:00)". Both ends
 * are read from the day it is shown (`nowMs`; the start by default) and name their day when it is another one:
 * "since Mon 09:00 (until Wed 09:00)".
 */
export function sinceNotification(
  id: string,
  ref: ShiftRef,
  opts: MessageOptions,
  nowMs: number,
  basis: Basis,
): NotificationRequest {
  const since = dayTimeText(ref.startMs, nowMs, ref, opts);
  const saved = savedDataPrefix(basis, nowMs, opts);
  const you = opening(saved, 'You');
  return toStatus(
    id,
    'On call now',
    `${saved}${you} have been on call for ${isolate(ref.scheduleName)} since ${since} (${untilWords(ref, nowMs, opts)}).`,
    ref,
  );
}

/** On time, but from data not confirmed lately: "According to saved data from 01:00, you are on call now for …". */
export function savedStartNotification(
  id: string,
  ref: ShiftRef,
  opts: MessageOptions,
  nowMs: number,
  basis: Basis,
): NotificationRequest {
  const saved = savedDataPrefix(basis, nowMs, opts);
  const you = opening(saved, 'You');
  const body = `${saved}${you} are on call now for ${isolate(ref.scheduleName)} ${untilWords(ref, nowMs, opts)}.`;
  return toStatus(id, 'On call now', body, ref);
}

/** An end on time, but from data not confirmed lately: "According to saved data from 15:55, your … shift is over." */
export function savedEndNotification(
  id: string,
  ref: ShiftRef,
  opts: MessageOptions,
  nowMs: number,
  basis: Basis,
): NotificationRequest {
  const saved = savedDataPrefix(basis, nowMs, opts);
  const your = opening(saved, 'Your');
  const what = ref.startSeen
    ? `${your} ${isolate(ref.scheduleName)} shift ${windowText(ref, nowMs, opts)}`
    : `${your} ${isolate(ref.scheduleName)} shift`;
  return toStatus(id, 'Shift ended', `${saved}${what} is over.`, ref);
}

/** A shift end the app could not show on time (asleep, closed): "Your Platform primary shift 09:00–17:00 ended at
 *  17:00." — from saved data: "According to saved data from 15:55, your … ended at 17:00." */
export function lateEndNotification(
  id: string,
  ref: ShiftRef,
  opts: MessageOptions,
  nowMs: number,
  basis: Basis,
): NotificationRequest {
  const saved = savedDataPrefix(basis, nowMs, opts);
  const your = opening(saved, 'Your');
  const what = ref.startSeen
    ? `${your} ${isolate(ref.scheduleName)} shift ${windowText(ref, nowMs, opts)}`
    : `${your} ${isolate(ref.scheduleName)} shift`;
  const next = ref.nextNames.length > 0 ? ` ${joinNames(ref.nextNames)} took over.` : '';
  const ended = dayTimeText(ref.endMs, nowMs, ref, opts);
  return toStatus(id, 'Shift ended', `${saved}${what} ended at ${ended}.${next}`, ref);
}

export function endNotification(id: string, ref: ShiftRef, opts: MessageOptions): NotificationRequest {
  const verb = ref.nextNames.length > 1 ? 'take' : 'takes';
  const next = ref.nextNames.length > 0 ? ` ${joinNames(ref.nextNames)} ${verb} over.` : '';
  // Without a known start, a window would state a false one.
  const what = ref.startSeen
    ? shiftLine({ ...ref, others: [] }, ref.startMs, opts)
    : `Your ${isolate(ref.scheduleName)} shift`;
  const body = `${what} is over.${next}`;
  return toStatus(id, 'Shift ended', body, ref);
}
