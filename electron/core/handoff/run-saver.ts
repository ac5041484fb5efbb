// The hand-off's own file, written as the run changes (store.ts). A folder that refuses a save (read-only, full) is
// said in the status while it lasts; the controller then keeps the item from leaving, since its "sending" state is
// not on disk to be looked for after a restart. Close works whatever the disk says, and the Close is what the app
// knows from then on: a copy that couldn't be removed is marked closed, or, when the folder refuses that too, the
// removal is kept in memory and tried again (closeLeft) until it works, so a withdrawn plan is never resumed.
import type { HandoffRun } from '../../shared/handoff';
import type { FileStore } from '../ports';
import {
  HANDOFF_FILE,
  closedMarkedText,
  refusedOnDisk,
  removeFailedText,
  saveFailedText,
  saveRun,
  settled,
} from './store';
import { CURRENT_FILE, markCurrent, unmarkCurrent } from './run-current';
import type { RunEnd } from './closed-runs';

/** Records a run as over (closed-runs.ts), or with `how` undefined takes it out again; best effort, never throws. */
export type RecordEnd = (id: string, how: RunEnd | undefined) => Promise<void>;

export interface RunSaver {
  /** Saves the run as it is now; false when the folder refused it (said by problem() until a save works). */
  save: (run: HandoffRun | null) => Promise<boolean>;
  /** Why the run on disk is behind the one shown, while that lasts. */
  problem: () => string | null;
  /** Removes the file on Close (or marks it closed): null, or the text naming the copy left behind. */
  remove: (run: HandoffRun | null) => Promise<string | null>;
  /** A Close whose copy is still on disk unmarked: tried again; true once it is removed or marked closed. */
  closeLeft: () => Promise<boolean>;
  /** Whether a Close is still to be put on disk. */
  closing: () => boolean;
}

/** Records a run as ended once every item is settled, before its file is removed (a stop between the two leaves
 *  the record, never the file alone). A Retry that sends on a run recorded here takes it out of the record again,
 *  or the next start would keep the run it resumes from being sent. */
function endNoter(recordEnd: RecordEnd): (run: HandoffRun) => Promise<void> {
  const ended = new Set<string>();
  return async (run) => {
    if (settled(run) && !ended.has(run.id)) {
      ended.add(run.id);
      await recordEnd(run.id, 'ended');
    } else if (!settled(run) && ended.delete(run.id)) await recordEnd(run.id, undefined);
  };
}

export function runSaver(files: FileStore, recordEnd: RecordEnd = () => Promise.resolve()): RunSaver {
  let problem: string | null = null;
  const noteEnd = endNoter(recordEnd);
  // The run the user closed while neither its removal nor its "closed" mark could be saved.
  let closed: HandoffRun | null = null;
  // The run whose mark is on disk (run-current.ts): put there before its first save, removed when a save fails.
  let marked: string | undefined;
  /** Removes the file, or when that is refused marks it closed: what was done, or why neither was. */
  const putClosed = async (run: HandoffRun | null): Promise<'removed' | 'marked' | { cause: unknown }> => {
    try {
      await files.remove(HANDOFF_FILE);
      marked = undefined;
      await unmarkCurrent(files);
      return 'removed';
    } catch (cause) {
      if (!run) return { cause };
      try {
        await files.writeAtomic(HANDOFF_FILE, JSON.stringify({ ...run, closed: true }));
        return 'marked';
      } catch {
        return { cause };
      }
    }
  };
  return {
    problem: () => problem,
    closing: () => closed !== null,
    async save(run) {
      if (!run) return true;
      // The file being written when the save failed, named when the cause is that file's own (a folder in its place).
      let file = CURRENT_FILE;
      try {
        if (!settled(run) && marked !== run.id) {
          await markCurrent(files, run.id);
          marked = run.id;
        }
        file = HANDOFF_FILE;
        await noteEnd(run);
        await saveRun(files, { ...run, marked: true });
        if (settled(run)) await unmarkCurrent(files);
        problem = null;
        // A new run written over the file: the closed one's copy is gone.
        closed = null;
        return true;
      } catch (cause) {
        problem = saveFailedText(files.location, cause, file);
        // The file is behind the run shown now: without its mark, a restart sends nothing of it unasked.
        marked = undefined;
        await unmarkCurrent(files);
        return false;
      }
    },
    async remove(run) {
      problem = null;
      closed = null;
      // The user's Close is recorded first: an older copy of the run put back later is never resumed.
      if (run) await recordEnd(run.id, 'closed');
      const done = await putClosed(run);
      if (done === 'removed') return null;
      if (done === 'marked') return closedMarkedText(files.location);
      if (run) closed = run;
      return removeFailedText(files.location, done.cause, run !== null, await refusedOnDisk(files));
    },
    async closeLeft() {
      if (!closed) return true;
      if (typeof (await putClosed(closed)) === 'object') return false;
      closed = null;
      return true;
    },
  };
}
