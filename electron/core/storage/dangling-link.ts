// A link whose target is missing (a synced or mounted folder not there yet, a dotfiles-managed settings.json) answers
// ENOENT like no file at all, so the app took it as a first start and its next write replaced the link: the user's
// settings at the target were never read again (adv52 r32). One rule, in the file store every reader and writer
// shares: such a link, in a file's place or as the data folder itself, reads as unreadable with a reason naming it,
// and nothing is written or removed through it (the link is never replaced) until its target is back.
import { lstat, readlink, realpath } from 'node:fs/promises';
import { join } from 'node:path';

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

/** The missing link that explains an ENOENT at `dir/name`: the data folder's first (it hides every file's), then the
 *  file's own; undefined when neither is a link to something missing. */
export async function danglingAt(dir: string, name?: string): Promise<DanglingLinkError | undefined> {
  try {
    await through(dir, 'the data folder', true);
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
