// Reading one file of the data folder as the file store does (fs-file-store.ts), and its stamp: what tells "this file
// is exactly as when it was read" from one stat, so the minute's look at every record (owed-records.ts) reads none
// that is unchanged (a month's run read each record in full ~41,000 times). The stamp is (dev, ino, size, mtime,
// ctime) in ns: a rename over it changes ino, a write or a touch (utimes) changes ctime, so its text can't change with
// the stamp equal, but for a change within the same tick of the file system's clock (Linux stamps times from a
// coarse clock: a few ms; whole seconds on HFS+ or ext3, 2 s on FAT): a file changed that recently gets no stamp.
import type { BigIntStats } from 'node:fs';
import { constants } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { TooLargeError } from './file-limits';

/** Thrown for a path that is there but is no regular file (a named pipe, a socket, a device): reading one could
 *  wait forever (a pipe with no writer) or never end (/dev/zero), so it is refused before any byte is read. */
export class NotRegularFileError extends Error {
  readonly code = 'ENOTREG';
  constructor() {
    super('not a regular file');
  }
}

/** A file's text and its stamp; no stamp when it changed too recently to be told apart from a change to come. */
export interface Stamped {
  text: string;
  stamp: string | undefined;
}

const SECOND_NS = 1_000_000_000n;
/** How long after its last change a file's stamp is not trusted: times in whole seconds are a coarse file system's. */
const untrustedNs = (s: BigIntStats): bigint =>
  s.ctimeNs % SECOND_NS === 0n && s.mtimeNs % SECOND_NS === 0n ? 3n * SECOND_NS : 100_000_000n;

const stampText = (s: BigIntStats): string => `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;

/** The stamp of what `path` leads to now (a link followed, as a read follows it); undefined when it is no regular
 *  file or can't be looked at (then only a read says what is there). */
export async function stampNow(path: string): Promise<string | undefined> {
  const now = await stat(path, { bigint: true }).catch(() => undefined);
  return now?.isFile() === true ? stampText(now) : undefined;
}

/** The text of a regular file of at most `maxBytes`, with its stamp. Opened without blocking (a pipe's open would
 *  wait for a writer), then checked on the opened handle itself, so what is read is what was checked; the stamp is
 *  that check's, taken before the read, so a write during the read changes it and the next look reads again. */
export async function readRegular(path: string, maxBytes: number): Promise<Stamped> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    // Before the stat: a change in the clock's tick after this is a change the stamp can't tell (see above).
    const before = BigInt(Date.now()) * 1_000_000n;
    const kind = await handle.stat({ bigint: true });
    // A folder is said as one ("a folder stands where the file should be", read-back.ts), as reading it would.
    if (kind.isDirectory()) throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    if (!kind.isFile()) throw new NotRegularFileError();
    // Refused before a byte is read (file-limits.ts): parsing it could stall the start or overflow a reader.
    if (kind.size > BigInt(maxBytes)) throw new TooLargeError(Number(kind.size), maxBytes);
    const text = await handle.readFile('utf8');
    return { text, stamp: before - kind.ctimeNs < untrustedNs(kind) ? undefined : stampText(kind) };
  } finally {
    await handle.close();
  }
}

/** The first `maxBytes` of a file, as text (a character cut at the end reads as U+FFFD): what a backup of a file too
 *  large to read keeps (file-limits.ts backupHeadText), so its secrets can be masked without reading all of it. */
export async function readHead(path: string, maxBytes: number): Promise<string> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const buffer = Buffer.alloc(maxBytes);
    const { bytesRead } = await handle.read(buffer, 0, maxBytes, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}
