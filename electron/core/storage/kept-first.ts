// A refused file whose keep-aside failed is never written over or removed by the app until it has been kept aside
// (adv52 r31: with ~16 kB free, the masked copy of a 40 kB refused alarms.json or identity.json failed, the user was
// told so, and then the app's own small record was written over it: the original lost, in place and in any backup).
// One rule, in the file store every reader and writer of the data folder shares: a failed backup marks the file;
// each later write or removal of it first tries the keep-aside again (past the one-try-per-run rule for the same
// bytes in backup-copies.ts: a write is rare, and the disk may have room now) and, while that fails, is refused
// with UnkeptFileError, so the store holds its record in memory (refusedText says so). Once kept aside, or gone, the
// file is written as normal. A pipe or device in the file's place is never kept (nothing of it can be), so it isn't
// marked: it is replaced as before.
// Its reader said "the app keeps its own record in memory until there is room" (refusedText): the keep-aside that
// comes later, inside a write's retry, is the one that knows the copy's path, so it tells the reader (keptLater),
// who corrects its notice by its id and names the copy, once (issue 52: the promise stood all run beside "saved now").
import type { FileStore } from '../ports';

export class UnkeptFileError extends Error {
  readonly code = 'EUNKEPT';
  constructor(name: string, cause: unknown) {
    super(`${name} was not written: the file it would replace could not be kept aside`, { cause });
  }
}

/** Wraps `inner` (the disk): `again` keeps a file aside trying even bytes that failed before; `neverKept`: a failure
 *  that marks nothing (a file that isn't a regular one). */
export function keepAsideFirst(
  inner: FileStore,
  again: (name: string) => Promise<string>,
  neverKept: (cause: unknown) => boolean,
): FileStore {
  const unkept = new Set<string>();
  /** File name → the reader that last said it was not kept aside (each read of it says so again), told the copy's
   *  path once it is. */
  const waiting = new Map<string, (kept: string) => void>();
  const told = (name: string, kept: string | undefined): void => {
    const then = waiting.get(name);
    waiting.delete(name);
    if (kept !== undefined) then?.(kept);
  };
  const first = async (name: string): Promise<void> => {
    if (!unkept.has(name)) return;
    try {
      told(name, await again(name));
    } catch (cause) {
      // Gone since (removed or moved by hand): nothing is left to lose.
      const gone = await inner.read(name).then(
        (text) => text === undefined,
        () => false,
      );
      if (!gone) throw new UnkeptFileError(name, cause);
      told(name, undefined);
    }
    unkept.delete(name);
  };
  return {
    ...inner,
    keptLater(name, then) {
      if (unkept.has(name)) waiting.set(name, then);
    },
    async writeAtomic(name, text) {
      await first(name);
      await inner.writeAtomic(name, text);
    },
    async remove(name) {
      await first(name);
      await inner.remove(name);
    },
    async backup(name) {
      try {
        const kept = await inner.backup(name);
        unkept.delete(name);
        // Kept by a reader: it says so itself (its notice, by the same id, names this copy).
        waiting.delete(name);
        return kept;
      } catch (cause) {
        if (!neverKept(cause)) unkept.add(name);
        throw cause;
      }
    },
  };
}
