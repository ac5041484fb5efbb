// reminders-saved.json, the stamp of the last save of reminders.json (fired-saved.ts), read and written. It proves
// only what the app had done at that save: reminders due by then were handled, but for the ones it still owed then
// (`owed`: due and not yet shown, waiting for their schedule to be read, for quiet hours or a pause to end, or after
// a wake), which are never counted handled. A stamp that can't be read, or isn't the app's, is kept aside and said
// once, and proves nothing (the safe direction: a reminder may repeat, none is missed).
// The same stamp is written a second time into last-run.json, the app's record of its own last run (adv52 r42: the
// pair put back together from a 07:40 copy agreed with itself, so "On call now", shown at 08:00 by the run that
// lasted to 08:02, came again; deleting both did the same). A file under another name is not part of the pair a
// backup or sync tool puts back or removes, so the later of the two is the app's last save.
import { z } from 'zod';
import type { FileStore } from '../ports';
import type { Notice } from './settings-store';
import { droppedText, keepAside, readBack, refusedText } from './read-back';
import { unsignedAs, type RecordSigner } from './record-key';

export const SAVED_FILE = 'reminders-saved.json';
export const SAVED_NOTICE_ID = 'reminders-saved-refused';
export const RUN_FILE = 'last-run.json';
export const RUN_NOTICE_ID = 'last-run-refused';
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

/** What each copy is called, and the notice it is refused under. */
const COPIES = [
  { file: SAVED_FILE, what: 'the record of when reminders were last saved', id: SAVED_NOTICE_ID },
  { file: RUN_FILE, what: "the app's record of its last run (when reminders were last saved)", id: RUN_NOTICE_ID },
] as const;
type Copy = (typeof COPIES)[number];
const LOST = 'no reminder is taken as already handled from it, so a reminder shown before may be shown again.';
const LOST_SENTENCE = 'No reminder is taken as already handled from it, so a reminder shown before may be shown again.';

/** The app's last save, the later of the stamp's and the run record's (each read as below): undefined when neither
 *  proves one. */
export async function lastSave(
  files: FileStore,
  signer: RecordSigner | undefined,
  nowMs: number,
  onNotice: (n: Notice) => void,
): Promise<LastSave | undefined> {
  let last: LastSave | undefined;
  for (const copy of COPIES) {
    const one = await copyRead(copy, files, signer, nowMs, onNotice);
    if (one !== undefined && (last === undefined || one.atMs > last.atMs)) last = one;
  }
  return last;
}

/** One copy's save; undefined when there is none or it proves nothing (said once, kept aside). Never later than
 *  now: a stamp from a clock set back (or another install's) proves nothing past the present. */
async function copyRead(
  { file, what, id }: Copy,
  files: FileStore,
  signer: RecordSigner | undefined,
  nowMs: number,
  onNotice: (n: Notice) => void,
): Promise<LastSave | undefined> {
  const read = await readBack(files, file, SavedFileSchema, { maxChars: 200_000 });
  if (read.kind === 'absent') return undefined;
  if (read.kind === 'unreadable') {
    // Nothing could be kept aside; the next save writes over it, so this is said once.
    const message = `${cap(what)} could not be read (${read.reason}) and nothing of it was used: ${LOST}`;
    onNotice({ id, message });
    return undefined;
  }
  if (read.kind === 'refused') {
    onNotice({ id, message: refusedText(what, read, LOST) });
    return undefined;
  }
  const { savedAtMs, owed, mac } = read.value;
  if (signer !== undefined && !signer.holds(file, SAVED_ID, signed(savedAtMs, owed), mac)) {
    const kept = await keepAside(files, file);
    onNotice({ id, message: `${droppedText(what, [unsignedAs(signer, file)], kept)} ${LOST_SENTENCE}` });
    return undefined;
  }
  return { atMs: Math.min(savedAtMs, nowMs), owed: owed ?? [] };
}

/** Writes the stamp, then the run record; none when more is owed than they keep (the older ones still tell the
 *  truth). The run record last: a stop in between leaves it older than the stamp, never newer. */
export async function writeSaved(
  files: FileStore,
  signer: RecordSigner | undefined,
  savedAtMs: number,
  owed: readonly string[] | undefined,
): Promise<void> {
  if (owed === undefined || owed.length > MAX_OWED) return;
  for (const { file } of COPIES) {
    const mac = signer?.sign(file, SAVED_ID, signed(savedAtMs, owed));
    const body = { version: 1, savedAtMs, owed, ...(mac === undefined ? {} : { mac }) };
    await files.writeAtomic(file, JSON.stringify(body));
  }
}

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
