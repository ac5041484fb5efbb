// A file of waits a server asked for, one instant per key, each signed with the app's record key (record-key.ts):
// the phone's (escalation/rate-gate-store.ts, `phone-waits.json`) and each account's on-call service's
// (engine/session-waits.ts), so a restart doesn't forget a Retry-After and send again at once. Read back like every
// file (issue 52, read-back.ts): a file not of its shape is kept aside and said, never silently overwritten; each
// entry is checked by its owner's rule (`problem`: a key the app no longer has, a time further ahead than the app
// can have made) and by its MAC, and one that fails is dropped, said once, and the file kept aside before the app
// writes its own. The first start with a new key takes unsigned entries once and writes them back signed. No key
// of a service is ever in it: only ids and instants.
import { z } from 'zod';
import type { Clock, FileStore } from '../ports';
import type { Notice } from './settings-store';
import { droppedText, keptForDropped, readBack, refusedText, sortClaims, type ReadBack } from './read-back';
import { newerFieldsText, newerVersionText } from './newer-content';
import { afterFirstRead, unsignedAs, vouches, type RecordSigner } from './record-key';

/** Far above what the app writes (one entry per source, ~60 characters each). */
const MAX_WAITS_CHARS = 100_000;

export interface WaitsFileSpec {
  file: string;
  noticeId: string;
  /** "the phone service's saved waits": what the notices call the file. */
  what: string;
  /** The keys the app writes. */
  keyPattern: RegExp;
  /** A key written with the time of each write (none: no such entry), so a rule can hold each wait to when it was
   *  kept: the rest are written only while ahead. */
  stamp?: string;
  /** Why an entry ahead of now can't be used (the app's words), or undefined when it holds; `all`: every entry read,
   *  for a rule over the file as a whole (when it was written). */
  problem: (key: string, ms: number, nowMs: number, all: Readonly<Record<string, number>>) => string | undefined;
  /** Another record its owner keeps in the same file, unsigned (the owner's code caps what it can do): its field,
   *  its schema, what to write (read at each save) and what to do with what was read (after the waits). */
  side?: WaitsSide;
}

export interface WaitsSide {
  field: string;
  schema: z.ZodType;
  write: () => unknown;
  read: (value: unknown, nowMs: number) => void;
}

export interface WaitsFile {
  /** Reads the file: the entries that hold (ahead of now, vouched for); what was dropped or refused is reported. */
  load: (report: (n: Notice) => void) => Promise<Map<string, number>>;
  /** Writes the entries still ahead (signed); writes are queued in order. */
  save: (entries: Iterable<[string, number]>) => void;
  /** Resolves when the writes started so far are done. */
  settled: () => Promise<void>;
}

/** What is said of a file nothing was taken from (absent: nothing). */
function saidNotRead<T>(what: string, read: Exclude<ReadBack<T>, { kind: 'read' }>, say: (m: string) => void): void {
  if (read.kind === 'absent') return;
  const What = `${what.charAt(0).toUpperCase()}${what.slice(1)}`;
  if (read.kind === 'unreadable') say(`${What} couldn't be read (${read.reason}): a wait it asked for may be missed.`);
  else if (read.newer !== undefined) say(newerVersionText(what, read.newer, read.kept));
  else say(refusedText(what, read, 'a wait it asked for may be missed.'));
}

/** `signer`: the app's record key (none: no keychain, the waits are written and read unsigned). */
export function createWaitsFile(
  files: FileStore,
  clock: Clock,
  spec: WaitsFileSpec,
  signer: () => Promise<RecordSigner | undefined>,
): WaitsFile {
  const schema = z.object({
    version: z.literal(1),
    waits: z.record(z.string().regex(spec.keyPattern), z.number().finite()),
    macs: z.record(z.string(), z.string()).optional(),
    ...(spec.side ? { [spec.side.field]: spec.side.schema.optional() } : {}),
  });
  /** The key after the file's first read: unsigned waits are taken in at that read only. */
  let key: RecordSigner | undefined;
  let writing: Promise<void> = Promise.resolve();
  const save = (entries: Iterable<[string, number]>): void => {
    const nowMs = clock.now();
    const ahead = [...entries].filter(([k, ms]) => ms > nowMs && k !== spec.stamp);
    if (spec.stamp !== undefined && ahead.length > 0) ahead.push([spec.stamp, nowMs]);
    writing = writing
      .then(async () => {
        const by = key ?? (key = afterFirstRead(await signer().catch(() => undefined), spec.file));
        const macs = by && Object.fromEntries(ahead.map(([k, ms]) => [k, by.sign(spec.file, k, ms)]));
        const side = spec.side ? { [spec.side.field]: spec.side.write() } : {};
        const text = JSON.stringify({
          version: 1,
          waits: Object.fromEntries(ahead),
          ...(macs ? { macs } : {}),
          ...side,
        });
        await files.writeAtomic(spec.file, text);
      })
      .catch(() => undefined);
  };

  async function readInto(report: (n: Notice) => void, first: RecordSigner | undefined): Promise<Map<string, number>> {
    const taken = new Map<string, number>();
    const say = (message: string) => report({ id: spec.noticeId, message });
    const read = await readBack(files, spec.file, schema, { maxChars: MAX_WAITS_CHARS });
    if (read.kind !== 'read') return (saidNotRead(spec.what, read, say), taken);
    if (read.newer !== undefined)
      report({ id: `${spec.noticeId}-newer`, message: newerFieldsText(spec.what, read.newer.fields, read.newer.kept) });
    const nowMs = clock.now();
    const sideValue: unknown = spec.side ? Reflect.get(read.value, spec.side.field) : undefined;
    if (spec.side && sideValue !== undefined) spec.side.read(sideValue, nowMs);
    const macs = read.value.macs;
    // A wait already over is let go without a word: the app writes those too (it keeps only what is ahead on save).
    const ahead = Object.entries(read.value.waits).filter(([, ms]) => ms > nowMs);
    const sorted = sortClaims(ahead, ([k, ms]) => {
      if (!Number.isSafeInteger(ms)) return 'a wait longer than a server can ask';
      const why = spec.problem(k, ms, nowMs, read.value.waits);
      if (why !== undefined) return why;
      return first && !vouches(first, spec.file, k, ms, macs?.[k]) ? unsignedAs(first, spec.file) : undefined;
    });
    for (const [k, ms] of sorted.kept) taken.set(k, ms);
    if (sorted.dropped.length > 0)
      say(droppedText(spec.what, sorted.dropped, await keptForDropped(files, spec.file, read.newer)));
    // What was taken is written back signed at once: after a file kept aside, or at the first start with a new key.
    if (sorted.kept.length > 0 && (first?.fresh === true || sorted.dropped.length > 0)) save(sorted.kept);
    return taken;
  }

  return {
    async load(report) {
      const first = await signer().catch(() => undefined);
      try {
        return await readInto(report, first);
      } finally {
        // The file's first read under the key, whatever it found: a later start takes no unsigned wait.
        key = afterFirstRead(first, spec.file);
      }
    },
    save,
    settled: () => writing,
  };
}
