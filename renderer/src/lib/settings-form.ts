// Settings and onboarding: the editable copy of the settings, its checks, and the patch sent to the engine.
import { formatChosenLength } from './time-input';
import { MINUTE_MS } from '../../../electron/shared/time';
import { addressWithoutSecrets } from '../../../electron/shared/base-url';
import { MAIN_ACCOUNT_ID, type AccountId } from '../../../electron/shared/accounts';
import type {
  Account,
  CalendarFeedSettings,
  QuietHours,
  Settings,
  SettingsPatch,
  Theme,
  WatchedSchedule,
} from '../../../electron/shared/settings';
import type { AppState, ScheduleView } from '../../../electron/shared/view-state';
import { COUNT_LIMITS, type FieldErrors } from './limits';

/**
 * What the form changes of an account's mute and pause, and only that: both stay as saved (the tray may change them
 * while Settings is open) unless changed here. `muted`: the "Mute reminders" toggle as set here; `resume`: "Resume"
 * was pressed (the pause ends when saved).
 */
export interface SilenceEdit {
  muted?: boolean;
  resume?: true;
}

/** One service as the form edits it: its name, address, who I am there, its schedules, its mute and pause. */
export interface AccountValues {
  id: AccountId;
  label: string;
  baseUrl: string;
  email: string;
  schedules: WatchedSchedule[];
  silence: SilenceEdit;
}

export interface SettingsFormValues {
  /** Every service, in the user's order (saved as the whole list). Never empty: a first run edits a blank one. */
  accounts: AccountValues[];
  leadTimesMin: number[];
  atStart: boolean;
  atEnd: boolean;
  coverageRequests: boolean;
  shiftChanges: boolean;
  startAtLogin: boolean;
  globalShortcut: string;
  theme: Theme;
  quietHours: QuietHours;
  calendarFeed: CalendarFeedSettings;
  /** The .ics export and feed carry alarms matching the reminders. */
  calendarAlarms: boolean;
  /** Days ahead "My shifts" lists (and sync reads): kept as typed, checked on save. */
  horizonDays: string;
}

export const MAX_LEAD_TIMES = 6;
const MAX_LEAD_MIN = 14 * 24 * 60;
export const LEAD_UNITS = [
  { id: 'min', label: 'minutes', factor: 1 },
  { id: 'h', label: 'hours', factor: 60 },
  { id: 'd', label: 'days', factor: 24 * 60 },
] as const;
export type LeadUnit = (typeof LEAD_UNITS)[number]['id'];

export function accountValues(a: Account): AccountValues {
  return {
    id: a.id,
    label: a.label,
    // Shown without user info, query or fragment (they can hold a key); saving keeps the address as shown.
    baseUrl: addressWithoutSecrets(a.baseUrl),
    email: a.email,
    schedules: a.schedules.map((w) => ({ ...w })),
    silence: {},
  };
}

/** Before any service is set up, the form edits a blank one (saved as the main account, named after its host). */
const BLANK: Account = { id: MAIN_ACCOUNT_ID, label: '', baseUrl: '', email: '', schedules: [] };

export function valuesFrom(s: Settings): SettingsFormValues {
  const { accounts, reminders, startAtLogin, globalShortcut, theme, quietHours, calendarAlarms } = s;
  return {
    accounts: (accounts.length > 0 ? accounts : [BLANK]).map(accountValues),
    ...reminders,
    leadTimesMin: [...reminders.leadTimesMin],
    startAtLogin,
    globalShortcut,
    theme,
    quietHours: { ...quietHours, days: [...quietHours.days] },
    calendarFeed: { ...s.calendarFeed },
    calendarAlarms,
    horizonDays: String(s.horizonDays),
  };
}

/** "1 d", "2 h 30 min", "15 min": the formatter's words for a length, as the reminder it makes says it. */
export function leadTimeLabel(totalMin: number): string {
  return formatChosenLength(totalMin * MINUTE_MS);
}

export type LeadTimeAdded = { ok: true; leadTimesMin: number[] } | { ok: false; message: string };

/** Adds "amount unit" to the list (longest first), refusing duplicates, nonsense and more than six. */
export function addLeadTime(list: readonly number[], amount: string, unit: LeadUnit): LeadTimeAdded {
  const n = Number(amount.trim());
  const factor = LEAD_UNITS.find((u) => u.id === unit)?.factor ?? 1;
  if (amount.trim() === '' || !Number.isInteger(n) || n < 1)
    return { ok: false, message: 'Enter a whole number, 1 or more.' };
  const minutes = n * factor;
  if (minutes > MAX_LEAD_MIN) return { ok: false, message: 'At most 14 days before a shift.' };
  if (list.includes(minutes)) return { ok: false, message: `${leadTimeLabel(minutes)} is already there.` };
  if (list.length >= MAX_LEAD_TIMES) return { ok: false, message: `At most ${MAX_LEAD_TIMES} reminders.` };
  return { ok: true, leadTimesMin: [...list, minutes].sort((a, b) => b - a) };
}

export type SettingsChecked = { ok: true; patch: SettingsPatch } | { ok: false; errors: FieldErrors };

/** An unnamed service, the only one (a first run's), is named after its host, as the upgrade names it; one of
 *  several is sent unnamed, and main asks for its name. */
function labelOf(a: AccountValues, only: boolean): string {
  if (a.label.trim() !== '' || !only) return a.label.trim();
  try {
    return new URL(a.baseUrl.trim()).host || 'Main';
  } catch {
    return 'Main';
  }
}

function patchOf(v: SettingsFormValues, original: Settings): SettingsPatch {
  const { leadTimesMin, atStart, atEnd, coverageRequests, shiftChanges, ...general } = v;
  return {
    ...general,
    accounts: v.accounts.map((a) => {
      // Mute and pause as saved (the tray's too), unless changed here: the toggle, or "Resume" ending the pause.
      const kept = original.accounts.find((o) => o.id === a.id);
      const muted = a.silence.muted ?? kept?.muted;
      const pausedUntil = a.silence.resume ? null : kept?.pausedUntil;
      return {
        id: a.id,
        label: labelOf(a, v.accounts.length === 1),
        baseUrl: a.baseUrl.trim(),
        email: a.email.trim(),
        schedules: a.schedules,
        ...(muted === undefined ? {} : { muted }),
        ...(pausedUntil === undefined ? {} : { pausedUntil }),
      };
    }),
    reminders: { leadTimesMin, atStart, atEnd, coverageRequests, shiftChanges },
    refresh: original.refresh,
    globalShortcut: v.globalShortcut.trim(),
    horizonDays: Number(v.horizonDays.trim()),
  };
}

/** The key of an account's field in FieldErrors: "account:acme.baseUrl". */
export const accountField = (accountId: string, field: string): string => `account:${accountId}.${field}`;

/** `clash`: main's words for the shortcut's clash with every app's keys (shortcut:status), if it has one. */
export function checkSettings(values: SettingsFormValues, original: Settings, clash?: string | null): SettingsChecked {
  const errors: FieldErrors = {};
  // A service's name, address and e-mail are main's to check (electron/shared/account-checks.ts), whose problems
  // come back on that service's fields in the form's words.
  for (const a of values.accounts)
    if (a.schedules.length > COUNT_LIMITS.watchedSchedules)
      errors[accountField(a.id, 'schedules')] = `At most ${COUNT_LIMITS.watchedSchedules} schedules.`;
  // The shortcut's clash with every app's keys is the recorder's word, from main; its syntax, quiet hours, the horizon
  // and the feed's port are main's to check (SettingsPatchSchema), whose per-field problems come back in the form's
  // words.
  if (clash) errors.globalShortcut = clash;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, patch: patchOf(values, original) };
}

/** The settings form's fieldsets; 'other' is the place above the save button for problems no fieldset owns. */
export type SettingsSection = 'reminders' | 'general' | 'other';

/** Keys shown beside their own input (by Field), so not repeated under a fieldset. */
const FIELD_KEYS = new Set(['globalShortcut', 'horizonDays']);
const sectionOf = (key: string): SettingsSection =>
  /^(reminders|quietHours|pausedUntil)$/.test(key)
    ? 'reminders'
    : /^(refresh|startAtLogin|theme|calendarFeed|calendarAlarms)$/.test(key)
      ? 'general'
      : 'other';

/** The problems (keyed by top-level setting, as the engine reports them) that a fieldset must show itself. */
export function sectionErrors(errors: FieldErrors, section: SettingsSection): string[] {
  return Object.entries(errors)
    .filter(([key]) => !FIELD_KEYS.has(key) && !key.startsWith('account:') && sectionOf(key) === section)
    .map(([, message]) => message);
}

/** The schedules the app knows on one account, with the names the service gave them (their id there). */
export const knownOn = (model: AppState, accountId: string | undefined): { id: string; name: string }[] =>
  model.schedules.filter((s) => s.accountId === accountId).map((s) => ({ id: s.scheduleId, name: s.name }));

/** People on the watched schedules, for "my e-mail" suggestions. */
export function peopleOf(schedules: readonly ScheduleView[]): { email: string; name: string }[] {
  const byEmail = new Map<string, string>();
  for (const s of schedules) for (const u of s.users) if (!byEmail.has(u.email)) byEmail.set(u.email, u.name);
  return [...byEmail].map(([email, name]) => ({ email, name })).sort((a, b) => a.name.localeCompare(b.name));
}
