// Settings as the engine sees them: the stored ones (persisted through the settings store) and the effective
// ones (with the caller's overrides for scripts and demo mode applied, never persisted).
import { checkBaseUrl } from '../../api/base-url';
import type { RequestOf, ResponseOf } from '../../shared/ipc-contract';
import { SettingsPatchSchema, type Settings } from '../../shared/settings';
import { failure, fromApiError, guarded } from '../actions/common';
import type { EngineOptions } from './types';
import { applySettingsPatch, saveSettings } from '../storage/settings-store';
import type { FileStore } from '../ports';
import { validationError } from '../../api/errors';

export type SettingsOverrides = NonNullable<EngineOptions['overrides']>;

export function effectiveSettings(stored: Settings, overrides: SettingsOverrides | undefined): Settings {
  if (!overrides) return stored;
  const byId = new Map(stored.schedules.map((s) => [s.id, s]));
  return {
    ...stored,
    baseUrl: overrides.baseUrl ?? stored.baseUrl,
    email: overrides.email ?? stored.email,
    schedules: overrides.scheduleIds ? overrides.scheduleIds.map((id) => byId.get(id) ?? { id }) : stored.schedules,
  };
}

export interface SettingsHolder {
  stored(): Settings;
  update(request: RequestOf<'settings:update'>): Promise<ResponseOf<'settings:update'>>;
}

export interface SettingsHolderOptions {
  initial: Settings;
  files: FileStore;
  /** Demo mode keeps changes in memory, so the user's real settings file is left alone. */
  persist: boolean;
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
      const baseUrl = patch.data.baseUrl?.trim();
      if (baseUrl !== undefined && baseUrl !== '') {
        const checked = checkBaseUrl(baseUrl);
        if (!checked.ok) return fromApiError(checked.error);
      }
      const next = applySettingsPatch(stored, baseUrl === undefined ? patch.data : { ...patch.data, baseUrl });
      if (!next.ok) return fromApiError(next.error);
      const value = options.complete ? options.complete(next.value) : next.value;
      if (options.persist) {
        try {
          await saveSettings(options.files, value);
        } catch {
          return failure('storage', 'The settings could not be saved to disk. Nothing was changed.');
        }
      }
      const before = stored;
      stored = value;
      await options.changed(before, stored);
      return { ok: true as const, value: stored };
    });
  }
  return { stored: () => stored, update };
}
