// Every limit of spec section 8 at and just past its bound. Rejected calls must send nothing at all.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OncallClient } from '../../electron/api/client-types';
import type { ApiError, Result } from '../../electron/api/errors';
import { coverageRequest, meta, override, testClient } from './support/fixtures';
import { startScriptServer, type ScriptServer } from './support/script-server';

let server: ScriptServer;
let client: OncallClient;

beforeAll(async () => {
  server = await startScriptServer();
  client = testClient(server.url).client;
  // Any request that does get through is answered with a valid body, so "accepted" means sent and parsed.
  server.fallback((request) => {
    if (request.path.endsWith('/shifts/')) return { status: 200, json: { shifts: [], meta: meta(0, 1, 20) } };
    if (request.path.startsWith('/user/'))
      return { status: 200, json: { coverage_requests: [coverageRequest(1)], meta: meta(1, 1, 20) } };
    if (request.path.endsWith('/overrides/')) return { status: 201, json: { override: override() } };
    if (request.path.endsWith('/chat_user_group/'))
      return { status: 200, json: { user_group: { id: 'S1', name: 'n', handle: 'h' } } };
    return { status: 200, json: { team: { id: 'tea_1', name: 'n', description: '' } } };
  });
});
afterAll(async () => {
  client.close();
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
});

async function expectRejected(call: Promise<Result<unknown>>, fields: string[]): Promise<void> {
  const result = await call;
  expect(server.requests).toHaveLength(0);
  expect(result.ok).toBe(false);
  const error: ApiError | undefined = result.ok ? undefined : result.error;
  expect(error?.kind).toBe('validation');
  expect(error?.kind === 'validation' && error.problems.map((p) => p.field)).toEqual(fields);
  for (const field of fields) expect(error?.message).toContain(field);
}

async function expectSent(call: Promise<Result<unknown>>): Promise<void> {
  const result = await call;
  expect(result.ok).toBe(true);
  expect(server.requests).toHaveLength(1);
}

const window = { from: '2026-03-01T00:00:00Z', to: '2026-03-08T00:00:00Z' };
const ref = (n: number) => ({ type: 'email' as const, value: `user${n}@example.com` });
const refs = (count: number) => Array.from({ length: count }, (_, i) => ref(i + 1));
const overrideInput = { start: '2026-03-03T10:00:00Z', end: '2026-03-03T12:00:00Z', user_references: [ref(1)] };
const text = (length: number) => 'x'.repeat(length);

describe('per_page and page', () => {
  it.each([1, 100])('per_page %i is sent', async (perPage) => {
    await expectSent(client.listShifts('sch_a', { ...window, per_page: perPage }));
  });
  it.each([0, 101, 2.5])('per_page %s is refused', async (perPage) => {
    await expectRejected(client.listShifts('sch_a', { ...window, per_page: perPage }), ['per_page']);
  });
  it('page 1 is sent, page 0 is refused (both list endpoints)', async () => {
    await expectSent(client.listCoverageRequests({ page: 1 }));
    server.requests.length = 0;
    await expectRejected(client.listCoverageRequests({ page: 0 }), ['page']);
    await expectRejected(client.listShifts('sch_a', { ...window, page: 0 }), ['page']);
  });
  it('per_page 101 on coverage requests is refused, 100 is sent', async () => {
    await expectRejected(client.listCoverageRequests({ per_page: 101 }), ['per_page']);
    await expectSent(client.listCoverageRequests({ per_page: 100 }));
  });
});

describe('time windows', () => {
  it('from equal to to is refused; a window of one millisecond is sent', async () => {
    await expectRejected(client.listShifts('sch_a', { from: window.from, to: window.from }), ['to']);
    await expectSent(client.listShifts('sch_a', { from: window.from, to: '2026-03-01T00:00:00.001Z' }));
  });
  it('an override whose start is after its end is refused', async () => {
    await expectRejected(client.createOverride('sch_a', { ...overrideInput, end: '2026-03-03T09:00:00Z' }), ['end']);
    await expectRejected(client.createOverride('sch_a', { ...overrideInput, end: overrideInput.start }), ['end']);
  });
  it.each(['2026-03-01T01:00:00+01:00', '2026-03-01T00:00:00', '2026-03-01', 'yesterday'])(
    'a non-UTC or non-ISO instant %s is refused',
    async (instant) => {
      await expectRejected(client.listShifts('sch_a', { ...window, from: instant }), ['from']);
      await expectRejected(client.createOverride('sch_a', { ...overrideInput, start: instant }), ['start']);
    },
  );
});

describe('override user_references', () => {
  it.each([1, 4])('%i references are sent', async (count) => {
    await expectSent(client.createOverride('sch_a', { ...overrideInput, user_references: refs(count) }));
  });
  it.each([0, 5])('%i references are refused', async (count) => {
    await expectRejected(client.createOverride('sch_a', { ...overrideInput, user_references: refs(count) }), [
      'user_references',
    ]);
  });
  it('a reference that is not an e-mail address is named by its index', async () => {
    const input = { ...overrideInput, user_references: [ref(1), { type: 'email' as const, value: 'not-an-email' }] };
    await expectRejected(client.createOverride('sch_a', input), ['user_references.1.value']);
  });
});

describe('chat user group', () => {
  const group = { name: 'n', handle: 'h' };
  it('name and handle of 1 and 60 characters, description of 140, are sent', async () => {
    await expectSent(client.putChatUserGroup('sch_a', { name: text(1), handle: text(1) }));
    server.requests.length = 0;
    await expectSent(client.putChatUserGroup('sch_a', { name: text(60), handle: text(60), description: text(140) }));
  });
  it('empty or 61-character name and handle are refused, each field named', async () => {
    await expectRejected(client.putChatUserGroup('sch_a', { name: '', handle: '' }), ['name', 'handle']);
    await expectRejected(client.putChatUserGroup('sch_a', { name: text(61), handle: text(61) }), ['name', 'handle']);
  });
  it('a description of 141 characters is refused', async () => {
    await expectRejected(client.putChatUserGroup('sch_a', { ...group, description: text(141) }), ['description']);
  });
});

describe('team', () => {
  it('name of 1 and 60 characters and description of 200 are sent', async () => {
    await expectSent(client.updateTeam('tea_a', { name: text(1) }));
    server.requests.length = 0;
    await expectSent(client.updateTeam('tea_a', { name: text(60), description: text(200) }));
  });
  it('name of 0 or 61 characters and description of 201 are refused', async () => {
    await expectRejected(client.updateTeam('tea_a', { name: '' }), ['name']);
    await expectRejected(client.updateTeam('tea_a', { name: text(61), description: text(201) }), [
      'name',
      'description',
    ]);
  });
});

describe('path parameters', () => {
  it('ids that are empty, of the wrong kind, or would change the path are refused before sending', async () => {
    await expectRejected(client.getSchedule(''), ['schedule_id']);
    await expectRejected(client.getSchedule('../teams/tea_a'), ['schedule_id']);
    await expectRejected(client.getSchedule('sch_a/overrides'), ['schedule_id']);
    await expectRejected(client.getOverride('tea_a', 'sch_a'), ['schedule_id', 'override_id']);
    await expectRejected(client.updateTeam('sch_a', { name: 'x' }), ['team_id']);
  });
  it('a bad id and a bad body are reported together', async () => {
    await expectRejected(client.createOverride('nope', { ...overrideInput, user_references: [] }), [
      'schedule_id',
      'user_references',
    ]);
  });
  it('the listAll helpers validate their page bound', async () => {
    await expectRejected(client.listAllCoverageRequests(0), ['maxPages']);
    await expectRejected(client.listAllShifts('sch_a', window, 0), ['maxPages']);
  });
});
