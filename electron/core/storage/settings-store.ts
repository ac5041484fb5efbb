// Loads and saves the user's settings in `settings.json`. Older shapes are upgraded through a table of
// migrations; a file that is not JSON is moved aside (so nothing the user typed is lost), defaults are used, and a
// notice tells the user what happened and where the copy is. A file with a few invalid values is backed up too, but
// only those values are reset (settings-repair.ts) and the notice names them. A file whose `version` is missing,
// not a whole number or newer than this app's is never read as the oldest format nor thrown away: its format is
// told by its shape (accounts: the current one), it is backed up, what can be read is kept, and a notice says so.
// Writing an upgraded file back never stops the app: a data folder that can't be written runs with a notice.
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
import { checkSettingsClock } from './settings-clock';
import { leftInPlace, readRefusal } from './read-back';
import { isTooLarge } from './file-limits';
import { isDanglingLink, type DanglingLinkError } from './dangling-link';

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
  /** Set when the disk refused to read the file: what to tell the user instead of asking for setup, and the file
   *  must not be written over (its settings are still in it). */
  unreadable?: string;
}

type Json = Record<string, unknown>;
type Migration = (raw: Json) => Json;

/** v0: the unversioned early shape `{ baseUrl, email, scheduleIds: [] }` (app-wide settings beside it kept). */
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
    const { baseUrl, email, scheduleIds, version: _version, ...appWide } = raw;
    const v0 = V0Schema.parse({ baseUrl, email, scheduleIds });
    const schedules = v0.scheduleIds.map((id) => ({ id }));
    return { ...appWide, version: 1, baseUrl: v0.baseUrl, email: v0.email, schedules };
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

/** The format a file's shape says it is in: accounts are the current format's, `schedules` at the top the
 *  single-service one's; anything else (`scheduleIds`, or nothing telling) the unversioned early shape. */
function shapeVersion(raw: Json): number {
  if ('accounts' in raw) return SETTINGS_VERSION;
  if ('schedules' in raw && !('scheduleIds' in raw)) return 1;
  return 0;
}

/** Why a file's format was told by its shape, not by its `version` (said to the user, the file backed up). */
export type VersionDoubt = { kind: 'missing' } | { kind: 'unknown'; value: string } | { kind: 'newer'; value: number };

function versionOf(raw: Json): { from: number; doubt?: VersionDoubt } {
  const v = raw['version'];
  // A file without a version and without any newer field is the unversioned early shape: no doubt about it.
  if (v === undefined) return shapeVersion(raw) === 0 ? { from: 0 } : doubtful(raw, 'missing');
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= SETTINGS_VERSION) return { from: v };
  if (typeof v === 'number' && Number.isInteger(v) && v > SETTINGS_VERSION)
    return { from: SETTINGS_VERSION, doubt: { kind: 'newer', value: v } };
  return {
    from: shapeVersion(raw),
    doubt: { kind: 'unknown', value: JSON.stringify(v)?.slice(0, 40) ?? 'unreadable' },
  };
}

function doubtful(raw: Json, kind: 'missing'): { from: number; doubt: VersionDoubt } {
  return { from: shapeVersion(raw), doubt: { kind } };
}

type Upgrade = { ok: true; value: Json; from: number; doubt?: VersionDoubt } | { ok: false; problem: string };

/** Runs the migrations from the file's version up to the current one (a doubtful version: from its shape's). */
export function migrateSettings(raw: Json): Upgrade {
  const { from, doubt } = versionOf(raw);
  // Read as the format its shape says; the version is this app's once read (the file itself is backed up).
  let value: Json = doubt ? { ...raw, version: from } : raw;
  for (let v = from; v < SETTINGS_VERSION; v++) {
    const step = SETTINGS_MIGRATIONS[v];
    if (!step) return { ok: false, problem: `no upgrade from format ${v}` };
    try {
      value = step(value);
    } catch {
      return { ok: false, problem: `it could not be upgraded from format ${v}` };
    }
  }
  return { ok: true, value, from, ...(doubt ? { doubt } : {}) };
}

/** Keys of the old formats a migration reads and replaces. */
const OLD_KEYS = new Set(['version', 'baseUrl', 'email', 'scheduleIds', 'schedules']);

/** Top-level entries neither the file's format nor this one reads: dropped by the upgrade or the next save, so
 *  they are said and the file kept aside first (issue 52: a file read back is never silently overwritten). */
function unknownKeys(raw: Json, from: number): number {
  const known = (k: string) =>
    k in SettingsSchema.shape && (from >= SETTINGS_VERSION || k !== 'accounts')
      ? true
      : from < SETTINGS_VERSION && OLD_KEYS.has(k);
  return Object.keys(raw).filter((k) => !known(k)).length;
}

export type Parsed =
  | { ok: true; settings: Settings; from: number; reset: string[]; doubt?: VersionDoubt }
  | { ok: false; problem: string };

/** What a file's text holds as the loader reads it (also judged for a file changed while the app ran). `nowMs`:
 *  the clock its own records are checked against (settings-clock.ts); without it they are not. */
export function parseSettingsText(text: string, nowMs?: number): Parsed {
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
  const fixed = repairSettings(upgraded.value);
  const dated = fixed && nowMs !== undefined ? checkSettingsClock(fixed.settings, nowMs) : undefined;
  const repaired = fixed && dated ? { settings: dated.settings, reset: [...fixed.reset, ...dated.reset] } : fixed;
  const unknown = upgraded.doubt?.kind === 'newer' ? 0 : unknownKeys(obj.data, upgraded.from);
  if (repaired)
    return {
      ok: true,
      settings: repaired.settings,
      from: upgraded.from,
      // Counted, not named: a name is the file's own text.
      reset: [
        ...repaired.reset,
        ...(unknown > 0
          ? [`${unknown} ${unknown === 1 ? 'entry' : 'entries'} that are not settings of this app (left out)`]
          : []),
      ],
      ...(upgraded.doubt ? { doubt: upgraded.doubt } : {}),
    };
  const first = SettingsSchema.safeParse(upgraded.value).error?.issues[0];
  const where = first && first.path.length > 0 ? `${first.path.map(String).join('.')} ` : '';
  return { ok: false, problem: `it has an invalid value (${where}${first?.message ?? 'invalid'})` };
}

/** `problem` may read what the backup answered (a too-large file: what its copy keeps, or, for the status command's
 *  overlay, that it was left in place and nothing copied: said there, never "kept as"). */
async function resetWithNotice(
  files: FileStore,
  problem: string | ((backup: string | undefined) => string),
): Promise<LoadedSettings> {
  const backup = await files.backup(SETTINGS_FILE).catch(() => undefined);
  const why = typeof problem === 'string' ? problem : problem(backup);
  const kept =
    backup === undefined
      ? ' The old file could not be backed up.'
      : leftInPlace(backup) && typeof problem !== 'string'
        ? ''
        : ` The old file was kept as ${backup}.`;
  const message = `Your settings file could not be used because ${why}. Default settings are in use.${kept}`;
  return { settings: defaultSettings(), notice: { id: SETTINGS_NOTICE_ID, message } };
}

/** Backs the file up, then writes what was read in its place: the copy says where the original is. */
async function keepCopy(files: FileStore, settings: Settings): Promise<string> {
  try {
    const copy = `The old file was kept as ${await files.backup(SETTINGS_FILE)}.`;
    await saveSettings(files, settings).catch(() => undefined);
    return copy;
  } catch {
    return 'The old file could not be backed up, so it was left as it is.';
  }
}

function doubtText(doubt: VersionDoubt, settings: Settings): string {
  const what = `${settings.accounts.length} account${settings.accounts.length === 1 ? '' : 's'} and the app-wide settings`;
  switch (doubt.kind) {
    case 'missing':
      return `Your settings file has no version; it has accounts, so it was read as the current format and its ${what} were kept.`;
    case 'unknown':
      return `Your settings file's version (${doubt.value}) is not one this app knows; it was read by its shape and its ${what} were kept.`;
    case 'newer':
      return `Your settings file was written by a newer version of the app (format ${doubt.value}). What this version understands was kept (${what}); anything newer is only in the copy.`;
  }
}

/** Keeps the good values of a file with a few bad ones (or a doubtful version); the original is backed up before
 *  what was read is written. */
async function repairWithNotice(
  files: FileStore,
  settings: Settings,
  reset: string[],
  doubt: VersionDoubt | undefined,
): Promise<LoadedSettings> {
  const kept = await keepCopy(files, settings);
  const parts = [
    ...(doubt ? [doubtText(doubt, settings)] : []),
    ...(reset.length > 0
      ? [
          `Some values in your settings file were invalid and were reset to their defaults: ${reset.join('; ')}. ` +
            'Your other settings were kept.',
        ]
      : []),
  ];
  return { settings, notice: { id: SETTINGS_NOTICE_ID, message: `${parts.join(' ')} ${kept}` } };
}

/** The file is there but can't be read: its settings (accounts, schedules) are likely still in it, so the app runs
 *  on defaults without writing over it, and says what is wrong instead of asking for a key it may well have. */
function unreadableSettings(files: FileStore, cause: unknown): LoadedSettings {
  if (isDanglingLink(cause) && cause.folder) return folderLinkMissing(cause);
  const where = files.location === undefined ? SETTINGS_FILE : `${files.location}/${SETTINGS_FILE}`;
  const unreadable =
    `Your settings file can't be read (${readRefusal(cause)}): ${where}. Make it a file you can read, then ` +
    'restart the app. Until then your accounts are not loaded and nothing is synced.';
  const message =
    `Your settings file could not be read (${readRefusal(cause)}). Default settings are in use for now; changes ` +
    `made now last until the app closes, so the file is not written over. Fix ${where}, then restart the app.`;
  return { settings: defaultSettings(), notice: { id: SETTINGS_NOTICE_ID, message }, unreadable };
}

/** The data folder is a link to a folder that is missing (dangling-link.ts): the settings are at its target, out of
 *  reach but not lost; nothing is saved until it is back, and a restart then reads them (nothing re-reads them before). */
function folderLinkMissing(cause: DanglingLinkError): LoadedSettings {
  const unreadable =
    `Your settings file can't be read (${cause.message}): the settings there can't be reached, so your accounts ` +
    'are not loaded and nothing is synced. Nothing there is lost; restart the app once the folder is back.';
  const message =
    `Your settings could not be read (${cause.message}). Default settings are in use for now and nothing is ` +
    'saved until the folder is back; nothing there is lost. Restart the app once it is back.';
  return { settings: defaultSettings(), notice: { id: SETTINGS_NOTICE_ID, message }, unreadable };
}

/** `nowMs`: the clock the file's own records are checked against (the engine's); the CLI reads without it. */
export async function loadSettings(files: FileStore, nowMs?: number): Promise<LoadedSettings> {
  let text: string | undefined;
  try {
    text = await files.read(SETTINGS_FILE);
  } catch (cause) {
    // Too large to read (file-limits.ts): refused and kept aside like a file that isn't settings.
    if (isTooLarge(cause)) return resetWithNotice(files, (backup) => readRefusal(cause, backup));
    return unreadableSettings(files, cause);
  }
  if (text === undefined) return { settings: defaultSettings() };
  const parsed = parseSettingsText(text, nowMs);
  if (!parsed.ok) return resetWithNotice(files, parsed.problem);
  if (parsed.reset.length > 0 || parsed.doubt)
    return repairWithNotice(files, parsed.settings, parsed.reset, parsed.doubt);
  if (parsed.from === SETTINGS_VERSION) return { settings: parsed.settings };
  try {
    await saveSettings(files, parsed.settings);
  } catch (cause) {
    // A data folder that can't be written (EACCES) must not stop the app: it runs with the upgraded settings.
    const why = cause instanceof Error && 'code' in cause ? ` (${String(cause.code)})` : '';
    const message =
      `Your settings were upgraded to the current format, but the upgraded file could not be written${why}. ` +
      'The app runs with them; changes you make may not be saved until the data folder can be written.';
    return { settings: parsed.settings, migratedFrom: parsed.from, notice: { id: SETTINGS_NOTICE_ID, message } };
  }
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
