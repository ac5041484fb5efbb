// Reads are retried (backoff with full jitter, Retry-After honoured, at most 3 tries); writes are never re-sent
// once they may have reached the server. Sleeps are injected and recorded, never really waited for.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fullJitterMs, parseRetryAfterMs } from '../../electron/api/retry';
import { override, schedule, testClient } from './support/fixtures';
import { startScriptServer, type ScriptServer } from './support/script-server';

let server: ScriptServer;

beforeEach(async () => {
  server = await startScriptServer();
});
afterEach(async () => {
  await server.close();
});

const scheduleOk = { status: 200, json: { schedule: schedule() } };
const overrideInput = {
  start: '2026-03-03T10:00:00Z',
  end: '2026-03-03T12:00:00Z',
  user_references: [{ type: 'email' as const, value: 'user2@example.com' }],
};

describe('reads', () => {
  it('honour Retry-After in seconds, then succeed', async () => {
    const { client, sleeps } = testClient(server.url);
    server.script({ status: 429, headers: { 'retry-after': '2' } }, scheduleOk);
    const result = await client.getSchedule('sch_a');
    client.close();
    expect(result.ok).toBe(true);
    expect(sleeps).toEqual([2000]);
    expect(server.requests).toHaveLength(2);
  });

  it('honour Retry-After as an HTTP date, measured with the injected clock', async () => {
    const now = () => Date.parse('2026-03-02T10:00:00Z');
    const { client, sleeps } = testClient(server.url, { now });
    server.script({ status: 503, headers: { 'retry-after': 'Mon, 02 Mar 2026 10:00:07 GMT' } }, scheduleOk);
    const result = await client.getSchedule('sch_a');
    client.close();
    expect(result.ok).toBe(true);
    expect(sleeps).toEqual([7000]);
  });

  it('make at most 3 tries, backing off exponentially with full jitter in between', async () => {
    const events: unknown[] = [];
    const { client, sleeps } = testClient(server.url, { random: () => 0.5, onRequest: (e) => events.push(e) });
    server.fallback(() => ({ status: 500, text: 'boom' }));
    const result = await client.getSchedule('sch_a');
    client.close();
    expect(result.ok || result.error).toMatchObject({ kind: 'server', status: 500 });
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toEqual([125, 250]);
    expect(events).toEqual(Array(3).fill({ method: 'GET', path: '/schedules/sch_a', outcome: 500 }));
  });

  it('give the server’s Retry-After back instead of waiting when it is too long', async () => {
    const { client, sleeps } = testClient(server.url, { maxRetryWaitMs: 60_000 });
    server.script({ status: 429, headers: { 'retry-after': '3600' } });
    const result = await client.getSchedule('sch_a');
    client.close();
    expect(result.ok || result.error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 3_600_000 });
    expect(sleeps).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('are retried after a connection reset and after a timeout', async () => {
    const { client } = testClient(server.url, { timeoutMs: 300 });
    server.script({ reset: true }, { hang: true }, scheduleOk);
    const result = await client.getSchedule('sch_a');
    client.close();
    expect(result.ok).toBe(true);
    expect(server.requests).toHaveLength(3);
  });

  it('are not retried on errors that will not go away (404, 422, bad body)', async () => {
    const { client } = testClient(server.url);
    server.script({ status: 404 }, { status: 422, json: { message: 'no' } }, { status: 200, text: 'nope' });
    const kinds = [];
    for (let i = 0; i < 3; i++) {
      const result = await client.getSchedule('sch_a');
      kinds.push(result.ok ? 'ok' : result.error.kind);
    }
    client.close();
    expect(kinds).toEqual(['not_found', 'rejected', 'bad_response']);
    expect(server.requests).toHaveLength(3);
  });
});

describe('writes', () => {
  it('a POST that times out is not re-sent and its outcome is unknown', async () => {
    const { client, sleeps } = testClient(server.url, { timeoutMs: 300 });
    server.script({ hang: true });
    server.fallback(() => ({ status: 201, json: { override: override() } }));
    const result = await client.createOverride('sch_a', overrideInput);
    client.close();
    expect(result.ok || result.error).toMatchObject({ kind: 'outcome_unknown', cause: 'timeout' });
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('a POST whose connection is reset is not re-sent and its outcome is unknown', async () => {
    const { client } = testClient(server.url);
    server.script({ reset: true });
    server.fallback(() => ({ status: 201, json: { override: override() } }));
    const result = await client.createOverride('sch_a', overrideInput);
    client.close();
    expect(result.ok || result.error).toMatchObject({ kind: 'outcome_unknown', cause: 'network' });
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    // A 5xx may come from a gateway after the server applied the change, so its outcome is unknown.
    [503, 'outcome_unknown'],
    [429, 'rate_limited'],
  ])('PUT and PATCH answered %i are reported, not re-sent', async (status, kind) => {
    const { client, sleeps } = testClient(server.url);
    server.fallback(() => ({ status, headers: { 'retry-after': '1' } }));
    const put = await client.putChatUserGroup('sch_a', { name: 'n', handle: 'h' });
    const patch = await client.updateTeam('tea_a', { name: 'n' });
    client.close();
    expect([put.ok || put.error.kind, patch.ok || patch.error.kind]).toEqual([kind, kind]);
    expect(server.requests.map((r) => r.method)).toEqual(['PUT', 'PATCH']);
    expect(sleeps).toEqual([]);
  });

  it('a write that could not even connect is a plain network error (it never reached the server)', async () => {
    const spare = await startScriptServer();
    await spare.close();
    const { client, sleeps } = testClient(spare.url);
    const result = await client.createOverride('sch_a', overrideInput);
    client.close();
    expect(result.ok || result.error.kind).toBe('network');
    expect(sleeps).toHaveLength(2);
  });
});

describe('policy arithmetic', () => {
  it('reads Retry-After as seconds or an HTTP date; ignores anything else', () => {
    const now = Date.parse('2026-03-02T10:00:00Z');
    expect(parseRetryAfterMs('0', now)).toBe(0);
    expect(parseRetryAfterMs(' 120 ', now)).toBe(120_000);
    expect(parseRetryAfterMs('Mon, 02 Mar 2026 10:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfterMs('Mon, 02 Mar 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfterMs('-5', now)).toBeUndefined();
    expect(parseRetryAfterMs('soon', now)).toBeUndefined();
    expect(parseRetryAfterMs(undefined, now)).toBeUndefined();
  });

  it('full jitter stays below a doubling ceiling that is capped', () => {
    const policy = { backoffBaseMs: 100, backoffMaxMs: 1000, random: () => 0.999 };
    expect([1, 2, 3, 4, 5, 6].map((n) => fullJitterMs(n, policy))).toEqual([99, 199, 399, 799, 999, 999]);
    expect(fullJitterMs(3, { ...policy, random: () => 0 })).toBe(0);
  });
});
