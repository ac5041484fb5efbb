// Issue 47, adv47 r36 #3: a 429 whose Retry-After is 0, or an HTTP date already past, asks for no wait. Before, its
// sentence said "Try again in 0 s."; now it says "Try again now." (a loopback server, the client's clock fixed).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiError } from '../../electron/api/errors';
import { testClient } from './support/fixtures';
import { startScriptServer, type ScriptServer } from './support/script-server';

const NOW = Date.parse('2026-03-26T10:00:00Z');
let server: ScriptServer;
beforeEach(async () => void (server = await startScriptServer()));
afterEach(async () => server.close());

async function sentenceFor(retryAfter: string): Promise<ApiError> {
  const { client } = testClient(server.url, { maxTries: 1, now: () => NOW });
  server.script({ status: 429, headers: { 'retry-after': retryAfter } });
  const result = await client.getSchedule('sch_a');
  client.close();
  if (result.ok) throw new Error('expected a 429');
  return result.error;
}

describe('a 429 that asks for no wait', () => {
  it.each([
    ['0', '0 s'],
    ['an HTTP date an hour past', new Date(NOW - 3_600_000).toUTCString()],
    ['the HTTP date of now', new Date(NOW).toUTCString()],
  ])('Retry-After %s: "Try again now.", never a count of 0', async (_name, header) => {
    const value = header === '0 s' ? '0' : header;
    const error = await sentenceFor(value);
    expect(error.kind).toBe('rate_limited');
    expect(error.message).toBe('The service is busy (rate limited). Try again now.');
    expect(error.message).not.toMatch(/\b0 s\b/);
  });
});
