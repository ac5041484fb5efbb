// Answers the spec allows are read; answers the app can't use are refused with the JSON path named.
// The spec marks few fields optional and says "which fields may be null: not shown", so a field the app never
// reads must not make a whole schedule (who is on call now) unreadable.
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiError, Result } from '../../electron/api/errors';
import { ScheduleSchema, type Schedule } from '../../electron/api/schemas';
import { coverageRequest, meta, schedule, shift, user } from './support/fixtures';
import { useScriptServer } from './support/script-rig';

const rig = useScriptServer();
beforeEach(() => {
  rig.server.requests.length = 0;
});

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got: ${result.error.message}`);
  return result.value;
}
function failure(result: Result<unknown>): ApiError {
  if (result.ok) throw new Error('expected an error');
  return result.error;
}

const without = (object: object, ...keys: string[]): Record<string, unknown> =>
  Object.fromEntries(Object.entries(object).filter(([k]) => !keys.includes(k)));

async function readSchedule(body: unknown) {
  rig.server.script({ status: 200, json: { schedule: body } });
  return rig.client.getSchedule('sch_a');
}

async function readCoverage(requests: unknown[]) {
  rig.server.script({ status: 200, json: { coverage_requests: requests, meta: meta(requests.length, 1, 20) } });
  return rig.client.listCoverageRequests();
}

/** A user carrying only what the app reads: id, name, e-mail. */
const bareUser = (n: number) => without(user(n), 'time_zone', 'role', 'seat', 'chat_id');

describe('a schedule with only what the app needs', () => {
  it('is read when description, layers, revision date, team descriptions and user extras are absent', async () => {
    const full = schedule();
    const bare = {
      ...without(
        full,
        'description',
        'layers',
        'current_revision_valid_from',
        'current_oncall_shift',
        'next_oncall_shift',
      ),
      users: [bareUser(1), bareUser(2)],
      teams: [{ id: 'tea_platform', name: 'Platform' }],
    };
    const s = value(await readSchedule(bare));
    expect(s.name).toBe('Platform primary');
    expect(s.users?.map((u) => u.email)).toEqual(['user1@example.com', 'user2@example.com']);
    expect(s.teams).toEqual([{ id: 'tea_platform', name: 'Platform', description: '' }]);
    expect(s.current_oncall_shift ?? null).toBeNull();
  });

  it.each([
    'description',
    'layers',
    'current_revision_valid_from',
    'current_oncall_shift',
    'next_oncall_shift',
    'teams',
  ])('is read when %s is null', async (field) => {
    const s = value(await readSchedule({ ...schedule(), [field]: null }));
    expect(s.current_revision).toBe(3);
  });

  it('is read when a layer has no restriction_intervals, and when user fields are null', async () => {
    const full = schedule();
    const layer = without(full.layers[0] ?? {}, 'restriction_intervals');
    const nullUser = { ...user(1), time_zone: null, role: null, seat: null, chat_id: null };
    const body = {
      ...full,
      layers: [layer],
      users: [nullUser],
      current_oncall_shift: { ...shift('2026-03-02T08:00:00Z', '2026-03-09T08:00:00Z'), users: [nullUser] },
    };
    const s = value(await readSchedule(body));
    expect(s.current_oncall_shift?.users[0]?.email).toBe('user1@example.com');
  });

  it('is re-read from the offline cache unchanged (normalising twice changes nothing)', async () => {
    const s = value(
      await readSchedule({
        ...schedule(),
        time_zone: 'Mars/Olympus',
        teams: [{ id: 'tea_x', name: 'X', description: null }],
      }),
    );
    expect(ScheduleSchema.parse(JSON.parse(JSON.stringify(s)))).toEqual(s);
  });
});

describe('schedule time zones', () => {
  it.each([
    ['an IANA zone', 'America/New_York', 'America/New_York'],
    ['a made-up zone', 'Mars/Olympus', null],
    ['an offset written as a name', '+02:00 Berlin', null],
    ['an empty string', '', null],
    ['a number', 5, null],
    ['null', null, null],
  ])('%s (%j) reads as %j (null = unknown, never shown raw)', async (_what, zone, expected) => {
    expect(value(await readSchedule({ ...schedule(), time_zone: zone })).time_zone).toBe(expected);
  });

  it('an absent zone reads as unknown', async () => {
    expect(value(await readSchedule(without(schedule(), 'time_zone'))).time_zone).toBeNull();
  });
});

describe('answers the app cannot use are refused, naming where', () => {
  it('a user without e-mail (the spec requires it, and the app matches you by it)', async () => {
    const path = '$.schedule.users[0].email';
    const error = failure(await readSchedule({ ...schedule(), users: [without(user(1), 'email')] }));
    expect(error).toMatchObject({ kind: 'bad_response', path });
    expect(error.message).toContain(path);
  });
});

describe('fields the spec does not require are read as unknown, never refusing the schedule', () => {
  it.each<[string, (s: ReturnType<typeof schedule>) => unknown, (s: Schedule) => unknown, unknown]>([
    ['no name (shown as its id)', (s) => without(s, 'name'), (s) => s.name, null],
    ['no revision (shifts re-read every time)', (s) => without(s, 'current_revision'), (s) => s.current_revision, null],
    ['no users (whether a request asks you is unknown)', (s) => without(s, 'users'), (s) => s.users, null],
    [
      'an unreadable current shift (only a fallback)',
      (s) => ({ ...s, current_oncall_shift: { ...s.current_oncall_shift, start: 'soon' } }),
      (s) => s.current_oncall_shift,
      undefined,
    ],
    ['a layer with none of its fields', (s) => ({ ...s, layers: [{}] }), (s) => s.layers.length, 1],
    [
      'a team without a name',
      (s) => ({ ...s, teams: [{ id: 'tea_x' }] }),
      (s) => s.teams,
      [{ id: 'tea_x', name: null, description: '' }],
    ],
    [
      'a team without an id (shown by name; it cannot be edited)',
      (s) => ({
        ...s,
        teams: [
          { name: 'Platform', description: 'Core' },
          { id: null, name: 'Data' },
        ],
      }),
      (s) => s.teams,
      [
        { id: null, name: 'Platform', description: 'Core' },
        { id: null, name: 'Data', description: '' },
      ],
    ],
  ])('%s', async (_what, breakIt, pick, expected) => {
    expect(pick(value(await readSchedule(breakIt(schedule()))))).toEqual(expected);
  });

  it('a coverage request without a status is counted as unreadable; the others are read', async () => {
    const page = value(await readCoverage([without(coverageRequest(1), 'status'), coverageRequest(2)]));
    expect(page.coverage_requests[0]).toEqual({
      ok: false,
      issue: { id: 'cov_1', requester: 'User 2', why: 'status is missing or unreadable' },
    });
    expect(page.coverage_requests[1]).toMatchObject({ ok: true, request: { id: 'cov_2' } });
  });
});

describe('coverage requests', () => {
  it('are read with a null reason and a requester carrying only id, name and e-mail', async () => {
    const page = value(await readCoverage([{ ...coverageRequest(1), reason: null, user: bareUser(2) }]));
    expect(page.coverage_requests[0]).toMatchObject({
      ok: true,
      request: { id: 'cov_1', reason: '', user: { name: 'User 2' } },
    });
  });

  it('count a request with a shift that ends at or before it starts as unreadable: never dropped, never shown backwards', async () => {
    const ref = { id: 'sch_primary', name: 'Platform primary' };
    const shifts = [
      { start: '2026-03-06T01:20:00Z', end: '2026-03-05T13:20:00Z', schedule_reference: ref },
      { start: '2026-03-05T13:20:00Z', end: '2026-03-05T13:20:00Z', schedule_reference: ref },
      { start: '2026-03-07T08:00:00Z', end: '2026-03-07T16:00:00Z', schedule_reference: ref },
    ];
    const page = value(await readCoverage([{ ...coverageRequest(1), shifts }, coverageRequest(2)]));
    expect(page.coverage_requests[0]).toEqual({
      ok: false,
      issue: { id: 'cov_1', requester: 'User 2', why: 'shifts.0 ends before it starts' },
    });
    // The other request of the page is read as usual.
    expect(page.coverage_requests[1]).toMatchObject({ ok: true, request: { id: 'cov_2' } });
  });
});

describe('chat user group', () => {
  it('a null description reads as none', async () => {
    rig.server.script({ status: 200, json: { user_group: { id: 'S1', name: 'n', handle: 'h', description: null } } });
    const group = value(await rig.client.putChatUserGroup('sch_a', { name: 'n', handle: 'h' }));
    expect(group).toEqual({ id: 'S1', name: 'n', handle: 'h' });
  });
});
