// Keep-alive reuse per base URL, and which base URLs the key may be sent to.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkBaseUrl, isLoopbackHost } from '../../electron/api/base-url';
import { schedule, testClient } from './support/fixtures';
import { startScriptServer, type ScriptServer } from './support/script-server';

let server: ScriptServer;

beforeEach(async () => {
  server = await startScriptServer();
  server.fallback(() => ({ status: 200, json: { schedule: schedule() } }));
});
afterEach(async () => {
  await server.close();
});

describe('keep-alive', () => {
  it('consecutive requests of one client share one connection', async () => {
    const { client } = testClient(server.url);
    for (let i = 0; i < 4; i++) expect((await client.getSchedule('sch_a')).ok).toBe(true);
    server.script({ status: 200, json: { team: { id: 'tea_a', name: 'n', description: '' } } });
    expect((await client.updateTeam('tea_a', { name: 'n' })).ok).toBe(true);
    client.close();
    expect(server.requests).toHaveLength(5);
    expect(server.connections()).toBe(1);
    expect(new Set(server.requests.map((r) => r.connectionId))).toEqual(new Set([1]));
  });

  it('a reset connection is replaced by a new one for the retry', async () => {
    const { client } = testClient(server.url);
    server.script({ reset: true });
    expect((await client.getSchedule('sch_a')).ok).toBe(true);
    client.close();
    expect(server.connections()).toBe(2);
  });

  it('close() releases the kept-alive connection', async () => {
    const first = testClient(server.url).client;
    await first.getSchedule('sch_a');
    first.close();
    const second = testClient(server.url).client;
    await second.getSchedule('sch_a');
    second.close();
    expect(server.connections()).toBe(2);
  });
});

describe('base URL', () => {
  it.each(['http://example.com', 'http://10.0.0.5:8080', 'http://127.example.com'])(
    'plain http to a non-loopback host (%s) is refused on every call, without sending',
    async (baseUrl) => {
      const attempts: unknown[] = [];
      const { client } = testClient(baseUrl, { onRequest: (e) => attempts.push(e) });
      const result = await client.getSchedule('sch_a');
      const write = await client.updateTeam('tea_a', { name: 'n' });
      client.close();
      for (const r of [result, write]) {
        expect(r.ok || r.error).toMatchObject({ kind: 'validation', problems: [{ field: 'baseUrl' }] });
        expect(r.ok || r.error.message).toContain('https://');
      }
      expect(attempts).toEqual([]);
    },
  );

  it.each([
    'https://oncall.example.com',
    'https://oncall.example.com/api/',
    'http://127.0.0.1:4010',
    'http://localhost:4010',
    'http://[::1]:4010',
    'http://127.1.2.3',
  ])('%s is accepted', (baseUrl) => {
    expect(checkBaseUrl(baseUrl).ok).toBe(true);
  });

  it.each([
    '',
    'oncall.example.com',
    'ftp://oncall.example.com',
    'https://user:pw@oncall.example.com',
    'https://oncall.example.com/?x=1',
  ])('%s is refused with a reason', (baseUrl) => {
    const result = checkBaseUrl(baseUrl);
    expect(result.ok || result.error.problems[0]?.field).toBe('baseUrl');
  });

  it('an http loopback base URL really serves requests', async () => {
    const { client } = testClient(server.url);
    expect(server.url.startsWith('http://127.0.0.1:')).toBe(true);
    expect((await client.getSchedule('sch_a')).ok).toBe(true);
    client.close();
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('128.0.0.1')).toBe(false);
  });
});
