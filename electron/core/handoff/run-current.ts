// Whether handoff.json is the run as the app last showed it (adv52 round 22 #1). A full disk refuses every save
// after the one that filled it, so the file can still hold shifts as "to be sent" that the window has since told as
// "not sent: it could not be saved first", and a restart sent them, unasked. Nothing can be written then, but a file
// can still be removed: each save of the run is preceded by its mark (a small file naming the run), and a save that
// fails removes the mark. Read back without its mark, the file is behind what the user was told: what it holds as
// still to be sent comes back as not sent, with Retry, never sent without a press.
import { z } from 'zod';
import type { HandoffRun } from '../../shared/handoff';
import type { FileStore } from '../ports';
import { NOT_SAVED_MESSAGE } from './store';

export const CURRENT_FILE = 'handoff-current.json';

const MarkSchema = z.object({ run: z.string() });

/** Puts the mark for `runId` on disk (before the run is saved over it). */
export async function markCurrent(files: FileStore, runId: string): Promise<void> {
  await files.writeAtomic(CURRENT_FILE, JSON.stringify({ run: runId }));
}

/** Removes the mark, best effort: removal works on a full disk, where no write does. */
export async function unmarkCurrent(files: FileStore): Promise<void> {
  await files.remove(CURRENT_FILE).catch(() => undefined);
}

/** Whether the mark on disk names this run: anything else (absent, unreadable, another run's) says the file may be
 *  behind what was shown. */
async function markedAsCurrent(files: FileStore, runId: string): Promise<boolean> {
  const text = await files.read(CURRENT_FILE).catch(() => undefined);
  if (text === undefined) return false;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return false;
  }
  const mark = MarkSchema.safeParse(json);
  return mark.success && mark.data.run === runId;
}

/** The run read back as the user last left it. A run saved with its mark whose mark is gone: its "pending" items
 *  are told not sent (they never left: an item is saved as "sending" before its write leaves) and wait for Retry.
 *  "sending" is kept as it is: it is saved only once the write path's own record is, right before the request
 *  leaves (actions/before-send.ts), so it may have landed and is looked for. */
export async function asLastLeft(files: FileStore, run: HandoffRun): Promise<HandoffRun> {
  const { marked, ...rest } = run;
  if (marked !== true || (await markedAsCurrent(files, run.id))) return rest;
  const items = rest.items.map((i) =>
    i.state === 'pending' ? { ...i, state: 'not_sent' as const, message: NOT_SAVED_MESSAGE } : i,
  );
  return { ...rest, items };
}
