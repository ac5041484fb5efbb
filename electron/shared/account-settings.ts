// Per-service settings: what one account holds (address, e-mail, watched schedules with their reminders), and the
// reminder choices a schedule or the app-wide default makes. Part of settings.ts, kept apart to keep it readable.
import { z } from 'zod';
import { email, list, text } from './bounded';
import { COUNT_LIMITS, tooMany } from './limits';
import { ACCOUNT_ID_PATTERN } from './accounts';

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
  /** The shift-start alarm (core/alarm): absent means at the start; '5-min-before'; 'off'. */
  startAlarm: z.enum(['at-start', '5-min-before', 'off']).optional(),
});
export type ReminderSettings = z.infer<typeof ReminderSettingsSchema>;

export const WatchedScheduleSchema = z.object({
  id: text('Schedule id', 'id').regex(/^sch_[A-Za-z0-9_-]+$/, 'must look like sch_…'),
  /** Name as last seen on the service, so menus read well before the first sync. */
  name: text('Schedule name', 'scheduleName').optional(),
  /** Which reminders this schedule gives; absent: the same as the default (`Settings.reminders`). */
  reminders: ReminderSettingsSchema.optional(),
});
export type WatchedSchedule = z.infer<typeof WatchedScheduleSchema>;

/** A schedule listed twice would show twice and announce every reminder twice: the later entry is refused. */
export const WatchedListSchema = list(
  WatchedScheduleSchema,
  'watched schedules',
  COUNT_LIMITS.watchedSchedules,
).superRefine((list, ctx) => {
  const seen = new Set<string>();
  list.forEach((w, i) => {
    if (seen.has(w.id)) ctx.addIssue({ code: 'custom', path: [i], message: `${w.id} is listed twice` });
    seen.add(w.id);
  });
});

// Named as the forms name it in their too-long line ("The service address is too long: …").
export const BaseUrlSchema = text('The service address', 'baseUrl');
const EmailSchema = email('E-mail');
/** Empty (not set yet) or an e-mail address; one schema, not a union, so a long value gets the length message. */
export const OptionalEmailSchema = text('E-mail', 'email').refine(
  (value) => value === '' || EmailSchema.safeParse(value).success,
  'must be an e-mail address',
);
/** An account's id: short, stable, unique; it names the account's keychain entry, cache file and records, and
 *  ONCALL_API_KEY_<ID> (upper-cased) for headless use. */
export const AccountIdSchema = text('Account id', 'accountId')
  .regex(ACCOUNT_ID_PATTERN, 'must be lower-case letters, digits and dashes')
  .brand<'AccountId'>();

/**
 * One service the app watches: its address, who I am there, and which schedules. An account's schedule ids are
 * unique within it only: another account may have the same ids for other schedules.
 */
export const AccountSchema = z.object({
  id: AccountIdSchema,
  /** What the user calls it ("Work", "Acme"); shown only when there are several accounts. */
  // A pattern, not min(1): AppStateSchema carries settings, and the renderer's checker understands `pattern` but not
  // `minLength` (the renderer build refuses keywords it can't check). Trimmed and with a non-space: not empty.
  label: text('Account name', 'accountLabel').trim().regex(/\S/, 'Account name must not be empty.'),
  /** Empty until set; https only, except loopback hosts. */
  baseUrl: BaseUrlSchema.default(''),
  /** My e-mail there: how "me" is found in its shifts, and the default override reference. */
  email: text('E-mail', 'email').default(''),
  schedules: WatchedListSchema.default([]),
  /** Muted: its reminders are not shown and it never sets the tray icon; its schedules are still shown and synced.
   *  Absent: not muted. */
  muted: z.boolean().optional(),
  /** Paused until this instant (UTC ISO): its reminders are not shown and it never sets the tray icon until then,
   *  as if muted; the pause ends by itself. Absent or null: not paused. */
  pausedUntil: text('Paused until', 'instant')
    .refine((s) => !Number.isNaN(Date.parse(s)), 'must be an instant')
    .nullable()
    .optional(),
});
export type Account = z.infer<typeof AccountSchema>;

/** An account entry as Settings sends it, bounded: its name, address and e-mail are judged by main in the form's
 *  words (core/engine/settings-identity.ts), all at once, so the e-mail's form is not refused here first. */
export const AccountInputSchema = AccountSchema.extend({
  label: text('The name', 'accountLabel').trim(),
  email: text('The e-mail', 'email').default(''),
});

/** Changes to one account: only the fields sent. Built without the defaults, which zod applies inside .partial()
 *  too, so `{ email }` alone would otherwise come with an empty address and no schedules and wipe them. */
export const AccountChangesSchema = AccountInputSchema.extend({
  baseUrl: BaseUrlSchema,
  email: OptionalEmailSchema,
  schedules: WatchedListSchema,
}).partial();
export type AccountChanges = z.infer<typeof AccountChangesSchema>;

/** The same id twice would mix two services' keys and records: the later entry is refused. */
export function uniqueAccounts<T extends z.ZodType<Account[]>>(schema: T) {
  return schema.superRefine((accounts, ctx) => {
    const seen = new Set<string>();
    accounts.forEach((a, i) => {
      if (seen.has(a.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `${a.id} is used twice` });
      seen.add(a.id);
    });
  });
}

export const AccountListSchema = uniqueAccounts(list(AccountSchema, 'accounts', COUNT_LIMITS.accounts));
