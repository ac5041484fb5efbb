// Answers to writes that may hide an applied change (5xx, unreadable 2xx) are "outcome unknown", never "try
// again"; and what 422 bodies say (plain, field lists, RFC 9457 problem details) reaches the typed error.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiError, Result } from '../../electron/api/errors';
import { API_KEY, testClient } from './support/fixtures';
import { startScriptServer, type ScriptServer, type Step } from './support/script-server';

let server: ScriptServer;
beforeEach(async () => {
  server = await startScriptServer();
});
afterEach(async () => {
  await server.close();
});

const overrideInput = {
  start: '2026-03-03T10:00:00Z',
  end: '2026-03-03T12:00:00Z',
  user_references: [
    { type: 'email' as const, value: 'user1@example.com' },
    { type: 'email' as const, value: 'nobody@example.com' },
  ],
};

function failure(result: Result<unknown>): ApiError {
  if (result.ok) throw new Error('expected an error result');
  return result.error;
}

type Write = 'override' | 'team' | 'chat group';
async function write(which: Write, step: Step, options = {}): Promise<ApiError> {
  const { client } = testClient(server.url, options);
  server.script(step);
  const result =
    which === 'override'
      ? await client.createOverride('sch_a', overrideInput)
      : which === 'team'
        ? await client.updateTeam('tea_a', { name: 'Core' })
        : await client.putChatUserGroup('sch_a', { name: 'n', handle: 'h' });
  client.close();
  return failure(result);
}

const WRITES: Write[] = ['override', 'team', 'chat group'];
const UNKNOWN_ANSWERS: Array<[string, Step, 'server' | 'unreadable']> = [
  ['502 from a gateway', { status: 502, text: 'Bad Gateway' }, 'server'],
  [
    '504 from a gateway',
    { status: 504, text: '<html>Gateway Time-out</html>', headers: { 'content-type': 'text/html' } },
    'server',
  ],
  ['500', { status: 500, json: { message: 'boom' } }, 'server'],
  ['200 with a body that is not JSON', { status: 200, text: '{"override": {"id": "ovr_' }, 'unreadable'],
  ['201 with JSON of the wrong shape', { status: 201, json: { ok: true } }, 'unreadable'],
  ['a 303 redirect (not followed)', { status: 303, headers: { location: '/elsewhere' } }, 'unreadable'],
];

describe('answers that may hide an applied write', () => {
  for (const which of WRITES) {
    it.each(UNKNOWN_ANSWERS)(
      `${which}: %s is outcome unknown, sent once, and never says "try again"`,
      async (_name, step, cause) => {
        const error = await write(which, step);
        expect(error).toMatchObject({ kind: 'outcome_unknown', cause });
        expect(error.message).toMatch(/may or may not have been saved/);
        expect(error.message).not.toMatch(/try again/i);
        expect(server.requests).toHaveLength(1);
      },
    );
  }

  it('an answer too large to read is outcome unknown too', async () => {
    const error = await write('override', { status: 201, text: 'x'.repeat(4096) }, { maxBodyBytes: 1024 });
    expect(error).toMatchObject({ kind: 'outcome_unknown', cause: 'unreadable' });
  });

  it('a refusal (4xx) or rate limit is still a plain refusal: nothing was applied', async () => {
    expect((await write('team', { status: 409, json: { message: 'name taken' } })).kind).toBe('rejected');
    expect((await write('override', { status: 429 })).kind).toBe('rate_limited');
  });

  it('reads answered 502 stay transient server errors (and are retried)', async () => {
    const { client } = testClient(server.url, { maxTries: 2 });
    server.fallback(() => ({ status: 502, text: 'Bad Gateway' }));
    const result = await client.getSchedule('sch_a');
    client.close();
    expect(failure(result).kind).toBe('server');
    expect(server.requests).toHaveLength(2);
  });
});

describe('what a 422 says', () => {
  it.each<[string, Step, string, Array<{ field: string; message: string }>]>([
    [
      '{message, errors:[{field,message}]}',
      {
        status: 422,
        json: {
          message: 'Validation failed',
          errors: [{ field: 'user_references.1.value', message: 'is not a user' }],
        },
      },
      'Validation failed (user_references.1.value: is not a user)',
      [{ field: 'user_references.1.value', message: 'is not a user' }],
    ],
    [
      'problem details with a detail',
      {
        status: 422,
        json: { type: 'about:blank', title: 'Unprocessable', detail: 'The window overlaps a freeze', status: 422 },
        headers: { 'content-type': 'application/problem+json' },
      },
      'The window overlaps a freeze',
      [],
    ],
    [
      'problem details with only a title',
      {
        status: 422,
        json: { title: 'The override is too long' },
        headers: { 'content-type': 'application/problem+json' },
      },
      'The override is too long',
      [],
    ],
    [
      'problem details with errors given by JSON pointer',
      {
        status: 422,
        json: {
          title: 'Invalid request',
          detail: 'One field is invalid',
          errors: [{ pointer: '#/user_references/1/value', detail: 'no such user' }],
        },
        headers: { 'content-type': 'application/problem+json' },
      },
      'One field is invalid (user_references.1.value: no such user)',
      [{ field: 'user_references.1.value', message: 'no such user' }],
    ],
    [
      'problem details with invalid-params',
      {
        status: 422,
        json: { title: 'Invalid', 'invalid-params': [{ name: 'end', reason: 'must be after start' }] },
        headers: { 'content-type': 'application/problem+json' },
      },
      'end: must be after start',
      [{ field: 'end', message: 'must be after start' }],
    ],
  ])('from %s', async (_shape, step, text, problems) => {
    const error = await write('override', step);
    expect(error).toMatchObject({ kind: 'rejected', status: 422, serverMessage: text });
    expect(error.message).toContain(text);
    expect(error.kind === 'rejected' ? (error.problems ?? []) : undefined).toEqual(problems);
  });

  it('never carries the API key in a per-field problem, and keeps at most 20 of them', async () => {
    const errors = Array.from({ length: 50 }, (_, i) => ({
      field: `user_references.${i}.value`,
      message: `bad key ${API_KEY}`,
    }));
    const error = await write('override', { status: 422, json: { errors } });
    expect(JSON.stringify(error)).not.toContain(API_KEY);
    expect(error.kind === 'rejected' && error.problems?.length).toBe(20);
  });
});
