import { describe, expect, it } from 'vitest';
import { type CoverageRequest } from '../../electron/api/schemas';
import type { RunningSimulator } from '../../electron/simulator/server';
import { baseSeed, BOB_KEY, errorFields, get, withSimulator, CoverageRequestsPageStrictSchema } from './helpers';

function seedWithRequests() {
  const seed = baseSeed();
  const other = (id: string, userIds: string[]) => ({
    ...seed.schedules[0]!,
    id,
    name: id,
    overrides: [],
    layers: [{ ...seed.schedules[0]!.layers[0]!, user_ids: userIds }],
  });
  seed.schedules.push(other('sch_carol', ['usr_carol']), {
    ...other('sch_dave', ['usr_dave']),
    overrides: [
      { id: 'ovr_alice_helps', start: '2026-03-10T00:00:00Z', end: '2026-03-11T00:00:00Z', user_ids: ['usr_alice'] },
    ],
  });
  const request = (id: string, userId: string, scheduleIds: string[]) => ({
    id,
    user_id: userId,
    reason: `reason of ${id}`,
    status: 'pending',
    shifts: scheduleIds.map((scheduleId, i) => ({
      start: `2026-03-1${i}T08:00:00Z`,
      end: `2026-03-1${i}T16:00:00Z`,
      schedule_id: scheduleId,
    })),
  });
  seed.coverage_requests = [
    request('cov_alice_own', 'usr_alice', ['sch_carol']), // made by Alice on a schedule she is not on
    request('cov_bob_primary', 'usr_bob', ['sch_primary']), // on a schedule Alice rotates on
    request('cov_carol_alone', 'usr_carol', ['sch_carol']), // nothing to do with Alice
    request('cov_dave_mixed', 'usr_dave', ['sch_carol', 'sch_dave']), // Alice is on sch_dave by an override
  ];
  return seed;
}

async function list(sim: RunningSimulator, query = '', key?: string) {
  const res = await get(sim, `/user/coverage_requests/${query}`, key);
  expect(res.status).toBe(200);
  return CoverageRequestsPageStrictSchema.parse(res.json);
}
const ids = (requests: CoverageRequest[]) => requests.map((r) => r.id);

describe('GET /user/coverage_requests/', () => {
  it("lists the requests the key's user made and those on schedules the user is on", async () => {
    await withSimulator(seedWithRequests(), async (sim) => {
      const alice = await list(sim);
      expect(ids(alice.coverage_requests)).toEqual(['cov_alice_own', 'cov_bob_primary', 'cov_dave_mixed']);
      expect(alice.meta).toEqual({ total: 3, page: 1, per_page: 20 });
      const bobs = alice.coverage_requests[1]!;
      expect([bobs.user.id, bobs.reason, bobs.status]).toEqual(['usr_bob', 'reason of cov_bob_primary', 'pending']);
      expect(bobs.shifts).toEqual([
        {
          start: '2026-03-10T08:00:00Z',
          end: '2026-03-10T16:00:00Z',
          schedule_reference: { id: 'sch_primary', name: 'Platform primary' },
        },
      ]);
      expect(alice.coverage_requests[2]!.shifts.map((s) => s.schedule_reference.id)).toEqual(['sch_carol', 'sch_dave']);
      expect(ids((await list(sim, '', BOB_KEY)).coverage_requests)).toEqual(['cov_bob_primary']);
    });
  });

  it('pages consistently and checks per_page and page bounds', async () => {
    await withSimulator(seedWithRequests(), async (sim) => {
      const pages = await Promise.all([1, 2, 3, 4].map((page) => list(sim, `?per_page=1&page=${page}`)));
      expect(pages.map((p) => p.meta.total)).toEqual([3, 3, 3, 3]);
      expect(pages.flatMap((p) => ids(p.coverage_requests))).toEqual(
        ids((await list(sim, '?per_page=100')).coverage_requests),
      );
      expect(pages[3]!.coverage_requests).toEqual([]);
      for (const [query, field] of [
        ['?per_page=0', 'per_page'],
        ['?per_page=101', 'per_page'],
        ['?page=0', 'page'],
      ]) {
        const res = await get(sim, `/user/coverage_requests/${query}`);
        expect([res.status, errorFields(res.json)]).toEqual([422, [field]]);
      }
      expect((await get(sim, '/user/coverage_requests/', null)).status).toBe(401);
    });
  });

  it('drops requests whose only link to the user was a schedule that got deleted', async () => {
    await withSimulator(seedWithRequests(), async (sim) => {
      expect(sim.state.deleteSchedule('sch_primary')).toBe(true);
      expect(ids((await list(sim)).coverage_requests)).toEqual(['cov_alice_own', 'cov_dave_mixed']);
      expect((await get(sim, '/schedules/sch_primary')).status).toBe(404);
    });
  });
});
