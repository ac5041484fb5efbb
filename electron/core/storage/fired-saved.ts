// When the record of reminders shown (reminders.json) was last saved, kept beside it in its own file (issue 52, adv52
// r41 #2). A valid, signed reminders.json put back from a backup or a sync tool passes every entry check, yet lacks
// the reminders shown since it was written: read as it stands, the start reminder already shown comes again as a
// catch-up. Each save stamps both files with the same instant (reminders.json first, so a crash in between leaves
// the stamp older, never newer); a reminders.json older than the stamp is an older copy, and every reminder due up
// to the stamp was handled by the app while it ran, so none of those is shown again. A reminder due after the stamp
// (the app was off then) still comes as a catch-up. The stamp is written again into last-run.json (fired-saved-file.ts),
// so a pair put back together from one copy, or removed together, is still found older than the app's last save.
import type { FileStore } from '../ports';
import type { Notice } from './settings-store';
import type { RecordSigner } from './record-key';
import { formatDate } from '../../shared/day-word';
import { lastSave } from './fired-saved-file';

export const OLDER_COPY_NOTICE_ID = 'reminders-record-older';
/** The entry id the save instants are signed under, in either file. */
const SAVED_ID = 'saved';

/** What reminders.json says of its own save: when, and up to when reminders were handled before an older copy of it
 *  was found (carried until every reminder that old is past keeping). */
export interface SavedStamp {
  savedAtMs?: number;
  handledBeforeMs?: number;
  /** What the app still owed at the save `handledBeforeMs` comes from: never counted handled (fired-saved-file.ts). */
  handledOwed?: string[];
  savedMac?: string;
}

// A stamp from before `handledOwed` is signed as it was written.
const stampContent = (s: SavedStamp): unknown => ({
  savedAtMs: s.savedAtMs,
  handledBeforeMs: s.handledBeforeMs,
  ...(s.handledOwed === undefined ? {} : { handledOwed: s.handledOwed }),
});

/** The stamp reminders.json is written with (signed when there is a signer). */
export function savedStampOf(
  signer: RecordSigner | undefined,
  savedAtMs: number,
  handledBeforeMs?: number,
  handledOwed: readonly string[] = [],
): SavedStamp {
  const stamp: SavedStamp =
    handledBeforeMs === undefined ? { savedAtMs } : { savedAtMs, handledBeforeMs, handledOwed: [...handledOwed] };
  return signer === undefined
    ? stamp
    : { ...stamp, savedMac: signer.sign('reminders.json', SAVED_ID, stampContent(stamp)) };
}

/** reminders.json's own stamp as the app's, or nothing (unsigned under a key, or from before stamps). */
export function ownStamp(signer: RecordSigner | undefined, stamp: SavedStamp | undefined): SavedStamp {
  if (stamp?.savedAtMs === undefined) return {};
  if (signer !== undefined && !signer.holds('reminders.json', SAVED_ID, stampContent(stamp), stamp.savedMac)) return {};
  return stamp;
}

/** Said once when an older copy is found (`kept` undefined and `missing`: the file was gone). The instant is a date
 *  and time (never a relative day). A coverage request has no due time, so the stamp proves nothing of it: a missing
 *  record lists none, and that is said. */
export function olderCopyNotice(
  kept: string | undefined,
  handledBeforeMs: number,
  localZone?: string,
  missing = false,
): Notice {
  const at = formatDate(handledBeforeMs, { clock: true, ...(localZone === undefined ? {} : { localZone }) });
  const where = kept === undefined ? '' : ` (kept as ${kept})`;
  const handled = `reminders due up to ${at} were handled while the app was running and are not shown again`;
  const message = missing
    ? `The record of reminders already shown was missing: ${handled}; a coverage request already shown may be ` +
      'shown again, since only that record lists them.'
    : `The record of reminders already shown was an older copy than the one the app last saved${where}: ${handled}.`;
  return { id: OLDER_COPY_NOTICE_ID, message };
}

export interface HandledRead {
  /** Reminders due up to this instant were handled by the app while it ran (shown, held or let pass). */
  handledBeforeMs?: number;
  /** Due by then but still owed by the app at that save: never counted handled. */
  owed: ReadonlySet<string>;
  /** The file read was an older copy than the app's last save (said, and kept aside). */
  older: boolean;
}

/** Up to when reminders were handled, from reminders.json's own stamp (`stamp`: undefined when it was absent or
 *  refused) and the companion's: an older copy is said once and kept aside (`kept`: already kept by the entry checks).
 *  A reminders.json that is gone (`missing`) under the app's stamp is the oldest copy possible, handled as one; one
 *  that couldn't be read is said as such already (reminders may repeat). */
export async function handledRead(
  files: FileStore,
  stamp: SavedStamp | undefined,
  o: { signer: RecordSigner | undefined; nowMs: number; retentionMs: number; localZone?: string; missing?: boolean },
  keep: () => Promise<string | undefined>,
  onNotice: (n: Notice) => void,
): Promise<HandledRead> {
  // The stamp is read (and a damaged one kept aside and said) even when reminders.json proves nothing itself.
  const last = await lastSave(files, o.signer, o.nowMs, onNotice);
  if (stamp === undefined && o.missing !== true) return { older: false, owed: new Set() };
  const own = ownStamp(o.signer, stamp);
  const carried =
    own.handledBeforeMs !== undefined && own.handledBeforeMs > o.nowMs - o.retentionMs
      ? Math.min(own.handledBeforeMs, o.nowMs)
      : undefined;
  const carriedOwed = carried === undefined ? [] : (own.handledOwed ?? []);
  if (last === undefined || (own.savedAtMs ?? -Infinity) >= last.atMs)
    return carried === undefined
      ? { older: false, owed: new Set() }
      : { handledBeforeMs: carried, owed: new Set(carriedOwed), older: false };
  const missing = stamp === undefined;
  onNotice(olderCopyNotice(missing ? undefined : await keep(), last.atMs, o.localZone, missing));
  const owed = new Set([...last.owed, ...carriedOwed]);
  return { handledBeforeMs: Math.max(last.atMs, carried ?? -Infinity), owed, older: true };
}
