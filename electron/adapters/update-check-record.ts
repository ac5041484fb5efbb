// update-check.json, the time of the last update check, read back by the rule every file follows (read-back.ts):
// parsed with its schema, then checked against the clock. A time that hasn't come yet (a clock set back, or a file
// that says so) would silence update checks for as long as it claims, so it is not believed: the feed is asked now.
// A refused file is kept aside before the next check's time replaces it, and one the disk won't read is left alone
// (never written over). What is dropped costs one early check, nothing the user sees, so it is said in the log.
import { basename, dirname } from 'node:path';
import { z } from 'zod';
import type { FileStore } from '../core/ports';
import { createFsFileStore } from '../core/storage/fs-file-store';
import { keepAside, plausibleMs, readBack, readRefusal } from '../core/storage/read-back';

const LastCheckSchema = z.object({ checkedAt: z.number() });
/** A check recorded this far ahead of the clock is still believed (clocks of two runs differ by a little). */
const CLOCK_MARGIN_MS = 60_000;

export interface LastCheck {
  /** When the last check was made, when that is known and can be true. */
  checkedAtMs: number | undefined;
  /** False when the file is there but can't be read: it is not written over. */
  writable: boolean;
}

/** `folder`: the data folder's store, when the caller has one (tests pass one whose writes fail, as a read-only
 *  folder's do); otherwise the state file's own folder. */
export function updateCheckRecord(
  stateFile: string,
  now: () => number,
  log: (message: string) => void,
  folder?: FileStore,
) {
  const files = folder ?? createFsFileStore(dirname(stateFile), { now });
  const name = basename(stateFile);
  return {
    async read(): Promise<LastCheck> {
      const read = await readBack(files, name, LastCheckSchema).catch((cause: unknown) => ({
        kind: 'unreadable' as const,
        reason: readRefusal(cause),
      }));
      if (read.kind === 'unreadable') log(`update check: ${name} can't be read (${read.reason}); it is left as it is`);
      if (read.kind === 'refused') log(`update check: ${name} was not used (damaged); kept as ${read.kept ?? '-'}`);
      if (read.kind !== 'read') return { checkedAtMs: undefined, writable: read.kind !== 'unreadable' };
      const checkedAtMs = read.value.checkedAt;
      if (plausibleMs(checkedAtMs, now() + CLOCK_MARGIN_MS)) return { checkedAtMs, writable: true };
      const kept = await keepAside(files, name);
      log(`update check: ${name} was not used (a time that can't be true); kept as ${kept ?? '-'}`);
      return { checkedAtMs: undefined, writable: true };
    },
    write: (checkedAtMs: number): Promise<void> => files.writeAtomic(name, JSON.stringify({ checkedAt: checkedAtMs })),
  };
}
