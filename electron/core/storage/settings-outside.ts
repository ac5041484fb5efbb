// A hand edit of settings.json while the app runs was silently overwritten by the app's next save (issue 52, round
// 8). Before each save the file on disk is compared with what the app last read or wrote (outside-edits.ts, the rule
// every file the app writes back follows): if it changed outside the app, it is kept aside (a backup, masked, never
// overwritten) and said once; the app's settings are then saved. Merging the two was not chosen: which side the user
// meant is not knowable, and keeping both is honest. These are its words: what the file held that this version
// can't use is named by kind, as the start-time path names it (adv52 r29: those kinds were written over unsaid).
import type { Notice } from './settings-store';
import { parseSettingsText, type VersionDoubt } from './settings-store';

export const SETTINGS_OUTSIDE_NOTICE_ID = 'settings-changed-outside';

function versionWords(doubt: VersionDoubt): string {
  switch (doubt.kind) {
    case 'missing':
      return 'without a version';
    case 'unknown':
      return `with a version this app does not know (${doubt.value})`;
    case 'newer':
      return `by a newer version of the app (format ${doubt.value}): anything newer is only in the copy`;
  }
}

/** What the changed file held that this version can't use, by kind; '' for settings it reads whole. `text`
 *  undefined: too large to read. */
function kindOf(text: string | undefined): string {
  if (text === undefined) return ' (it is larger than the app ever writes it: only its beginning is in the copy)';
  const parsed = parseSettingsText(text);
  if (!parsed.ok) return ` (it could not be used as settings: ${parsed.problem})`;
  const parts = [
    ...(parsed.doubt ? [versionWords(parsed.doubt)] : []),
    ...(parsed.reset.length > 0 ? [`with values this version can't use: ${parsed.reset.join('; ')}`] : []),
  ];
  return parts.length > 0 ? `, ${parts.join(', ')}` : '';
}

/** Said once the app's own save was tried (`saved`: it worked). `kept`: the copy, undefined when keeping it failed. */
export function settingsOutsideNotice(text: string | undefined, kept: string | undefined, saved: boolean): Notice {
  const copy =
    kept === undefined
      ? saved
        ? 'keeping it aside failed, so it was written over'
        : 'keeping it aside failed, and it is as it was'
      : `your edit was kept as ${kept}`;
  const then = saved ? "the app's settings were saved" : "the app's settings could not be saved";
  const message = `settings.json was changed outside the app while it ran${kindOf(text)}; ${copy}; ${then}.`;
  return { id: SETTINGS_OUTSIDE_NOTICE_ID, message };
}
