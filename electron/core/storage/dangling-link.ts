// A link whose target is missing (a synced or mounted folder not there yet, a dotfiles-managed settings.json) answers
// ENOENT like no file at all, so the app took it as a first start and its next write replaced the link: the user's
// settings at the target were never read again (adv52 r32). One rule, in the file store every reader and writer
// shares: such a link, in a file's place or as the data folder itself, reads as unreadable with a reason naming it,
// and nothing is written or removed through it (the link is never replaced) until its target is back. The same holds
// for a link higher up the folder's path (~/.config to a synced folder not mounted yet, adv52 r34 #1): it hides the
// data folder just as well, and was read as a first start.
import { lstat, readlink, realpath } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** `what` ("settings.json", "the data folder") is a link to `target`, which is missing. */
export class DanglingLinkError extends Error {
  readonly code = 'EDANGLING';
  constructor(
    readonly what: string,
    readonly target: string,
    /** The data folder itself, not a file in it: every file is out of reach, not only this one. */
    readonly folder: boolean,
  ) {
    super(`${what} is a link to ${target}, which is missing`);
  }
}

/** The link's target as written (bounded, one line: it is shown in notices), or undefined when `path` is no link. */
async function linkTarget(path: string): Promise<string | undefined> {
  try {
    if (!(await lstat(path)).isSymbolicLink()) return undefined;
    return (await readlink(path)).replace(/[\u0000-\u001F\u007F\u2028\u2029]/g, '?').slice(0, 300);
  } catch {
    return undefined;
  }
}

/** Where `path` leads: itself when it is no link, the file its link names when that is there. Throws the link as
 *  missing when it leads nowhere (so a write never replaces it), and any other error as it is. */
async function through(path: string, what: string, folder: boolean): Promise<string> {
  const target = await linkTarget(path);
  if (target === undefined) return path;
  try {
    return await realpath(path);
  } catch (e) {
    if (e instanceof Error && 'code' in e && e.code === 'ENOENT') throw new DanglingLinkError(what, target, folder);
    throw e;
  }
}

/** How far up the data folder's path a link is looked for: deeper than any real home folder, and bounded. */
const MAX_DEPTH = 32;

/** A link to something missing above the data folder (each folder up to the root, nearest first): it hides the data
 *  folder like a link in its place, so it is said by its own path. */
async function aboveFolder(dir: string): Promise<void> {
  let path = dir;
  for (let depth = 0; depth < MAX_DEPTH && dirname(path) !== path; depth++) {
    path = dirname(path);
    await through(path, path, true);
  }
}

/** The missing link that explains an ENOENT (or ENOTDIR) at `dir/name`: the data folder's first (it hides every
 *  file's), then one higher up its path, then the file's own; undefined when none is a link to something missing. */
export async function danglingAt(dir: string, name?: string): Promise<DanglingLinkError | undefined> {
  try {
    await through(dir, 'the data folder', true);
    await aboveFolder(dir);
    if (name !== undefined) await through(join(dir, name), name, false);
    return undefined;
  } catch (e) {
    return e instanceof DanglingLinkError ? e : undefined;
  }
}

/** The path a write of `name` goes to: through a link to its target, so the link is kept (a synced or dotfiles
 *  file stays where the user put it); refused with DanglingLinkError while the target is missing. */
export function writePath(dir: string, name: string): Promise<string> {
  return through(join(dir, name), name, false);
}

export const isDanglingLink = (e: unknown): e is DanglingLinkError => e instanceof DanglingLinkError;
