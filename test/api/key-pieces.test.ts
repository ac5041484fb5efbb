// Issue 19, case 3 at the client: no piece of the key (8 or more of its characters in a row, also split by
// whitespace, zero-width characters or line breaks) comes back from the client, whatever the service echoes and
// wherever: error bodies of every status, reads and writes, and the data of a successful answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OncallClient } from '../../electron/api/client-types';
import { createClient } from '../../electron/api/client';
import { scrubSecret } from '../../electron/api/scrub';
import { leaks } from './support/key-pieces';
import { startScriptServer, type ScriptServer, type Step } from './support/script-server';
import { schedule, user } from './support/fixtures';

const KEY = 'ocs_SECRET_CANARY_123';

/** The key as a hostile service may echo it. */
export const ECHOES: Record<string, string> = {
  whole: `key ${KEY} is not allowed here`,
  'split by a space': 'key ocs_SECRET _CANARY_123 is not allowed',
  'split by zero-width characters': 'key ocs_SEC\u200bRET_CAN\u200dARY_1\u2060\ufeff23 is not allowed',
  'split by line breaks': 'key ocs_SECRET\n_CANARY\r\n_123\u2028 is not allowed',
  'cut to its first 12 characters': `key ${KEY.slice(0, 12)}… is not allowed`,
  'a piece from its middle': `fragment ${KEY.slice(5, 14)} seen`,
  'in capitals': `KEY ${KEY.toUpperCase()} IS NOT ALLOWED`,
};

const BODIES: Record<string, (echo: string) => Step> = {
  '400 message': (echo) => ({ status: 400, json: { message: echo } }),
  '422 field errors': (echo) => ({ status: 422, json: { errors: [{ field: echo, message: echo }, echo] } }),
  '409 problem details': (echo) => ({
    status: 409,
    headers: { 'content-type': 'application/problem+json' },
    json: { title: echo, detail: echo },
  }),
  '400 plain text': (echo) => ({ status: 400, text: echo }),
  '401 body': (echo) => ({ status: 401, json: { message: echo } }),
  '403 body': (echo) => ({ status: 403, text: echo }),
  '404 body': (echo) => ({ status: 404, json: { error: echo } }),
  '429 body': (echo) => ({ status: 429, json: { error: { message: echo } } }),
  '500 body': (echo) => ({ status: 500, json: { message: echo } }),
  '503 body': (echo) => ({ status: 503, text: echo }),
  '200 that is not JSON': (echo) => ({ status: 200, text: `oops ${echo}` }),
  '200 whose shape is wrong': (echo) => ({ status: 200, json: { schedule: { [echo]: echo } } }),
};

let server: ScriptServer;
let client: OncallClient;
beforeAll(async () => {
  server = await startScriptServer();
  client = createClient({ baseUrl: server.url, getApiKey: () => KEY, maxTries: 1 });
});
afterAll(async () => {
  client.close();
  await server.close();
});

describe('no key piece comes back in an error', () => {
  for (const [echoName, echo] of Object.entries(ECHOES)) {
    it(`the key echoed ${echoName}, in every kind of error body, for reads and writes`, async () => {
      const found: string[] = [];
      for (const [bodyName, body] of Object.entries(BODIES)) {
        server.script(body(echo), body(echo));
        const read = await client.getSchedule('sch_a');
        const write = await client.updateTeam('tea_a', { name: 'Core' });
        found.push(...leaks(`${bodyName} read`, read, KEY), ...leaks(`${bodyName} write`, write, KEY));
      }
      expect(found).toEqual([]);
    });
  }
});

describe('no key piece comes back in the data of a successful answer', () => {
  it('names, descriptions and ids that echo the key are scrubbed; the rest of the data is kept', async () => {
    const echoed = Object.values(ECHOES);
    const people = echoed.map((echo, i) => user(i + 1, { name: echo }));
    server.script({
      status: 200,
      json: { schedule: { ...schedule(), name: echoed[1], description: echoed.join(' | '), users: people } },
    });
    const result = await client.getSchedule('sch_a');
    expect(result.ok).toBe(true);
    expect(leaks('schedule', result, KEY)).toEqual([]);
    expect(result.ok && result.value.users?.map((u) => u.email)).toEqual(people.map((p) => p.email));
    expect(result.ok && result.value.name).toBe('key [redacted] is not allowed');
  });
});

describe('scrubSecret', () => {
  it('replaces a split run with one marker and keeps the text around it', () => {
    expect(scrubSecret('Key ocs_SECRET _CANARY_123 is read-only', KEY)).toBe('Key [redacted] is read-only');
    expect(scrubSecret('a\u200bocs_SECRET\r\n\u00ad_CANARY_123\u0301 b', KEY)).toBe('a\u200b[redacted]\u0301 b');
  });

  it('leaves runs shorter than 8 and ordinary text alone', () => {
    expect(scrubSecret('SECRET_ is 7 characters; Platform primary', KEY)).toBe(
      'SECRET_ is 7 characters; Platform primary',
    );
  });

  it('finds a key shorter than 8 characters whole, split or not', () => {
    expect(scrubSecret('got ocs_a b1 and ocs_a', 'ocs_ab1')).toBe('got [redacted] and ocs_a');
  });
});
