// The API key's life in an account session: loaded from the SecretStore (entry `<account id>@<host>`, so two
// accounts on one host keep two keys; the main account also finds the entry of a single-service version, named by
// the host alone, and moves it to its own name), replaced by
// key:set, dropped by key:remove. It is held in memory only and never returned, logged or put in a message.
// Whoever holds clients bound to the key watches it (clients.ts): each change is told synchronously, as it happens,
// so clients made for the old key (or the old address, whose change re-reads the key) end before anything else runs.
import { rememberSecret } from '../storage/redact-secrets';
import { z } from 'zod';
import type { RequestOf, ResponseOf } from '../../shared/ipc-contract';
import { failure, guarded, type Failure } from '../actions/common';
import { unusableBaseUrlMessage } from '../../api/base-url';
import { hostOf, type KeyReader } from './clients';
import type { KeyStorage, SecretStore } from '../ports';
import type { Notice } from '../storage/settings-store';
import { keychainEntries, type AccountId } from '../../shared/accounts';

export const KEYCHAIN_NOTICE_ID = 'keychain-unreadable';

export interface KeyHolder {
  key: KeyReader;
  storage(): KeyStorage | 'none';
  /** Reads the stored key for the current base URL (an override key wins and is never stored). */
  load(): Promise<void>;
  /** Set while the keychain could not be read, so the popover says why the app asks for the key again. */
  notice(): Notice | undefined;
  /** What the keychain said of the key (its password prompt may wait minutes; a locked one refuses): while it is read
   *  or refused the key is unknown, neither there nor missing, and said so (state/status.ts), never "add your API
   *  key"; a refused one is never "still on its way" either (no read can come without it). */
  state(): KeyState;
  set(request: RequestOf<'key:set'>): Promise<ResponseOf<'key:set'>>;
  remove(): Promise<ResponseOf<'key:remove'>>;
}

/** The key as the keychain answered: held, no entry, not answered yet, or refused (locked, prompt cancelled). */
export type KeyState =
  { kind: 'present' } | { kind: 'absent' } | { kind: 'reading' } | { kind: 'refused'; reason: string };

export interface KeyHolderOptions {
  secrets: SecretStore;
  /** The account the key belongs to: its keychain entry is named by it and the host. */
  accountId: AccountId;
  baseUrl: () => string;
  /** A key given by the caller (env/flag/demo): used as is, never written to the keychain. */
  overrideKey?: string;
  log?: (message: string) => void;
  /** Called after the key changed (set or removed). */
  changed: () => void;
}

/** What a key may be: 1 to 500 visible characters, without spaces (the message never quotes it). */
export const ApiKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .regex(/^[\x21-\x7e]+$/);
export const KEY_RULE = 'must be 1 to 500 visible characters, without spaces';
const KeyRequestSchema = z.object({ key: ApiKeySchema });

/** What the holder knows, shared by the functions below (one object rather than one closure, so each stays short). */
interface Held {
  options: KeyHolderOptions;
  /** A key given by the caller: kept in memory for the session, never read from or written to the keychain. */
  sessionOnly: boolean;
  key: string | undefined;
  storage: KeyStorage | 'none';
  notice: Notice | undefined;
  /** Reads of the keychain not answered yet (an address change may start one while another waits). */
  reading: number;
  /** Why the keychain refused the last read (its message), until a key is held or removed. */
  refused: string | undefined;
  watchers: Set<() => void>;
}

export function createKeyHolder(options: KeyHolderOptions): KeyHolder {
  const held: Held = {
    options,
    sessionOnly: options.overrideKey !== undefined,
    key: options.overrideKey,
    storage: options.overrideKey === undefined ? 'none' : 'memory',
    notice: undefined,
    reading: 0,
    refused: undefined,
    watchers: new Set(),
  };
  const read: KeyReader = Object.assign(() => held.key, {
    watch(listener: () => void) {
      held.watchers.add(listener);
      return () => void held.watchers.delete(listener);
    },
  });
  return {
    key: read,
    storage: () => held.storage,
    notice: () => held.notice,
    state: () => stateOf(held),
    load: () => load(held),
    set: (request) => guarded(() => set(held, request)),
    remove: () => guarded(() => remove(held)),
  };
}

function stateOf(held: Held): KeyState {
  if (held.key !== undefined) return { kind: 'present' };
  if (held.reading > 0) return { kind: 'reading' };
  return held.refused === undefined ? { kind: 'absent' } : { kind: 'refused', reason: held.refused };
}

/** Tells every watcher, synchronously, that the key (or the address it is bound to) changed. */
function told(held: Held): void {
  for (const watcher of [...held.watchers]) watcher();
}

/** Holds `key` (or none) from `storage` and tells the watchers. */
function hold(held: Held, key: string | undefined, storage: KeyStorage | 'none'): void {
  // Never kept in a backup of any file, whatever field holds it (redact-secrets.ts).
  rememberSecret(key);
  held.refused = undefined;
  held.key = key;
  held.storage = storage;
  told(held);
}

async function load(held: Held): Promise<void> {
  // Called when the address changed: a session key stays, but what was bound to the old address must end.
  if (held.sessionOnly) return told(held);
  const account = hostOf(held.options.baseUrl());
  held.notice = undefined;
  hold(held, undefined, 'none');
  if (account === undefined) return;
  held.reading += 1;
  const found = await stored(held.options, account).finally(() => (held.reading -= 1));
  if (!found.ok) {
    held.options.log?.(`keychain: ${found.error.message}`);
    held.notice = { id: KEYCHAIN_NOTICE_ID, message: unreadableMessage(found.error.message) };
    held.refused = found.error.message;
    return;
  }
  if (found.value !== undefined && found.value !== '') hold(held, found.value, 'keychain');
}

/** The stored key: its own entry, or (main account) the host-named entry a single-service version wrote, moved. */
async function stored(options: KeyHolderOptions, host: string): Promise<Awaited<ReturnType<SecretStore['get']>>> {
  const entries = keychainEntries(options.accountId, host);
  const own = await options.secrets.get(entries.own);
  if (!own.ok || (own.value !== undefined && own.value !== '') || entries.legacy === null) return own;
  const legacy = await options.secrets.get(entries.legacy);
  if (!legacy.ok || legacy.value === undefined || legacy.value === '') return own;
  // Moved only once the new entry holds it: a failed write leaves the old entry to be found next time.
  const moved = await options.secrets.set(entries.own, legacy.value);
  if (moved.ok && moved.value.storage === 'keychain') await options.secrets.delete(entries.legacy);
  return legacy;
}

async function set(held: Held, request: RequestOf<'key:set'>): Promise<ResponseOf<'key:set'>> {
  const parsed = KeyRequestSchema.safeParse(request);
  // The message never quotes what was typed.
  if (!parsed.success)
    return failure('validation', `Please fix: the API key ${KEY_RULE}`, [{ field: 'key', message: KEY_RULE }]);
  if (held.sessionOnly) hold(held, parsed.data.key, 'memory');
  else {
    const refused = await save(held, parsed.data.key);
    if (refused) return refused;
  }
  held.notice = undefined;
  held.options.changed();
  return { ok: true as const, value: { storage: held.storage === 'keychain' ? 'keychain' : 'memory' } };
}

/** Writes the key to the keychain entry of the current address and holds it; the failure to answer if it can't. */
async function save(held: Held, key: string): Promise<Failure | undefined> {
  const { options } = held;
  const account = hostOf(options.baseUrl());
  // A stored but unusable address is the problem to name, not a missing one.
  if (account === undefined)
    return failure(
      'needs_setup',
      unusableBaseUrlMessage(options.baseUrl()) ?? 'Set the service address first, then add the key.',
    );
  const saved = await options.secrets.set(keychainEntries(options.accountId, account).own, key);
  if (!saved.ok) return failure('keychain', saved.error.message);
  hold(held, key, saved.value.storage);
  return undefined;
}

async function remove(held: Held): Promise<ResponseOf<'key:remove'>> {
  const { options } = held;
  const account = hostOf(options.baseUrl());
  if (!held.sessionOnly && account !== undefined) {
    const entries = keychainEntries(options.accountId, account);
    const removed = await options.secrets.delete(entries.own);
    if (!removed.ok) return failure('keychain', removed.error.message);
    // A host-named entry of a single-service version must not bring the removed key back.
    if (entries.legacy !== null) await options.secrets.delete(entries.legacy);
  }
  held.notice = undefined;
  hold(held, undefined, 'none');
  options.changed();
  return { ok: true as const, value: null };
}

function unreadableMessage(reason: string): string {
  return `Your keychain could not be read: ${reason.replace(/\.$/, '')}. Enter your key again to use it for this session.`;
}
