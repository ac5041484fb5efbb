// The hand-off's own file, written as the run changes (store.ts). A folder that refuses a save (read-only, full) is
// said in the status while it lasts; the controller then keeps the item from leaving, since its "sending" state is
// not on disk to be looked for after a restart. Close works whatever the disk says.
import type { HandoffRun } from '../../shared/handoff';
import type { FileStore } from '../ports';
import { HANDOFF_FILE, removeFailedText, saveFailedText, saveRun } from './store';

export interface RunSaver {
  /** Saves the run as it is now; false when the folder refused it (said by problem() until a save works). */
  save: (run: HandoffRun | null) => Promise<boolean>;
  /** Why the run on disk is behind the one shown, while that lasts. */
  problem: () => string | null;
  /** Removes the file on Close: null, or the text naming the copy left behind (the next start checks it). */
  remove: () => Promise<string | null>;
}

export function runSaver(files: FileStore): RunSaver {
  let problem: string | null = null;
  return {
    problem: () => problem,
    async save(run) {
      if (!run) return true;
      try {
        await saveRun(files, run);
        problem = null;
        return true;
      } catch (cause) {
        problem = saveFailedText(files.location, cause);
        return false;
      }
    },
    async remove() {
      problem = null;
      try {
        await files.remove(HANDOFF_FILE);
        return null;
      } catch (cause) {
        return removeFailedText(files.location, cause);
      }
    },
  };
}
