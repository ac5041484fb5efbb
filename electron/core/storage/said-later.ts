// A cache found damaged at quit is kept aside before the app writes what it holds (outside-edits.ts), but a notice
// made as the app quits is never seen (adv52 r50 #1: cache.json cut while the app ran, nothing changed at the
// service, kept aside at quit and said nowhere, the next start reading the app's clean copy). So what was kept aside
// at quit is recorded here and said once by the next start. The record is read back as a claim (issue 52): it holds
// no words, only the file's name and its copy's, and a copy is named only if it is one of that file's copies in the
// data folder and still there; the words are the app's own (outside-words.ts). Read once, then removed.
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import type { FileStore } from '../ports';
import { parseAccountId } from '../../shared/account-names';
import type { Notice } from './settings-store';
import { keptAtQuitNotice, type KeptAtQuit } from './outside-edits';
import { droppedText, keepAside, plausibleMs, readBack, refusedText, sortClaims, type ReadBack } from './read-back';
import { newerVersionText } from './newer-content';

export const SAID_LATER_FILE = 'said-later.json';

/** A cache's file name (cache.ts cacheFileOf): the main account's, or `cache-<account id>.json`. */
const isCacheName = (n: string): boolean => {
  const id = /^cache-(.+)\.json$/.exec(n)?.[1];
  return n === 'cache.json' || (id !== undefined && parseAccountId(id) !== null);
};

const KeptSchema = z.object({
  name: z.string().max(300).refine(isCacheName),
  kept: z.string().max(4096),
  /** Whether the copy was JSON (another writer's, or a hand edit) rather than damaged. */
  json: z.boolean(),
  /** Whether the app's own write over it worked. */
  wrote: z.boolean(),
  /** The start of the run that quit (the run log's latest, read at quit): the record is of that run only. */
  run: z.number().optional(),
});
const SaidLaterSchema = z.object({ version: z.literal(1), kept: z.array(KeptSchema).max(20) });

/** What the record is called in notices, and the notice it is refused or checked under. */
const WHAT = 'the record of copies kept aside as the app quit';
const NOTICE_ID = 'said-later-refused';
const LOST = 'a copy of a file kept aside then may not be named.';
const LOST_SENTENCE = 'A copy of a file kept aside then may not be named.';

/** The record's JSON as the app last wrote it, undefined when absent or not its shape (writeSaidLater adds to it). */
async function recorded(files: FileStore): Promise<z.infer<typeof SaidLaterSchema>['kept']> {
  const text = await files.read(SAID_LATER_FILE).catch(() => undefined);
  try {
    const read = SaidLaterSchema.safeParse(text === undefined ? undefined : JSON.parse(text));
    return read.success ? read.data.kept : [];
  } catch {
    return [];
  }
}

/** Where `kept` is now, named from the data folder the app knows (never from the record's path alone), when it is a
 *  copy of `name` by the app's own naming (backup-copies.ts) made in this folder; undefined otherwise. The app
 *  writes the copy's file name only, so a folder moved to another path still finds it (adv52 r51 #2); a path from an
 *  older record is taken only when it is in this folder. */
function copyOf(location: string | undefined, name: string, kept: string): string | undefined {
  const base = basename(kept);
  if (!base.startsWith(name) || stampOf(base.slice(name.length)) === undefined) return undefined;
  if (location === undefined) return base;
  return kept === base || dirname(kept) === location ? join(location, base) : undefined;
}

/** The copy's own stamp (`.bad-20260310T102500Z`, backup-copies.ts) in ms; undefined when it is not one. */
function stampOf(suffix: string): number | undefined {
  const m = /^\.bad-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z(-\d+)?$/.exec(suffix);
  if (m === null) return undefined;
  const ms = Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`);
  return Number.isNaN(ms) ? undefined : ms;
}

/** The start of the app's last run before this start (the alarm's run log, alarm-runs.ts, written at each start
 *  before anything at quit), undefined when there is no run log to go by. Read only: alarm-runs.ts judges it (and
 *  says what it refuses) later at this start. */
async function lastRunFrom(files: FileStore, runsFile: string, nowMs: number): Promise<number | undefined> {
  const text = await files.read(runsFile).catch(() => undefined);
  let json: unknown;
  try {
    json = text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
  const runs = RunsLog.safeParse(json);
  const from = (runs.success ? runs.data.runs : []).map((r) => r.fromMs).filter((ms) => plausibleMs(ms, nowMs));
  return from.length === 0 ? undefined : Math.max(...from);
}
const RunsLog = z.object({ runs: z.array(z.object({ fromMs: z.number() })).max(4000) });

/** Why an entry is not said: its copy's stamp is not in the last run before this start (the quit that wrote it): an
 *  older record put back after it was said (adv52 r51 #3), or a copy dated ahead of the clock or before that run
 *  (#4). Undefined when it holds. Stamps are whole seconds, so the run's start is taken to its second. */
function stampProblem(
  stampMs: number,
  nowMs: number,
  run: number | undefined,
  last: number | undefined,
): string | undefined {
  if (!plausibleMs(stampMs, nowMs)) return 'a copy dated ahead of the clock or before the app existed';
  // A quit and the next start can fall in one second: the run the entry names tells them apart, not the stamp.
  if (run !== undefined && run !== last) return "a copy kept by a run that is not the app's last";
  const from = run ?? last;
  if (from !== undefined && stampMs < Math.floor(from / 1000) * 1000)
    return "a copy from before the app's last run, so not kept as it quit";
  return undefined;
}

/** The copies kept at quit, as the next start says them; copies not found are not said. A record that can't be read
 *  as the app writes it, or names a copy its last run can't have kept, is kept aside and said once (issue 52);
 *  else it is removed once read. */
export async function readSaidLater(
  files: FileStore,
  report: (n: Notice) => void,
  now: { nowMs: number; runsFile: string },
): Promise<void> {
  const { nowMs } = now;
  const read = await readBack(files, SAID_LATER_FILE, SaidLaterSchema, { maxChars: 200_000 });
  if (read.kind !== 'read') return saidRefused(read, report);
  const runFromMs = await lastRunFrom(files, now.runsFile, nowMs);
  const sorted = sortClaims(read.value.kept, (k) => {
    const stamp = stampOf(basename(k.kept).slice(k.name.length));
    return stamp === undefined ? undefined : stampProblem(stamp, nowMs, k.run, runFromMs);
  });
  for (const k of sorted.kept) {
    const kept = copyOf(files.location, k.name, k.kept);
    if (kept === undefined) continue;
    // A copy that can't be read for its size is still there; one gone (or never made) is not named.
    const there = await files.read(basename(kept)).then(
      (t) => t !== undefined,
      () => true,
    );
    if (there) report(keptAtQuitNotice(k.name, kept, k.json, k.wrote));
  }
  if (sorted.dropped.length > 0) {
    const kept = await keepAside(files, SAID_LATER_FILE);
    report({ id: NOTICE_ID, message: droppedText(WHAT, sorted.dropped, kept) });
  }
  await files.remove(SAID_LATER_FILE).catch(() => undefined);
}

/** A record the app can't read as it writes it: kept aside (readBack) and said once; one the disk refuses to read
 *  can't be kept aside and is said as such. */
function saidRefused(read: Exclude<ReadBack<unknown>, { kind: 'read' }>, report: (n: Notice) => void): void {
  if (read.kind === 'absent') return;
  const say = (message: string): void => report({ id: NOTICE_ID, message });
  if (read.kind === 'unreadable')
    say(`${WHAT.charAt(0).toUpperCase()}${WHAT.slice(1)} could not be read (${read.reason}): ${LOST}`);
  else if (read.newer !== undefined) say(`${newerVersionText(WHAT, read.newer, read.kept)} ${LOST_SENTENCE}`);
  else say(refusedText(WHAT, read, LOST));
}

/** Records the copies kept as the app quits, for the next start (nothing to record: nothing written). Added to what
 *  is recorded already: another instance on the same folder may have quit first. */
export async function writeSaidLater(
  files: FileStore,
  kept: readonly KeptAtQuit[],
  now: { nowMs: number; runsFile: string },
): Promise<void> {
  if (kept.length === 0) return;
  const run = await lastRunFrom(files, now.runsFile, now.nowMs);
  // The copy by its file name only: the folder may be moved or restored to another path before the next start.
  const named = kept.map((k) => ({ ...k, kept: basename(k.kept), ...(run === undefined ? {} : { run }) }));
  const all = [...(await recorded(files)), ...named].slice(-20);
  await files.writeAtomic(SAID_LATER_FILE, JSON.stringify({ version: 1, kept: all }));
}
