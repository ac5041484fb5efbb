// Seeds generated in code for the benchmarks: N schedules in a few zones, with a bench user who is on call
// now and then (so reminders and near-handoff cadence run in the week-long section) or never (idle budget).

export const BENCH_KEY = 'ocs_bench_key';
export const BENCH_EMAIL = 'bench@example.com';

const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'Etc/UTC', 'Australia/Sydney'];

function user(i: number) {
  return {
    id: `usr_b${i}`,
    name: `Person ${i}`,
    email: `p${i}@example.com`,
    role: 'standard',
    seat: 'member',
    chat_id: `U${i}`,
  };
}

export interface BenchSeedOptions {
  schedules: number;
  /** Whether the bench user takes turns on every schedule (otherwise nobody who runs the bench is on call). */
  includeMe: boolean;
  /** Shift length in hours (8 gives 42 segments per schedule over 14 days). */
  shiftHours: number;
}

export function benchSeed(o: BenchSeedOptions) {
  const people = Array.from({ length: 8 }, (_, i) => user(i));
  const me = {
    id: 'usr_bench',
    name: 'Bench User',
    email: BENCH_EMAIL,
    role: 'owner',
    seat: 'member',
    chat_id: 'UBENCH',
  };
  const schedules = Array.from({ length: o.schedules }, (_, i) => {
    const rotation = [0, 1, 2, 3].map((k) => people[(i + k) % people.length]?.id ?? 'usr_b0');
    if (o.includeMe) rotation.splice(i % 4, 0, me.id);
    return {
      id: `sch_bench_${i}`,
      name: `Bench ${i}`,
      description: '',
      time_zone: ZONES[i % ZONES.length] ?? 'Etc/UTC',
      team_ids: ['tea_bench'],
      layers: [
        {
          name: 'Main',
          rotation_start: `now-P30DT${i % 24}H`,
          concurrent_oncall_users: 1 + (i % 2),
          user_ids: rotation,
          shift_length: { amount: o.shiftHours, unit: 'hours' },
          restriction_intervals: [],
        },
      ],
    };
  });
  return {
    api_keys: [{ key: BENCH_KEY, user_id: 'usr_bench' }],
    users: [me, ...people],
    teams: [{ id: 'tea_bench', name: 'Bench', description: '' }],
    schedules,
    coverage_requests: [
      {
        id: 'cov_bench',
        user_id: 'usr_b1',
        reason: 'Bench',
        status: 'pending',
        shifts: [{ start: 'now+P2D', end: 'now+P3D', schedule_id: 'sch_bench_0' }],
      },
    ],
  };
}
