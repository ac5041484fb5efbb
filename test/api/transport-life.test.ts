// The transport over a client's whole life: each attempt's timeout and its link to the client's life are released
// once the attempt is settled, so a client that sends for weeks keeps nothing per request (on Node 20,
// AbortSignal.any left a WeakRef and its bookkeeping on the life signal for every request, for good); and the
// timeout and the client's close still end an attempt as they did.
import { getEventListeners } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTransport } from '../../electron/api/http';
import { startScriptServer, type ScriptServer } from './support/script-server';

let server: ScriptServer;
beforeEach(async () => {
  server = await startScriptServer();
  server.fallback(() => ({ status: 200, json: { ok: true } }));
});
afterEach(async () => {
  await server.close();
});

const GET = { method: 'GET' as const, path: '/schedules/', headers: {} };

/** Signals Node keeps on the life signal for each AbortSignal.any() that includes it (none when not used). */
function dependants(signal: AbortSignal): number {
  const key = Object.getOwnPropertySymbols(signal).find((s) => s.description === 'kDependantSignals');
  const value: unknown = key === undefined ? undefined : Reflect.get(signal, key);
  // Node's own SafeSet: a Set by shape, not by prototype.
  const size: unknown = typeof value === 'object' && value !== null ? Reflect.get(value, 'size') : undefined;
  return typeof size === 'number' ? size : 0;
}

describe('the transport over a client’s life', () => {
  it('leaves nothing on the client’s life signal after 200 answered requests', async () => {
    const life = new AbortController();
    const transport = createTransport(new URL(server.url), {
      timeoutMs: 5_000,
      maxBodyBytes: 1024,
      signal: life.signal,
    });
    for (let i = 0; i < 200; i++) expect((await transport.send(GET)).kind).toBe('response');
    transport.close();
    expect(getEventListeners(life.signal, 'abort')).toHaveLength(0);
    expect(dependants(life.signal)).toBe(0);
  });

  it('an attempt with no answer ends as a timeout after timeoutMs, having reached the server', async () => {
    server.script({ hang: true });
    const life = new AbortController();
    const transport = createTransport(new URL(server.url), { timeoutMs: 200, maxBodyBytes: 1024, signal: life.signal });
    expect(await transport.send(GET)).toEqual({ kind: 'failure', cause: 'timeout', mayHaveReachedServer: true });
    transport.close();
    expect(getEventListeners(life.signal, 'abort')).toHaveLength(0);
  });

  it('closing the client ends the attempt in flight at once, as a network failure, not a timeout', async () => {
    server.script({ hang: true });
    const life = new AbortController();
    const transport = createTransport(new URL(server.url), {
      timeoutMs: 60_000,
      maxBodyBytes: 1024,
      signal: life.signal,
    });
    const pending = transport.send(GET);
    await new Promise((resolve) => setTimeout(resolve, 100));
    life.abort();
    expect(await pending).toEqual({ kind: 'failure', cause: 'network', mayHaveReachedServer: true });
    transport.close();
  });
});
