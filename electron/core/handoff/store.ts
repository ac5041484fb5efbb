// The hand-off kept on disk (handoff.json) until every item is settled, so a restart in the middle resumes it:
// validated when read back; a file that can't be read as a hand-off is moved aside and reported, never replayed,
// and each item is checked against what the app knows now (store-claims.ts) before anything of it is used.
import { HandoffRunSchema, type HandoffRun } from '../../shared/handoff';
import type { FileStore } from '../ports';
import type { CacheOrigin } from '../storage/cache-origin';
import { codeOf, reasonOf } from '../storage/write-watch';
import { droppedText, keptForDropped, plausibleInstant, readBack, sortClaims } from '../storage/read-back';
import { newerFieldsText, newerVersionText } from '../storage/newer-content';
import { overlapsOnSchedule } from '../../shared/swap-rules';
import { asKnownNow, itemProblem, type RunContext } from './store-claims';

export const HANDOFF_FILE = 'handoff.json';

/** Item fields the app writes and the schema strips on purpose (a plan row's label, made into an item): never a newer
 *  version's (newer-content.ts). */
const OWN_ITEM_FIELDS = ['accountLabel'];

export type LoadedRun = { run: HandoffRun | null; notice: string | null; dropped: number };
type Origins = Record<string, CacheOrigin>;

const OTHER_SERVICE = "an entry planned for another service address or user than its account's";
const UNSTAMPED = 'an entry from an older version that does not say which service address and user it was planned for';

const WHAT = 'the saved hand-off (away mode)';
const DAMAGED = `The saved hand-off (away mode) was damaged, so nothing of it was sent again.`;
const AFTER = 'Check your shifts in My shifts: overrides made before are on the service.';

/** Reads the saved run, then checks each item against what the app knows now (store-claims.ts): an item that
 *  fails is dropped (never sent, looked for or shown) and said once; the file is kept aside first. */
export async function loadRun(
  files: FileStore,
  context: () => Promise<RunContext>,
  origins?: Origins,
): Promise<LoadedRun> {
  const read = await readBack(files, HANDOFF_FILE, HandoffRunSchema, { own: OWN_ITEM_FIELDS });
  if (read.kind === 'absent') return { run: null, notice: null, dropped: 0 };
  if (read.kind === 'unreadable')
    return {
      run: null,
      notice: `The saved hand-off could not be read from disk (${read.reason}), so it was not resumed.`,
      dropped: 0,
    };
  if (read.kind === 'refused' && read.newer !== undefined)
    return { run: null, notice: `${newerVersionText(WHAT, read.newer, read.kept)} ${AFTER}`, dropped: 0 };
  if (read.kind === 'refused') {
    const kept = read.kept ? ` It was kept as ${read.kept}.` : '';
    return { run: null, notice: `${DAMAGED}${kept} ${AFTER}`, dropped: 0 };
  }
  // Closed by the user before the restart (run-saver.ts): withdrawn, so nothing of it is resumed or sent. A copy
  // that still can't be removed stays marked closed, and the next start tries again.
  if (read.value.closed === true) {
    await files.remove(HANDOFF_FILE).catch(() => undefined);
    return { run: null, notice: null, dropped: 0 };
  }
  // Checked against what the account watches as last read (resume-context.ts), never the schedules the file names.
  const ctx = await context();
  const createdMs = plausibleInstant(read.value.createdAt, ctx.nowMs + 60_000);
  const seen = new Set<string>();
  const sorted = sortClaims(read.value.items, (item) => {
    if (createdMs === undefined) return "a time that can't be true";
    const why =
      otherService(read.value.origins, origins, item.accountId) ??
      itemProblem(item, ctx, createdMs) ??
      overlapsAnother(read.value, item);
    if (why === undefined && seen.has(item.id)) return 'a shift listed twice';
    seen.add(item.id);
    return why;
  });
  // What is kept is shown in the app's own words only (names, schedule, messages: asKnownNow).
  const items = sorted.kept.map((i) => asKnownNow(i, ctx));
  const newer = read.newer && newerFieldsText(WHAT, read.newer.fields, read.newer.kept);
  if (sorted.dropped.length === 0) return { run: { ...read.value, items }, notice: newer ?? null, dropped: 0 };
  const kept = await keptForDropped(files, HANDOFF_FILE, read.newer);
  const said = `${droppedText(WHAT, sorted.dropped, kept)} Nothing of them was sent. ${AFTER}`;
  const notice = newer === undefined ? said : `${newer} ${said}`;
  const run = items.length > 0 ? { ...read.value, items } : null;
  return { run, notice, dropped: sorted.dropped.length };
}

/** Planned while the account pointed at another service address or user (its stamp, as the cache's): never sent
 *  to the service it points at now. No stamp for the account (written by an older version): a plan that can't be
 *  tied to the service and user it was made on is a claim the app can't check, so it is dropped too, never taken
 *  on trust (the file is kept aside and the notice sends the user to My shifts). */
function otherService(was: Origins | undefined, now: Origins | undefined, accountId: string): string | undefined {
  const current = now?.[accountId];
  if (current === undefined) return undefined;
  const stamp = was?.[accountId];
  if (stamp === undefined) return UNSTAMPED;
  return stamp.address === current.address && stamp.email === current.email ? undefined : OTHER_SERVICE;
}

/** A run saved before overlapping items were refused (item-rules.ts): one still to be sent or checked that shares
 *  time on its schedule with another item is never sent, since it would be written over the other. */
function overlapsAnother(run: HandoffRun, item: HandoffRun['items'][number]): string | undefined {
  if (item.state === 'handed_off' || item.state === 'refused') return undefined;
  const other = run.items.some((o) => o !== item && o.id !== item.id && overlapsOnSchedule(o, item));
  return other ? 'a shift that overlaps another of the same hand-off' : undefined;
}

/** Settled: nothing more will be sent or checked (handed off, or refused by the service). */
export const settled = (run: HandoffRun): boolean =>
  run.items.every((i) => i.state === 'handed_off' || i.state === 'refused');

/** Writes the run, or removes the file once every item is settled (nothing left to resume). */
export async function saveRun(files: FileStore, run: HandoffRun): Promise<void> {
  if (settled(run)) await files.remove(HANDOFF_FILE);
  else await files.writeAtomic(HANDOFF_FILE, JSON.stringify(run));
}

/** Why the hand-off stopped sending when its own file (`file`: handoff.json or its mark) couldn't be saved, and what
 *  still works: a folder in a file's place is named, and the Retry offered is one that can come true. */
export function saveFailedText(location: string | undefined, cause: unknown, file = HANDOFF_FILE): string {
  const reason = reasonOf(cause, file);
  const code = codeOf(cause);
  const retry =
    code === 'EISDIR' ? `Retry once that folder (${file}) is moved or removed` : 'Retry once the folder can be written';
  return (
    `The hand-off couldn't be saved to ${location ?? "the app's data folder"}${reason ? ` (${reason})` : ''}, ` +
    'so nothing more was sent: a write the app could not record might be sent twice after a restart. ' +
    `${code === 'ENOENT' ? 'Retry' : retry}, close this hand-off, or copy your shifts as a message (Ask for cover).`
  );
}

/** An item kept from being sent because its "sending" state could not be saved first. */
export const NOT_SAVED_MESSAGE = "it could not be saved first, so it wasn't sent";

/** Closed, and its file couldn't be removed but was marked closed: the next start removes it, sending nothing. */
export function closedMarkedText(location: string | undefined): string {
  return (
    `Closed: nothing more of it will be sent. Its saved copy in ${location ?? "the app's data folder"} couldn't be ` +
    'removed, so it was marked closed: the next start removes it and sends nothing of it.'
  );
}

/** Why the next start would refuse the file on disk (loadRun: not JSON, or not a hand-off's form), so nothing of it
 *  could be resumed; undefined when it would be read, or what it holds is unknown (a store that can't read it as is).
 *  Read as is, so the file is still kept aside before the app removes it (outside-edits.ts). */
export async function refusedOnDisk(files: FileStore): Promise<string | undefined> {
  const text = files.readAsIs ? await files.readAsIs(HANDOFF_FILE).catch(() => undefined) : undefined;
  if (text === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return 'it was damaged';
  }
  return HandoffRunSchema.safeParse(json).success ? undefined : 'it is not in the form the app writes it';
}

/** Closed, but the file could be neither removed nor marked closed. `kept`: the Close is kept in memory and put on
 *  disk as soon as the folder can be written (controller.ts); only a quit before then leaves the copy as it was.
 *  `refused`: why the file there is one the next start refuses (adv52 r49 #1: an emptied file was said as a copy
 *  the next start resumes and may send, though the app had said it was damaged and the restart refused it). */
export function removeFailedText(
  location: string | undefined,
  cause: unknown,
  kept: boolean,
  refused?: string,
): string {
  const reason = reasonOf(cause);
  const where = `${location ?? "the app's data folder"} couldn't be removed${reason ? ` (${reason})` : ''}`;
  if (refused !== undefined)
    return (
      `Closed: nothing more of it is sent. The hand-off's file ${HANDOFF_FILE} in ${where}; it is not a copy the ` +
      `app would resume (${refused}), so nothing of it is sent at the next start.`
    );
  const copy = `Its saved copy in ${where}`;
  if (!kept) return `Closed. ${copy}, so the next start may show it again.`;
  return (
    `Closed: nothing more of it is sent while the app runs. ${copy}; the app removes it as soon as the folder can ` +
    'be written. If the app is quit before then, the next start finds that copy and resumes it: shifts of it not ' +
    'yet handed off may then be sent.'
  );
}
