// The `<file>.bad-<time>` copies of one file (fs-file-store.ts backup). A refused file is kept aside once: one that
// can't be removed (a file locked by a sync client or antivirus, an immutable file) is read and refused again at every
// read, and a copy with the same bytes as one already kept is not made again (adv52 round 17 #3: five exports made
// five masked copies of a calendar record, up to 2 MB each). At most MAX_BACKUPS_PER_FILE copies are kept per file,
// the oldest removed first, so a file refused over and over can't fill the disk (docs/files-and-recovery.md).
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

export const MAX_BACKUPS_PER_FILE = 5;

interface Copy {
  readonly path: string;
  readonly stamp: string;
  readonly n: number;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The backups of `name` in `dir`, oldest first (by their time, then their `-<n>` suffix). */
async function copiesOf(dir: string, name: string): Promise<Copy[]> {
  const pattern = new RegExp(`^${escapeRegExp(name)}\\.bad-(\\d{8}T\\d{6}Z)(?:-(\\d+))?$`);
  const copies: Copy[] = [];
  for (const entry of await readdir(dir)) {
    const m = pattern.exec(entry);
    if (m?.[1] !== undefined) copies.push({ path: join(dir, entry), stamp: m[1], n: Number(m[2] ?? '1') });
  }
  return copies.sort((a, b) => (a.stamp === b.stamp ? a.n - b.n : a.stamp < b.stamp ? -1 : 1));
}

/** A backup of `name` holding exactly `text`, if one is kept already: compared by size first, then byte for byte,
 *  over at most the few copies kept (bounded below), so the check is cheap. */
export async function sameCopy(dir: string, name: string, text: string): Promise<string | undefined> {
  const bytes = Buffer.from(text, 'utf8');
  for (const copy of (await copiesOf(dir, name)).reverse()) {
    const kind = await stat(copy.path).catch(() => undefined);
    if (kind?.isFile() !== true || kind.size !== bytes.length) continue;
    const held = await readFile(copy.path).catch(() => undefined);
    if (held?.equals(bytes) === true) return copy.path;
  }
  return undefined;
}

/** Removes the oldest backups of `name` beyond MAX_BACKUPS_PER_FILE, never `made` (the one just kept, whatever its
 *  time says: the clock may have gone back). Best effort: a copy that can't be removed is left. */
export async function pruneCopies(dir: string, name: string, made: string): Promise<void> {
  const others = (await copiesOf(dir, name)).filter((c) => c.path !== made);
  const extra = others.length - (MAX_BACKUPS_PER_FILE - 1);
  for (const copy of others.slice(0, Math.max(0, extra))) await rm(copy.path, { force: true }).catch(() => undefined);
}

/** The copies that could not be made, by file: the same bytes failing again are not tried again in this run (an
 *  export every few minutes, a feed request, each read of a refused file), so a disk that stays full is asked once,
 *  and what failed is thrown again, said as before. New bytes, or a copy made, try again. */
export type FailedCopies = ReturnType<typeof failedCopies>;

export function failedCopies() {
  const failed = new Map<string, { digest: string; cause: unknown }>();
  const digestOf = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
  return {
    /** The failure of a copy of these same bytes of `name` earlier in this run, if any. */
    earlier: (name: string, text: string): Error | undefined =>
      failed.get(name)?.digest === digestOf(text) ? asError(failed.get(name)?.cause) : undefined,
    failed: (name: string, text: string, cause: unknown): void =>
      void failed.set(name, { digest: digestOf(text), cause }),
    made: (name: string): void => void failed.delete(name),
  };
}

const asError = (cause: unknown): Error => (cause instanceof Error ? cause : new Error('the copy could not be made'));
