// The writes whose answer was lost and that the schedule did not show yet (override-again.ts's doubts), kept on disk
// (`lost-answers.json`, one per account) so a restart during the 2-minute settle does not drop it: the next press
// after a restart still waits out the settle and reads the schedule first, never resends at once (adv48 round 11 #1).
// Read back like every file (issue 52, read-back.ts): a file not of its shape is kept aside and said; each entry is
// checked against the clock (none dated ahead; one past the doubt's keep is let go) and the schedules watched now
// (one for a schedule not watched is dropped, said once, the file kept aside). Nothing is ever sent from an entry:
// it only makes a later create of the same wish look first. Each entry carries the install's record MAC (record-key.ts):
// one copied from another install or written by hand held the user's creates for up to 30 minutes and told them of a
// "first attempt" never made (adv52 r13 #2). The version before had no such file: an unsigned entry is never taken
// (without a keychain, the checks hold without MACs, as for every signed file). Its plan window must be its key's.
import { z } from 'zod';
import { WriteAnswerSchema } from '../../shared/write-answer';
import { CreateOverrideInputSchema } from '../../api/schemas';
import { OverridePreviewSchema, OverrideWindowSchema } from '../../shared/action-schemas';
import { HOUR_MS } from '../../shared/time';
import { UNSIGNED, type RecordSigner } from '../storage/record-key';
import { MAIN_ACCOUNT_ID, type AccountId } from '../../shared/accounts';
import { CreatedOverrideSchema } from '../model/snapshot';
import type { Clock, FileStore } from '../ports';
import type { Notice } from '../storage/settings-store';
import { droppedText, keptForDropped, readBack, refusedText, sortClaims, type ReadBack } from '../storage/read-back';
import { newerFieldsText, newerVersionText } from '../storage/newer-content';
import { reasonOf } from '../storage/write-watch';
import { CacheOriginSchema, type CacheOrigin } from '../storage/cache-origin';
import type { Blind, Doubt, DoubtFile } from '../actions/override-again';
import { HeldLinesSchema } from '../actions/window-before';
import { answeredAt, hadMs } from '../actions/settle-clock';

export const LOST_ANSWERS_NOTICE_ID = 'lost-answers';
/** Far above what the app writes (a few entries of ~1 kB each, each kept 30 minutes). */
const MAX_CHARS = 200_000;
const WHAT = 'the writes whose answer was lost';

export function lostAnswersFileOf(accountId: AccountId): string {
  return accountId === MAIN_ACCOUNT_ID ? 'lost-answers.json' : `lost-answers-${accountId}.json`;
}

const NoteSchema = CreatedOverrideSchema.pick({ kind: true, replaced: true, kept: true, offUntil: true }).required({
  kind: true,
});

const EntrySchema = z.object({
  key: z.string().max(4_000),
  plan: z.object({
    scheduleId: z.string().min(1).max(500),
    startMs: z.number().int(),
    endMs: z.number().int(),
    input: CreateOverrideInputSchema,
    preview: OverridePreviewSchema,
  }),
  note: NoteSchema.optional(),
  atMs: z.number().int(),
  revisionBefore: z.number().int().min(0).nullable().optional(),
  moves: z.boolean().optional(),
  lost: z.boolean().optional(),
  /** What became of its answer (shared/write-answer.ts); an older entry without it is worded neutrally. */
  answer: WriteAnswerSchema.optional(),
  /** The write's window as read just before it was sent (window-before.ts). */
  heldBefore: HeldLinesSchema.optional(),
  /** The account's address and e-mail when the write was sent (cache-origin.ts): a write on service A is no sign of
   *  one on B once the account points there (adv52 r15 #1). None: an entry that can't be tied to the account's
   *  address now, dropped (no version without stamps was released: there is nothing to take in once). */
  origin: CacheOriginSchema.optional(),
  /** The install's record MAC over the file's name, the key and the rest of the entry. */
  mac: z.string().max(200).optional(),
});
type Entry = z.infer<typeof EntrySchema>;

const FileSchema = z.object({ version: z.literal(1), entries: z.array(EntrySchema).max(500) });

export interface LostAnswerFile extends DoubtFile {
  /** Reads the file once (at the session's start); `watched`: the schedule ids watched now. */
  load(watched: readonly string[], report: (n: Notice) => void): Promise<void>;
  settled(): Promise<void>;
  /** The account was removed: nothing more is written and the file is deleted (nothing of it stays). */
  remove(): Promise<void>;
}

const OTHER_SERVICE = "an entry written for another service address or user than this account's";
const NO_ORIGIN = 'a write that names no service address or user it was sent to';

/** override.ts's sameCreateKey: the schedule, the window as asked (custom: its ms; otherwise the kind) and who covers. */
const KeySchema = z.tuple([
  z.string(),
  z.union([z.tuple([z.number(), z.number()]), OverrideWindowSchema]),
  z.array(z.string()),
]);

function parsedKey(key: string): z.infer<typeof KeySchema> | undefined {
  try {
    const got = KeySchema.safeParse(JSON.parse(key));
    return got.success ? got.data : undefined;
  } catch {
    return undefined;
  }
}

/** The plan is the write its key names: the same schedule, window and people, the times such a write has. */
function holdsTogether(e: Entry, keepMs: number): boolean {
  const p = e.plan;
  const key = parsedKey(e.key);
  if (key === undefined) return false;
  const [scheduleId, window, people] = key;
  const covering = p.preview.covering.map((x) => x.toLowerCase()).sort();
  const planned = () => {
    if (Array.isArray(window)) return window[0] === p.startMs && window[1] === p.endMs;
    // "From now": planned just before the write was sent, so it starts at most a keep before the write's time.
    const fromNow = p.startMs <= e.atMs && e.atMs - p.startMs <= keepMs;
    if (window.kind === 'next_hours') return fromNow && p.endMs - p.startMs === window.hours * HOUR_MS;
    return fromNow && window.kind === 'rest_of_current';
  };
  return (
    scheduleId === p.scheduleId &&
    p.preview.scheduleId === p.scheduleId &&
    JSON.stringify(people) === JSON.stringify(covering) &&
    p.startMs < p.endMs &&
    p.startMs === Date.parse(p.input.start) &&
    p.endMs === Date.parse(p.input.end) &&
    planned()
  );
}

/** Why an entry read back can't be used, or undefined when it holds. */
function entryProblem(
  o: { nowMs: number; keepMs: number; watched: ReadonlySet<string>; origin: CacheOrigin },
  signed: Signed,
) {
  return (e: Entry): string | undefined => {
    if (e.atMs > o.nowMs) return 'a write dated ahead of the clock';
    if (!o.watched.has(e.plan.scheduleId)) return 'a write on a schedule not watched';
    if (!holdsTogether(e, o.keepMs)) return 'a write whose window does not hold together';
    if (!signed.holds(e)) return UNSIGNED;
    if (e.origin === undefined) return NO_ORIGIN;
    return sameOrigin(e.origin, o.origin) ? undefined : OTHER_SERVICE;
  };
}

const sameOrigin = (a: CacheOrigin, b: CacheOrigin) => a.address === b.address && a.email === b.email;

/** The MAC of an entry of this file (everything but the MAC itself); no signer (no keychain): every entry holds. */
interface Signed {
  holds(e: Entry): boolean;
  sign<T extends object>(e: T & { key: string }): T & { key: string; mac?: string };
}

function signedOf(name: string, signer: RecordSigner | undefined): Signed {
  return {
    holds: ({ mac, key, ...rest }) => signer === undefined || signer.holds(name, key, rest, mac),
    sign: (e) => {
      const { key, ...rest } = e;
      return signer === undefined ? e : { ...e, mac: signer.sign(name, key, rest) };
    },
  };
}

/** The records read back, each settle's measure begun now (actions/settle-clock.ts: read back there is no monotonic
 *  base, so the wall time until now counts as the service's, and a wall-clock step from here on does not). A blind
 *  settle begun at this load (its `sinceMs` taken by answeredAt) is counted so too. */
function readBackNow(clock: Clock, kept: ReadonlyArray<Entry>): Array<[string, Doubt]> {
  const read = kept.map(({ key, mac: _mac, origin: _origin, ...doubt }): [string, Doubt] => [key, doubt]);
  for (const [, d] of read) hadMs(clock, d.atMs);
  return read;
}

/** The app's own writes it can't use (dated ahead: the clock stepped back) make their schedules wait out a settle;
 *  an entry the app didn't write (no MAC of its own, a window that isn't its key's) holds nothing back, nor one sent
 *  to another address or user (adv52 r15 #1), nor one naming none (it can't be tied to this account). */
function blindOf(o: {
  recent: readonly Entry[];
  kept: readonly Entry[];
  here: CacheOrigin;
  sign: Signed;
  keepMs: number;
  nowMs: number;
}): Blind | undefined {
  const own = (e: Entry) =>
    !o.kept.includes(e) &&
    e.origin !== undefined &&
    sameOrigin(e.origin, o.here) &&
    o.sign.holds(e) &&
    holdsTogether(e, o.keepMs);
  const lost = o.recent.filter(own).map((e) => e.plan.scheduleId);
  return lost.length > 0 ? { scheduleIds: new Set(lost), sinceMs: o.nowMs } : undefined;
}

/** What is said of a file nothing was taken from (absent: nothing). */
function saidNotRead(
  got: Exclude<ReadBack<z.infer<typeof FileSchema>>, { kind: 'read' }>,
  say: (message: string) => void,
): void {
  if (got.kind === 'absent') return;
  if (got.kind === 'unreadable')
    say(`The writes whose answer was lost couldn't be read (${got.reason}): check the schedule before writing again.`);
  else if (got.newer !== undefined) say(newerVersionText(WHAT, got.newer, got.kept));
  else say(refusedText(WHAT, got, 'check the schedule before writing again.'));
}

/** `signer`: the install's record key (record-key.ts recordSignerOf); undefined without a keychain (said there).
 *  `origin`: the account's address and e-mail now (cache-origin.ts originOf). */
export function createLostAnswerFile(
  files: FileStore,
  name: string,
  clock: Clock,
  keepMs: number,
  signer: () => Promise<RecordSigner | undefined>,
  origin: () => CacheOrigin,
): LostAnswerFile {
  let signing: Promise<Signed> | undefined;
  const signed = () =>
    (signing ??= signer()
      .then((s) => signedOf(name, s))
      .catch(() => signedOf(name, undefined)));
  let read: Array<[string, Doubt]> = [];
  let blind: Blind | undefined;
  let writing: Promise<void> = Promise.resolve();
  let removed = false;
  // Each write keeps the origin it was sent under: an address changed while running does not restamp it.
  const origins = new Map<string, CacheOrigin>();
  const writeOf = (doubts: ReadonlyArray<[string, Doubt]>) => {
    const now = origin();
    const entries = doubts.map(([key, { restored: _restored, ...d }]) => {
      const from = origins.get(key) ?? now;
      origins.set(key, from);
      return { key, ...d, origin: from };
    });
    return async () => {
      if (removed) return;
      const sign = await signed();
      await files.writeAtomic(name, JSON.stringify({ version: 1, entries: entries.map((e) => sign.sign(e)) }));
    };
  };
  return {
    async load(watched, report) {
      const say = (message: string) => report({ id: LOST_ANSWERS_NOTICE_ID, message });
      const got = await readBack(files, name, FileSchema, { maxChars: MAX_CHARS });
      if (got.kind === 'absent') return;
      // Records existed that can't be used: writes there wait out a settle from now (adv48 r12 #3).
      const nowMs = answeredAt(clock);
      if (got.kind === 'unreadable' || got.kind === 'refused') blind = { scheduleIds: 'all', sinceMs: nowMs };
      if (got.kind !== 'read') return saidNotRead(got, say);
      if (got.newer !== undefined)
        report({
          id: `${LOST_ANSWERS_NOTICE_ID}-newer`,
          message: newerFieldsText(WHAT, got.newer.fields, got.newer.kept),
        });
      // One past its keep is let go without a word: the app lets it go too (override-again.ts).
      const recent = got.value.entries.filter((e) => nowMs - e.atMs <= keepMs);
      const sign = await signed();
      const here = origin();
      const check = entryProblem({ nowMs, keepMs, watched: new Set(watched), origin: here }, sign);
      const sorted = sortClaims(recent, check);
      read = readBackNow(clock, sorted.kept);
      for (const e of sorted.kept) if (e.origin !== undefined) origins.set(e.key, e.origin);
      blind = blindOf({ recent, kept: sorted.kept, here, sign, keepMs, nowMs }) ?? blind;
      if (sorted.dropped.length > 0)
        say(droppedText(WHAT, sorted.dropped, await keptForDropped(files, name, got.newer)));
    },
    entries: () => read,
    blind: () => blind,
    save(doubts) {
      writing = writing.then(writeOf(doubts)).catch(() => undefined);
    },
    saveFirst(doubts) {
      const done = writing.then(writeOf(doubts));
      writing = done.catch(() => undefined);
      return done.then(
        () => undefined,
        (cause: unknown) => reasonOf(cause) ?? 'the data folder could not be written',
      );
    },
    settled: () => writing,
    async remove() {
      removed = true;
      read = [];
      await writing;
      await files.remove(name).catch(() => undefined);
    },
  };
}
