// Every file the app reads back is a claim (issue 52): parsed with its schema, then each entry checked against what
// the app knows now (the accounts and schedules watched, the clock, the values the app itself makes). What fails is
// dropped and said once, never used; a file that can't be read as its schema, or held an entry that was dropped, is
// kept aside (backed up) before anything replaces it. Notices name the file's role and the app's own reasons, never
// the file's content, so nothing a file holds (a token, a line break, a huge text) reaches a notice.
import type { z } from 'zod';
import type { FileStore } from '../ports';
import { isDanglingLink } from './dangling-link';
import { backupHeadText, isTooLarge, sizeText, type TooLargeError } from './file-limits';
import { newerVersion, unknownFields } from './newer-content';
import { isChangedSinceRead } from './changed-since-read';

export type ReadBack<T> =
  /** No file: nothing to say. */
  | { kind: 'absent' }
  /** The disk refused the read: nothing could be kept aside. `reason`: why, in the user's words (readRefusal). */
  | { kind: 'unreadable'; reason: string }
  /** Not JSON or not the schema's shape: kept aside (the path, when the backup worked). `reason`: which, in the
   *  user's words (refusedText). `newer`: the file's version,
   *  when it was written by a newer version of the app (newer-content.ts), said as such, never as damage. */
  | { kind: 'refused'; kept: string | undefined; reason: string; newer?: number }
  /** `newer`: the file held fields this version doesn't know (a newer version's): the original was kept aside once
   *  before anything rewrites it without them; the reader says so (newerFieldsText). */
  | { kind: 'read'; value: T; newer?: { fields: number; kept: string | undefined } };

/** What a read-only reader's backup answers (the status command's overlay): nothing was copied or moved. */
export const LEFT_IN_PLACE = 'left in place: the status command changes nothing';

/** "50 MB; at most 8 MB", then what became of the file: a copy of its head when one was made, or, for a reader that
 *  changes nothing (`kept` is LEFT_IN_PLACE's), that it was left in place and nothing copied (adv52 r18 #2). */
export function tooLargeText(cause: TooLargeError, kept: string | undefined): string {
  const size = `it is larger than the app ever writes it: ${sizeText(cause)}`;
  if (leftInPlace(kept))
    return `${size}; the file was left in place and nothing was copied (the status command changes nothing)`;
  return kept === undefined ? size : `${size}; ${backupHeadText(cause)} (kept as ${kept})`;
}

/** Left in place by a reader that changes nothing (the status command's overlay): nothing was copied. */
export const leftInPlace = (kept: string | undefined): boolean => kept?.includes(LEFT_IN_PLACE) === true;

/** What a read of a folder standing in a file's place is said as (a reader that can't write over one says so). */
export const FOLDER_IN_PLACE = 'a folder stands where the file should be';

/** Why the disk refused a read, in the user's words (never the file's content). `kept`: what the reader's backup
 *  answered, so a reader that copied nothing never says what a copy keeps (tooLargeText). */
export function readRefusal(cause: unknown, kept?: string): string {
  if (isTooLarge(cause) && leftInPlace(kept)) return tooLargeText(cause, kept);
  if (isTooLarge(cause))
    return `it is larger than the app ever writes it: ${sizeText(cause)}; ${backupHeadText(cause)}`;
  // "settings.json is a link to …, which is missing": the link named, never "no file" (dangling-link.ts).
  if (isDanglingLink(cause)) return cause.message;
  const code = cause instanceof Error && 'code' in cause ? String(cause.code) : '';
  if (code === 'EISDIR') return FOLDER_IN_PLACE;
  if (code === 'ENOTREG') return 'not a regular file';
  if (code === 'EACCES' || code === 'EPERM') return 'this user is not allowed to read it';
  return `the disk refused the read${code === '' ? '' : ` (${code})`}`;
}

/** Reads `name` as `schema`; a file that isn't its shape, or is longer than `maxChars` (a file the app never writes
 *  that big, refused before parsing so it can't stall a start), is moved aside at once (nothing of it is used). */
export async function readBack<S extends z.ZodType>(
  files: FileStore,
  name: string,
  schema: S,
  options: { maxChars?: number; own?: readonly string[] } = {},
): Promise<ReadBack<z.infer<S>>> {
  // Between the read and the keep-aside the app's own retry may have written its record there (owed-records.ts): only
  // the text judged is kept aside (changed-since-read.ts), else what the file holds now is read and judged instead.
  try {
    return await readOnce(files, name, schema, options, true);
  } catch (cause) {
    if (!isChangedSinceRead(cause)) throw cause;
    return readOnce(files, name, schema, options, false);
  }
}

async function readOnce<S extends z.ZodType>(
  files: FileStore,
  name: string,
  schema: S,
  options: { maxChars?: number; own?: readonly string[] },
  judged: boolean,
): Promise<ReadBack<z.infer<S>>> {
  let text: string | undefined;
  const keep = (n: string): Promise<string | undefined> =>
    judged && text !== undefined && files.backupRead ? keepRead(files, n, text) : keepAside(files, n);
  try {
    text = await files.read(name);
  } catch (cause) {
    // Too large to read (file-limits.ts): refused like a file of the wrong shape, kept aside.
    if (isTooLarge(cause)) return { kind: 'refused', kept: await keep(name), reason: TOO_LARGE };
    return { kind: 'unreadable', reason: readRefusal(cause) };
  }
  if (text === undefined) return { kind: 'absent' };
  if (text.length > (options.maxChars ?? Infinity))
    return { kind: 'refused', kept: await keep(name), reason: TOO_LARGE };
  let json: unknown;
  let reason = NOT_ITS_FORM;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    json = undefined;
    reason = NOT_JSON;
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) {
    const fields = unknownFields(json, parsed.data, [], options.own);
    if (fields === 0) return { kind: 'read', value: parsed.data };
    return { kind: 'read', value: parsed.data, newer: { fields, kept: await keptNewer(files, name, parsed.data) } };
  }
  const newer = newerVersion(json, parsed.error);
  const kept = await keep(name);
  return newer === undefined ? { kind: 'refused', kept, reason } : { kind: 'refused', kept, reason, newer };
}

const TOO_LARGE = 'the file is larger than the app ever writes it';
/** Not JSON at all: what a write cut short by a crash or a disk error leaves of the app's own file. */
const NOT_JSON = "the file's text is damaged or cut short";
const NOT_ITS_FORM = 'the file is not in the form the app writes it';

/**
 * What a record file nothing was taken from is said as (readBack's 'refused' that is not a newer version's), one
 * rule for every record the app signs (adv52 r30): it "could not be read", with why. Never "not the app's": the file
 * didn't parse, so no MAC in it was checked, and a cut-short write of the app's own file is the likeliest cause. An
 * entry that parses but whose MAC doesn't hold is said per entry (droppedText with record-key.ts's reasons).
 * `lost`: what that costs, as a sentence with its full stop; `held`: what holding the app's record in memory costs.
 */
export function refusedText(
  what: string,
  read: { kept: string | undefined; reason: string },
  lost = '',
  held = '',
): string {
  const where =
    read.kept === undefined
      ? ` Keeping the file aside failed too, ${heldText(held)}`
      : ` The file was kept as ${read.kept}.`;
  const cost = lost === '' ? '.' : `: ${lost}`;
  return `${what.charAt(0).toUpperCase()}${what.slice(1)} could not be read (${read.reason}) and nothing of it was used${cost}${where}`;
}

/** A file whose keep-aside failed is not written over until it is kept aside (kept-first.ts): the app's own record
 *  lives only in memory meanwhile. `held`: what that costs at a restart, as a sentence with its full stop. */
const heldText = (held: string): string =>
  `so the app keeps its own record in memory until there is room${held === '' ? '.' : `: ${held}`}`;

/** A newer version's file (newer-content.ts) kept aside as it was; what this version understands is written back at
 *  once, so its records stay in force though the reader writes nothing now, and the next read finds nothing newer
 *  to say again. Undefined when the copy failed (the file is then left as it is). */
export async function keptNewer(files: FileStore, name: string, understood: unknown): Promise<string | undefined> {
  const kept = await keepAside(files, name);
  if (kept !== undefined) await files.writeAtomic(name, JSON.stringify(understood)).catch(() => undefined);
  return kept;
}

/** The file kept aside for entries dropped from it: the copy a newer version's fields already made of it as it was
 *  (keptNewer) holds them too, so it is named again, never a second copy of the rewritten file. */
export async function keptForDropped(
  files: FileStore,
  name: string,
  newer: { kept: string | undefined } | undefined,
): Promise<string | undefined> {
  return newer?.kept ?? keepAside(files, name);
}

/** Keeps aside the text read, as keepAside; a file changed since is rethrown (read again by readBack). */
const keepRead = (files: FileStore, name: string, text: string): Promise<string | undefined> =>
  (files.backupRead?.(name, text) ?? files.backup(name)).catch((cause: unknown) => {
    if (isChangedSinceRead(cause)) throw cause;
    return undefined;
  });

/** Moves the file aside (before a cleaned copy replaces it); undefined when even that failed. */
export async function keepAside(files: FileStore, name: string): Promise<string | undefined> {
  return files.backup(name).catch(() => undefined);
}

/** The entries that hold and, for each that doesn't, the app's reason (never the entry's own text). */
export interface Sorted<E> {
  kept: E[];
  dropped: string[];
}

/** Checks each entry: `check` answers why it can't be used, or undefined when it holds. */
export function sortClaims<E>(entries: readonly E[], check: (entry: E) => string | undefined): Sorted<E> {
  const kept: E[] = [];
  const dropped: string[] = [];
  for (const e of entries) {
    const why = check(e);
    if (why === undefined) kept.push(e);
    else dropped.push(why);
  }
  return { kept, dropped };
}

/** "2 entries of the saved hand-off were not used (a schedule not watched; a time that can't be true). The file was
 *  kept as …": the reasons are the app's own words, at most three of them. */
export function droppedText(what: string, dropped: readonly string[], kept: string | undefined): string {
  const reasons = [...new Set(dropped)];
  const shown = reasons.slice(0, 3).join('; ') + (reasons.length > 3 ? '; …' : '');
  const n = dropped.length;
  const where = kept === undefined ? '' : ` The file was kept as ${kept}.`;
  return `${n} ${n === 1 ? 'entry' : 'entries'} of ${what} ${n === 1 ? 'was' : 'were'} not used (${shown}).${where}`;
}

/** A time the app can have made: a whole number of ms from 2000 up to `maxMs` (the clock and a margin). */
export function plausibleMs(ms: number, maxMs: number): boolean {
  return Number.isSafeInteger(ms) && ms >= Date.UTC(2000, 0, 1) && ms <= maxMs;
}

/** An ISO instant the app can have written (see plausibleMs); its ms, or undefined. */
export function plausibleInstant(text: string, maxMs: number): number | undefined {
  if (text.length > 40 || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text))
    return undefined;
  const ms = Date.parse(text);
  return plausibleMs(ms, maxMs) ? ms : undefined;
}

/** Text to show from a file: bounded, one paragraph of printable characters. */
export function plausibleText(text: string, maxChars: number): boolean {
  return text.length <= maxChars && !/[\u0000-\u0009\u000B-\u001F\u007F\u2028\u2029]/.test(text);
}
