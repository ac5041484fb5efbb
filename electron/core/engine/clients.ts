// The service clients the engine talks through: one for the sync loop (a single try per request, because the
// loop itself retries with backoff on the Clock) and one for user actions (the client's own short retries).
// Both are bound to one (address, key) pair when they are made. When either changes, the pair is closed at once,
// before anything else runs: what it had in flight is dropped (the rest of a page walk, a retry wait, an action's
// second look), so a new key can never go to the old address. The next get() makes a pair for the new binding.
import { checkBaseUrl } from '../../api/base-url';
import { createClient as createRealClient } from '../../api/client';
import type { ClientOptions, OncallClient } from '../../api/client-types';

export interface ClientPair {
  sync: OncallClient;
  actions: OncallClient;
}

export interface EngineClients {
  /** undefined without a usable base URL or key. */
  get(): ClientPair | undefined;
  close(): void;
}

/** Reads the key; `watch` is told each time the key may have changed (replaced, removed, re-read for another address).
 *  The key holder (keys.ts) provides it. */
export interface KeyReader {
  (): string | undefined;
  /** Returns a function that stops the watching. */
  watch(listener: () => void): () => void;
}

export interface EngineClientsOptions {
  baseUrl: () => string;
  /** The key holder's reader: watched, because the key (or the address it belongs to) changing ends the pair. */
  apiKey: KeyReader;
  createClient?: (options: ClientOptions) => OncallClient;
  /** The engine's clock: a Retry-After date is read against it, as the sync's waits are kept on it. */
  now?: () => number;
}

export function hostOf(baseUrl: string): string | undefined {
  const checked = checkBaseUrl(baseUrl);
  return checked.ok ? checked.value.host : undefined;
}

interface Bound {
  baseUrl: string;
  key: string;
  pair: ClientPair;
}

export function createEngineClients(options: EngineClientsOptions): EngineClients {
  const make = options.createClient ?? createRealClient;
  let current: Bound | undefined;
  const close = (): void => {
    const ending = current;
    current = undefined;
    ending?.pair.sync.close();
    ending?.pair.actions.close();
  };
  const holds = (bound: Bound): boolean => bound.baseUrl === options.baseUrl() && bound.key === options.apiKey();
  // The key holder tells of every change as it happens (the address changing re-reads the key, which tells too).
  options.apiKey.watch(() => {
    if (current && !holds(current)) close();
  });
  return {
    get() {
      if (current && holds(current)) return current.pair;
      close();
      const baseUrl = options.baseUrl();
      const key = options.apiKey();
      if (key === undefined || hostOf(baseUrl) === undefined) return undefined;
      const getApiKey = (): string => key;
      const now = options.now === undefined ? {} : { now: options.now };
      const pair = {
        sync: make({ baseUrl, getApiKey, maxTries: 1, ...now }),
        actions: make({ baseUrl, getApiKey, ...now }),
      };
      current = { baseUrl, key, pair };
      return pair;
    },
    close,
  };
}
