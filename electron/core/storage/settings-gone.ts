// settings.json removed while the app runs (adv52 r44 #1: a sync tool, a cleanup, an empty folder mounted over the
// data folder; the next start had no accounts, nothing said): looked at each minute with the records the app holds
// (owed-records.ts), and written back by its holder from the settings in memory, then said once. A changed one is
// left to the rule of every settings save (outside-edits.ts).
import type { FileStore } from '../ports';
import { SETTINGS_FILE, type Notice } from './settings-store';
import { SETTINGS_REMOVED } from './outside-words';
import { stampedLook } from './stamped-look';

export interface SettingsGone {
  /** The app read or wrote settings.json (`present`: it was there), or removed it. */
  seen(name: string, present: boolean): void;
  /** A read's text, passed on (seen when there). */
  read(name: string, text: string | undefined): string | undefined;
  /** The minute's look. `aside`: the app moved it aside itself (its reader writes next). */
  look(aside: boolean): Promise<void>;
}

export function watchSettingsGone(
  raw: FileStore,
  report: (n: Notice) => void,
  gone?: () => Promise<boolean>,
): SettingsGone {
  // Only once it was there: a settings.json never made (before onboarding) was not removed.
  let seen = false;
  const look = stampedLook(raw);
  return {
    seen(name, present) {
      if (name === SETTINGS_FILE) seen = present;
    },
    read(name, text) {
      if (text !== undefined && name === SETTINGS_FILE) seen = true;
      return text;
    },
    async look(aside) {
      if (!seen || gone === undefined || aside) return;
      // A file that can't be read now proves nothing: looked at again next minute.
      // One stat while it is as when last read (stamped-look.ts): it is there.
      if (await look.there(SETTINGS_FILE).catch(() => true)) return;
      // Said only once written back: a folder that takes no write is said by its own notice (write-watch.ts).
      if (await gone()) report(SETTINGS_REMOVED);
    },
  };
}
