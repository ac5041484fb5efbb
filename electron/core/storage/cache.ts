// The offline cache (`cache.json`: the last snapshot, so state is served at start-up before any network) and the
// fired-reminder keys (`reminders.json`: so no reminder is shown twice, also across restarts).
import type { FileStore } from '../ports';
import { cacheFileName, type AccountId } from '../../shared/accounts';
import type { Notice } from './settings-store';
import { SnapshotSchema, type Snapshot } from '../model/snapshot';
import { checkedSnapshot, unconfirmedOwn, UNWATCHED } from './cache-claims';
import { droppedText, keepAside, keptNewer, readRefusal, tooLargeText } from './read-back';
import { newerFieldsText, newerVersion, newerVersionText, unknownFields } from './newer-content';
import { checkOrigin, type CacheOrigin } from './cache-origin';
import { isTooLarge, type TooLargeError } from './file-limits';

export const CACHE_FILE = 'cache.json';

/** Each account's cache: the main account keeps `cache.json` (an upgraded folder's cache is used as is). */
export function cacheFileOf(accountId: AccountId): string {
  return cacheFileName(accountId);
}

/** Entries of the saved data that fail a check, dropped (`snapshot` without them), one reason each. */
export type SnapshotJudge = (snapshot: Snapshot) => { snapshot: Snapshot; dropped: string[] };

export interface LoadedSnapshot {
  /** undefined when there is no usable cache (first start, or it was corrupt). */
  snapshot?: Snapshot;
  notice?: Notice;
  /** The file carried no record of whose data it is (written before stamps): taken once, to be stamped now. */
  unstamped?: true;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Loads the cached snapshot. A corrupt or outdated cache is moved aside and ignored: it is only a cache. */
export async function loadSnapshot(
  files: FileStore,
  name: string = CACHE_FILE,
  nowMs?: number,
  /** The schedules watched now: the cache's entries for others are dropped and said (cache-claims.ts). */
  watched?: readonly string[],
  /** Whose data it must be (this account's address and e-mail now): another's is dropped unread (cache-origin.ts). */
  origin?: CacheOrigin,
  /** A further check against what the app knows now (engine/cache-mine.ts: the record of my blocks), said and kept
   *  aside with the others, once. */
  judge?: SnapshotJudge,
): Promise<LoadedSnapshot> {
  let text: string | undefined;
  try {
    text = await files.read(name);
  } catch (cause) {
    if (isTooLarge(cause)) return tooLarge(files, name, cause);
    // Said, not taken for "no saved data" in silence (a pipe or a device standing in for the file, issue 52).
    const message = `Saved schedule data could not be read (${readRefusal(cause)}); it will be fetched again.`;
    return { notice: { id: 'cache-reset', message } };
  }
  if (text === undefined) return {};
  const json = parseJson(text);
  const parsed = json.ok ? SnapshotSchema.safeParse(json.value) : undefined;
  if (json.ok && parsed?.success) {
    const whose = origin === undefined ? 'same' : checkOrigin(json.value, origin);
    if (whose === 'other') return notThisAccounts(files, name);
    const newer = await newerFields(files, name, json.value, parsed.data);
    const read = unconfirmedOwn(parsed.data);
    const loaded =
      nowMs === undefined ? { snapshot: read } : await checked(files, name, read, { nowMs, watched, judge });
    const told = newer === undefined ? loaded : { ...loaded, notice: joined(newer, loaded.notice) };
    return whose === 'unstamped' ? { ...told, unstamped: true } : told;
  }
  const newer = json.ok && parsed?.error ? newerVersion(json.value, parsed.error) : undefined;
  if (newer !== undefined) {
    const said = newerVersionText(WHAT, newer, await keepAside(files, name));
    return { notice: { id: 'cache-reset', message: `${said} It will be fetched again.` } };
  }
  let where = '';
  try {
    where = ` (kept as ${await files.backup(name)})`;
  } catch {
    /* a cache we cannot move aside is simply overwritten by the next save */
  }
  const message = `Saved schedule data could not be read${where}; it will be fetched again.`;
  return { notice: { id: 'cache-reset', message } };
}

const WHAT = 'the saved schedule data';

/** Fields of a newer version's cache this version doesn't know (its `origin` is read apart, cache-origin.ts): the
 *  file kept aside as it was, what is understood written back (keptNewer), and said; undefined when none. */
async function newerFields(files: FileStore, name: string, raw: unknown, understood: Snapshot) {
  const fields = unknownFields(raw, understood, ['origin']);
  if (fields === 0) return undefined;
  const back =
    raw !== null && typeof raw === 'object' && 'origin' in raw ? { ...understood, origin: raw.origin } : understood;
  return newerFieldsText(WHAT, fields, await keptNewer(files, name, back));
}

const joined = (newer: string, notice: Notice | undefined): Notice =>
  notice === undefined ? { id: 'cache-newer', message: newer } : { ...notice, message: `${newer} ${notice.message}` };

/** A file larger than the app ever writes (file-limits.ts): none of it read, kept aside, the data read again. */
async function tooLarge(files: FileStore, name: string, cause: TooLargeError): Promise<LoadedSnapshot> {
  const why = tooLargeText(cause, await keepAside(files, name));
  const message = `Saved schedule data was not used because ${why}; it will be fetched again.`;
  return { notice: { id: 'cache-reset', message } };
}

/** Saved data written for another service address or user than this account's now (files swapped between
 *  accounts, or the address changed while the app was closed): none of it is shown, published or compared against;
 *  the file is kept aside and the data read again. */
async function notThisAccounts(files: FileStore, name: string): Promise<LoadedSnapshot> {
  const kept = await keepAside(files, name);
  const where = kept === undefined ? '' : ` (kept as ${kept})`;
  const message = `Saved schedule data was written for another service address or user than this account's${where}; it was not used and will be fetched again.`;
  return { notice: { id: 'cache-reset', message } };
}

/** The cache's entries checked against the clock (cache-claims.ts): what fails is dropped, said once, the file
 *  kept aside; the rest is served as saved data and the dropped part read again. */
async function checked(
  files: FileStore,
  name: string,
  snapshot: Snapshot,
  by: { nowMs: number; watched: readonly string[] | undefined; judge: SnapshotJudge | undefined },
): Promise<LoadedSnapshot> {
  const own = checkedSnapshot(snapshot, by.nowMs, by.watched);
  const more = by.judge?.(own.snapshot);
  const result = more === undefined ? own : { snapshot: more.snapshot, dropped: [...own.dropped, ...more.dropped] };
  // Nothing dropped may still be renamed (a saved request's names are the schedule's own, cache-claims.ts).
  if (result.dropped.length === 0) return { snapshot: result.snapshot };
  const said = droppedText('the saved schedule data', result.dropped, await keepAside(files, name));
  const again = result.dropped.some((d) => d !== UNWATCHED) ? ' They will be fetched again.' : '';
  return { snapshot: result.snapshot, notice: { id: 'cache-entries', message: `${said}${again}` } };
}

/** Writes the snapshot, stamped with whose data it is when `origin` is given (checked on load). */
export async function saveSnapshot(
  files: FileStore,
  snapshot: Snapshot,
  name: string = CACHE_FILE,
  origin?: CacheOrigin,
): Promise<void> {
  await files.writeAtomic(name, JSON.stringify(origin === undefined ? snapshot : { ...snapshot, origin }));
}

export {
  FIRED_NOTICE_ID,
  FIRED_RETENTION_MS,
  REMINDERS_FILE,
  openFiredStore,
  type FiredEntry,
  type FiredStore,
  type FiredStoreOptions,
  type HeldMessage,
} from './fired-store';
