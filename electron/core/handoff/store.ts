// The hand-off kept on disk (handoff.json) until every item is settled, so a restart in the middle resumes it:
// validated when read back; a file that can't be read as a hand-off is moved aside and reported, never replayed.
import { HandoffRunSchema, type HandoffRun } from '../../shared/handoff';
import type { FileStore } from '../ports';
import { reasonOf } from '../storage/write-watch';

export const HANDOFF_FILE = 'handoff.json';

export type LoadedRun = { run: HandoffRun | null; notice: string | null };

export async function loadRun(files: FileStore): Promise<LoadedRun> {
  let text: string | undefined;
  try {
    text = await files.read(HANDOFF_FILE);
  } catch {
    return { run: null, notice: 'The saved hand-off could not be read from disk, so it was not resumed.' };
  }
  if (text === undefined) return { run: null, notice: null };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = HandoffRunSchema.safeParse(json);
  if (parsed.success) return { run: parsed.data, notice: null };
  const kept = await files.backup(HANDOFF_FILE).catch(() => undefined);
  return {
    run: null,
    notice: `The saved hand-off (away mode) was damaged, so nothing of it was sent again.${kept ? ` It was kept as ${kept}.` : ''} Check your shifts in My shifts: overrides made before are on the service.`,
  };
}

/** Settled: nothing more will be sent or checked (handed off, or refused by the service). */
export const settled = (run: HandoffRun): boolean =>
  run.items.every((i) => i.state === 'handed_off' || i.state === 'refused');

/** Writes the run, or removes the file once every item is settled (nothing left to resume). */
export async function saveRun(files: FileStore, run: HandoffRun): Promise<void> {
  if (settled(run)) await files.remove(HANDOFF_FILE);
  else await files.writeAtomic(HANDOFF_FILE, JSON.stringify(run));
}

/** Why the hand-off stopped sending when its own file couldn't be saved, and what still works. */
export function saveFailedText(location: string | undefined, cause: unknown): string {
  const reason = reasonOf(cause);
  return (
    `The hand-off couldn't be saved to ${location ?? "the app's data folder"}${reason ? ` (${reason})` : ''}, ` +
    'so nothing more was sent: a write the app could not record might be sent twice after a restart. ' +
    'Retry once the folder can be written, close this hand-off, or copy your shifts as a message (Ask for cover).'
  );
}

/** An item kept from being sent because its "sending" state could not be saved first. */
export const NOT_SAVED_MESSAGE = "it could not be saved first, so it wasn't sent";

/** Closed, but the file could not be removed: the next start may open it again (and checks it first). */
export function removeFailedText(location: string | undefined, cause: unknown): string {
  const reason = reasonOf(cause);
  return `Closed. Its saved copy in ${location ?? "the app's data folder"} couldn't be removed${reason ? ` (${reason})` : ''}, so the next start may show it again.`;
}
