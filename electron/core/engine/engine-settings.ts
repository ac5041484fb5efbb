// The engine's settings: the holder of the stored ones (in memory until start-up has read the file, then the file's
// own), the effective ones (overrides applied) memoised so the same stored settings give the same object (cheap
// change checks downstream), and what reading the file had to say.
import { defaultSettings, serviceSettings, type ServiceSettings, type Settings } from '../../shared/settings';
import type { AppState } from '../../shared/view-state';
import { newFeedToken } from '../calendar/feed-control';
import type { FileStore } from '../ports';
import { loadSettings } from '../storage/settings-store';
import { rememberSecret } from '../storage/redact-secrets';
import { createSettingsHolder, effectiveSettings, type SettingsHolder, type SettingsOverrides } from './settings';

export interface EngineSettings {
  holder: () => SettingsHolder;
  effective: () => Settings;
  /** One account's settings now; undefined once it was removed. */
  service: (accountId: string) => ServiceSettings | undefined;
  /** What reading the settings file had to say (shown as notices). */
  notices: () => AppState['notices'];
  /** Why the file could not be read, when it could not. */
  unreadable: () => string | undefined;
  /** Holds a feed token that could not be saved (a read-only folder): the feed runs at its address for this run. */
  holdFeedToken: (token: string) => void;
  /** Reads the file and keeps the settings it holds from now on; `changed` hears every later change. */
  load: (changed: (before: Settings, after: Settings) => Promise<void>) => Promise<void>;
}

/** A feed turned on (or asked for a new address) gets its token in the same save, so the settings that come back
 *  already hold its address. */
function withFeedToken(s: Settings): Settings {
  const done =
    s.calendarFeed.enabled && s.calendarFeed.token === ''
      ? { ...s, calendarFeed: { ...s.calendarFeed, token: newFeedToken() } }
      : s;
  rememberSecret(done.calendarFeed.token);
  return done;
}

/** The feed's token held in memory, while the stored settings have none (it could not be saved); a saved one wins. */
function withHeldToken(s: Settings, held: string): Settings {
  const feed = s.calendarFeed;
  return held !== '' && feed.enabled && feed.token === '' ? { ...s, calendarFeed: { ...feed, token: held } } : s;
}

/** The app pauses at most until tomorrow 09:00 (tray) or for an account's day: a pause read back much further
 *  ahead is a claim, said once (issue 52). Kept, so nothing rings that the user may have silenced on purpose. */
const FAR_PAUSE_MS = 8 * 24 * 3_600_000;

function farPauseNotice(s: Settings, nowMs: number): AppState['notices'][number] | undefined {
  const pauses = [s.pausedUntil, ...s.accounts.map((a) => a.pausedUntil ?? null)];
  const far = pauses.some((p) => p !== null && Date.parse(p) > nowMs + FAR_PAUSE_MS);
  if (!far) return undefined;
  return {
    id: 'settings-far-pause',
    message:
      'Your settings file says notifications are paused much further ahead than the app ever pauses them. ' +
      'Reminders stay paused as it says: choose Resume notifications if you did not mean that.',
  };
}

export function createEngineSettings(
  files: FileStore,
  overrides: SettingsOverrides | undefined,
  demo: boolean,
  nowMs: () => number = Date.now,
): EngineSettings {
  let holder = createSettingsHolder({ initial: defaultSettings(), files, persist: false, changed: () => undefined });
  let notices: AppState['notices'] = [];
  let unreadable: string | undefined;
  let memo: { stored: Settings; held: string; value: Settings; services: Map<string, ServiceSettings> } | undefined;
  let held = '';
  const entry = () => {
    const stored = holder.stored();
    if (memo?.stored !== stored || memo.held !== held) {
      const value = effectiveSettings(withHeldToken(stored, held), overrides);
      const services = new Map(value.accounts.map((a) => [a.id, serviceSettings(value, a)]));
      memo = { stored, held, value, services };
    }
    return memo;
  };
  return {
    holder: () => holder,
    effective: () => entry().value,
    service: (accountId) => entry().services.get(accountId),
    notices: () => notices,
    unreadable: () => unreadable,
    holdFeedToken: (token) => {
      rememberSecret(token);
      held = token;
    },
    async load(changed) {
      const loaded = await loadSettings(files, nowMs());
      // The feed's token is masked by value in any backup, wherever a file holds it (a webcal:// path).
      rememberSecret(loaded.settings.calendarFeed.token);
      holder = createSettingsHolder({
        initial: loaded.settings,
        files,
        // An unreadable file still holds the user's settings: never written over with defaults.
        persist: !demo && loaded.unreadable === undefined,
        unread: !demo && loaded.unreadable !== undefined,
        changed,
        complete: withFeedToken,
      });
      notices = [loaded.notice, farPauseNotice(loaded.settings, nowMs())].filter((n) => n !== undefined);
      unreadable = loaded.unreadable;
    },
  };
}
