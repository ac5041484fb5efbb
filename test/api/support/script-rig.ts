// A script server for the whole test file and a client on it that tries once (no retries hide an answer), both
// closed after the file: the set-up of the API tests that read one scripted answer at a time.
import { afterAll, beforeAll } from 'vitest';
import type { OncallClient } from '../../../electron/api/client-types';
import { testClient } from './fixtures';
import { startScriptServer, type ScriptServer } from './script-server';

export interface ScriptRig {
  readonly server: ScriptServer;
  readonly client: OncallClient;
}

/** Registers the hooks; call it at the top of a test file. */
export function useScriptServer(): ScriptRig {
  let server: ScriptServer | undefined;
  let client: OncallClient | undefined;
  beforeAll(async () => {
    server = await startScriptServer();
    client = testClient(server.url, { maxTries: 1 }).client;
  });
  afterAll(async () => {
    client?.close();
    await server?.close();
  });
  const started = <T>(thing: T | undefined): T => {
    if (thing === undefined) throw new Error('the script server starts before the first test');
    return thing;
  };
  return {
    get server() {
      return started(server);
    },
    get client() {
      return started(client);
    },
  };
}
