// The words for a record found damaged or gone while the app ran (owed-records.ts, outside-edits.ts): one rule for
// every file, so a file cut short is never blamed on another install or a hand edit (adv52 r44 #2), and settings.json
// removed while the app ran is said with what the app did about it (adv52 r44 #1).
import type { Notice } from './settings-store';

export const OUTSIDE_NOTICE_ID = 'changed-outside';

/** settings.json written back from what the app holds (never the key: it stays in the keychain). */
export const SETTINGS_REMOVED: Notice = {
  id: `${OUTSIDE_NOTICE_ID}:settings.json`,
  message: 'settings.json was removed while the app ran; the app wrote your settings and accounts back.',
};

/** `kept` null: the file was gone (nothing to keep aside). `saved`: what the app did next, in words. */
export function damagedNotice(name: string, kept: string | undefined | null, saved: string): Notice {
  const where = kept === null ? '' : kept === undefined ? ' Keeping it aside failed.' : ` It was kept as ${kept}.`;
  const what =
    kept === null
      ? 'was removed while the app ran'
      : 'could not be read (it was damaged while the app ran: it is no longer what the app saved)';
  return { id: `${OUTSIDE_NOTICE_ID}:${name}`, message: `${name} ${what}, so ${saved}.${where}` };
}

/** The app's own write, in the notice's words. */
export const wroteWords = (wrote: boolean): string =>
  wrote ? 'the app wrote what it holds' : 'the app could not write its own yet';

/** Whether a file's text is JSON at all: one that is not was cut short or damaged, not another writer's record. */
export const isJson = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};
