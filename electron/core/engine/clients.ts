// The service clients the engine talks through: one for the sync loop (a single try per request, because the
// loop itself retries with backoff on the Clock) and one for user actions (the client's own short retries).
// Both ask for the key on every request, so a replaced key takes effect at once; both are rebuilt when the
// base URL changes.
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

export interface EngineClientsOptions {
  baseUrl: () => string;
  apiKey: () => string | undefined;
  createClient?: (options: ClientOptions) => OncallClient;
}

export function hostOf(baseUrl: string): string | undefined {
  const checked = checkBaseUrl(baseUrl);
  return checked.ok ? checked.value.host : undefined;
}

export function createEngineClients(options: EngineClientsOptions): EngineClients {
  const make = options.createClient ?? createRealClient;
  let current: { baseUrl: string; pair: ClientPair } | undefined;
  const close = (): void => {
    current?.pair.sync.close();
    current?.pair.actions.close();
    current = undefined;
  };
  return {
    get() {
      const baseUrl = options.baseUrl();
      if (options.apiKey() === undefined || hostOf(baseUrl) === undefined) return undefined;
      if (current?.baseUrl === baseUrl) return current.pair;
      close();
      const getApiKey = (): string | undefined => options.apiKey();
      const pair = { sync: make({ baseUrl, getApiKey, maxTries: 1 }), actions: make({ baseUrl, getApiKey }) };
      current = { baseUrl, pair };
      return pair;
    },
    close,
  };
}
