// The real FileStore: small named files in one directory (the app data folder). Writes go to a temp file that
// is fsynced and then renamed over the target, so a crash or power loss leaves either the old or the new file,
// never half of one. Files are private to the user (0600), the folder too (0700).
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FileStore } from '../ports';
import { danglingAt, writePath } from './dangling-link';
import { failedCopies, pruneCopies, sameCopy, type FailedCopies } from './backup-copies';
import { maxBytesOf, TooLargeError } from './file-limits';
import { keepAsideFirst } from './kept-first';
import { readFirst } from './read-first';
import { redactSecrets } from './redact-secrets';
import { NotRegularFileError, readHead, readRegular, stampNow, type Stamped } from './regular-file';

export { NotRegularFileError };

const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

function checkName(name: string): string {
  // Names are ours (settings.json, cache.json, …); refusing paths keeps writes inside the folder.
  if (!/^[A-Za-z0-9._-]+$/.test(name) || name.startsWith('.')) throw new Error(`Bad file name: ${name}`);
  return name;
}

function isNotFound(e: unknown): boolean {
  return e instanceof Error && 'code' in e && e.code === 'ENOENT';
}

const isFolder = (path: string): Promise<boolean> =>
  stat(path).then(
    (s) => s.isDirectory(),
    () => false,
  );
/** The error of a folder that stands but answers ENOENT to a new file in it (write-watch.ts words its code). */
const refusesNewFiles = (): Error => Object.assign(new Error('the folder refuses new files'), { code: 'ENEWREFUSED' });

/** An error a missing link on the path can explain: the file not found, or (a link above the folder that `mkdir`
 *  meets) part of the path no folder. */
const linkMayExplain = (e: unknown): boolean =>
  isNotFound(e) || (e instanceof Error && 'code' in e && e.code === 'ENOTDIR');

/** `20260302T080000Z`: sortable and valid on every file system (no colons). */
function stamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (e) {
    if (isNotFound(e)) return false;
    throw e;
  }
}

async function syncDir(dir: string): Promise<void> {
  // Makes the rename itself durable; not supported everywhere (e.g. Windows), where it is best effort.
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    /* best effort */
  }
}

/** Writes a new private file (never over one), durably. One that fails once made (a full disk: ENOSPC mid-write) is
 *  removed, best effort: a cut-short or empty `.bad-` file is no backup, and left at every export or start it filled
 *  the folder past the copies kept (adv52 round 22 #2). */
async function writeNew(path: string, text: string): Promise<void> {
  const handle = await open(path, 'wx', FILE_MODE);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } catch (e) {
    await handle.close().catch(() => undefined);
    await rm(path, { force: true }).catch(() => undefined);
    throw e;
  }
  await handle.close();
}

/** Keeps `name` aside as `<name>.bad-<time>` (see backup in createFsFileStore): its path. */
async function backupFile(
  dir: string,
  name: string,
  nowMs: number,
  failed: FailedCopies,
  /** Tried even when these bytes failed before in this run (kept-first.ts: before a write that would replace it). */
  again = false,
): Promise<string> {
  const source = join(dir, name);
  // Kept for recovery, but never with a key or token in it (redact-secrets.ts): a file holding one is copied
  // masked, then removed; one holding none (or that can't be read) is moved as it is.
  // Something that isn't a file is left where it is (moving a pipe or device aside keeps nothing of it).
  if (!(await stat(source)).isFile()) throw new NotRegularFileError();
  // One too large to read keeps only its first bytes up to the limit, masked like any other: never moved as it is,
  // since nothing in an unread file is masked (adv52 round 10 #3: a padded settings.json kept the feed token).
  let head = false;
  const text = await readRegular(source, maxBytesOf(name)).then(
    (read) => read.text,
    (e: unknown) => {
      head = e instanceof TooLargeError;
      return e instanceof TooLargeError ? readHead(source, e.maxBytes) : undefined;
    },
  );
  const masked = text === undefined ? text : redactSecrets(text);
  // Kept aside once (backup-copies.ts): the same bytes already kept are not copied again.
  const same = masked === undefined ? undefined : await sameCopy(dir, name, masked);
  if (same !== undefined) {
    await rm(source, { force: true });
    await syncDir(dir);
    return same;
  }
  // The same bytes could not be copied before in this run (a full disk): not tried again, said as before.
  const earlier = masked === undefined || again ? undefined : failed.earlier(name, masked);
  if (earlier !== undefined) throw earlier;
  const base = `${source}.bad-${stamp(nowMs)}`;
  let target = base;
  for (let n = 2; await exists(target); n++) target = `${base}-${n}`;
  // Its head, never the whole file: what lies past it was not read, so nothing there was masked.
  const moved = masked === text && !head;
  if (moved) await rename(source, target);
  else {
    const copy = masked ?? '';
    await writeNew(target, copy).catch((e: unknown) => {
      failed.failed(name, copy, e);
      throw e;
    });
    failed.made(name);
  }
  // Bounded before the original is removed: one that can't be removed still makes no more than the few kept.
  await pruneCopies(dir, name, target);
  if (!moved) await rm(source, { force: true });
  await syncDir(dir);
  return target;
}

export interface FsFileStoreOptions {
  /** For backup names; defaults to Date.now. */
  now?: () => number;
}

/** The file's text, or undefined when there is none (a second look after a link's target may have come back). */
async function readAgain(path: string, maxBytes: number): Promise<Stamped | undefined> {
  try {
    return await readRegular(path, maxBytes);
  } catch (e) {
    if (isNotFound(e)) return undefined;
    throw e;
  }
}

/** `name`'s text and stamp (regular-file.ts), undefined when there is no file. */
async function readStamped(dir: string, name: string): Promise<Stamped | undefined> {
  try {
    return await readRegular(join(dir, checkName(name)), maxBytesOf(name));
  } catch (e) {
    // A link to something missing is no "no file" (dangling-link.ts): said, never a first start.
    const link = linkMayExplain(e) ? await danglingAt(dir, name) : undefined;
    if (link !== undefined) throw link;
    // A link's target can come back between the failed read and the look at the link (a mount): read once more,
    // so what is there now is never taken as "no file" (read-first.ts would let a write go over it).
    if (isNotFound(e) && linkMayExplain(e)) return await readAgain(join(dir, name), maxBytesOf(name));
    if (isNotFound(e)) return undefined;
    throw e;
  }
}

export function createFsFileStore(dir: string, options: FsFileStoreOptions = {}): FileStore {
  const now = options.now ?? Date.now;
  let ready: Promise<unknown> | undefined;
  const ensureDir = (): Promise<unknown> => (ready ??= mkdir(dir, { recursive: true, mode: DIR_MODE }));
  const failed = failedCopies();

  const disk: FileStore = {
    location: dir,
    read: async (name) => (await readStamped(dir, name))?.text,
    async readUnlessSame(name, stamp) {
      // One stat while the file is as when last read; else read as `read` does (a link missing said as such).
      if (stamp !== undefined && (await stampNow(join(dir, checkName(name)))) === stamp) return 'same';
      const now = await readStamped(dir, name);
      return { text: now?.text, stamp: now?.stamp };
    },

    async writeAtomic(name, text) {
      checkName(name);
      let temp: string | undefined;
      try {
        await ensureDir();
        // Through a link to its target, never over the link; refused while the target is missing.
        const target = await writePath(dir, name);
        temp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
        const handle = await open(temp, 'w', FILE_MODE);
        try {
          await handle.writeFile(text, 'utf8');
          await handle.chmod(FILE_MODE);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temp, target);
        await syncDir(dirname(target));
      } catch (e) {
        if (temp !== undefined) await rm(temp, { force: true }).catch(() => undefined);
        // The folder was deleted or moved while the app ran (adv52 r24 #2): this write fails and is said as such
        // (write-watch.ts), and the next one makes the folder again, private as at first start. A folder that is a
        // link to something missing can't be made again through it: said as that link (dangling-link.ts).
        if (isNotFound(e)) ready = undefined;
        const link = linkMayExplain(e) ? await danglingAt(dir) : undefined;
        // "No such file" while the folder stands (a FUSE or synced folder refusing new files): never said as gone
        // and made again, which it can't be (adv52 r56 #1).
        if (link === undefined && isNotFound(e) && (await isFolder(dir))) throw refusesNewFiles();
        throw link ?? e;
      }
    },

    async remove(name) {
      // A link to something missing is kept as it is (its target may come back), the removal refused.
      const link = await danglingAt(dir, checkName(name));
      if (link !== undefined) throw link;
      await rm(join(dir, name), { force: true });
    },
    async backup(name) {
      return await backupFile(dir, checkName(name), now(), failed);
    },
    folderReachable: async () => (await danglingAt(dir)) === undefined,
  };
  return readFirst(
    keepAsideFirst(
      disk,
      (name) => backupFile(dir, checkName(name), now(), failed, true),
      (cause) => cause instanceof NotRegularFileError,
    ),
  );
}
