import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { startSimulator } from '../../electron/simulator/server';
import {
  get,
  ShiftsPageStrictSchema,
  CoverageRequestsPageStrictSchema,
  ScheduleEnvelopeStrictSchema,
  type ScheduleStrictSchema,
} from './helpers';

const SCHEDULE_IDS = ['sch_platform_primary', 'sch_payments_us', 'sch_data_tokyo'];
// Ordinary days, the days around both 2026 DST changes in Europe and the US, and the real clock.
const NOWS = [
  '2026-03-04T12:00:00Z',
  '2026-03-08T05:30:00Z',
  '2026-03-28T23:00:00Z',
  '2026-10-25T00:30:00Z',
  '2026-11-01T05:00:00Z',
  '2026-12-31T23:59:59Z',
  new Date().toISOString(),
];

describe('the demo seed', () => {
  it.each(NOWS)('looks live and keeps its promises at %s', async (now) => {
    const sim = await startSimulator({ now });
    try {
      expect(sim.apiKey).toBe('ocs_demo_k1');
      expect(sim.state.userForKey('ocs_demo_k1')?.email).toBe('alice@example.com');
      const schedules: [string, z.infer<typeof ScheduleStrictSchema>][] = [];
      for (const id of SCHEDULE_IDS) {
        schedules.push([id, ScheduleEnvelopeStrictSchema.parse((await get(sim, `/schedules/${id}`)).json).schedule]);
      }
      expect(new Set(schedules.map(([, s]) => s.time_zone))).toEqual(
        new Set(['Europe/Berlin', 'America/New_York', 'Asia/Tokyo']),
      );
      expect(schedules.some(([, s]) => s.layers.length === 2)).toBe(true);
      expect(schedules.some(([, s]) => s.layers.some((l) => l.concurrent_oncall_users === 2))).toBe(true);
      const users = new Map(schedules.flatMap(([, s]) => s.users.map((u) => [u.id, u] as const)));
      expect(users.size).toBeGreaterThanOrEqual(8);
      expect([...users.values()].some((u) => u.time_zone === undefined)).toBe(true);
      expect(new Set(schedules.flatMap(([, s]) => s.teams.map((t) => t.id))).size).toBeGreaterThanOrEqual(2);
      for (const [, s] of schedules) expect(s.current_oncall_shift).toBeTruthy();

      // Alice is on call at some point within the next day.
      const nowMs = Date.parse(now);
      const window = `from=${new Date(nowMs).toISOString()}&to=${new Date(nowMs + 86_400_000).toISOString()}&clip_to_interval=true`;
      let aliceOnCall = false;
      for (const id of SCHEDULE_IDS) {
        const page = ShiftsPageStrictSchema.parse((await get(sim, `/schedules/${id}/shifts/?${window}`)).json);
        aliceOnCall ||= page.shifts.some((shift) => shift.users.some((u) => u.id === 'usr_alice'));
      }
      expect(aliceOnCall).toBe(true);

      const coverage = CoverageRequestsPageStrictSchema.parse((await get(sim, '/user/coverage_requests/')).json);
      const pending = coverage.coverage_requests.filter((c) => c.status === 'pending');
      expect(new Set(pending.flatMap((c) => c.shifts.map((s) => s.schedule_reference.id))).size).toBeGreaterThanOrEqual(
        2,
      );
      expect(pending.some((c) => c.user.id !== 'usr_alice')).toBe(true);
      expect(pending.some((c) => c.user.id === 'usr_alice')).toBe(true);
    } finally {
      await sim.close();
    }
  });
});
