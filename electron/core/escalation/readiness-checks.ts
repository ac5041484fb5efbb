// Two lines of "Ready for your shift": whether the start alarm will be loud on this computer ("Shift-start alarm:
// loud ✓" or "quiet (why)"), and whether the phone is armed ("Phone escalation armed ✓ (tested …, booked for
// 22:03)") or what is missing. Pure; what can't be checked here is said as such, never as ok.
import { formatDayTime } from '../../shared/format';
import type { ReadinessCheck } from '../../shared/view-state';
import type { NotificationHealthResult } from '../readiness/readiness';
import type { StartAlarm } from '../alarm/types';
import type { EscalatorStatus } from './escalator';
import { LATE_POLL_MS } from './escalator-run';
import type { EscalationSettings } from './types';

export interface AlarmCheckInput {
  platform: NodeJS.Platform;
  startAlarm: StartAlarm;
  notifications: NotificationHealthResult | undefined;
  /** Why the shift's account rings nothing at its start ("Acme's reminders are muted"), when it doesn't. */
  silencedBy?: string;
  /** The account whose alarm rings the start, when several accounts watch its schedule (one may be muted). */
  ringsThrough?: string;
}

export function alarmCheck(i: AlarmCheckInput): ReadinessCheck {
  if (i.silencedBy !== undefined)
    return {
      id: 'alarm',
      result: 'problem',
      message: `Shift-start alarm: silent (${i.silencedBy}), so it won't ring.`,
      action: 'settings',
    };
  if (i.startAlarm === 'off')
    return { id: 'alarm', result: 'problem', message: 'Shift-start alarm: off for this schedule.', action: 'settings' };
  const how =
    i.platform === 'darwin'
      ? 'the alarm window over every app and display; Focus may still hold back its notification'
      : i.platform === 'win32'
        ? 'an alarm toast with a looping sound, and the alarm window'
        : 'a critical notification, shown through Do Not Disturb, and the alarm window';
  // Linux: any problem; elsewhere one that says why the alarm is quiet (the last notification failed, adv50 r21 #1);
  // macOS's "loud" is its window, which a refused notification leaves ringing.
  const quiet = i.platform === 'linux' || (i.platform !== 'darwin' && i.notifications?.quietWhy !== undefined);
  if (quiet && i.notifications?.result === 'problem') {
    // The notification check's own cause (dunst paused answers, and holds it), never "no server" for every problem.
    const why = i.notifications.quietWhy ?? 'no notification server answers';
    return {
      id: 'alarm',
      result: 'problem',
      message: `${alarmWords('quiet', `${why}, so only the alarm window rings`, i)} ${i.notifications.message}`,
    };
  }
  return { id: 'alarm', result: 'ok', message: alarmWords('loud ✓', how, i) };
}

/** The alarm line of every branch that rings: how loud, why, and (a start several accounts watch) the account it
 *  rings through, named the same way on each (fix50m: the Linux "quiet" one left it out). */
function alarmWords(loudness: string, why: string, i: Pick<AlarmCheckInput, 'ringsThrough'>): string {
  const through = i.ringsThrough === undefined ? '' : `; it rings through ${i.ringsThrough}`;
  return `Shift-start alarm: ${loudness} (${why}${through}).`;
}

export interface PhoneCheckInput {
  settings: EscalationSettings;
  /** The topic (or Pushover keys, webhook address) is in the keychain; undefined while the keychain has not
   *  answered yet at start (before, that read as "missing" and was told as a warning after a restart). */
  hasSecrets?: boolean | undefined;
  status: EscalatorStatus | undefined;
  /** When "Send test" last came back with the phone's "I'm on it". */
  testedAtMs: number | undefined;
  nowMs: number;
  localZone?: string;
  /** Watched schedules still loading: a start of theirs is not booked yet (said, never "booked"). */
  loading?: readonly string[];
  /** The start of the shift this readiness is for. */
  shiftStartMs?: number;
}

/** The server didn't take the stream's probe (a 503, a 429): nothing vouches for the stream, and the poll reads
 *  beside it (every POLL_MS in the hour after the phone's time, LATE_POLL_MS after: escalator-run.ts pollEveryMs).
 *  Said, and a test never made is still said (adv50 r36: the line read only "set up but not tested"). */
function probeRefusedCheck(i: PhoneCheckInput, why: string): ReadinessCheck {
  const polled = `the app can't check that your phone's answers arrive (${why}); it reads them every ${LATE_POLL_MS / 1000} s or sooner instead`;
  if (i.testedAtMs !== undefined) return { id: 'phone', result: 'ok', message: `Phone escalation: ${polled}.` };
  const message = `Phone escalation: set up but not tested (Send test in Settings → Phone); ${polled}.`;
  return { id: 'phone', action: 'settings', result: 'unknown', message };
}

/** Judged when shown too: a wait already over is never said as "waiting until" a time past (adv50 r9 #2). One met
 *  by an earlier start's alert that ends before this shift's alert is due holds nothing of it back (adv50 r43 F2:
 *  today's alert answered 429 was told as "Not ready for your shift at Wed 10:00", a day after the wait ends). */
function waitHolds(i: PhoneCheckInput, waiting: number): boolean {
  const earlier = i.status?.problemStartMs !== undefined && i.status.problemStartMs < (i.shiftStartMs ?? -Infinity);
  const alertMs = earlier ? (i.shiftStartMs ?? 0) + i.settings.afterMin * 60_000 : -Infinity;
  return waiting > i.nowMs && waiting > alertMs;
}

export function phoneCheck(i: PhoneCheckInput): ReadinessCheck {
  const base = { id: 'phone' as const, action: 'settings' as const };
  // The server's 429 wait first: whatever failed, nothing is tried before it ends (said with its end).
  const waiting = i.status?.waitingUntilMs;
  if (waiting !== undefined && waitHolds(i, waiting)) {
    const opts = { nowMs: i.nowMs, ...(i.localZone ? { localZone: i.localZone } : {}) };
    const until = formatDayTime(waiting, opts);
    // A wait read back from before a restart is said as that: this run never received a 429 (adv52 r11 #2).
    const message = i.status?.waitKept
      ? `Phone escalation: a wait saved before the restart (read back from the data folder) runs until ${until}; nothing is sent to the phone service before then.`
      : `Phone escalation: ${i.status?.problem ?? 'the phone service answered 429 (too many requests)'}; waiting until ${until}, as the phone service asked, before trying again.`;
    return { ...base, result: 'problem', message };
  }
  // First, also when now off: an alert left on a channel no longer used may still ring there.
  const problem = shiftProblem(i);
  if (problem) return { ...base, result: 'problem', message: `Phone escalation: ${problem}.` };
  // Off is the user's choice (optional, off by default), known for sure: no doubt about readiness, only said beside
  // the other checks (issue 49, adv49 r17: a fresh install read "Can't tell if you're ready" before every shift).
  if (i.settings.provider === 'off')
    return { id: 'phone', result: 'ok', message: 'Phone escalation: off (optional; Settings → Phone).' };
  if (i.hasSecrets === undefined)
    return {
      ...base,
      result: 'unknown',
      message: 'Phone escalation: its keys are still being read from the keychain.',
    };
  if (!i.hasSecrets)
    return {
      ...base,
      result: 'problem',
      message: 'Phone escalation: its topic or keys are missing (Settings → Phone).',
    };
  if (i.status?.answerPolledWhy) return probeRefusedCheck(i, i.status.answerPolledWhy);
  // While no probe may check the answer stream today, the poll reads beside it: said, so no one takes it for a check.
  if (i.status?.answerPolled)
    return {
      id: 'phone',
      result: 'ok',
      message:
        'Phone escalation: the answer stream can’t be checked until the day’s message allowance starts over (it is kept for your alerts); the app reads the phone’s answers by polling.',
    };
  // Shorter than the phone time: nothing is booked or sent for it (escalator-run.ts pastItsBlock), whatever a test
  // said; only this computer's alarm rings. Said, never "armed ✓" (adv50 r26 #1).
  if (i.shiftStartMs !== undefined && i.status?.tooShortStartsMs?.includes(i.shiftStartMs))
    return {
      id: 'phone',
      result: 'ok',
      message: `Phone escalation: won't ring for this shift: it ends within ${i.settings.afterMin} min of its alarm, so only this computer's alarm rings.`,
    };
  const opts = { nowMs: i.nowMs, ...(i.localZone ? { localZone: i.localZone } : {}) };
  if (i.testedAtMs === undefined)
    return {
      ...base,
      result: 'unknown',
      message: 'Phone escalation: set up but not tested (Send test in Settings → Phone).',
    };
  const tested = `tested ${formatDayTime(i.testedAtMs, opts)}`;
  // Another start's booking that didn't land leaves this shift's, confirmed on the server, booked (adv50 r33 #1).
  if (!i.status?.booking && !(i.status?.notBooked && !ownBooking(i)))
    return {
      id: 'phone',
      result: 'ok',
      message: `Phone escalation armed ✓ (${tested}); it is sent by this computer, so the phone rings only if it is awake then.`,
    };
  const loading = i.loading?.length ? `not booked yet: still loading ${i.loading.join(', ')}` : undefined;
  if (i.status.nextBookedMs === undefined)
    return loading
      ? { ...base, result: 'unknown', message: `Phone escalation: ${loading} (${tested}).` }
      : {
          id: 'phone',
          result: 'ok',
          message: `Phone escalation armed ✓ (${tested}; none booked yet: booked once your shift is within 2 days).`,
        };
  // With its day where it is not today: the evening before, "booked for 10:03" read as a time already past (adv50 r27).
  const booked = `booked for ${formatDayTime(i.status.nextBookedMs, opts)}`;
  if (loading) return { ...base, result: 'unknown', message: `Phone escalation: ${booked} (${tested}); ${loading}.` };
  return { id: 'phone', result: 'ok', message: `Phone escalation armed ✓ (${tested}, ${booked}).` };
}

/** The booking that didn't land of the shift this readiness is for (any, when it names no shift). */
const ownBooking = (i: PhoneCheckInput) =>
  i.status?.notBooked?.find((b) => i.shiftStartMs === undefined || b.startMs === i.shiftStartMs);

/** The phone's problem as this shift's readiness says it: the phone's answer that can't be read, for as long as it
 *  lasts (adv50 r33 #2: a booking's failure replaced it), and a booking that didn't land only for its own shift, named
 *  by its start (adv50 r33 #1: "the phone alert may not be booked" of Thursday's was said as Wednesday's). */
function shiftProblem(i: PhoneCheckInput): string | undefined {
  const s = i.status;
  if (!s) return undefined;
  const opts = { nowMs: i.nowMs, ...(i.localZone ? { localZone: i.localZone } : {}) };
  const unread = s.answerUnread === undefined ? [] : [`the phone’s answer can’t be read: ${s.answerUnread}`];
  const own = ownBooking(i);
  const retried = s.waitingUntilMs === undefined ? '; trying again each minute' : '';
  const booking = own
    ? [`the phone alert for ${formatDayTime(own.startMs, opts)} may not be booked: ${own.error}${retried}`]
    : [];
  const other = s.notBooked || s.problemIsReading || !s.problem ? [] : [s.problem];
  const said = [...unread, ...booking, ...other];
  return said.length > 0 ? said.join('; ') : undefined;
}
