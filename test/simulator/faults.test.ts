import { request as httpRequest, Agent } from 'node:http';
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { startSimulator } from '../../electron/simulator/server';
import { baseSeed, call, get, withSimulator, ShiftsPageStrictSchema, ScheduleEnvelopeStrictSchema } from './helpers';

const SHIFTS = '/schedules/sch_primary/shifts/?from=2026-03-04T00:00:00Z&to=2026-03-05T00:00:00Z';
const overrideBody = {
  start: '2026-03-05T10:00:00Z',
  end: '2026-03-05T12:00:00Z',
  user_references: [{ type: 'email', value: 'bob@example.com' }],
};
const revision = async (sim: Parameters<typeof get>[0]) =>
  ScheduleEnvelopeStrictSchema.parse((await get(sim, '/schedules/sch_primary')).json).schedule.current_revision;

describe('fault injection', () => {
  it('answers an injected 429 with Retry-After for the given number of times, then serves normally', async () => {
    await withSimulator(baseSeed(), async (sim) => {
      sim.faults.set('getSchedule', { status: 429, retryAfter: '2', times: 2 });
      const first = await get(sim, '/schedules/sch_primary');
      expect([first.status, first.headers.get('retry-after')]).toEqual([429, '2']);
      expect((await get(sim, '/schedules/sch_primary')).status).toBe(429);
      expect((await get(sim, SHIFTS)).status).toBe(200); // other routes unaffected
      expect((await get(sim, '/schedules/sch_primary')).status).toBe(200);
      expect(sim.requests.count({ route: 'getSchedule', status: 429 })).toBe(2);
      expect(sim.requests.count({ route: 'getSchedule' })).toBe(3);
    });
  });

  it("applies '*' to every route, lets a route's own fault win, and clears", async () => {
    await withSimulator(baseSeed(), async (sim) => {
      sim.faults.set('*', { status: 503 });
      sim.faults.set('listShifts', { status: 500, body: 'upstream exploded' });
      expect((await get(sim, '/schedules/sch_primary')).status).toBe(503);
      const shifts = await get(sim, SHIFTS);
      expect([shifts.status, shifts.json, shifts.headers.get('content-type')]).toEqual([
        500,
        'upstream exploded',
        'text/plain; charset=utf-8',
      ]);
      sim.faults.clear('listShifts');
      expect((await get(sim, SHIFTS)).status).toBe(503);
      sim.faults.clear();
      expect((await get(sim, SHIFTS)).status).toBe(200);
    });
  });

  it('does not apply a write answered with an injected error status', async () => {
    await withSimulator(baseSeed(), async (sim) => {
      sim.faults.set('createOverride', { status: 500, times: 1 });
      expect((await call(sim, 'POST', '/schedules/sch_primary/overrides/', { body: overrideBody })).status).toBe(500);
      expect(await revision(sim)).toBe(1);
    });
  });

  it('a slow service (applyAfterMs): the write is answered with the fault at once and shows only that long after', async () => {
    await withSimulator(baseSeed(), async (sim) => {
      sim.faults.set('createOverride', { status: 502, applyAfterMs: 5_000, times: 1 });
      expect((await call(sim, 'POST', '/schedules/sch_primary/overrides/', { body: overrideBody })).status).toBe(502);
      expect(await revision(sim)).toBe(1);
      sim.clock.advance(4_999);
      expect(await revision(sim)).toBe(1);
      sim.clock.advance(1);
      expect(await revision(sim)).toBe(2); // applied by the first request served from then on
      expect(await revision(sim)).toBe(2); // once
      // Without a status it is a gateway that gave up (504); with reset, no answer at all.
      sim.faults.set('createOverride', { applyAfterMs: 1_000, times: 1 });
      expect((await call(sim, 'POST', '/schedules/sch_primary/overrides/', { body: overrideBody })).status).toBe(504);
      sim.faults.set('createOverride', { applyAfterMs: 1_000, reset: true, times: 1 });
      await expect(call(sim, 'POST', '/schedules/sch_primary/overrides/', { body: overrideBody })).rejects.toThrow();
      expect(await revision(sim)).toBe(2);
      sim.clock.advance(1_000);
      expect(await revision(sim)).toBe(4);
      // Reads are not slowed by it.
      sim.faults.set('*', { applyAfterMs: 60_000 });
      expect((await get(sim, SHIFTS)).status).toBe(200);
    });
  });

  it('resets the connection after applying the request, so a write may have happened without an answer', async () => {
    await withSimulator(baseSeed(), async (sim) => {
      sim.faults.set('createOverride', { reset: true, times: 1 });
      await expect(call(sim, 'POST', '/schedules/sch_primary/overrides/', { body: overrideBody })).rejects.toThrow();
      expect(await revision(sim)).toBe(2);
      expect(sim.requests.count({ route: 'createOverride', status: 'reset' })).toBe(1);
    });
  });

  it('sends truncated JSON, or a body that breaks the schema, on request', async () => {
    await withSimulator(baseSeed(), async (sim) => {
      sim.faults.set('getSchedule', { malformedJson: true, times: 1 });
      const malformed = await fetch(`${sim.url}/schedules/sch_primary`, { headers: { 'x-api-key': sim.apiKey } });
      expect(malformed.status).toBe(200);
      await expect(malformed.json()).rejects.toThrow();
      sim.faults.set('getSchedule', { badSchema: true, times: 1 });
      const broken = ScheduleEnvelopeStrictSchema.safeParse((await get(sim, '/schedules/sch_primary')).json);
      expect(broken.success ? [] : broken.error.issues.map((i) => i.path.join('.'))).toEqual(['schedule.name']);
      sim.faults.set('listShifts', { badSchema: true, times: 1 });
      expect(ShiftsPageStrictSchema.safeParse((await get(sim, SHIFTS)).json).success).toBe(false);
      expect(ShiftsPageStrictSchema.safeParse((await get(sim, SHIFTS)).json).success).toBe(true);
    });
  });

  it('leaves the fields named by `omit` out of the answer, and only those', async () => {
    await withSimulator(baseSeed(), async (sim) => {
      sim.faults.set('getSchedule', { omit: ['schedule.teams.0.id', 'schedule.no.such.field'], times: 1 });
      const omitted = (await get(sim, '/schedules/sch_primary')).json;
      const served = (await get(sim, '/schedules/sch_primary')).json;
      const { schedule } = z.object({ schedule: z.record(z.string(), z.unknown()) }).parse(served);
      expect(schedule.teams).toEqual([{ id: 'tea_platform', name: 'Platform', description: 'Core platform' }]);
      expect(omitted).toEqual({
        schedule: { ...schedule, teams: [{ name: 'Platform', description: 'Core platform' }] },
      });
    });
  });

  it('applies a fault with a path or query matcher only to the requests it matches, which alone consume its times', async () => {
    const seed = baseSeed();
    const other = { ...seed.schedules[0], id: 'sch_secondary', name: 'Platform secondary' };
    await withSimulator({ ...seed, schedules: [...seed.schedules, other] }, async (sim) => {
      sim.faults.set('*', { status: 500 });
      sim.faults.set('listShifts', { status: 503, pathIncludes: '/schedules/sch_secondary/', times: 1 });
      // Not matched: the '*' fault still applies; the matcher's `times` is not consumed.
      expect((await get(sim, SHIFTS)).status).toBe(500);
      expect((await get(sim, SHIFTS.replace('sch_primary', 'sch_secondary'))).status).toBe(503);
      expect((await get(sim, SHIFTS.replace('sch_primary', 'sch_secondary'))).status).toBe(500);
      sim.faults.clear();
      sim.faults.set('listShifts', { status: 503, query: { page: '2' } });
      expect((await get(sim, `${SHIFTS}&per_page=1`)).status).toBe(200);
      expect((await get(sim, `${SHIFTS}&per_page=1&page=2`)).status).toBe(503);
      expect((await get(sim, `${SHIFTS}&per_page=1&page=3`)).status).toBe(200);
      // Without a target (a caller that doesn't pass one), a fault with a matcher never applies.
      expect(sim.faults.take('listShifts')).toBeUndefined();
      expect(
        sim.faults.take('listShifts', { path: '/schedules/sch_primary/shifts/', query: new URLSearchParams('page=2') })
          ?.status,
      ).toBe(503);
    });
  });

  it('delays a route by its latency while other routes answer at once', async () => {
    await withSimulator(baseSeed(), async (sim) => {
      sim.faults.set('getSchedule', { latencyMs: 400 });
      const order: string[] = [];
      const slow = get(sim, '/schedules/sch_primary').then((r) => order.push(`schedule ${r.status}`));
      const fast = get(sim, SHIFTS).then((r) => order.push(`shifts ${r.status}`));
      await Promise.all([slow, fast]);
      expect(order).toEqual(['shifts 200', 'schedule 200']);
    });
  });
});

describe('runtime controls', () => {
  it('revokes a key, and adds one', async () => {
    await withSimulator(baseSeed(), async (sim) => {
      expect(sim.state.revokeKey(sim.apiKey)).toBe(true);
      expect((await get(sim, '/schedules/sch_primary')).status).toBe(401);
      expect(sim.state.addKey('ocs_new_key_for_carol', 'usr_carol')).toBe(true);
      expect((await get(sim, '/schedules/sch_primary', 'ocs_new_key_for_carol')).status).toBe(200);
    });
  });

  it('logs requests by route and status, without keys, and can clear the log', async () => {
    await withSimulator(baseSeed(), async (sim) => {
      await get(sim, '/schedules/sch_primary');
      await get(sim, '/schedules/sch_primary', null);
      await get(sim, '/nowhere');
      expect(sim.requests.all()).toEqual([
        { method: 'GET', route: 'getSchedule', path: '/schedules/sch_primary', status: 200 },
        { method: 'GET', route: 'getSchedule', path: '/schedules/sch_primary', status: 401 },
        { method: 'GET', route: null, path: '/nowhere', status: 404 },
      ]);
      sim.requests.clear();
      expect(sim.requests.count()).toBe(0);
    });
  });

  it('closes promptly even with a kept-alive connection open', async () => {
    const sim = await startSimulator({ seed: baseSeed(), now: '2026-03-04T12:00:00Z' });
    const agent = new Agent({ keepAlive: true });
    const socket = await new Promise<Socket | undefined>((resolve) => {
      let used: Socket | undefined;
      const req = httpRequest(
        `${sim.url}/schedules/sch_primary`,
        { agent, headers: { 'x-api-key': sim.apiKey } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(used));
        },
      );
      req.on('socket', (s) => (used = s));
      req.end();
    });
    if (!socket) throw new Error('no socket was used');
    expect(socket.destroyed).toBe(false);
    const socketClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    // Without closing idle connections, server.close() would wait out the 5 s keep-alive timeout.
    const outcome = await Promise.race([
      Promise.all([sim.close(), socketClosed]).then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still open'), 3_000)),
    ]);
    agent.destroy();
    expect(outcome).toBe('closed');
    await expect(fetch(`${sim.url}/schedules/sch_primary`)).rejects.toThrow();
  });
});
