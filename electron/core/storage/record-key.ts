// The app's own records are signed (issue 52, adv52 r10–11): a per-install key of 32 random bytes, kept in the OS
// keychain beside the API keys (its own account name), MACs each entry the app writes into its record files
// (HMAC-SHA256 over the file, the entry's key and its content, canonical JSON). Shape, clock and run checks can't tell
// a consistent hand-written alarms.json + alarm-runs.json from the app's: a MAC can. An entry without a MAC, or with a
// wrong one, is a claim the app didn't make. The key never leaves main's memory and the keychain (no file, backup,
// notice or log holds it). With no keychain the app says so once and keeps today's checks: start-up never waits on it.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SecretStore } from '../ports';
import type { Notice } from './settings-store';

/** The keychain account the record key is kept under (the service is the API keys' own). */
export const RECORD_KEY_ACCOUNT = 'oncall-tray-record-key';
export const RECORD_KEY_NOTICE_ID = 'record-key';
export const NO_RECORD_KEY_MESSAGE =
  "The system keychain is not available, so the app can't sign its alarm and reminder records: " +
  'a record put into the data folder by hand is checked only for its shape and times.';
/** What an entry without a valid MAC is dropped as (said once, with the file kept aside). */
export const UNSIGNED = "an entry the app didn't write";
/** What such an entry is refused as under a key made at this start, in a file this process has not read before: a
 *  fresh key takes entries without a MAC (the migration), so one refused carries a MAC no key in the keychain holds,
 *  as when the record key was removed from the keychain (adv52 r19 #2): the app's own records, not forgeries. */
export const KEY_GONE = 'an entry signed with a record key that is no longer in the keychain';

/** The reason an entry of `file` without a valid MAC is refused: the lost key under a fresh key, else UNSIGNED. */
export const unsignedAs = (signer: RecordSigner | undefined, file: string): string =>
  signer?.fresh === true && signer.readOnce?.has(file) !== true ? KEY_GONE : UNSIGNED;

const HEX_64 = /^[0-9a-f]{64}$/;

export interface RecordSigner {
  /** The MAC of one entry of `file`, named `id`, holding `content`. */
  sign: (file: string, id: string, content: unknown) => string;
  /** The entry carries the app's MAC. */
  holds: (file: string, id: string, content: unknown, mac: string | undefined) => boolean;
  /** No key was kept before this start (a folder from the version before MACs): its entries with no MAC at all are
   *  taken this once, after the other checks, and written back signed (`vouches`). */
  readonly fresh: boolean;
  /** The files whose first read under this key is done in this process (afterFirstRead): a store made again later
   *  (a settings save, a restart of the engine) takes no entry without a MAC from them (adv52 r16 #1). */
  readonly readOnce?: Set<string>;
}

/**
 * Whether an entry is the app's: its MAC holds, or (`fresh`: the first start with a new key, the migration from the
 * version before MACs) it carries no MAC at all. A MAC that doesn't hold is never taken, fresh or not (adv52 r13):
 * it shows the file comes from a signed version whose key is gone (removed from the keychain, a data folder restored
 * onto a machine without it), or is made up, and taking it once would let a hand-written record silence an alarm.
 */
export const vouches = (
  signer: RecordSigner,
  file: string,
  id: string,
  content: unknown,
  mac: string | undefined,
): boolean =>
  (signer.fresh && mac === undefined && signer.readOnce?.has(file) !== true) || signer.holds(file, id, content, mac);

/** JSON with object keys sorted at every level, so a MAC doesn't depend on the order fields were written in. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function signerOf(key: Buffer, fresh: boolean): RecordSigner {
  const sign = (file: string, id: string, content: unknown): string =>
    createHmac('sha256', key)
      .update(canonical([file, id, content]))
      .digest('hex');
  return {
    sign,
    holds: (file, id, content, mac) =>
      mac !== undefined &&
      HEX_64.test(mac) &&
      timingSafeEqual(Buffer.from(sign(file, id, content), 'hex'), Buffer.from(mac, 'hex')),
    fresh,
    readOnce: new Set(),
  };
}

/**
 * The record signer for this install, or undefined without a usable keychain (said once through `report`).
 * `create` (the app): a missing key is made and kept, and the signer is `fresh`. `status --ack` never makes one: with
 * none kept yet it writes as the version before did, and the app's first start with a key takes that in.
 */
export async function loadRecordSigner(
  secrets: SecretStore,
  report: (n: Notice) => void,
  create = true,
): Promise<RecordSigner | undefined> {
  return (await loadKeyed(secrets, report, create))?.signer;
}

/** The signer with its key (kept in main's memory only: stored again if the keychain loses it, keptCheck). */
async function loadKeyed(
  secrets: SecretStore,
  report: (n: Notice) => void,
  create: boolean,
): Promise<{ signer: RecordSigner; key: Buffer } | undefined> {
  const say = (): undefined => (report({ id: RECORD_KEY_NOTICE_ID, message: NO_RECORD_KEY_MESSAGE }), undefined);
  const got = await secrets.get(RECORD_KEY_ACCOUNT).catch(() => undefined);
  if (got === undefined || !got.ok) return say();
  const kept = got.value;
  if (kept !== undefined) {
    const key = Buffer.from(kept, 'base64');
    // A damaged entry is not a key: the records can't be checked, as without a keychain (a new key would take any
    // unsigned entry in as the app's).
    return key.length === 32 ? { signer: signerOf(key, false), key } : say();
  }
  if (!create) return undefined;
  const key = randomBytes(32);
  const set = await secrets.set(RECORD_KEY_ACCOUNT, key.toString('base64')).catch(() => undefined);
  // Kept in memory only, it would be made afresh at every start, and every start would take unsigned entries in.
  if (set === undefined || !set.ok || set.value.storage !== 'keychain') {
    await secrets.delete(RECORD_KEY_ACCOUNT).catch(() => undefined);
    return say();
  }
  return { signer: signerOf(key, true), key };
}

/** How long after an unreadable record key the keychain is asked again (doubling up to the last). */
export const RECORD_KEY_RETRY_MS = [5_000, 30_000, 5 * 60_000] as const;

interface Held {
  /** Whether the key may be made now (record-key gate): else only a kept one is read. */
  gate?: () => Promise<boolean>;
  signer?: RecordSigner;
  /** The signer's key, to store again when the keychain no longer holds it (keptCheck). */
  key?: Buffer;
  /** When the keychain is next asked whether it still holds the key. */
  checkAtMs?: number;
  asking?: Promise<RecordSigner | undefined>;
  asked: number;
  retryAtMs: number;
}
const shared = new WeakMap<SecretStore, Held>();

const heldOf = (secrets: SecretStore): Held => {
  let held = shared.get(secrets);
  if (held === undefined) shared.set(secrets, (held = { asked: 0, retryAtMs: -Infinity }));
  return held;
};

/** The key is made only once an account's API key is kept in this keychain (`mayMake`): the demo, a first run
 *  before onboarding and a key given by env or flag write nothing to the user's keychain (no prompt before the user
 *  chose to keep a key there). Until then the records are written as without a key, and nothing is said. */
export function gateRecordKey(secrets: SecretStore, mayMake: () => Promise<boolean>): void {
  heldOf(secrets).gate = mayMake;
}

/** One signer per key holder in this process: the alarm, escalation and reminder records are read at the same
 *  start, and two of them making a key at once would sign with one and keep the other. A key the keychain could not
 *  give is asked again at a later call (each write asks), after a back-off, never given up on for the process's
 *  life (adv50 r11 #1: a keychain that failed only its first answer left the whole run's records unsigned, and the
 *  next start dropped them: the acknowledged alarm rang again, the phone was alerted twice). A key read late is not
 *  `fresh`: what the stores hold then is their own, and they write it back signed at their next write. */
export function recordSignerOf(
  secrets: SecretStore,
  report: (n: Notice) => void,
  nowMs: () => number = Date.now,
): Promise<RecordSigner | undefined> {
  const h = heldOf(secrets);
  if (h.signer !== undefined) {
    if (h.key !== undefined && nowMs() >= (h.checkAtMs ?? -Infinity)) {
      h.checkAtMs = nowMs() + KEY_CHECK_MS;
      void keptCheck(secrets, h.key, report);
    }
    return Promise.resolve(h.signer);
  }
  if (h.asking !== undefined) return h.asking;
  if (nowMs() < h.retryAtMs) return Promise.resolve(undefined);
  const late = h.asked > 0;
  const mayMake = h.gate === undefined ? Promise.resolve(true) : h.gate().catch(() => false);
  h.asking = mayMake.then(async (open) => {
    if (!open) return ((h.asking = undefined), keptOnly(secrets, h));
    h.asked += 1;
    const keyed = await loadKeyed(secrets, report, true);
    h.asking = undefined;
    if (keyed === undefined) {
      h.retryAtMs = nowMs() + (RECORD_KEY_RETRY_MS[h.asked - 1] ?? 5 * 60_000);
      return undefined;
    }
    h.key = keyed.key;
    h.checkAtMs = nowMs() + KEY_CHECK_MS;
    h.signer = late ? afterFirstRead(keyed.signer) : keyed.signer;
    return h.signer;
  });
  return h.asking;
}

/** How often a write asks the keychain whether it still holds the record key (at most). */
export const KEY_CHECK_MS = 60_000;
export const KEY_RESTORED_NOTICE_ID = 'record-key-restored';
export const KEY_RESTORED_MESSAGE =
  "The app's record key was removed from the system keychain while the app ran; it was stored there again from " +
  "the app's memory, so the alarm and reminder records it signs still hold at the next start.";
export const KEY_LOST_MESSAGE =
  "The app's record key was removed from the system keychain while the app ran and couldn't be stored again: at " +
  'the next start its alarm and reminder records will be refused, so an acknowledged alarm may ring again and a ' +
  'reminder be shown again.';

/** The key removed from the keychain while the app runs (adv52 r19 #2): stored again from memory and said once, or
 *  said once as lost. A keychain that can't be read now says nothing here (its own notices do). */
async function keptCheck(secrets: SecretStore, key: Buffer, report: (n: Notice) => void): Promise<void> {
  const got = await secrets.get(RECORD_KEY_ACCOUNT).catch(() => undefined);
  if (got === undefined || !got.ok || got.value !== undefined) return;
  const set = await secrets.set(RECORD_KEY_ACCOUNT, key.toString('base64')).catch(() => undefined);
  const kept = set !== undefined && set.ok && set.value.storage === 'keychain';
  report(
    kept
      ? { id: KEY_RESTORED_NOTICE_ID, message: KEY_RESTORED_MESSAGE }
      : { id: RECORD_KEY_NOTICE_ID, message: KEY_LOST_MESSAGE },
  );
}

/** The keychain asked now whether it still holds the key this process signs with (at stop: no later write may ask). */
export async function checkRecordKey(secrets: SecretStore, report: (n: Notice) => void): Promise<void> {
  const h = shared.get(secrets);
  if (h?.key !== undefined && h.signer !== undefined) await keptCheck(secrets, h.key, report);
}

/** Before the key may be made: a kept one is used (read only; asked once), none is no signer, said to nobody. */
async function keptOnly(secrets: SecretStore, h: Held): Promise<RecordSigner | undefined> {
  // Nothing said: no key is asked of a keychain no API key is kept in (a keychain that can't be read is said by
  // the API key's own notice).
  const got = await loadKeyed(secrets, () => undefined, false);
  if (got !== undefined) {
    h.signer = got.signer;
    h.key = got.key;
  }
  return got?.signer;
}

/** The signer after a store's first read: only that read takes unsigned entries in (the migration), never a later
 *  one in the same run (a file written by hand while the app runs). */
export function afterFirstRead(signer: RecordSigner | undefined, ...files: string[]): RecordSigner | undefined {
  // The key is shared by every store of the process (recordSignerOf): a file read once is not taken in again.
  for (const file of files) signer?.readOnce?.add(file);
  return signer?.fresh === true ? { ...signer, fresh: false } : signer;
}

/** How long a start waits for the record key before it reads its files without it (as with no keychain). */
export const RECORD_KEY_WAIT_MS = 3_000;

/** The record key, or none if the keychain hasn't answered within `waitMs`: a keychain slow to answer (a prompt, a
 *  locked collection) must not hold the shift-start alarm back (adv50 r11, not done). The answer still lands in
 *  recordSignerOf's cache, so the next write signs with it. */
export function signerWithin(
  ask: () => Promise<RecordSigner | undefined>,
  clock: { setTimer(ms: number, fn: () => void): () => void },
  waitMs = RECORD_KEY_WAIT_MS,
): Promise<RecordSigner | undefined> {
  return new Promise((resolve) => {
    const cancel = clock.setTimer(waitMs, () => resolve(undefined));
    const done = (s: RecordSigner | undefined): void => (cancel(), resolve(s));
    ask().then(done, () => done(undefined));
  });
}
