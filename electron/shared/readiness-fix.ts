// Where in Settings a readiness problem's fix is (issue 49: a fix opens where the problem is, never a screen that
// contradicts it): the shift's account, and in it the part the check is about. The popover's button and the tray's
// item both open it, so they never differ. Zod-free (the popover loads it after its first frame).
import { ownSilence, type SilenceFields } from './own-silence';
import type { Readiness, ReadinessCheck } from './view-me';

/** The parts of Settings a fix opens at: Phone; a schedule's reminder choice; a service's mute and pause; the
 *  global shortcut (another app holds it); Start at login (the OS did not take it); a service's "My e-mail" (it names no one there, or my user moved); a
 *  service's watched schedule the service doesn't have (its row). */
export type SettingsFixSection = 'phone' | 'reminders' | 'silence' | 'shortcut' | 'login' | 'email' | 'schedules';

export interface SettingsFixPlace {
  account?: Readiness['shift']['accountId'];
  section?: SettingsFixSection;
  /** The schedule as its service names it (the id Settings keeps its reminder choice under). */
  schedule?: string;
}

export interface FixWorld {
  settings: { accounts: readonly SilenceFields[] };
  schedules: readonly { id: string; scheduleId?: string }[];
}

/** Settings' place for `check` of `r` (its action is 'settings'): a rejected key at its account (its key field);
 *  the phone at Phone; reminders or the start alarm at the account's mute and pause when the account is muted or
 *  paused past the shift's start (what the check then says), else at the schedule's reminder choice. */
export function readinessFixPlace(r: Readiness, check: ReadinessCheck, world: FixWorld): SettingsFixPlace {
  const account = r.shift.accountId;
  if (check.id === 'phone') return { section: 'phone' };
  // Start at login is the app's, no account's: its switch under General (setting it again retries).
  if (check.id === 'autostart') return { section: 'login' };
  if (check.id !== 'reminders' && check.id !== 'alarm') return { account };
  const saved = world.settings.accounts.find((a) => a.id === account);
  if (saved && ownSilence(saved, Date.parse(r.shift.start))) return { account, section: 'silence' };
  // The state names a schedule `account:id` for most accounts; its settings keep the service's own id.
  const schedule = world.schedules.find((s) => s.id === r.shift.scheduleId)?.scheduleId ?? r.shift.scheduleId;
  return { account, section: 'reminders', schedule };
}
