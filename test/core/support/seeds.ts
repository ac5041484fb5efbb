// Simulator seeds for core tests, in the normative seed format.

export const API_KEY = 'ocs_test_key_1';
export const ME = 'me@example.com';

/** The people of the seeds: me (Mia, in Berlin, the owner), Alice, Bob and Carol. */
export const SEED_USERS = {
  me: {
    id: 'usr_me',
    name: 'Mia Meyer',
    email: ME,
    time_zone: 'Europe/Berlin',
    role: 'owner',
    seat: 'member',
    chat_id: 'U00ME',
  },
  alice: {
    id: 'usr_alice',
    name: 'Alice Doe',
    email: 'alice@example.com',
    role: 'standard',
    seat: 'member',
    chat_id: 'U01',
  },
  bob: { id: 'usr_bob', name: 'Bob Stone', email: 'bob@example.com', role: 'standard', seat: 'member', chat_id: 'U02' },
  carol: {
    id: 'usr_carol',
    name: 'Carol Lee',
    email: 'carol@example.com',
    role: 'standard',
    seat: 'member',
    chat_id: 'U03',
  },
};
const users = [SEED_USERS.me, SEED_USERS.alice, SEED_USERS.bob, SEED_USERS.carol];

export interface ScheduleSpec {
  id: string;
  name: string;
  zone: string;
  rotationStart: string;
  userIds: string[];
  length: { amount: number; unit: 'hours' | 'days' | 'weeks' };
}

function schedule(spec: ScheduleSpec) {
  return {
    id: spec.id,
    name: spec.name,
    description: '',
    time_zone: spec.zone,
    team_ids: ['tea_core'],
    layers: [
      {
        name: 'Main',
        rotation_start: spec.rotationStart,
        concurrent_oncall_users: 1,
        user_ids: spec.userIds,
        shift_length: spec.length,
        restriction_intervals: [],
      },
    ],
  };
}

export function seedOf(schedules: ScheduleSpec[], coverage: object[] = []) {
  return {
    api_keys: [{ key: API_KEY, user_id: 'usr_me' }],
    users,
    teams: [{ id: 'tea_core', name: 'Core', description: 'Core team' }],
    schedules: schedules.map(schedule),
    coverage_requests: coverage,
  };
}

/** `n` schedules with daily handoffs at 09:00 UTC among Alice, Bob and Carol (I am on none): a quiet week. */
export function quietSeed(n: number) {
  return seedOf(
    Array.from({ length: n }, (_, i) => ({
      id: `sch_quiet_${i}`,
      name: `Quiet ${i}`,
      zone: 'Etc/UTC',
      rotationStart: '2026-03-01T09:00:00Z',
      userIds: ['usr_alice', 'usr_bob', 'usr_carol'],
      length: { amount: 1, unit: 'days' as const },
    })),
  );
}

/**
 * Three zones, handoffs of mine in each, over the Europe DST change of 2026-03-29 (02:00 → 03:00 in Berlin):
 * Berlin daily at 09:00 local (me every other day), New York daily at 08:00 local (me every third day),
 * Tokyo every 2 days at 10:00 local (me every other turn).
 */
export function threeZoneSeed() {
  return seedOf(
    [
      {
        id: 'sch_berlin',
        name: 'Berlin primary',
        zone: 'Europe/Berlin',
        rotationStart: '2026-03-20T08:00:00Z',
        userIds: ['usr_me', 'usr_alice'],
        length: { amount: 1, unit: 'days' },
      },
      {
        id: 'sch_newyork',
        name: 'New York payments',
        zone: 'America/New_York',
        rotationStart: '2026-03-20T12:00:00Z',
        userIds: ['usr_bob', 'usr_me', 'usr_carol'],
        length: { amount: 1, unit: 'days' },
      },
      {
        id: 'sch_tokyo',
        name: 'Tokyo data',
        zone: 'Asia/Tokyo',
        rotationStart: '2026-03-20T01:00:00Z',
        userIds: ['usr_carol', 'usr_me'],
        length: { amount: 2, unit: 'days' },
      },
    ],
    [
      {
        id: 'cov_bob_trip',
        user_id: 'usr_bob',
        reason: 'Trip',
        status: 'pending',
        shifts: [{ start: '2026-04-01T12:00:00Z', end: '2026-04-02T12:00:00Z', schedule_id: 'sch_newyork' }],
      },
    ],
  );
}

/** One schedule, "Ops" in UTC, eight-hour shifts from 01:00: Bob 01–09, me 09–17, Alice 17–01 (the hole tests). */
export const OPS_ID = 'sch_ops';
const OPS_SPEC: ScheduleSpec = {
  id: OPS_ID,
  name: 'Ops',
  zone: 'Etc/UTC',
  rotationStart: '2026-03-01T01:00:00Z',
  userIds: ['usr_bob', 'usr_me', 'usr_alice'],
  length: { amount: 8, unit: 'hours' },
};
export const opsSeed = seedOf([OPS_SPEC]);

/**
 * One schedule, "Night desk" in Berlin, eight-hour shifts from 02:00Z: me 02:00–10:00Z (03:00–11:00 Berlin in March,
 * CET), Alice 10:00–18:00Z, Bob 18:00–02:00Z (the quiet-hours tests).
 */
export const NIGHT_ID = 'sch_night';
export const nightDeskSeed = () =>
  seedOf([
    {
      id: NIGHT_ID,
      name: 'Night desk',
      zone: 'Europe/Berlin',
      rotationStart: '2026-03-01T02:00:00Z',
      userIds: ['usr_me', 'usr_alice', 'usr_bob'],
      length: { amount: 8, unit: 'hours' },
    },
  ]);

/** One schedule, "Platform" in UTC, daily at 09:00 between Alice and me: mine are 03-10 09:00 → 03-11 09:00, 03-12 → … */
export const PLATFORM_ID = 'sch_plat';
const PLATFORM_SPEC: ScheduleSpec = {
  id: PLATFORM_ID,
  name: 'Platform',
  zone: 'Etc/UTC',
  rotationStart: '2026-03-01T09:00:00Z',
  userIds: ['usr_alice', 'usr_me'],
  length: { amount: 1, unit: 'days' },
};
export const platformSeed = () => seedOf([PLATFORM_SPEC]);
/** Ops and Platform on one service: my Ops shift and my first Platform shift both start 03-10 09:00. */
export const opsPlatformSeed = () => seedOf([OPS_SPEC, PLATFORM_SPEC]);
/** The start of my first Platform shift in the tests' March. */
export const PLATFORM_MY_START = Date.parse('2026-03-10T09:00:00Z');
