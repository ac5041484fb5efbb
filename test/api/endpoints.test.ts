import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OncallClient } from '../../electron/api/client-types';
import { API_KEY, coverageRequest, meta, override, schedule, shift, testClient, user } from './support/fixtures';
import { startScriptServer, type RecordedRequest, type ScriptServer } from './support/script-server';

let server: ScriptServer;
let client: OncallClient;

beforeEach(async () => {
  server = await startScriptServer();
  client = testClient(server.url).client;
});
afterEach(async () => {
  client.close();
  await server.close();
});

function only(): RecordedRequest {
  expect(server.requests).toHaveLength(1);
  const request = server.requests[0];
  if (!request) throw new Error('no request recorded');
  return request;
}

function expectReadHeaders(request: RecordedRequest): void {
  expect(request.headers['x-api-key']).toBe(API_KEY);
  expect(request.headers['accept']).toBe('application/json');
  expect(request.headers['content-type']).toBeUndefined();
  expect(request.body).toBe('');
}

function expectJsonBody(request: RecordedRequest, body: unknown): void {
  expect(request.headers['x-api-key']).toBe(API_KEY);
  expect(request.headers['accept']).toBe('application/json');
  expect(request.headers['content-type']).toBe('application/json');
  expect(JSON.parse(request.body)).toEqual(body);
}

describe('each endpoint sends the exact method, path, headers and body of the spec', () => {
  it('get schedule: GET /schedules/{id} and returns the schedule', async () => {
    server.script({ status: 200, json: { schedule: schedule() } });
    const result = await client.getSchedule('sch_primary');
    const request = only();
    expect([request.method, request.target]).toEqual(['GET', '/schedules/sch_primary']);
    expectReadHeaders(request);
    expect(result.ok && result.value.current_oncall_shift?.users[0]?.email).toBe('user1@example.com');
  });

  it('list shifts: GET /schedules/{id}/shifts/ with from, to, per_page, page, clip_to_interval', async () => {
    server.script({
      status: 200,
      json: { shifts: [shift('2026-03-02T08:00:00Z', '2026-03-09T08:00:00Z')], meta: meta(1, 2, 10) },
    });
    const from = '2026-03-01T00:00:00Z';
    const to = '2026-03-31T00:00:00.000Z';
    const result = await client.listShifts('sch_primary', { from, to, per_page: 10, page: 2, clip_to_interval: true });
    const request = only();
    expect([request.method, request.path]).toEqual(['GET', '/schedules/sch_primary/shifts/']);
    expect(request.target).toBe(
      '/schedules/sch_primary/shifts/?from=2026-03-01T00%3A00%3A00Z&to=2026-03-31T00%3A00%3A00.000Z&per_page=10&page=2&clip_to_interval=true',
    );
    expect(Object.fromEntries(request.query)).toEqual({
      from,
      to,
      per_page: '10',
      page: '2',
      clip_to_interval: 'true',
    });
    expectReadHeaders(request);
    expect(result.ok && result.value.meta).toEqual(meta(1, 2, 10));
  });

  it('list shifts leaves out optional query parameters that were not given, and sends clip_to_interval=false', async () => {
    server.script(
      { status: 200, json: { shifts: [], meta: meta(0, 1, 20) } },
      { status: 200, json: { shifts: [], meta: meta(0, 1, 20) } },
    );
    await client.listShifts('sch_primary', { from: '2026-03-01T00:00:00Z', to: '2026-03-02T00:00:00Z' });
    await client.listShifts('sch_primary', {
      from: '2026-03-01T00:00:00Z',
      to: '2026-03-02T00:00:00Z',
      clip_to_interval: false,
    });
    expect([...(server.requests[0]?.query.keys() ?? [])]).toEqual(['from', 'to']);
    expect(server.requests[1]?.query.get('clip_to_interval')).toBe('false');
  });

  it('create override: POST /schedules/{id}/overrides/ with the JSON body', async () => {
    server.script({ status: 201, json: { override: override() } });
    const input = {
      start: '2026-03-03T10:00:00Z',
      end: '2026-03-03T12:00:00Z',
      user_references: [{ type: 'email' as const, value: 'user2@example.com' }],
    };
    const result = await client.createOverride('sch_primary', input);
    const request = only();
    expect([request.method, request.target]).toEqual(['POST', '/schedules/sch_primary/overrides/']);
    expectJsonBody(request, input);
    expect(result).toEqual({ ok: true, value: override() });
  });

  it('get override: GET /schedules/{id}/overrides/{override_id}', async () => {
    server.script({ status: 200, json: { override: override() } });
    const result = await client.getOverride('sch_primary', 'ovr_1');
    const request = only();
    expect([request.method, request.target]).toEqual(['GET', '/schedules/sch_primary/overrides/ovr_1']);
    expectReadHeaders(request);
    expect(result.ok && result.value.id).toBe('ovr_1');
  });

  it('list coverage requests: GET /user/coverage_requests/ with per_page and page', async () => {
    server.script({ status: 200, json: { coverage_requests: [coverageRequest(1)], meta: meta(1, 1, 5) } });
    const result = await client.listCoverageRequests({ per_page: 5, page: 1 });
    const request = only();
    expect([request.method, request.target]).toEqual(['GET', '/user/coverage_requests/?per_page=5&page=1']);
    expectReadHeaders(request);
    const first = result.ok ? result.value.coverage_requests[0] : undefined;
    expect(first?.ok && first.request.shifts[0]?.schedule_reference.id).toBe('sch_primary');
  });

  it('list coverage requests without parameters sends no query string', async () => {
    server.script({ status: 200, json: { coverage_requests: [], meta: meta(0, 1, 20) } });
    await client.listCoverageRequests();
    expect(only().target).toBe('/user/coverage_requests/');
  });

  it('put chat user group: PUT /schedules/{id}/chat_user_group/ with the JSON body', async () => {
    const input = { name: 'Platform on-call', handle: 'platform-oncall', description: 'Who is on call' };
    server.script({ status: 200, json: { user_group: { id: 'S0123', ...input } } });
    const result = await client.putChatUserGroup('sch_primary', input);
    const request = only();
    expect([request.method, request.target]).toEqual(['PUT', '/schedules/sch_primary/chat_user_group/']);
    expectJsonBody(request, input);
    expect(result).toEqual({ ok: true, value: { id: 'S0123', ...input } });
  });

  it('update team: PATCH /teams/{id} with only the given fields', async () => {
    server.script({ status: 200, json: { team: { id: 'tea_platform', name: 'Platform', description: 'New text' } } });
    const result = await client.updateTeam('tea_platform', { description: 'New text' });
    const request = only();
    expect([request.method, request.target]).toEqual(['PATCH', '/teams/tea_platform']);
    expectJsonBody(request, { description: 'New text' });
    expect(result.ok && result.value.description).toBe('New text');
  });

  it('drops unknown input fields instead of sending them', async () => {
    server.script({ status: 200, json: { team: { id: 'tea_platform', name: 'Ops', description: '' } } });
    const input = { name: 'Ops', secret: 'x' };
    await client.updateTeam('tea_platform', input);
    expect(JSON.parse(only().body)).toEqual({ name: 'Ops' });
  });

  it('keeps a path prefix of the base URL', async () => {
    const prefixed = testClient(`${server.url}/api/v2/`).client;
    server.script({ status: 200, json: { schedule: schedule() } });
    await prefixed.getSchedule('sch_primary');
    prefixed.close();
    expect(only().target).toBe('/api/v2/schedules/sch_primary');
  });
});

describe('responses are parsed tolerantly where the spec is open', () => {
  it('tolerates unknown extra fields at every level and does not pass them on', async () => {
    const body = { schedule: { ...schedule(), brand_new: 1, users: [user(1, { avatar: 'x' })] }, request_id: 'r1' };
    server.script({ status: 200, json: body });
    const result = await client.getSchedule('sch_primary');
    expect(result.ok).toBe(true);
    expect(result.ok && Object.keys(result.value)).not.toContain('brand_new');
    expect(result.ok && result.value.users?.[0]).toEqual(user(1));
  });

  it('accepts a user without the optional time_zone', async () => {
    const { time_zone: _omitted, ...noZone } = user(3);
    server.script({ status: 200, json: { override: { ...override(), users: [noZone] } } });
    const result = await client.getOverride('sch_primary', 'ovr_1');
    expect(result.ok && result.value.users[0]?.time_zone).toBeUndefined();
    expect(result.ok && result.value.users[0]?.id).toBe('usr_3');
  });
});
