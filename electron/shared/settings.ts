// User settings: shared by the core (which owns and persists them) and the renderer (which edits them).
// The API key is deliberately not here: it only ever goes through the SecretStore port.
import { z } from 'zod';
import { email, list, text } from './bounded';
import { COUNT_LIMITS, tooMany } from './limits';
import { MAIN_ACCOUNT_ID } from './accounts';

export const SETTINGS_VERSION = 2;

export const ThemeSchema = z.enum(['system', 'light', 'dark']);
export type Theme = z.infer<typeof ThemeSchema>;

export const ReminderSettingsSchema = z.object({
  /** Minutes before a shift of mine starts; default 1 day and 15 minutes. */
  leadTimesMin: z
    .array(
      z
        .number()
        .int()
        .min(1)
        .max(14 * 24 * 60),
    )
    .max(COUNT_LIMITS.leadTimes, tooMany('reminder times', COUNT_LIMITS.leadTimes))
    .default([24 * 60, 15]),
  atStart: z.boolean().default(true),
  atEnd: z.boolean().default(true),
  coverageRequests: z.boolean().default(true),
  shiftChanges: z.boolean().default(true),
});
export type ReminderSettings = z.infer<typeof ReminderSettingsSchema>;

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

export const WatchedScheduleSchema = z.object({
  id: text('Schedule id', 'id').regex(/^sch_[A-Za-z0-9_-]+$/, 'must look like sch_…'),
  /** Name as last seen on the service, so menus read well before the first sync. */
  name: text('Schedule name', 'scheduleName').optional(),
  /** Which reminders this schedule gives; absent: the same as the default (`Settings.reminders`). */
  reminders: ReminderSettingsSchema.optional(),
});
export type WatchedSchedule = z.infer<typeof WatchedScheduleSchema>;

/** A schedule listed twice would show twice and announce every reminder twice: the later entry is refused. */
const WatchedListSchema = list(WatchedScheduleSchema, 'watched schedules', COUNT_LIMITS.watchedSchedules).superRefine(
  (list, ctx) => {
    const seen = new Set<string>();
    list.forEach((w, i) => {
      if (seen.has(w.id)) ctx.addIssue({ code: 'custom', path: [i], message: `${w.id} is listed twice` });
      seen.add(w.id);
    });
  },
);

/** The opt-in calendar subscription feed (served on 127.0.0.1 only). Additive: files without it load with it off. */
export const CalendarFeedSettingsSchema = z.object({
  enabled: z.boolean().default(false),
  port: z.number().int().min(1024).max(65535).default(47_615),
  /** Secret part of the feed's address: '' until first turned on. Setting it to '' has a new one issued (rotation). */
  token: text('Calendar feed token', 'feedToken')
    .regex(/^(?:[A-Za-z0-9_-]{22,128})?$/, 'must be a generated token')
    .default(''),
});
export type CalendarFeedSettings = z.infer<typeof CalendarFeedSettingsSchema>;

/** The feed's address for calendar apps, or undefined while it has no token yet. */
export function calendarFeedUrl(feed: CalendarFeedSettings): string | undefined {
  return feed.token === '' ? undefined : `http://127.0.0.1:${feed.port}/${feed.token}/on-call.ics`;
}

const ClockTimeSchema = text('Quiet hours time', 'clockTime').regex(
  /^([01]\d|2[0-3]):[0-5]\d$/,
  'must be a time like 22:00',
);

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

const BaseUrlSchema = text('Service address', 'baseUrl');
const EmailSchema = email('E-mail');
/** Empty (not set yet) or an e-mail address; one schema, not a union, so a long value gets the length message. */
const OptionalEmailSchema = text('E-mail', 'email').refine(
  (value) => value === '' || EmailSchema.safeParse(value).success,
  'must be an e-mail address',
);
const ShortcutSchema = text('Shortcut', 'shortcut');

/** An account's id: short, stable, unique; it names the account's keychain entry, cache file and records, and
 *  ONCALL_API_KEY_<ID> (upper-cased) for headless use. */
export const AccountIdSchema = text('Account id', 'accountId').regex(
  /^[a-z0-9][a-z0-9-]*$/,
  'must be lower-case letters, digits and dashes',
);

/**
 * One service the app watches: its address, who I am there, and which schedules. An account's schedule ids are
 * unique within it only: another account may have the same ids for other schedules.
 */
export const AccountSchema = z.object({
  id: AccountIdSchema,
  /** What the user calls it ("Work", "Acme"); shown only when there are several accounts. */
  label: text('Account name', 'accountLabel').trim().min(1, 'Account name must not be empty.'),
  /** Empty until set; https only, except loopback hosts. */
  baseUrl: BaseUrlSchema.default(''),
  /** My e-mail there: how "me" is found in its shifts, and the default override reference. */
  email: text('E-mail', 'email').default(''),
  schedules: WatchedListSchema.default([]),
});
export type Account = z.infer<typeof AccountSchema>;

/** An account entry as a form sends it: a new e-mail is checked (empty still means "not set yet"). */
const AccountInputSchema = AccountSchema.extend({ email: OptionalEmailSchema.default('') });
/** Changes to one account: only the fields sent (no defaults, or a patch of its schedules would empty its address). */
const AccountChangeSchema = z
  .object({
    id: AccountIdSchema,
    label: AccountSchema.shape.label,
    baseUrl: BaseUrlSchema,
    email: OptionalEmailSchema,
    schedules: WatchedListSchema,
  })
  .partial();

/** The same id twice would mix two services' keys and records: the later entry is refused. */
function uniqueAccounts<T extends z.ZodType<Account[]>>(schema: T) {
  return schema.superRefine((accounts, ctx) => {
    const seen = new Set<string>();
    accounts.forEach((a, i) => {
      if (seen.has(a.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `${a.id} is used twice` });
      seen.add(a.id);
    });
  });
}

const AccountListSchema = uniqueAccounts(list(AccountSchema, 'accounts', COUNT_LIMITS.accounts));

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
});
export type Settings = z.infer<typeof SettingsSchema>;

/**
 * One account's view of the settings, as its session's core reads them: the app-wide settings with the account's
 * address, e-mail and schedules in the places a single-service app had them.
 */
export type ServiceSettings = Omit<Settings, 'accounts'> & {
  accountId: string;
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
    /** Changes to one account (by id; absent: the first, made as the main account when there is none yet). */
    account: AccountChangeSchema,
    reminders: ReminderSettingsSchema,
    quietHours: QuietHoursSchema,
    pausedUntil: PausedUntilSchema,
    refresh: RefreshSettingsSchema,
    startAtLogin: z.boolean(),
    globalShortcut: ShortcutSchema,
    theme: ThemeSchema,
    calendarFeed: CalendarFeedSettingsSchema,
    calendarAlarms: z.boolean(),
    horizonDays: z.number().int().min(MIN_HORIZON_DAYS).max(MAX_HORIZON_DAYS),
    notificationTest: NotificationTestSchema.nullable(),
  })
  .partial();
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

/** Finds a schedule id in what the user typed or pasted: an id, or any link that contains one. */
export function extractScheduleId(input: string): string | undefined {
  return /\b(sch_[A-Za-z0-9_-]+)/.exec(input.trim())?.[1];
}
