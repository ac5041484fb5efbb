// Each error class of the closed union, the server-message body shapes, and that the API key never leaks.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeError, isTransientError } from '../../electron/api/error-mapping';
import type { ApiError, Result } from '../../electron/api/errors';
import { fromApiError } from '../../electron/core/actions/common';
import { API_KEY, schedule, testClient } from './support/fixtures';
import { startScriptServer, type ScriptServer, type Step } from './support/script-server';

let server: ScriptServer;

beforeEach(async () => {
  server = await startScriptServer();
});
afterEach(async () => {
  await server.close();
});

function failure(result: Result<unknown>): ApiError {
  if (result.ok) throw new Error('expected an error result');
  return result.error;
}

/** The error a single attempt at GET /schedules/sch_a produces when the server answers with `step`. */
async function errorFor(step: Step, options = {}): Promise<ApiError> {
  const { client } = testClient(server.url, { maxTries: 1, ...options });
  server.script(step);
  const result = await client.getSchedule('sch_a');
  client.close();
  return failure(result);
}

async function closedPortUrl(): Promise<string> {
  const spare = await startScriptServer();
  await spare.close();
  return spare.url;
}

describe('status codes map to the closed union', () => {
  it.each([
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [429, 'rate_limited'],
    [500, 'server'],
    [503, 'server'],
  ])('HTTP %i is %s, with a message for the user', async (status, kind) => {
    const error = await errorFor({ status, json: { message: 'x' } });
    expect(error.kind).toBe(kind);
    expect(error.message.length).toBeGreaterThan(10);
  });

  it.each([400, 409, 422])('HTTP %i is rejected and carries the status', async (status) => {
    const error = await errorFor({ status, text: '' });
    expect(error).toMatchObject({ kind: 'rejected', status, serverMessage: undefined });
    expect(error.message).toContain(String(status));
  });

  it('429 carries Retry-After in milliseconds', async () => {
    const error = await errorFor({ status: 429, headers: { 'retry-after': '42' } });
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 42_000 });
    expect(error.message).toContain('42 s');
  });

  it('429 keeps the service’s own words (one line, controls out) beside the app’s sentence', async () => {
    const error = await errorFor({ status: 429, json: { message: 'Slow\n down, \u202eZZQ' } });
    expect(error).toMatchObject({ kind: 'rate_limited', serverMessage: 'Slow down, ZZQ' });
  });

  it('429 says a long wait in minutes, and an absurd one as "later"', async () => {
    expect((await errorFor({ status: 429, headers: { 'retry-after': '600' } })).message).toContain(
      'Try again in 10 min.',
    );
    expect((await errorFor({ status: 429, headers: { 'retry-after': '86400' } })).message).toContain(
      'Try again later.',
    );
  });

  it('a redirect is not followed (the key must not travel elsewhere) and is a bad response', async () => {
    const error = await errorFor({ status: 302, headers: { location: 'http://example.com/' } });
    expect(error.kind).toBe('bad_response');
    expect(server.requests).toHaveLength(1);
  });
});

describe("the server's own message is shown for rejected requests", () => {
  it.each<[string, Step, string]>([
    [
      '{message}',
      { status: 422, json: { message: 'Override overlaps a freeze window' } },
      'Override overlaps a freeze window',
    ],
    [
      '{error}',
      { status: 400, json: { error: 'Unknown e-mail nobody@example.com' } },
      'Unknown e-mail nobody@example.com',
    ],
    [
      '{errors:[{field,message}|string]}',
      {
        status: 422,
        json: { errors: [{ field: 'per_page', message: 'must be between 1 and 100' }, 'page is too large'] },
      },
      'per_page: must be between 1 and 100; page is too large',
    ],
    ['plain text', { status: 409, text: '  Team name already taken\n' }, 'Team name already taken'],
  ])('from a %s body', async (_shape, step, expected) => {
    const error = await errorFor(step);
    expect(error).toMatchObject({ kind: 'rejected', serverMessage: expected });
    expect(error.message).toContain(expected);
  });

  // adv48 round 2 (minor c): one format for the service's words, whatever the status (as 403 and 429 say them).
  it.each([409, 422])('a %i says them as the service said: “…”, after the sentence', async (status) => {
    const error = await errorFor({ status, json: { message: 'Overlaps a freeze' } });
    expect(error.message).toBe(
      `The service rejected the request (HTTP ${status}). The service said: “Overlaps a freeze”`,
    );
    const forbidden = await errorFor({ status: 403, json: { message: 'Read-only key' } });
    expect(fromApiError(forbidden).error.message).toBe(
      'This API key is not allowed to do that. The service said: “Read-only key”',
    );
    expect(fromApiError(error).error.message).toBe(error.message);
  });

  // Adversarial round 9 (issue 48): the summary was dropped when a list came with it; both are the service's words.
  it('from the summary and the field list when a body has both', async () => {
    const error = await errorFor({
      status: 422,
      json: { message: 'Validation failed', errors: [{ field: 'name', message: 'is taken' }] },
    });
    expect(error).toMatchObject({ kind: 'rejected', serverMessage: 'Validation failed (name: is taken)' });
  });

  it('from an HTML error page: its visible text', async () => {
    const error = await errorFor({
      status: 400,
      text: '<html><body>Bad Request</body></html>',
      headers: { 'content-type': 'text/html' },
    });
    expect(error).toMatchObject({ kind: 'rejected', serverMessage: 'Bad Request' });
  });

  it('a very long server message is cut short', async () => {
    const error = await errorFor({ status: 422, json: { message: 'y'.repeat(5000) } });
    expect(error.kind === 'rejected' && error.serverMessage?.length).toBeLessThanOrEqual(300);
  });
});

describe('bad responses', () => {
  it('a success body that is not JSON', async () => {
    const error = await errorFor({ status: 200, text: 'OK' });
    expect(error.kind).toBe('bad_response');
    expect(error.kind === 'bad_response' && error.path).toBeUndefined();
    expect(error.message).toContain('not JSON');
  });

  it('a schema mismatch names the first bad JSON path', async () => {
    const broken = schedule();
    const body = { schedule: { ...broken, users: [{ ...broken.users[0], email: 42 }] } };
    const error = await errorFor({ status: 200, json: body });
    expect(error).toMatchObject({ kind: 'bad_response', path: '$.schedule.users[0].email' });
    expect(error.message).toContain('$.schedule.users[0].email');
  });

  it('a missing envelope is named at the root', async () => {
    const error = await errorFor({ status: 200, json: schedule() });
    expect(error).toMatchObject({ kind: 'bad_response', path: '$.schedule' });
  });

  it('an oversized body is refused', async () => {
    const error = await errorFor({ status: 200, text: 'z'.repeat(4096) }, { maxBodyBytes: 1024 });
    expect(error.kind).toBe('bad_response');
  });
});

describe('network and timeout', () => {
  it('a refused connection is a network error after the retries', async () => {
    const { client, sleeps } = testClient(await closedPortUrl());
    const error = failure(await client.getSchedule('sch_a'));
    client.close();
    expect(error.kind).toBe('network');
    expect(sleeps).toHaveLength(2);
  });

  it('a server that never answers is a timeout', async () => {
    const error = await errorFor({ hang: true }, { timeoutMs: 200 });
    expect(error.kind).toBe('timeout');
  });

  it('transient kinds are the ones a sync loop may simply retry later', () => {
    const kinds: ApiError[] = [
      { kind: 'network', message: 'm' },
      { kind: 'not_found', message: 'm' },
      { kind: 'server', message: 'm', status: 502 },
    ];
    expect(kinds.map(isTransientError)).toEqual([true, false, true]);
    expect(describeError({ kind: 'forbidden', message: 'No access.' })).toBe('No access.');
  });
});

describe('API key', () => {
  it('a missing key is unauthorized and nothing is sent', async () => {
    for (const getApiKey of [() => undefined, () => '', async () => '   ']) {
      const { client } = testClient(server.url, { getApiKey });
      const error = failure(await client.getSchedule('sch_a'));
      client.close();
      expect(error.kind).toBe('unauthorized');
    }
    expect(server.requests).toHaveLength(0);
  });

  it('a key store that throws is unauthorized and its text is not repeated', async () => {
    const getApiKey = (): string => {
      throw new Error(`keychain said ${API_KEY}`);
    };
    const { client } = testClient(server.url, { getApiKey });
    const error = failure(await client.getSchedule('sch_a'));
    client.close();
    expect(error.kind).toBe('unauthorized');
    expect(JSON.stringify(error)).not.toContain(API_KEY);
    expect(server.requests).toHaveLength(0);
  });

  it('a key with a line break is refused without sending', async () => {
    const { client } = testClient(server.url, { getApiKey: () => 'ocs_abc\r\nx-evil: 1' });
    const error = failure(await client.getSchedule('sch_a'));
    client.close();
    expect(error.kind).toBe('unauthorized');
    expect(server.requests).toHaveLength(0);
  });

  it('never appears in any error, even when the server echoes it back', async () => {
    const echoes: Step[] = [
      { status: 401, json: { message: `bad key ${API_KEY}` } },
      { status: 403, text: API_KEY },
      { status: 404, text: API_KEY },
      { status: 422, json: { errors: [{ field: API_KEY, message: API_KEY }] } },
      { status: 400, text: `key ${API_KEY} rejected` },
      { status: 429, json: { error: API_KEY } },
      { status: 500, text: API_KEY },
      { status: 200, text: `not json ${API_KEY}` },
      { status: 200, json: { schedule: { name: API_KEY, users: [{ id: API_KEY }] } } },
      { hang: true },
      { reset: true },
    ];
    const seen: unknown[] = [];
    for (const step of echoes) {
      const error = await errorFor(step, { timeoutMs: 200, onRequest: (event: unknown) => seen.push(event) });
      expect(JSON.stringify(error)).not.toContain(API_KEY);
      expect(describeError(error)).not.toContain(API_KEY);
    }
    const { client } = testClient(server.url, { onRequest: (event) => seen.push(event) });
    server.script({ reset: true });
    const write = failure(await client.updateTeam('tea_a', { name: API_KEY }));
    client.close();
    expect(write.kind).toBe('outcome_unknown');
    expect(JSON.stringify(write)).not.toContain(API_KEY);
    expect(JSON.stringify(seen)).not.toContain(API_KEY);
    expect(server.requests.every((r) => !r.target.includes(API_KEY))).toBe(true);
  });
});
