// reminders-saved.json, the stamp of the last save of reminders.json (fired-saved.ts), read and written. It proves
// only what the app had done at that save: reminders due by then were handled, but for the ones it still owed then
// (`owed`: due and not yet shown, waiting for their schedule to be read, for quiet hours or a pause to end, or after
// a wake), which are never counted handled. A stamp that can't be read, or isn't the app's, is kept aside and said
// once, and proves nothing (the safe direction: a reminder may repeat, none is missed).
import { z } from 'zod';
import type { FileStore } from '../ports';
import type { Notice } from './settings-store';
import { droppedText, keepAside, readBack, refusedText } from './read-back';
import { unsignedAs, type RecordSigner } from './record-key';

export const SAVED_FILE = 'reminders-saved.json';
export const SAVED_NOTICE_ID = 'reminders-saved-refused';
/** The entry id the save instant is signed under. */
const SAVED_ID = 'saved';
/** More owed than this (a plan as long as a file can make it) and no stamp is written: the older one still holds. */
export const MAX_OWED = 2000;
export const OwedKeys = z.array(z.string().max(300)).max(MAX_OWED);

const SavedFileSchema = z.object({
  version: z.literal(1),
  savedAtMs: z.number(),
  owed: OwedKeys.optional(),
  mac: z.string().max(100).optional(),
});

/** The app's last save: when, and what it still owed then. */
export interface LastSave {
  atMs: number;
  owed: readonly string[];
}

// A stamp from before `owed` is signed over its instant alone, as it was written.
const signed = (savedAtMs: number, owed: readonly string[] | undefined): unknown =>
  owed === undefined ? savedAtMs : { savedAtMs, owed };

const WHAT = 'the record of when reminders were last saved';
const LOST = 'no reminder is taken as already handled from it, so a reminder shown before may be shown again.';
const LOST_SENTENCE = 'No reminder is taken as already handled from it, so a reminder shown before may be shown again.';

/** The app's last save as the stamp says; undefined when there is none or it proves nothing (said once, kept aside).
 *  Never later than now: a stamp from a clock set back (or another install's) proves nothing past the present. */
export async function lastSave(
  files: FileStore,
  signer: RecordSigner | undefined,
  nowMs: number,
  onNotice: (n: Notice) => void,
): Promise<LastSave | undefined> {
  const read = await readBack(files, SAVED_FILE, SavedFileSchema, { maxChars: 200_000 });
  if (read.kind === 'absent') return undefined;
  if (read.kind === 'unreadable') {
    // Nothing could be kept aside; the next save writes over it, so this is said once.
    const message = `The record of when reminders were last saved could not be read (${read.reason}) and nothing of it was used: ${LOST}`;
    onNotice({ id: SAVED_NOTICE_ID, message });
    return undefined;
  }
  if (read.kind === 'refused') {
    onNotice({ id: SAVED_NOTICE_ID, message: refusedText(WHAT, read, LOST) });
    return undefined;
  }
  const { savedAtMs, owed, mac } = read.value;
  if (signer !== undefined && !signer.holds(SAVED_FILE, SAVED_ID, signed(savedAtMs, owed), mac)) {
    const kept = await keepAside(files, SAVED_FILE);
    onNotice({
      id: SAVED_NOTICE_ID,
      message: `${droppedText(WHAT, [unsignedAs(signer, SAVED_FILE)], kept)} ${LOST_SENTENCE}`,
    });
    return undefined;
  }
  return { atMs: Math.min(savedAtMs, nowMs), owed: owed ?? [] };
}

/** Writes the stamp; none when more is owed than it keeps (the older stamp then still tells the truth). */
export async function writeSaved(
  files: FileStore,
  signer: RecordSigner | undefined,
  savedAtMs: number,
  owed: readonly string[] | undefined,
): Promise<void> {
  if (owed === undefined || owed.length > MAX_OWED) return;
  const mac = signer?.sign(SAVED_FILE, SAVED_ID, signed(savedAtMs, owed));
  const body = { version: 1, savedAtMs, owed, ...(mac === undefined ? {} : { mac }) };
  await files.writeAtomic(SAVED_FILE, JSON.stringify(body));
}
