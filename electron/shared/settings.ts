// User settings: shared by the core (which owns and persists them) and the renderer (which edits them).
// The API key is deliberately not here: it only ever goes through the SecretStore port.
import { z } from 'zod';

export const SETTINGS_VERSION = 1;

export const ThemeSchema = z.enum(['system', 'light', 'dark']);
export type Theme = z.infer<typeof ThemeSchema>;

export const ReminderSettingsSchema = z.object({
  /** Minutes before a shift of mine starts; default 1 day and 15 minutes. */
  leadTimesMin: z.array(z.number().int().min(1).max(14 * 24 * 60)).max(6).default([24 * 60, 15]),
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
  id: z.string().regex(/^sch_[A-Za-z0-9_-]+$/, 'must look like sch_…'),
  /** Name as last seen on the service, so menus read well before the first sync. */
  name: z.string().optional(),
});
export type WatchedSchedule = z.infer<typeof WatchedScheduleSchema>;

/** A schedule listed twice would show twice and announce every reminder twice: the later entry is refused. */
const WatchedListSchema = z.array(WatchedScheduleSchema).max(100).superRefine((list, ctx) => {
  const seen = new Set<string>();
  list.forEach((w, i) => {
    if (seen.has(w.id)) ctx.addIssue({ code: 'custom', path: [i], message: `${w.id} is listed twice` });
    seen.add(w.id);
  });
});

export const SettingsSchema = z.object({
  version: z.literal(SETTINGS_VERSION),
  /** Empty until onboarding; https only, except loopback hosts. */
  baseUrl: z.string().default(''),
  /** My e-mail: how "me" is found in shifts, and the default override reference. */
  email: z.string().default(''),
  schedules: WatchedListSchema.default([]),
  reminders: ReminderSettingsSchema.prefault({}),
  refresh: RefreshSettingsSchema.prefault({}),
  startAtLogin: z.boolean().default(false),
  globalShortcut: z.string().max(60).default('CommandOrControl+Shift+O'),
  theme: ThemeSchema.default('system'),
});
export type Settings = z.infer<typeof SettingsSchema>;

export function defaultSettings(): Settings {
  return SettingsSchema.parse({ version: SETTINGS_VERSION });
}

/** What the settings form may change (everything but the version). */
export const SettingsPatchSchema = z
  .object({
    baseUrl: z.string().max(500),
    email: z.union([z.literal(''), z.email({ message: 'must be an e-mail address' })]),
    schedules: WatchedListSchema,
    reminders: ReminderSettingsSchema,
    refresh: RefreshSettingsSchema,
    startAtLogin: z.boolean(),
    globalShortcut: z.string().max(60),
    theme: ThemeSchema,
  })
  .partial();
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

/** Finds a schedule id in what the user typed or pasted: an id, or any link that contains one. */
export function extractScheduleId(input: string): string | undefined {
  return /\b(sch_[A-Za-z0-9_-]+)/.exec(input.trim())?.[1];
}
