// What a render says once about the calendar's record (published-record.ts): events issued again under a new UID,
// and kept events left out of the calendar (dropped from the record, the file kept aside).
import type { FileStore } from '../ports';
import type { Notice } from '../storage/settings-store';
import { droppedText, keepAside } from '../storage/read-back';
import { recordNotice, reissuedNoticeId, reissuedText } from './published-record';

/** A kept entry the app never published from a read (adv52 r11 #3): a made-up one. */
export const NOT_READ = 'an event the app never published from a read';
/** A kept entry of a record without MACs (no record key: no keychain, or `status` where the app never made one):
 *  the app's own kept event can't be told from one typed into the file (adv52 r61 #1), so neither is published. */
export const UNCHECKED =
  "an event kept from an earlier read, which can't be checked without the keychain: it comes back when its time is read again";

/** Kept entries left out of a render, one reason each, and whether the record is signed (a record key is held). */
export interface LeftOut {
  reasons: string[];
  signed: boolean;
}

/** Why a kept entry is left out of the calendar, or undefined when it is published as kept. */
export function leftOutAs(readMs: number | undefined, signed: boolean): string | undefined {
  if (readMs === undefined) return NOT_READ;
  return signed ? undefined : UNCHECKED;
}

/** Said once per render: events issued again under a new UID, and kept entries left out (`leftOut`, one reason
 *  each: dropped from the record, the file kept aside). */
export async function sayRendered(
  files: FileStore,
  name: string,
  report: (notice: Notice) => void,
  reissued: number,
  leftOut: readonly string[],
): Promise<void> {
  if (reissued > 0) report({ ...recordNotice(name, reissuedText(reissued)), id: reissuedNoticeId(name) });
  if (leftOut.length === 0) return;
  const what = `the calendar's record of what it published (${name})`;
  report(recordNotice(name, droppedText(what, leftOut, await keepAside(files, name))));
}
