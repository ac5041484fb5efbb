// The hand-off runs that were closed or that ended, by id (adv52 r57 #1). handoff.json and its mark are files read
// back like any other (issue 52): a backup or sync tool can put back the pair as saved just before a send, item
// "pending" and the mark naming the same run, and the next start sent what the user had closed, with no press.
// Nothing on disk said the run was over: its file is removed when it ends. So the run's id is recorded here when it
// ends (every item settled) or is closed, before its file is removed; a handoff.json naming one of these runs is
// never resumed, whatever it or its mark say (its "marked" field, adv52 r57 #3): it is kept aside and said once.
// Each entry is signed with the install's record key (record-key.ts), as the app's other records; one that isn't
// the app's is not taken as a record of a run being over. Bounded: the last MAX_RUNS, none older than KEEP_MS.
import { z } from 'zod';
import type { FileStore } from '../ports';
import { vouches, type RecordSigner } from '../storage/record-key';

export const CLOSED_RUNS_FILE = 'handoff-closed.json';

/** How many runs are remembered, and for how long: a copy put back is one of the last runs, not one from months ago. */
export const MAX_RUNS = 50;
export const KEEP_MS = 120 * 24 * 60 * 60_000;

/** Closed by the user's press, or ended with every item settled (handed off or refused). */
export type RunEnd = 'closed' | 'ended';

const EntrySchema = z.object({
  id: z.string().max(100),
  how: z.enum(['closed', 'ended']),
  atMs: z.number(),
  mac: z.string().max(64).optional(),
});
const RecordSchema = z.object({ version: z.literal(1), runs: z.array(EntrySchema).max(500) });
type Entry = z.infer<typeof EntrySchema>;

const contentOf = (e: Entry) => ({ how: e.how, atMs: e.atMs });

/** The entries the app wrote, within the bounds; an unreadable record (damaged, not the app's) holds none. */
async function entries(files: FileStore, signer: RecordSigner | undefined, nowMs: number): Promise<Entry[]> {
  const text = await files.read(CLOSED_RUNS_FILE).catch(() => undefined);
  let json: unknown;
  try {
    json = text === undefined ? undefined : JSON.parse(text);
  } catch {
    return [];
  }
  const read = RecordSchema.safeParse(json);
  if (!read.success) return [];
  return read.data.runs.filter(
    (e) =>
      e.atMs <= nowMs + 60_000 &&
      nowMs - e.atMs < KEEP_MS &&
      (signer === undefined || vouches(signer, CLOSED_RUNS_FILE, e.id, contentOf(e), e.mac)),
  );
}

/** How the run `id` was over, as the app recorded it; undefined when it wasn't recorded as over. */
export async function endOf(
  files: FileStore,
  signer: RecordSigner | undefined,
  id: string,
  nowMs: number,
): Promise<RunEnd | undefined> {
  const found = (await entries(files, signer, nowMs)).filter((e) => e.id === id);
  // Closed by a press is what the user did: said as such even if the run had ended before.
  return found.some((e) => e.how === 'closed') ? 'closed' : found[0]?.how;
}

/** Records the run as over (`how`), or with `how` undefined takes it out again (a Retry sent it on). Best effort:
 *  a folder that refuses the write leaves the record as it was, and the run's own file is still removed. */
export async function recordEnd(
  files: FileStore,
  signer: RecordSigner | undefined,
  id: string,
  how: RunEnd | undefined,
  nowMs: number,
): Promise<void> {
  const all = await entries(files, signer, nowMs);
  const kept = all.filter((e) => how !== undefined || e.id !== id);
  if (how === undefined && kept.length === all.length) return;
  const content = { how: how ?? 'ended', atMs: nowMs };
  const added =
    how === undefined
      ? []
      : [{ id, ...content, ...(signer ? { mac: signer.sign(CLOSED_RUNS_FILE, id, content) } : {}) }];
  const runs = [...kept, ...added].slice(-MAX_RUNS);
  await files.writeAtomic(CLOSED_RUNS_FILE, JSON.stringify({ version: 1, runs })).catch(() => undefined);
}

/** What the start says of an older copy of a run that was over, put back: nothing of it is sent. */
export function putBackText(how: RunEnd, kept: string | undefined): string {
  const what =
    how === 'closed'
      ? "An older copy of an I'm away hand-off you had closed was put back"
      : "An older copy of an I'm away hand-off that had already ended was put back";
  const where = kept === undefined ? '' : ` It was kept as ${kept}.`;
  return `${what}: nothing of it is sent.${where} Check your shifts in My shifts: overrides made before are on the service.`;
}
