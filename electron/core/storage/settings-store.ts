// Loads and saves the user's settings in `settings.json`. Older shapes are upgraded through a table of
// migrations; a file that is not JSON or comes from a newer version is moved aside (so nothing the user typed is
// lost), defaults are used, and a notice tells the user what happened and where the copy is. A file with a few
// invalid values is backed up too, but only those values are reset (settings-repair.ts) and the notice names them.
import { z } from 'zod';
import {
  MAIN_ACCOUNT_ID,
  SETTINGS_VERSION,
  SettingsSchema,
  defaultSettings,
  type Settings,
  type SettingsPatch,
} from '../../shared/settings';
import { err, ok, validationError, type ApiError, type Result } from '../../api/errors';
import type { FileStore } from '../ports';
import { repairSettings } from './settings-repair';

type ValidationError = Extract<ApiError, { kind: 'validation' }>;

export const SETTINGS_FILE = 'settings.json';
export const SETTINGS_NOTICE_ID = 'settings-reset';

export interface Notice {
  id: string;
  message: string;
}

export interface LoadedSettings {
  settings: Settings;
  /** Set when the file was unusable and defaults are in use. */
  notice?: Notice;
  /** The version the file was upgraded from, when a migration ran (the upgraded file is written back). */
  migratedFrom?: number;
}

type Json = Record<string, unknown>;
type Migration = (raw: Json) => Json;

/** v0: the unversioned early shape `{ baseUrl, email, scheduleIds: [] }`. */
const V0Schema = z.object({
  baseUrl: z.string().default(''),
  email: z.string().default(''),
  scheduleIds: z.array(z.string()).default([]),
});

/** v1: one service, its address, e-mail and schedules at the top. */
const V1ServiceSchema = z.object({
  baseUrl: z.unknown().optional(),
  email: z.unknown().optional(),
  schedules: z.unknown().optional(),
});

/** The main account's name after an upgrade: the service's host, which the user may rename. */
function upgradedLabel(baseUrl: unknown): string {
  if (typeof baseUrl !== 'string') return 'Main';
  try {
    return new URL(baseUrl).hostname.slice(0, 40) || 'Main';
  } catch {
    return 'Main';
  }
}

/** migrations[n] upgrades a version-n object to version n+1. */
export const SETTINGS_MIGRATIONS: Readonly<Record<number, Migration>> = {
  0: (raw) => {
    const v0 = V0Schema.parse(raw);
    return { version: 1, baseUrl: v0.baseUrl, email: v0.email, schedules: v0.scheduleIds.map((id) => ({ id })) };
  },
  // Several services: the one service becomes the main account, whose records (cache, fired reminders, calendar
  // UIDs, drafts, keychain entry) keep their names. Bad values stay as they were, for the repair to name them.
  1: (raw) => {
    const { baseUrl, email, schedules, ...appWide } = raw;
    const service = V1ServiceSchema.parse({ baseUrl, email, schedules });
    const used = [service.baseUrl, service.email, service.schedules].some(
      (v) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0),
    );
    const account = { id: MAIN_ACCOUNT_ID, label: upgradedLabel(service.baseUrl), ...service };
    return { ...appWide, version: 2, accounts: used ? [account] : [] };
  },
};

const ObjectSchema = z.record(z.string(), z.unknown());

function versionOf(raw: Json): number | undefined {
  const v = raw['version'];
  if (v === undefined) return 0;
  return typeof v === 'number' && Number.isInteger(v) ? v : undefined;
}

type Upgrade = { ok: true; value: Json; from: number } | { ok: false; problem: string };

/** Runs the migrations from the file's version up to the current one. */
export function migrateSettings(raw: Json): Upgrade {
  const from = versionOf(raw);
  if (from === undefined) return { ok: false, problem: 'its version is not a whole number' };
  if (from > SETTINGS_VERSION) return { ok: false, problem: `it was written by a newer version (format ${from})` };
  let value = raw;
  for (let v = from; v < SETTINGS_VERSION; v++) {
    const step = SETTINGS_MIGRATIONS[v];
    if (!step) return { ok: false, problem: `no upgrade from format ${v}` };
    try {
      value = step(value);
    } catch {
      return { ok: false, problem: `it could not be upgraded from format ${v}` };
    }
  }
  return { ok: true, value, from };
}

type Parsed = { ok: true; settings: Settings; from: number; reset: string[] } | { ok: false; problem: string };

function parseText(text: string): Parsed {
  let json: unknown;
  try {
    // Some editors (Notepad) save UTF-8 with a byte-order mark; JSON.parse refuses it, yet the file is fine.
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { ok: false, problem: 'it is not valid JSON' };
  }
  const obj = ObjectSchema.safeParse(json);
  if (!obj.success || Array.isArray(json)) return { ok: false, problem: 'it does not hold a settings object' };
  const upgraded = migrateSettings(obj.data);
  if (!upgraded.ok) return upgraded;
  const repaired = repairSettings(upgraded.value);
  if (repaired) return { ok: true, settings: repaired.settings, from: upgraded.from, reset: repaired.reset };
  const first = SettingsSchema.safeParse(upgraded.value).error?.issues[0];
  const where = first && first.path.length > 0 ? `${first.path.map(String).join('.')} ` : '';
  return { ok: false, problem: `it has an invalid value (${where}${first?.message ?? 'invalid'})` };
}

async function resetWithNotice(files: FileStore, problem: string): Promise<LoadedSettings> {
  let kept: string;
  try {
    kept = `The old file was kept as ${await files.backup(SETTINGS_FILE)}.`;
  } catch {
    kept = 'The old file could not be backed up.';
  }
  const message = `Your settings file could not be used because ${problem}. Default settings are in use. ${kept}`;
  return { settings: defaultSettings(), notice: { id: SETTINGS_NOTICE_ID, message } };
}

/** Keeps the good values of a file with a few bad ones; the original is backed up before the repaired one is written. */
async function repairWithNotice(files: FileStore, settings: Settings, reset: string[]): Promise<LoadedSettings> {
  let kept: string;
  try {
    kept = `The old file was kept as ${await files.backup(SETTINGS_FILE)}.`;
    await saveSettings(files, settings).catch(() => undefined);
  } catch {
    kept = 'The old file could not be backed up, so it was left as it is.';
  }
  const fields = reset.join('; ');
  const message =
    `Some values in your settings file were invalid and were reset to their defaults: ${fields}. ` +
    `Your other settings were kept. ${kept}`;
  return { settings, notice: { id: SETTINGS_NOTICE_ID, message } };
}

export async function loadSettings(files: FileStore): Promise<LoadedSettings> {
  let text: string | undefined;
  try {
    text = await files.read(SETTINGS_FILE);
  } catch {
    const message = 'Your settings file could not be read. Default settings are in use for now.';
    return { settings: defaultSettings(), notice: { id: SETTINGS_NOTICE_ID, message } };
  }
  if (text === undefined) return { settings: defaultSettings() };
  const parsed = parseText(text);
  if (!parsed.ok) return resetWithNotice(files, parsed.problem);
  if (parsed.reset.length > 0) return repairWithNotice(files, parsed.settings, parsed.reset);
  if (parsed.from === SETTINGS_VERSION) return { settings: parsed.settings };
  await saveSettings(files, parsed.settings);
  return { settings: parsed.settings, migratedFrom: parsed.from };
}

export async function saveSettings(files: FileStore, settings: Settings): Promise<void> {
  await files.writeAtomic(SETTINGS_FILE, JSON.stringify(settings, null, 2) + '\n');
}

/** Applies a validated patch; the result is re-validated so cross-field rules (refresh bounds) hold. */
export function applySettingsPatch(current: Settings, patch: SettingsPatch): Result<Settings, ValidationError> {
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const parsed = SettingsSchema.safeParse({ ...current, ...defined, version: SETTINGS_VERSION });
  return parsed.success ? ok(parsed.data) : err(validationError(parsed.error.issues));
}
