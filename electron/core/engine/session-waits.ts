// One account's waits its on-call service asked for (a 429's or a 503's Retry-After), kept in the data folder
// (`service-waits.json`, `service-waits-<account>.json`) so a restart honours them (issue 47, adv47 r32 #1): before,
// the app sent to the service straight after a restart and broke the promise it had said ("the app tries again at
// 11:21"). Stored by the one waits file the phone's use (storage/waits-file.ts: signed, checked, kept aside when
// refused). A file read back is a claim (issue 52): an entry for a schedule the account doesn't watch now, one written
// "after" now (the clock went back since), or one further ahead than the app can have kept is dropped and said once;
// a damaged file never stops syncing (it is as if no wait was kept). Only ids and instants: never a key.
// A wait belongs to the service that asked for it (adv52 r48 #1): the file is stamped with the account's address and
// user as the cache is (storage/cache-origin.ts), and one written for another service than the account's now (the
// address changed while the app was closed, or a removed account's file met a new account of the same id) is
// dropped and said: before, the new service got nothing for up to 15 min while the tray said "still loading".
import type { AccountId } from '../../shared/accounts';
import { MAIN_ACCOUNT_ID } from '../../shared/accounts';
import type { Clock, FileStore } from '../ports';
import type { Notice } from '../storage/settings-store';
import type { RecordSigner } from '../storage/record-key';
import { createWaitsFile, type WaitsFileSpec } from '../storage/waits-file';
import { MAX_RETRY_AFTER_MS } from '../sync/memory';
import { scheduleOfKey, WAIT_KEY_PATTERN } from '../sync/kept-waits';
import { DAY_MS, HOUR_MS } from '../../shared/time';
import { CacheOriginSchema, originOf, type CacheOrigin } from '../storage/cache-origin';

/** The app's own next try after a refused read is its backoff: two idle intervals at most (1 h each at the longest
 *  setting) plus a payback for the pages the failed read cost (sync/plan.ts). 12 h is above any the app sets for a
 *  read of a few pages; a kept next try further ahead is not one the app made. */
const RETRY_KEPT_MAX_MS = 12 * HOUR_MS;
/** The service's own ask is said as asked, uncapped (state/wait-words.ts), but one read back more than 30 days ahead
 *  is no maintenance or rate limit a service means: an edited file or a clock that was far ahead. */
const ASK_KEPT_MAX_MS = 30 * DAY_MS;
/** As the cache says it (storage/cache.ts notThisAccounts). */
const OTHER_SERVICE = "a wait written for another service address or user than this account's";

type Whose = { baseUrl: string; email: string };
const sameOrigin = (a: CacheOrigin, b: CacheOrigin) => a.address === b.address && a.email === b.email;

export const serviceWaitsFileOf = (accountId: AccountId): string =>
  accountId === MAIN_ACCOUNT_ID ? 'service-waits.json' : `service-waits-${accountId}.json`;

export interface SessionWaits {
  /** Reads the file: the waits that hold, for the schedules watched now. */
  load(watched: readonly string[]): Promise<ReadonlyMap<string, number>>;
  /** Keeps the waits after a pass (written only when they changed). */
  changed(entries: ReadonlyMap<string, number>): void;
  /** Keeps a write's own wait (`write/<status>` entries: write-wait.ts), beside the pass's; read back by `writes`. */
  writeChanged(entries: ReadonlyMap<string, number>): void;
  writes(): ReadonlyMap<string, number>;
  /** What the read said (dropped entries, a refused file), once per start. */
  notice(): Notice | undefined;
  settled(): Promise<void>;
  /** The account's address or user changed while running (Settings), `before` → its settings now. */
  moved(before: Whose): void;
  /** The account was removed: its file goes (nothing of it stays in the data folder), after the writes begun. */
  remove(): Promise<void>;
}

/** The bound an entry read back is held to, from when the file says it was kept (`at`). */
function boundOf(key: string): number {
  // A write's wait is held as long as the service's ask (write-wait.ts WRITE_WAIT_MAX_MS).
  if (key === 'asked' || key.startsWith('write/')) return ASK_KEPT_MAX_MS;
  // `service` and `hold/…`: the Retry-After the app honours is capped at MAX_RETRY_AFTER_MS from when it came.
  return key.startsWith('retry/') ? RETRY_KEPT_MAX_MS : MAX_RETRY_AFTER_MS;
}

/** The file's spec: each entry held to when it was kept and the schedules watched now; the whole file to the
 *  service it was written for (its `origin` stamp, as the cache's: undefined when it has none). */
function specOf(
  accountId: AccountId,
  r: { watched: () => ReadonlySet<string>; here: () => CacheOrigin; stamp: (x: CacheOrigin | undefined) => void },
  stamp: () => CacheOrigin | undefined,
): WaitsFileSpec {
  return {
    file: serviceWaitsFileOf(accountId),
    noticeId: `service-waits-${accountId}`,
    what: "the on-call service's saved waits",
    keyPattern: WAIT_KEY_PATTERN,
    stamp: 'at',
    side: {
      field: 'origin',
      schema: CacheOriginSchema,
      write: r.here,
      read: (value) => {
        const read = CacheOriginSchema.safeParse(value);
        r.stamp(read.success ? read.data : undefined);
      },
    },
    problem: (key, ms, nowMs, all) => {
      const whose = stamp();
      if (whose !== undefined && !sameOrigin(whose, r.here())) return OTHER_SERVICE;
      const at = all.at;
      if (at === undefined || at > nowMs) return 'a wait kept at a time still to come (the clock was set back)';
      if (ms > at + boundOf(key)) return 'a wait longer than the app keeps';
      const id = scheduleOfKey(key);
      return id !== undefined && !r.watched().has(id) ? 'a wait for a schedule the account does not watch' : undefined;
    },
  };
}

export function createSessionWaits(o: {
  accountId: AccountId;
  files: FileStore;
  clock: Clock;
  /** The account's address and user now: the file is stamped with them and checked against them on read. */
  settings: () => Whose;
  signer?: () => Promise<RecordSigner | undefined>;
}): SessionWaits {
  let watched = new Set<string>();
  let notice: Notice | undefined;
  let last = '{}';
  /** The stamp of the file as read (undefined: none, the app's older format). */
  let stamp: CacheOrigin | undefined;
  const here = () => originOf(o.settings());
  // The pass's entries and a write's, kept apart and saved together (one file per account).
  let [pass, writes] = [new Map<string, number>(), new Map<string, number>()];
  const read = { watched: () => watched, here, stamp: (x: CacheOrigin | undefined) => (stamp = x) };
  const file = createWaitsFile(
    o.files,
    o.clock,
    specOf(o.accountId, read, () => stamp),
    o.signer ?? (() => Promise.resolve(undefined)),
  );
  const save = () => {
    if (last === 'removed') return;
    const entries = new Map([...pass, ...writes]);
    const text = JSON.stringify(Object.fromEntries(entries));
    if (text === last) return;
    last = text;
    file.save(entries);
  };
  return {
    async load(ids) {
      watched = new Set(ids);
      stamp = undefined;
      let entries = await file.load((n) => (notice = n));
      // A file with no stamp is the app's own older format: whose service asked can't be told, so its waits are let
      // go, without a word (nothing is wrong; at worst the service is asked once and asks to wait again), rather
      // than kept for an address that may have changed. The file is written again stamped and empty.
      if (stamp === undefined && entries.size > 0) {
        entries = new Map();
        file.save([]);
      }
      last = JSON.stringify(Object.fromEntries(entries));
      const isWrite = ([key]: [string, number]) => key.startsWith('write/');
      pass = new Map([...entries].filter((e) => !isWrite(e)));
      writes = new Map([...entries].filter(isWrite));
      return entries;
    },
    changed(entries) {
      pass = new Map(entries);
      save();
    },
    writeChanged(entries) {
      writes = new Map(entries);
      save();
    },
    writes: () => writes,
    moved(before) {
      const [was, now] = [originOf(before), here()];
      if (sameOrigin(was, now)) return;
      // A new address never asked for the old one's waits: all go. A new user at the same address keeps them (they
      // are the key's), written again under its stamp so a restart doesn't refuse them as another's.
      if (was.address !== now.address) [pass, writes] = [new Map<string, number>(), new Map<string, number>()];
      else if (pass.size + writes.size > 0) last = '';
      save();
    },
    notice: () => notice,
    settled: file.settled,
    async remove() {
      last = 'removed';
      await file.settled();
      await o.files.remove(serviceWaitsFileOf(o.accountId)).catch(() => undefined);
    },
  };
}
