// Settings as the engine sees them: the stored ones (persisted through the settings store) and the effective
// ones (with the caller's overrides for scripts and demo mode applied, never persisted).
import { checkBaseUrl } from '../../api/base-url';
import type { RequestOf, ResponseOf } from '../../shared/ipc-contract';
import {
  MAIN_ACCOUNT_ID,
  SettingsPatchSchema,
  type Account,
  type Settings,
  type SettingsPatch,
} from '../../shared/settings';
import { failure, fromApiError, guarded } from '../actions/common';
import type { EngineOptions } from './types';
import { applySettingsPatch, saveSettings } from '../storage/settings-store';
import type { FileStore } from '../ports';
import { hostOf } from './clients';
import { identityRefusal } from './settings-identity';
import { validationError } from '../../api/errors';

export type SettingsOverrides = NonNullable<EngineOptions['overrides']>;

/** The one account a script's address, e-mail or schedules are for: the only account left (after `accountIds`), a
 *  new main account when there is none, and none at all while several are left (never "the first"). */
function accountOverridden(accounts: readonly Account[]): Account | undefined {
  if (accounts.length > 1) return undefined;
  return accounts[0] ?? { id: MAIN_ACCOUNT_ID, label: 'Main', baseUrl: '', email: '', schedules: [] };
}

/**
 * The accounts this run watches. A script's address, e-mail or schedules apply to its one account (`status` refuses
 * them while several are left without --account, naming the accounts); demo data is the main account's, never
 * whichever is listed first. `accountIds` (`status --account`) keeps only those accounts.
 */
export function effectiveSettings(stored: Settings, overrides: SettingsOverrides | undefined): Settings {
  if (!overrides) return stored;
  // The accounts asked for first, so an address, e-mail or schedules given with --account apply to that account.
  const only = overrides.accountIds;
  let accounts = only === undefined ? stored.accounts : stored.accounts.filter((a) => only.includes(a.id));
  // Demo data is the main account's (its own folder's settings), never whichever account is listed first.
  if (overrides.demo === true) accounts = accounts.filter((a) => a.id === MAIN_ACCOUNT_ID);
  if (overrides.baseUrl !== undefined || overrides.email !== undefined || overrides.scheduleIds !== undefined) {
    const one = accountOverridden(accounts);
    if (one) {
      const byId = new Map(one.schedules.map((s) => [s.id, s]));
      accounts = [
        {
          ...one,
          baseUrl: overrides.baseUrl ?? one.baseUrl,
          email: overrides.email ?? one.email,
          schedules: overrides.scheduleIds ? overrides.scheduleIds.map((id) => byId.get(id) ?? { id }) : one.schedules,
        },
      ];
    }
  }
  return accounts === stored.accounts ? stored : { ...stored, accounts };
}

/** A patch of one account (`account`) as the whole list it makes (`accounts`). */
function withAccountPatch(stored: Settings, patch: SettingsPatch): Omit<SettingsPatch, 'account'> {
  const { account, ...rest } = patch;
  if (!account) return rest;
  const list = rest.accounts ?? stored.accounts;
  const index = list.findIndex((a) => a.id === account.id);
  const base: Account = list[index] ?? {
    id: account.id,
    label: account.label ?? (hostOf(account.baseUrl ?? '') || 'Main'),
    baseUrl: '',
    email: '',
    schedules: [],
  };
  const merged = { ...base, ...account };
  return { ...rest, accounts: list[index] ? list.map((a, i) => (i === index ? merged : a)) : [...list, merged] };
}

/** An address being set that can't be used (https only, except loopback), named by its field; addresses already
 *  stored are not judged again (a hand-edited one must not block every other change). */
function badAddress(stored: Settings, patch: SettingsPatch): ResponseOf<'settings:update'> | undefined {
  const storedUrl = (id: string | undefined) => stored.accounts.find((a) => a.id === id)?.baseUrl;
  const asked = [
    ...(patch.account?.baseUrl !== undefined
      ? [{ field: 'account.baseUrl', baseUrl: patch.account.baseUrl, id: patch.account.id }]
      : []),
    ...(patch.accounts ?? []).map((a, i) => ({ field: `accounts.${i}.baseUrl`, baseUrl: a.baseUrl, id: a.id })),
  ];
  for (const { field, baseUrl, id } of asked) {
    const trimmed = baseUrl.trim();
    if (trimmed === '' || trimmed === storedUrl(id)) continue;
    const checked = checkBaseUrl(trimmed);
    if (!checked.ok) {
      const problems = checked.error.problems.map((p) => ({ ...p, field }));
      return fromApiError({ ...checked.error, problems });
    }
  }
  return undefined;
}

/** A change made while the settings file is unread: in force, and lost when the app quits. */
const UNREAD_NOT_SAVED =
  'The settings could not be saved to disk: your settings file was not read, so it is not written over. This ' +
  'change applies until the app quits and is not saved.';

export interface SettingsHolder {
  stored(): Settings;
  update(request: RequestOf<'settings:update'>): Promise<ResponseOf<'settings:update'>>;
  /** Saves the settings held again, best effort: the data folder vanished and was made again (write-watch.ts), or
   *  settings.json was removed (owed-records.ts). Whether they were saved. */
  resave(): Promise<boolean>;
}

export interface SettingsHolderOptions {
  initial: Settings;
  files: FileStore;
  /** Demo mode keeps changes in memory, so the user's real settings file is left alone. */
  persist: boolean;
  /** The file could not be read (persist is off so it is never written over): a change applies in memory and is
   *  answered as not saved, never as a bare ok the form would call "Settings saved." (adv52 r35 #1). */
  unread?: boolean;
  changed: (before: Settings, after: Settings) => void | Promise<void>;
  /** Fills in what the settings imply before they are saved (a feed turned on gets its token in the same save). */
  complete?: (settings: Settings) => Settings;
}

export function createSettingsHolder(options: SettingsHolderOptions): SettingsHolder {
  let stored = options.initial;
  // One update at a time: each builds on the settings the previous one left, or concurrent patches (email typed
  // while "start at login" is toggled) would both start from the same settings and the later save drop the other.
  let queue: Promise<unknown> = Promise.resolve();
  function update(request: RequestOf<'settings:update'>): Promise<ResponseOf<'settings:update'>> {
    const run = queue.then(() => applyUpdate(request));
    queue = run;
    return run;
  }
  async function applyUpdate(request: RequestOf<'settings:update'>): Promise<ResponseOf<'settings:update'>> {
    return guarded(async () => {
      const patch = SettingsPatchSchema.safeParse(request);
      if (!patch.success) return fromApiError(validationError(patch.error.issues));
      const bad = identityRefusal(stored, patch.data) ?? badAddress(stored, patch.data);
      if (bad) return bad;
      const whole = withAccountPatch(stored, patch.data);
      const accounts = whole.accounts?.map((a) => ({ ...a, baseUrl: a.baseUrl.trim() }));
      const next = applySettingsPatch(stored, accounts === undefined ? whole : { ...whole, accounts });
      if (!next.ok) return fromApiError(next.error);
      const value = options.complete ? options.complete(next.value) : next.value;
      if (options.persist) {
        try {
          // The engine's files keep aside, and say, a file changed outside the app since it last read or wrote it
          // (outside-edits.ts): this save and resave() below go through the same check.
          await saveSettings(options.files, value);
        } catch {
          return failure('storage', 'The settings could not be saved to disk. Nothing was changed.');
        }
      }
      const before = stored;
      stored = value;
      await options.changed(before, stored);
      if (options.unread === true) return failure('storage', UNREAD_NOT_SAVED);
      return { ok: true as const, value: stored };
    });
  }
  // In the queue, so a save of what is held never lands over a newer change's.
  function resave(): Promise<boolean> {
    const run = queue.then(async () => (options.persist ? (await saveSettings(options.files, stored), true) : false));
    queue = run.catch(() => undefined);
    return run.catch(() => false);
  }
  return { stored: () => stored, update, resave };
}
