// User settings: shared by the core (which owns and persists them) and the renderer (which edits them).
// The API key is deliberately not here: it only ever goes through the SecretStore port.
import { z } from 'zod';
import { list, text } from './bounded';
import { COUNT_LIMITS } from './limits';
import { EscalationSettingsSchema } from './escalation-settings';
import {
  CLOCK,
  HORIZON_MESSAGE,
  PORT_MESSAGE,
  QUIET_SAME_MESSAGE,
  QUIET_TIMES_MESSAGE,
  ShortcutPatchSchema,
  wholeIn,
} from './settings-checks';
import {
  AccountChangesSchema,
  AccountIdSchema,
  AccountInputSchema,
  AccountListSchema,
  ReminderSettingsSchema,
  uniqueAccounts,
  type Account,
  type ReminderSettings,
  type WatchedSchedule,
} from './account-settings';

export {
  AccountIdSchema,
  AccountSchema,
  ReminderSettingsSchema,
  WatchedScheduleSchema,
  type Account,
  type ReminderSettings,
  type WatchedSchedule,
} from './account-settings';
import { MAIN_ACCOUNT_ID, type AccountId } from './accounts';

export const SETTINGS_VERSION = 2;

export const ThemeSchema = z.enum(['system', 'light', 'dark']);
export type Theme = z.infer<typeof ThemeSchema>;

/** Bounds of the adaptive refresh cadence. */
export const RefreshSettingsSchema = z
  .object({
    idleIntervalSec: z.number().int().min(60).max(3600).default(300),
    nearIntervalSec: z.number().int().min(15).max(600).default(60),
    nearWindowMin: z.number().int().min(1).max(240).default(30),
  })
  .refine((r) => r.nearIntervalSec <= r.idleIntervalSec, {
    message: 'must not be longer than the idle interval',
    path: ['nearIntervalSec'],
  });
export type RefreshSettings = z.infer<typeof RefreshSettingsSchema>;

const NOT_MADE = 'not a token this app made: a new feed address is made when the feed is on';

/** A token as the app makes one (feed-control.ts newFeedToken: 32 random bytes, base64url, no padding): 43 characters
 *  whose last carries 4 bits (so it is one of 16), and as many different characters as random bytes give (about 31;
 *  fewer than 16 is beyond chance). Anything else ("AAAA…", a hand-made word) is a guessable address: refused. */
export function madeFeedToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/.test(token) && new Set(token).size >= 16;
}

/** The opt-in calendar subscription feed (served on 127.0.0.1 only). Additive: files without it load with it off. */
export const CalendarFeedSettingsSchema = z.object({
  enabled: z.boolean().default(false),
  port: z.number().int().min(1024).max(65535).default(47_615),
  /** Secret part of the feed's address: '' until first turned on. Setting it to '' has a new one issued (rotation). */
  token: text('Calendar feed token', 'feedToken')
    .refine((t) => t === '' || madeFeedToken(t), NOT_MADE)
    .default(''),
});
export type CalendarFeedSettings = z.infer<typeof CalendarFeedSettingsSchema>;

/** The feed's address for calendar apps, or undefined while it has no token yet. */
export function calendarFeedUrl(feed: CalendarFeedSettings): string | undefined {
  return feed.token === '' ? undefined : `http://127.0.0.1:${feed.port}/${feed.token}/on-call.ics`;
}

const ClockTimeSchema = text('Quiet hours time', 'clockTime').regex(CLOCK, 'must be a time like 22:00');

/**
 * Quiet hours in local time (22:00–07:00 wraps past midnight). Non-urgent messages wait and come as one summary
 * when they end; a shift's start is never silenced.
 */
export const QuietHoursSchema = z.object({
  enabled: z.boolean().default(false),
  start: ClockTimeSchema.default('22:00'),
  end: ClockTimeSchema.default('07:00'),
  /** ISO weekdays (1 = Monday) whose evening quiet hours begin on; empty: every day. */
  days: list(z.number().int().min(1).max(7), 'quiet days', COUNT_LIMITS.quietDays).default([]),
});
export type QuietHours = z.infer<typeof QuietHoursSchema>;

/** Quiet hours as the form sends them: one problem for the section, in the form's words. */
const QuietHoursPatchSchema = QuietHoursSchema.extend({
  start: text('Quiet hours time', 'clockTime'),
  end: text('Quiet hours time', 'clockTime'),
}).superRefine((q, ctx) => {
  const message = !(CLOCK.test(q.start) && CLOCK.test(q.end))
    ? QUIET_TIMES_MESSAGE
    : q.enabled && q.start === q.end
      ? QUIET_SAME_MESSAGE
      : undefined;
  if (message) ctx.addIssue({ code: 'custom', message });
});

/** "Pause notifications" from the tray: an instant (UTC ISO) or null. Kept in settings so it survives a restart. */
const PausedUntilSchema = text('Paused until', 'instant')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'must be an instant')
  .nullable();

/** Bounds of the "My shifts" horizon, in days. */
export const MIN_HORIZON_DAYS = 14;
export const MAX_HORIZON_DAYS = 90;

/** The last test notification: when it was sent, and whether the person said it appeared (null: not answered). */
export const NotificationTestSchema = z.object({
  at: text('Test notification time', 'instant'),
  seen: z.boolean().nullable(),
});
export type NotificationTest = z.infer<typeof NotificationTestSchema>;

const ShortcutSchema = text('Shortcut', 'shortcut');

export const SettingsSchema = z.object({
  version: z.literal(SETTINGS_VERSION),
  /** The services watched, in the user's order; empty until onboarding. */
  accounts: AccountListSchema.default([]),
  reminders: ReminderSettingsSchema.prefault({}),
  quietHours: QuietHoursSchema.prefault({}),
  pausedUntil: PausedUntilSchema.default(null),
  refresh: RefreshSettingsSchema.prefault({}),
  startAtLogin: z.boolean().default(false),
  globalShortcut: ShortcutSchema.default('CommandOrControl+Shift+O'),
  theme: ThemeSchema.default('system'),
  calendarFeed: CalendarFeedSettingsSchema.prefault({}),
  /** The .ics export and feed carry alarms matching each schedule's reminders, so a phone calendar reminds too. */
  calendarAlarms: z.boolean().default(true),
  /** How many days ahead "My shifts" lists (and sync reads) my blocks: 14 to 90. */
  horizonDays: z.number().int().min(MIN_HORIZON_DAYS).max(MAX_HORIZON_DAYS).default(MIN_HORIZON_DAYS),
  /** Set by "Send a test notification" and its answer (readiness), never by the settings form. */
  notificationTest: NotificationTestSchema.nullable().default(null),
  /** Phone escalation of an unacknowledged shift start (no secrets: those are in the keychain). */
  escalation: EscalationSettingsSchema.prefault({}),
});
export type Settings = z.infer<typeof SettingsSchema>;

/**
 * One account's view of the settings, as its session's core reads them: the app-wide settings with the account's
 * address, e-mail and schedules in the places a single-service app had them.
 */
export type ServiceSettings = Omit<Settings, 'accounts'> & {
  accountId: AccountId;
  accountLabel: string;
  baseUrl: string;
  email: string;
  schedules: WatchedSchedule[];
};

export { MAIN_ACCOUNT_ID };

export function serviceSettings(settings: Settings, account: Account): ServiceSettings {
  const { accounts: _accounts, ...appWide } = settings;
  return {
    ...appWide,
    accountId: account.id,
    accountLabel: account.label,
    baseUrl: account.baseUrl,
    email: account.email,
    schedules: account.schedules,
  };
}

/** The settings file that holds exactly this one account (what a single session's state shows as its settings). */
export function settingsOfService(s: ServiceSettings): Settings {
  const { accountId, accountLabel, baseUrl, email, schedules, ...appWide } = s;
  return { ...appWide, accounts: [{ id: accountId, label: accountLabel, baseUrl, email, schedules }] };
}

/** The reminders a schedule gives: its own choice, or the default. */
export function remindersFor(
  settings: Pick<ServiceSettings, 'reminders' | 'schedules'>,
  scheduleId: string,
): ReminderSettings {
  return settings.schedules.find((w) => w.id === scheduleId)?.reminders ?? settings.reminders;
}

export function defaultSettings(): Settings {
  return SettingsSchema.parse({ version: SETTINGS_VERSION });
}

/** A single service's settings with nothing set: the shape tests and the one-account paths start from. */
export function defaultServiceSettings(): ServiceSettings {
  return serviceSettings(defaultSettings(), {
    id: MAIN_ACCOUNT_ID,
    label: 'Main',
    baseUrl: '',
    email: '',
    schedules: [],
  });
}

/** What the settings form may change (everything but the version). `accounts` is the whole list, in order: an
 *  account left out is removed (its key and cached data deleted). */
export const SettingsPatchSchema = z
  .object({
    accounts: uniqueAccounts(list(AccountInputSchema, 'accounts', COUNT_LIMITS.accounts)),
    /** Changes to one account, named by its id (made when there is none by that id yet). */
    account: AccountChangesSchema.extend({ id: AccountIdSchema }),
    reminders: ReminderSettingsSchema,
    quietHours: QuietHoursPatchSchema,
    pausedUntil: PausedUntilSchema,
    refresh: RefreshSettingsSchema,
    startAtLogin: z.boolean(),
    globalShortcut: ShortcutPatchSchema,
    theme: ThemeSchema,
    calendarFeed: CalendarFeedSettingsSchema.extend({ port: wholeIn(1024, 65535, PORT_MESSAGE) }),
    calendarAlarms: z.boolean(),
    horizonDays: wholeIn(MIN_HORIZON_DAYS, MAX_HORIZON_DAYS, HORIZON_MESSAGE),
    notificationTest: NotificationTestSchema.nullable(),
    escalation: EscalationSettingsSchema,
  })
  .partial()
  // A field this version doesn't know (a caller still sending the old top-level `email`) is refused, not dropped.
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

/** Finds a schedule id in what the user typed or pasted: an id, or any link that contains one. */
export function extractScheduleId(input: string): string | undefined {
  return /\b(sch_[A-Za-z0-9_-]+)/.exec(input.trim())?.[1];
}
