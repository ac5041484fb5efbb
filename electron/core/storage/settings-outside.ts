// A hand edit of settings.json while the app runs was silently overwritten by the app's next save (issue 52, round
// 8). Before each save the file is compared with what the app last read or wrote: if it changed outside the app, the
// outside version is kept aside (a backup, never overwritten) and said once; the app's settings are then saved.
// Merging the two was not chosen: which side the user meant is not knowable, and keeping both is honest.
import type { FileStore } from '../ports';
import type { Settings } from '../../shared/settings';
import { isTooLarge } from './file-limits';
import { keepAside } from './read-back';
import { SETTINGS_FILE, settingsOfText } from './settings-store';

export const SETTINGS_OUTSIDE_NOTICE_ID = 'settings-changed-outside';

/** Keeps the file aside when it no longer holds `last` (what the app last read or wrote); the notice, or undefined
 *  when it is unchanged (or absent, or unreadable: then nothing is there to keep). */
export async function keepOutsideEdit(
  files: FileStore,
  last: Settings,
): Promise<{ id: string; message: string } | undefined> {
  let text: string | undefined;
  try {
    text = await files.read(SETTINGS_FILE);
  } catch (cause) {
    if (!isTooLarge(cause)) return undefined;
  }
  if (text !== undefined && JSON.stringify(settingsOfText(text)) === JSON.stringify(last)) return undefined;
  const kept = await keepAside(files, SETTINGS_FILE);
  if (kept === undefined) return undefined;
  const message = `settings.json was changed outside the app while it ran; your edit was kept as ${kept}; the app's settings were saved.`;
  return { id: SETTINGS_OUTSIDE_NOTICE_ID, message };
}
