// Issue 19, case 1 at the client: a client is bound to the (address, key) it was made with, and close() ends it
// at once: the request in flight is dropped, a page walk asks for no further page, a retry wait is cut short,
// and nothing is sent afterwards. The engine makes a new client when the address or the key changes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../electron/api/client';
import { meta, schedule, shift } from './support/fixtures';
import { firstEvent, gate, startGateServer, type GateServer, type WireEvent } from './support/gate-server';

const FIRST_KEY = 'ocs_first_key_AAAA1111';
const SECOND_KEY = 'ocs_second_key_BBBB2222';
const window = { from: '2026-01-01T00:00:00Z', to: '2026-12-31T00:00:00Z' };
const hour = (n: number): string => new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toISOString();

let log: WireEvent[];
let server: GateServer;
beforeEach(async () => {
  log = [];
  server = await startGateServer('A', log);
});
afterEach(async () => {
  await server.close();
});

/** Page `page` of 250 one-hour shifts. */
function shiftsPage(page: number) {
  const first = (page - 1) * 100;
  const shifts = Array.from({ length: Math.min(100, 250 - first) }, (_, i) =>
    shift(hour(first + i), hour(first + i + 1)),
  );
  return { status: 200, json: { shifts, meta: meta(250, page, 100) } };
}

/** Settles with the promise's value, or 'still waiting' after `ms` of real time. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | 'still waiting'> {
  return Promise.race([
    promise,
    new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms)),
  ]);
}

describe('a client is bound to the key it was made with', () => {
  it('sends that key even when the key source later says another', async () => {
    server.respond(() => ({ status: 200, json: { schedule: schedule() } }));
    let current = FIRST_KEY;
    const client = createClient({ baseUrl: server.url, getApiKey: () => current, maxTries: 1 });
    current = SECOND_KEY;
    const result = await client.getSchedule('sch_a');
    client.close();
    expect(result.ok).toBe(true);
    expect(
      server
        .events()
        .filter((e) => e.kind === 'request')
        .map((e) => e.apiKey),
    ).toEqual([FIRST_KEY]);
  });
});

describe('close() ends the client at once', () => {
  it('drops the request in flight: the caller gets its answer now and the server sees the request go', async () => {
    const held = gate();
    server.respond(async () => (await held.wait, { status: 200, json: { schedule: schedule() } }));
    const client = createClient({ baseUrl: server.url, getApiKey: () => FIRST_KEY, maxTries: 1 });
    const pending = client.getSchedule('sch_a');
    expect(await firstEvent(log, (e) => e.kind === 'request')).toBeDefined();
    client.close();
    const result = await within(pending, 1_000);
    expect(result !== 'still waiting' && !result.ok && result.error.kind).toBe('network');
    // The gate stays shut until the server saw the request go: opened earlier, the server could still answer it.
    expect(await firstEvent(log, (e) => e.kind === 'aborted')).toBeDefined();
    held.open();
  });

  it('asks for no further page of a walk', async () => {
    server.respond((e) => shiftsPage(Number(e.query.get('page'))));
    const client = createClient({ baseUrl: server.url, getApiKey: () => FIRST_KEY, maxTries: 1 });
    let pages = 0;
    // The walk calls onPage before asking for each page: closing there is a change between two pages.
    const result = await client.listAllShifts('sch_a', window, 50, () => {
      pages += 1;
      if (pages === 2) client.close();
    });
    expect(result.ok).toBe(false);
    expect(
      server
        .events()
        .filter((e) => e.kind === 'request')
        .map((e) => e.query.get('page')),
    ).toEqual(['1']);
  });

  it('cuts a retry wait short and sends no retry', async () => {
    server.respond(() => ({ status: 503, headers: { 'retry-after': '3' }, json: { message: 'busy' } }));
    const client = createClient({ baseUrl: server.url, getApiKey: () => FIRST_KEY, maxTries: 3 });
    const pending = client.getSchedule('sch_a');
    expect(await firstEvent(log, (e) => e.kind === 'answered')).toBeDefined();
    client.close();
    const result = await within(pending, 1_000);
    expect(result).not.toBe('still waiting');
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(server.events().filter((e) => e.kind === 'request')).toHaveLength(1);
  }, 10_000);

  it('sends nothing once closed', async () => {
    server.respond(() => ({ status: 200, json: { schedule: schedule() } }));
    const client = createClient({ baseUrl: server.url, getApiKey: () => FIRST_KEY, maxTries: 1 });
    client.close();
    const result = await client.getSchedule('sch_a');
    expect(result.ok).toBe(false);
    expect(server.events()).toEqual([]);
  });
});

describe('many requests in flight at once', () => {
  it('put no "possible memory leak" warning in the log: each lets go of the client when it settles', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error): void => void warnings.push(w.name);
    process.on('warning', onWarning);
    const held = gate();
    let seen = 0;
    server.respond(async () => (seen++, await held.wait, { status: 200, json: { schedule: schedule() } }));
    const client = createClient({ baseUrl: server.url, getApiKey: () => FIRST_KEY, maxTries: 1 });
    const pending = Array.from({ length: 16 }, (_, i) => client.getSchedule(`sch_${i}`));
    // The agent sends a few at a time; the others wait for a socket, each already listening for the close.
    while (seen === 0) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 20));
    held.open();
    const results = await Promise.all(pending);
    client.close();
    // Node reports the warning on the next turn.
    await new Promise((r) => setImmediate(r));
    process.off('warning', onWarning);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(warnings).toEqual([]);
  });
});
