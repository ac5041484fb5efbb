// A cache found damaged at quit is kept aside before the app writes what it holds (outside-edits.ts), but a notice
// made as the app quits is never seen (adv52 r50 #1: cache.json cut while the app ran, nothing changed at the
// service, kept aside at quit and said nowhere, the next start reading the app's clean copy). So what was kept aside
// at quit is recorded here and said once by the next start. The record is read back as a claim (issue 52): it holds
// no words, only the file's name and its copy's, and a copy is named only if it is one of that file's copies in the
// data folder and still there; the words are the app's own (outside-words.ts). Read once, then removed.
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import type { FileStore } from '../ports';
import { parseAccountId } from '../../shared/account-names';
import type { Notice } from './settings-store';
import { keptAtQuitNotice, type KeptAtQuit } from './outside-edits';

export const SAID_LATER_FILE = 'said-later.json';

/** A cache's file name (cache.ts cacheFileOf): the main account's, or `cache-<account id>.json`. */
const isCacheName = (n: string): boolean => {
  const id = /^cache-(.+)\.json$/.exec(n)?.[1];
  return n === 'cache.json' || (id !== undefined && parseAccountId(id) !== null);
};

const KeptSchema = z.object({
  name: z.string().max(300).refine(isCacheName),
  kept: z.string().max(4096),
  /** Whether the copy was JSON (another writer's, or a hand edit) rather than damaged. */
  json: z.boolean(),
  /** Whether the app's own write over it worked. */
  wrote: z.boolean(),
});
const SaidLaterSchema = z.object({ version: z.literal(1), kept: z.array(KeptSchema).max(20) });

/** The record's JSON, undefined when absent, unreadable or not JSON (then nothing is said from it). */
async function recorded(files: FileStore): Promise<unknown> {
  const text = await files.read(SAID_LATER_FILE).catch(() => undefined);
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Where `kept` is now, named from the data folder the app knows (never from the record's path alone), when it is a
 *  copy of `name` by the app's own naming (backup-copies.ts) made in this folder; undefined otherwise. */
function copyOf(location: string | undefined, name: string, kept: string): string | undefined {
  const base = basename(kept);
  const stamp = /^\.bad-\d{8}T\d{6}Z(-\d+)?$/;
  if (!base.startsWith(name) || !stamp.test(base.slice(name.length))) return undefined;
  if (location === undefined) return base;
  return dirname(kept) === location ? join(location, base) : undefined;
}

/** The copies kept at quit, as the next start says them; copies not found are not said. The record is removed. */
export async function readSaidLater(files: FileStore, report: (n: Notice) => void): Promise<void> {
  const read = SaidLaterSchema.safeParse(await recorded(files));
  for (const k of read.success ? read.data.kept : []) {
    const kept = copyOf(files.location, k.name, k.kept);
    if (kept === undefined) continue;
    // A copy that can't be read for its size is still there; one gone (or never made) is not named.
    const there = await files.read(basename(kept)).then(
      (t) => t !== undefined,
      () => true,
    );
    if (there) report(keptAtQuitNotice(k.name, kept, k.json, k.wrote));
  }
  await files.remove(SAID_LATER_FILE).catch(() => undefined);
}

/** Records the copies kept as the app quits, for the next start (nothing to record: nothing written). Added to what
 *  is recorded already: another instance on the same folder may have quit first. */
export async function writeSaidLater(files: FileStore, kept: readonly KeptAtQuit[]): Promise<void> {
  if (kept.length === 0) return;
  const read = SaidLaterSchema.safeParse(await recorded(files));
  const all = [...(read.success ? read.data.kept : []), ...kept].slice(-20);
  await files.writeAtomic(SAID_LATER_FILE, JSON.stringify({ version: 1, kept: all }));
}
