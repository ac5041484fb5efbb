// Whether handoff.json is the run as the app last showed it (adv52 round 22 #1). A full disk refuses every save
// after the one that filled it, so the file can still hold shifts as "to be sent" that the window has since told as
// "not sent: it could not be saved first", and a restart sent them, unasked. Nothing can be written then, but a file
// can still be removed: each save of the run is preceded by its mark (a small file naming the run), and a save that
// fails removes the mark. Read back without its mark, the file may be behind what the user was told (or an older copy
// of the app's own save put back: adv52 r41 #1): what it holds as still to be sent is never sent without a press, and
// is said as its first fresh read of the service finds it (resume-check.ts), never on the file's word.
// The mark is a file read back like any other (issue 52, adv52 r24 #1): one that can't be read as a mark (cut short
// or emptied by a power loss, a folder in its place) is kept aside when it can be and said once, naming the file; the
// run is then judged as without its mark (nothing sent unasked), in words that say why, never "could not be saved".
import { join } from 'node:path';
import { z } from 'zod';
import type { HandoffRun } from '../../shared/handoff';
import type { FileStore } from '../ports';
import { FOLDER_IN_PLACE, readBack } from '../storage/read-back';
import { MARK_UNCHECKED, UNSENT_UNCHECKED } from './resume-check';

export const CURRENT_FILE = 'handoff-current.json';

/** The app's notice about the mark's own file, told at the start that read it. */
export const MARK_NOTICE_ID = 'handoff-mark-file';

export { MARK_DAMAGED_MESSAGE } from './resume-check';

const MarkSchema = z.object({ run: z.string().max(100) });

/** Puts the mark for `runId` on disk (before the run is saved over it). */
export async function markCurrent(files: FileStore, runId: string): Promise<void> {
  await files.writeAtomic(CURRENT_FILE, JSON.stringify({ run: runId }));
}

/** Removes the mark, best effort: removal works on a full disk, where no write does. */
export async function unmarkCurrent(files: FileStore): Promise<void> {
  await files.remove(CURRENT_FILE).catch(() => undefined);
}

/** The mark as read back: the run it names, none, or a file that can't be read as one (kept aside, said). */
type Mark = { kind: 'run'; run: string } | { kind: 'none' } | { kind: 'damaged'; said: string };

async function readMark(files: FileStore): Promise<Mark> {
  const read = await readBack(files, CURRENT_FILE, MarkSchema, { maxChars: 1_000 });
  if (read.kind === 'absent') return { kind: 'none' };
  if (read.kind === 'read') return { kind: 'run', run: read.value.run };
  const file = files.location === undefined ? CURRENT_FILE : join(files.location, CURRENT_FILE);
  if (read.kind === 'refused') {
    const kept = read.kept === undefined ? '' : ` It was kept as ${read.kept}.`;
    return { kind: 'damaged', said: `The hand-off's mark file ${file} was damaged, so it was not used.${kept}` };
  }
  // A folder can't be kept aside or written over: every save of a hand-off fails until it is gone.
  const blocked =
    read.reason === FOLDER_IN_PLACE ? " I'm away can't save a hand-off until it is moved or removed." : '';
  return { kind: 'damaged', said: `The hand-off's mark file ${file} could not be read (${read.reason}).${blocked}` };
}

/** The run read back as the user last left it, and what the start says about the mark's file. A run saved with its
 *  mark whose mark is gone or damaged: its "pending" items are sent nothing unasked, and are checked on the service
 *  before anything is said of them (resume-check.ts): the file may be an older copy of a run whose writes left since
 *  (adv52 r41 #1), so never "not sent" nor "could not be saved" on its word. "sending" is kept as it is: it is saved only once the
 *  write path's own record is, right before the request leaves (actions/before-send.ts), so it may have landed and
 *  is looked for. The mark is read (and a damaged one kept aside) whether or not a run was saved. */
export async function asLastLeft(
  files: FileStore,
  run: HandoffRun | null,
): Promise<{ run: HandoffRun | null; notice: string | null }> {
  const mark = await readMark(files);
  const notice = mark.kind === 'damaged' ? mark.said : null;
  if (run === null) return { run, notice };
  const { marked, ...rest } = run;
  if (marked !== true || (mark.kind === 'run' && mark.run === run.id)) return { run: rest, notice };
  const message = mark.kind === 'damaged' ? MARK_UNCHECKED : UNSENT_UNCHECKED;
  const held = rest.items.some((i) => i.state === 'pending');
  const items = rest.items.map((i) => (i.state === 'pending' ? { ...i, state: 'unknown' as const, message } : i));
  const retry =
    held && notice !== null
      ? " Nothing of the saved hand-off is sent unasked: each shift it holds as not yet sent is checked on the service, and Retry in I'm away sends those still yours."
      : '';
  return { run: { ...rest, items }, notice: notice === null ? null : `${notice}${retry}` };
}
