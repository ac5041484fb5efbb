// "Ready for your shift": before my next shift (within 24 h), can the app reach me? Pure (derived state, settings,
// the platform's notification health). Each check: ok, a problem with its one fix, or "can't tell" (never "ok" blind).
// The shift's own checks (schedule, reminders) are shift-checks.ts.
import type { ServiceSettings } from '../../shared/settings';
import type { AppState, MyShift, Readiness, ReadinessCheck } from '../../shared/view-state';
import { keyUnavailableCheck, type KeyUnread } from './key-unavailable';
import { remindersCheck, scheduleCheck } from './shift-checks';

export const READINESS_WINDOW_MS = 24 * 60 * 60_000;
/** A test notification the person answered counts for this long (settings can change, a Focus mode be added). */
export const TEST_ANSWER_VALID_MS = 7 * READINESS_WINDOW_MS;

/** What the platform said about notifications (see the NotificationHealth port), and when. */
export interface NotificationHealthResult {
  result: ReadinessCheck['result'];
  message: string;
  /** Why the alarm is quiet ("dunst is paused and holds its notification"); absent: no notification server answers. */
  quietWhy?: string;
}

export interface ReadinessInput {
  state: Pick<AppState, 'sync' | 'schedules' | 'me'>;
  settings: ServiceSettings;
  nowMs: number;
  notifications: NotificationHealthResult | undefined;
  /** This session's first read isn't back yet: what the cache holds is not judged (it is checked once read). */
  firstReadPending?: boolean;
  /** Another read made with the key (the coverage-request list) is fresh: it confirms the key as well as a schedule
   *  read does (schedule reads failing with a 5xx say nothing against the key; adv47 round 16 #2). */
  otherReadFresh?: boolean;
  /** No read can be made: the keychain refused the key (locked, prompt cancelled) or none is set. Nothing is on its
   *  way then, so nothing is "checking" (adv47 r43 F1): the warning before the shift must come. */
  keyUnread?: KeyUnread;
}

function keyCheck(input: ReadinessInput): ReadinessCheck {
  const unavailable = keyUnavailableCheck(input.state.sync.kind, input.keyUnread);
  if (unavailable) return unavailable;
  const fresh = input.state.schedules.some((s) => s.status.kind === 'fresh') || input.otherReadFresh === true;
  if (!fresh && input.firstReadPending === true)
    return { id: 'key', result: 'checking', message: 'The key is checked by the first read, still on its way.' };
  return fresh
    ? { id: 'key', result: 'ok', message: 'The key was accepted by a recent read.' }
    : {
        id: 'key',
        result: 'unknown',
        message: 'No read has succeeded lately, so the key is not confirmed.',
        action: 'refresh',
      };
}

function autostartCheck(input: ReadinessInput): ReadinessCheck {
  return input.settings.startAtLogin
    ? { id: 'autostart', result: 'ok', message: 'The app starts at login.' }
    : {
        id: 'autostart',
        result: 'problem',
        message: 'After a restart, nothing will remind you: turn on Start at login.',
        action: 'start-at-login',
      };
}

/**
 * What the platform says, completed by the person's answer to a test notification (this week's): "it didn't
 * appear" is a problem whatever the platform says; "it appeared" settles what the platform can't tell.
 */
function notificationsCheck(input: ReadinessInput): ReadinessCheck {
  const n = input.notifications;
  const test = input.settings.notificationTest;
  // Dated over a minute ahead (settings-clock.ts's slack for a clock step; the clock stepped back since load): no proof.
  const age = test ? input.nowMs - Date.parse(test.at) : NaN;
  const answered = test && test.seen !== null && age >= -60_000 && age <= TEST_ANSWER_VALID_MS;
  if (answered && test.seen === false)
    return {
      id: 'notifications',
      result: 'problem',
      message: "The test notification didn't appear: let OnCall Tray show notifications in the system settings.",
      action: 'test-notification',
    };
  if (n?.result === 'problem') return { id: 'notifications', ...n };
  if (n?.result === 'ok') return { id: 'notifications', ...n };
  if (answered) return { id: 'notifications', result: 'ok', message: 'You saw a test notification this week.' };
  const message = n?.message ?? 'Notifications were not checked yet.';
  return { id: 'notifications', result: 'unknown', message, action: 'test-notification' };
}

/** Readiness for my next shift if it starts within 24 h (null otherwise, or without an e-mail). */
export function readinessOf(input: ReadinessInput): Readiness | null {
  const next = input.state.me.nextShift;
  if (!next || Date.parse(next.start) - input.nowMs > READINESS_WINDOW_MS) return null;
  const checks = [
    keyCheck(input),
    scheduleCheck(input, next),
    remindersCheck(input, next),
    autostartCheck(input),
    notificationsCheck(input),
  ];
  return {
    shift: {
      accountId: next.accountId,
      scheduleId: next.scheduleId,
      scheduleName: next.scheduleName,
      start: next.start,
      end: next.end,
      endBasis: next.endBasis,
      basis: next.basis,
    },
    checks,
  };
}

/** The first problem (the one line says it), or undefined when nothing stands in the way. */
export function firstProblem(r: Readiness): ReadinessCheck | undefined {
  return r.checks.find((c) => c.result === 'problem');
}

/** This account's readiness moved on to another of its shifts (another account's block carries my time on past this
 *  one's next start, so the next real start is a later shift of its): the shift's own checks are judged again; the
 *  account's and the platform's (key, start at login, notifications) stay as they were. */
export function readinessForShift(
  r: Readiness,
  input: Pick<ReadinessInput, 'state' | 'settings'>,
  shift: MyShift,
): Readiness {
  if (r.shift.start === shift.start && r.shift.scheduleId === shift.scheduleId) return r;
  const view = (id: string) => input.state.schedules.find((s) => s.id === id);
  // "Still checking" without a schedule loading is only said while this session's first read is on its way.
  const firstReadPending = r.checks.some(
    (c) =>
      c.result === 'checking' &&
      (c.id === 'key' || (c.id === 'schedule' && view(r.shift.scheduleId)?.status.kind !== 'loading')),
  );
  const full = { ...input, nowMs: 0, notifications: undefined, firstReadPending };
  const own = { schedule: scheduleCheck(full, shift), reminders: remindersCheck(full, shift) };
  return {
    shift: {
      accountId: shift.accountId,
      scheduleId: shift.scheduleId,
      scheduleName: shift.scheduleName,
      start: shift.start,
      end: shift.end,
      endBasis: shift.endBasis,
      basis: shift.basis,
    },
    checks: r.checks.map((c) => (c.id === 'schedule' || c.id === 'reminders' ? own[c.id] : c)),
  };
}
