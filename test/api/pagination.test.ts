// listAllShifts / listAllCoverageRequests walk pages of 100, stop at total or an empty page, and are bounded;
// a server that sends the same page again is caught at once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startScriptServer, type RecordedRequest, type ScriptServer } from './support/script-server';
import { DEFAULT_MAX_PAGES, ENDLESS_LIST_PATH } from '../../electron/api/pagination';
import { coverageRequest, meta, shift, testClient } from './support/fixtures';

let server: ScriptServer;

beforeEach(async () => {
  server = await startScriptServer();
});
afterEach(async () => {
  await server.close();
});

const window = { from: '2026-01-01T00:00:00Z', to: '2026-12-31T00:00:00Z', clip_to_interval: true };
const hour = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toISOString();

/** Page `page` of a well-behaved list of `total` consecutive one-hour shifts. */
function shiftsPage(total: number, page: number, perPage: number) {
  const first = (page - 1) * perPage;
  const count = Math.max(0, Math.min(perPage, total - first));
  const shifts = Array.from({ length: count }, (_, i) => shift(hour(first + i), hour(first + i + 1)));
  return { status: 200, json: { shifts, meta: meta(total, page, perPage) } };
}

function honestShifts(total: number) {
  return (request: RecordedRequest) =>
    shiftsPage(total, Number(request.query.get('page')), Number(request.query.get('per_page')));
}

describe('listAllShifts', () => {
  it('concatenates every page in order, asking for 100 per page, and stops at total', async () => {
    server.fallback(honestShifts(250));
    const { client } = testClient(server.url);
    const result = await client.listAllShifts('sch_a', window);
    client.close();
    expect(result.ok && result.value.shifts.map((s) => s.start)).toEqual(
      Array.from({ length: 250 }, (_, i) => hour(i)),
    );
    expect(result.ok && result.value.holes).toEqual([]);
    expect(
      server.requests.map((r) => [r.query.get('page'), r.query.get('per_page'), r.query.get('clip_to_interval')]),
    ).toEqual([
      ['1', '100', 'true'],
      ['2', '100', 'true'],
      ['3', '100', 'true'],
    ]);
    expect(server.requests.every((r) => r.query.get('from') === window.from && r.query.get('to') === window.to)).toBe(
      true,
    );
  });

  it('makes a single request when the first page holds everything, even an empty list', async () => {
    server.fallback(honestShifts(0));
    const { client } = testClient(server.url);
    const result = await client.listAllShifts('sch_a', window);
    client.close();
    expect(result).toEqual({ ok: true, value: { shifts: [], holes: [] } });
    expect(server.requests).toHaveLength(1);
  });

  it('fails, naming how much it read, when an empty page comes before the total (a short list is never taken as all)', async () => {
    const honest = honestShifts(120);
    server.fallback((request) => {
      const answer = honest(request);
      return { ...answer, json: { ...answer.json, meta: { ...answer.json.meta, total: 9999 } } };
    });
    const { client } = testClient(server.url);
    const result = await client.listAllShifts('sch_a', window);
    client.close();
    expect(result).toMatchObject({ ok: false, error: { kind: 'bad_response' } });
    expect(!result.ok && result.error.message).toContain('stopped short (120 of 9999 items)');
    expect(server.requests).toHaveLength(3);
  });

  it('gives up after maxPages against a server whose every new page says there are more, and says so', async () => {
    server.fallback((request) => {
      const page = Number(request.query.get('page'));
      // A different full page every time, and a total always one page ahead.
      return shiftsPage(page * 100 + 1, page, 100);
    });
    const { client } = testClient(server.url);
    let pagesAskedFor = 0;
    const result = await client.listAllShifts('sch_a', window, 7, () => pagesAskedFor++);
    client.close();
    expect(result.ok || result.error).toMatchObject({ kind: 'bad_response', path: ENDLESS_LIST_PATH });
    expect(result.ok || result.error.message).toMatch(/never ended.*try again later/);
    expect(server.requests).toHaveLength(7);
    expect(pagesAskedFor).toBe(7);
  });

  it('stops at the second page when the server sends the same page again (it ignores `page`)', async () => {
    server.fallback(() => ({
      status: 200,
      json: { shifts: [shift(hour(0), hour(1))], meta: meta(1_000_000, 1, 100) },
    }));
    const { client } = testClient(server.url);
    const result = await client.listAllShifts('sch_a', window);
    client.close();
    expect(result.ok || result.error).toMatchObject({ kind: 'bad_response', path: ENDLESS_LIST_PATH });
    expect(server.requests).toHaveLength(2);
  });

  it('returns the error of a failing page', async () => {
    server.script(shiftsPage(150, 1, 100));
    server.fallback(() => ({ status: 404 }));
    const { client } = testClient(server.url);
    const result = await client.listAllShifts('sch_a', window);
    client.close();
    expect(result.ok || result.error.kind).toBe('not_found');
  });
});

describe('listAllCoverageRequests', () => {
  it('walks pages of 100 until total', async () => {
    server.fallback((request) => {
      const page = Number(request.query.get('page'));
      const count = page === 1 ? 100 : page === 2 ? 5 : 0;
      const items = Array.from({ length: count }, (_, i) => coverageRequest((page - 1) * 100 + i));
      return { status: 200, json: { coverage_requests: items, meta: meta(105, page, 100) } };
    });
    const { client } = testClient(server.url);
    const result = await client.listAllCoverageRequests();
    client.close();
    expect(result.ok && result.value.requests.map((c) => c.id)).toEqual(
      Array.from({ length: 105 }, (_, i) => `cov_${i}`),
    );
    expect(server.requests.map((r) => r.target)).toEqual([
      '/user/coverage_requests/?per_page=100&page=1',
      '/user/coverage_requests/?per_page=100&page=2',
    ]);
  });

  it('is bounded by default against a server that lies about total with ever new pages', async () => {
    server.fallback((request) => {
      const page = Number(request.query.get('page'));
      return { status: 200, json: { coverage_requests: [coverageRequest(page)], meta: meta(1_000_000, page, 100) } };
    });
    const { client } = testClient(server.url);
    const result = await client.listAllCoverageRequests();
    client.close();
    expect(result.ok || result.error.kind).toBe('bad_response');
    expect(server.requests).toHaveLength(DEFAULT_MAX_PAGES);
  });

  it('costs two requests, not the bound, against a server that ignores page', async () => {
    server.fallback(() => ({
      status: 200,
      json: { coverage_requests: [coverageRequest(1)], meta: meta(1_000_000, 1, 100) },
    }));
    const { client } = testClient(server.url);
    const result = await client.listAllCoverageRequests();
    client.close();
    expect(result.ok || result.error.kind).toBe('bad_response');
    expect(server.requests).toHaveLength(2);
  });
});
