// When the record of reminders shown (reminders.json) was last saved, kept beside it in its own file (issue 52, adv52
// r41 #2). A valid, signed reminders.json put back from a backup or a sync tool passes every entry check, yet lacks
// the reminders shown since it was written: read as it stands, the start reminder already shown comes again as a
// catch-up. Each save stamps both files with the same instant (reminders.json first, so a crash in between leaves
// the stamp older, never newer); a reminders.json older than the stamp is an older copy, and every reminder due up
// to the stamp was handled by the app while it ran, so none of those is shown again. A reminder due after the stamp
// (the app was off then) still comes as a catch-up.
import { z } from 'zod';
import type { FileStore } from '../ports';
import type { Notice } from './settings-store';
import type { RecordSigner } from './record-key';
import { formatDate } from '../../shared/format';

export const SAVED_FILE = 'reminders-saved.json';
export const OLDER_COPY_NOTICE_ID = 'reminders-record-older';
/** The entry id the save instants are signed under, in either file. */
const SAVED_ID = 'saved';

const SavedFileSchema = z.object({
  version: z.literal(1),
  savedAtMs: z.number(),
  mac: z.string().max(100).optional(),
});

/** What reminders.json says of its own save: when, and up to when reminders were handled before an older copy of it
 *  was found (carried until every reminder that old is past keeping). */
export interface SavedStamp {
  savedAtMs?: number;
  handledBeforeMs?: number;
  savedMac?: string;
}

const stampContent = (s: SavedStamp): unknown => ({ savedAtMs: s.savedAtMs, handledBeforeMs: s.handledBeforeMs });

/** The stamp reminders.json is written with (signed when there is a signer). */
export function savedStampOf(
  signer: RecordSigner | undefined,
  savedAtMs: number,
  handledBeforeMs?: number,
): SavedStamp {
  const stamp: SavedStamp = { savedAtMs, ...(handledBeforeMs === undefined ? {} : { handledBeforeMs }) };
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

/** When the app last saved reminders.json, as the companion file says; undefined when there is none, or it is not the
 *  app's (a MAC that doesn't hold): then nothing is taken as handled, and reminders may repeat as before. Never
 *  later than now: a stamp from a clock set back proves nothing past the present. */
export async function lastSavedMs(
  files: FileStore,
  signer: RecordSigner | undefined,
  nowMs: number,
): Promise<number | undefined> {
  const text = await files.read(SAVED_FILE).catch(() => undefined);
  if (text === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = SavedFileSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const { savedAtMs, mac } = parsed.data;
  if (signer !== undefined && !signer.holds(SAVED_FILE, SAVED_ID, savedAtMs, mac)) return undefined;
  return Math.min(savedAtMs, nowMs);
}

export async function writeSaved(files: FileStore, signer: RecordSigner | undefined, savedAtMs: number): Promise<void> {
  const mac = signer?.sign(SAVED_FILE, SAVED_ID, savedAtMs);
  await files.writeAtomic(SAVED_FILE, JSON.stringify({ version: 1, savedAtMs, ...(mac === undefined ? {} : { mac }) }));
}

/** Said once when an older copy is found. The instant is a date and time (never a relative day). */
export function olderCopyNotice(kept: string | undefined, handledBeforeMs: number, localZone?: string): Notice {
  const at = formatDate(handledBeforeMs, { clock: true, ...(localZone === undefined ? {} : { localZone }) });
  const where = kept === undefined ? '' : ` (kept as ${kept})`;
  const message =
    `The record of reminders already shown was an older copy than the one the app last saved${where}: ` +
    `reminders due up to ${at} were handled while the app was running and are not shown again.`;
  return { id: OLDER_COPY_NOTICE_ID, message };
}

export interface HandledRead {
  /** Reminders due up to this instant were handled by the app while it ran (shown, held or let pass). */
  handledBeforeMs?: number;
  /** The file read was an older copy than the app's last save (said, and kept aside). */
  older: boolean;
}

/** Up to when reminders were handled, from reminders.json's own stamp (`stamp`: undefined when it was absent or
 *  refused) and the companion's: an older copy is said once and kept aside (`kept`: already kept by the entry checks). */
export async function handledRead(
  files: FileStore,
  stamp: SavedStamp | undefined,
  o: { signer: RecordSigner | undefined; nowMs: number; retentionMs: number; localZone?: string },
  keep: () => Promise<string | undefined>,
  onNotice: (n: Notice) => void,
): Promise<HandledRead> {
  if (stamp === undefined) return { older: false };
  const own = ownStamp(o.signer, stamp);
  const carried =
    own.handledBeforeMs !== undefined && own.handledBeforeMs > o.nowMs - o.retentionMs
      ? Math.min(own.handledBeforeMs, o.nowMs)
      : undefined;
  const lastMs = await lastSavedMs(files, o.signer, o.nowMs);
  if (lastMs === undefined || (own.savedAtMs ?? -Infinity) >= lastMs)
    return carried === undefined ? { older: false } : { handledBeforeMs: carried, older: false };
  onNotice(olderCopyNotice(await keep(), lastMs, o.localZone));
  return { handledBeforeMs: Math.max(lastMs, carried ?? -Infinity), older: true };
}
