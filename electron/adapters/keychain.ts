// The SecretStore on the OS keychain through keytar (macOS Keychain, Windows Credential Vault, libsecret on Linux).
// No Electron import: it runs (and is tested against a real gnome-keyring) in plain Node. When the keychain is
// unavailable the key lives in this process's memory for the session only: never on disk, and the user is told.
import { err, ok } from '../api/errors';
import type { SecretStore, SecretStoreError } from '../core/ports';

export const KEYCHAIN_SERVICE = 'OnCall Tray';

export const MEMORY_ONLY_MESSAGE =
  'Your system keychain is not available, so the API key is kept in memory for this session only; ' +
  'you will need to enter it again after OnCall Tray restarts.';

export interface KeytarApi {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export interface KeychainOptions {
  /** Loads keytar; injected by tests. A failure (missing libsecret, no native module) means "unavailable". */
  load?: () => Promise<unknown>;
  service?: string;
  /** Told once, in plain words, when the key falls back to memory. Never receives the key. */
  log?: (message: string) => void;
}

function isKeytar(value: unknown): value is KeytarApi {
  if (typeof value !== 'object' || value === null) return false;
  return (
    'getPassword' in value &&
    typeof value.getPassword === 'function' &&
    'setPassword' in value &&
    typeof value.setPassword === 'function' &&
    'deletePassword' in value &&
    typeof value.deletePassword === 'function'
  );
}

/** keytar is CommonJS: depending on the loader its functions sit on the namespace or on its default export. */
export function keytarFrom(mod: unknown): KeytarApi | undefined {
  if (isKeytar(mod)) return mod;
  if (typeof mod === 'object' && mod !== null && 'default' in mod && isKeytar(mod.default)) return mod.default;
  return undefined;
}

function reasonOf(error: unknown): string {
  // keytar/libsecret messages name the failing service (e.g. "Cannot create an item in a locked collection"),
  // never the secret; keep them short for the user.
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0]?.slice(0, 200) ?? 'unknown error';
}

function unavailable(reason: string): SecretStoreError {
  return { kind: 'unavailable', message: `The system keychain is not available (${reason}).` };
}

export function createKeychainStore(options: KeychainOptions = {}): SecretStore {
  const service = options.service ?? KEYCHAIN_SERVICE;
  const load = options.load ?? (() => import('keytar'));
  const memory = new Map<string, string>();
  let keytar: Promise<KeytarApi | string> | undefined;

  /** The keytar API, or why it cannot be had. Loaded once, lazily: a missing libsecret must not stop start-up. */
  function api(): Promise<KeytarApi | string> {
    keytar ??= load().then(
      (mod) => keytarFrom(mod) ?? 'keytar has an unexpected shape',
      (error: unknown) => reasonOf(error),
    );
    return keytar;
  }

  return {
    async get(account) {
      const inMemory = memory.get(account);
      if (inMemory !== undefined) return ok(inMemory);
      const k = await api();
      if (typeof k === 'string') return err(unavailable(k));
      try {
        return ok((await k.getPassword(service, account)) ?? undefined);
      } catch (error) {
        return err(unavailable(reasonOf(error)));
      }
    },

    async set(account, secret) {
      const k = await api();
      try {
        if (typeof k === 'string') throw new Error(k);
        await k.setPassword(service, account, secret);
        memory.delete(account);
        return ok({ storage: 'keychain' as const });
      } catch (error) {
        memory.set(account, secret);
        options.log?.(`${MEMORY_ONLY_MESSAGE} (${reasonOf(error)})`);
        return ok({ storage: 'memory' as const });
      }
    },

    async delete(account) {
      const hadMemoryOnly = memory.delete(account);
      const k = await api();
      if (typeof k === 'string') return hadMemoryOnly ? ok(null) : err(unavailable(k));
      try {
        await k.deletePassword(service, account);
        return ok(null);
      } catch (error) {
        if (hadMemoryOnly) return ok(null);
        return err({ kind: 'failed', message: `The key could not be removed from the keychain (${reasonOf(error)}).` });
      }
    },
  };
}
