import { describe, expect, it } from 'vitest';
import { type Shift } from '../../electron/api/schemas';
import { baseSeed, BOB_KEY, call, get, withSimulator, ScheduleEnvelopeStrictSchema } from './helpers';
import { anyText } from '../support/matchers';

const parseSchedule = (json: unknown) => ScheduleEnvelopeStrictSchema.parse(json).schedule;
const who = (shift: Shift | null | undefined) =>
  shift && [shift.start, shift.end, shift.users.map((u) => u.id).join('+')];
const UTC_NO_MILLIS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

describe('GET /schedules/{id}', () => {
  it('returns the schedule of spec 2.2 field for field, with users expanded and UTC timestamps', async () => {
    const seed = baseSeed();
    seed.schedules[0]!.overrides = [
      { id: 'ovr_seeded', start: '2026-03-20T00:00:00Z', end: '2026-03-21T00:00:00Z', user_ids: ['usr_dave'] },
    ];
    await withSimulator(seed, async (sim) => {
      const res = await get(sim, '/schedules/sch_primary');
      expect(res.status).toBe(200);
      const raw = res.json;
      expect(Object.keys((raw as { schedule: object }).schedule).sort()).toEqual([
        'current_oncall_shift',
        'current_revision',
        'current_revision_valid_from',
        'description',
        'layers',
        'name',
        'next_oncall_shift',
        'teams',
        'time_zone',
        'users',
      ]);
      const s = parseSchedule(raw);
      expect([s.name, s.description, s.time_zone, s.current_revision]).toEqual([
        'Platform primary',
        'First line',
        'Europe/Berlin',
        1,
      ]);
      expect(s.current_revision_valid_from).toBe('2026-03-04T12:00:00Z');
      expect(s.layers).toHaveLength(1);
      expect(Object.keys(s.layers[0]!).sort()).toEqual([
        'concurrent_oncall_users',
        'name',
        'restriction_intervals',
        'rotation_start',
        'shift_length',
        'users',
      ]);
      expect(s.layers[0]!.users.map((u) => u.email)).toEqual(['alice@example.com', 'bob@example.com']);
      expect(s.layers[0]!.shift_length).toEqual({ amount: 1, unit: 'weeks' });
      expect(who(s.current_oncall_shift)).toEqual(['2026-03-02T08:00:00Z', '2026-03-09T08:00:00Z', 'usr_alice']);
      expect(who(s.next_oncall_shift)).toEqual(['2026-03-09T08:00:00Z', '2026-03-16T08:00:00Z', 'usr_bob']);
      // users: the layers' users, then the overrides' users; Dave has no time zone and none is sent.
      expect(s.users.map((u) => u.id)).toEqual(['usr_alice', 'usr_bob', 'usr_dave']);
      expect(s.users[2]).not.toHaveProperty('time_zone');
      expect(s.users[0]).toEqual({
        id: 'usr_alice',
        name: 'Alice Doe',
        email: 'alice@example.com',
        time_zone: 'Europe/Berlin',
        role: 'owner',
        seat: 'member',
        chat_id: 'U_alice',
      });
      expect(s.teams).toEqual([{ id: 'tea_platform', name: 'Platform', description: 'Core platform' }]);
      const instants = JSON.stringify(raw).match(/"\d{4}-\d\d-\d\dT[^"]*"/g) ?? [];
      expect(instants.length).toBeGreaterThan(4);
      for (const instant of instants) expect(JSON.parse(instant)).toMatch(UTC_NO_MILLIS);
    });
  });

  it('follows an injected clock for the current and next shift', async () => {
    let fakeNowMs = Date.parse('2026-03-04T12:00:00Z');
    await withSimulator(
      baseSeed(),
      async (sim) => {
        expect(who(parseSchedule((await get(sim, '/schedules/sch_primary')).json).current_oncall_shift)?.[2]).toBe(
          'usr_alice',
        );
        fakeNowMs = Date.parse('2026-03-10T00:00:00Z');
        const later = parseSchedule((await get(sim, '/schedules/sch_primary')).json);
        expect(who(later.current_oncall_shift)?.[2]).toBe('usr_bob');
        expect(who(later.next_oncall_shift)).toEqual(['2026-03-16T08:00:00Z', '2026-03-23T08:00:00Z', 'usr_alice']);
      },
      () => fakeNowMs,
    );
  });

  it('reports no current shift before the rotation starts', async () => {
    await withSimulator(
      baseSeed(),
      async (sim) => {
        const s = parseSchedule((await get(sim, '/schedules/sch_primary')).json);
        expect(s.current_oncall_shift).toBeNull();
        expect(who(s.next_oncall_shift)?.[0]).toBe('2026-03-02T08:00:00Z');
      },
      '2026-02-01T00:00:00Z',
    );
  });

  it('shows a new override in current and next, and increments the revision', async () => {
    await withSimulator(baseSeed(), async (sim) => {
      sim.clock.set('2026-03-04T12:30:00Z');
      const created = await call(sim, 'POST', '/schedules/sch_primary/overrides/', {
        body: {
          start: '2026-03-04T12:00:00Z',
          end: '2026-03-04T18:00:00Z',
          user_references: [{ type: 'email', value: 'carol@example.com' }],
        },
      });
      expect(created.status).toBe(201);
      const s = parseSchedule((await get(sim, '/schedules/sch_primary')).json);
      expect(who(s.current_oncall_shift)).toEqual(['2026-03-04T12:00:00Z', '2026-03-04T18:00:00Z', 'usr_carol']);
      expect(who(s.next_oncall_shift)).toEqual(['2026-03-04T18:00:00Z', '2026-03-09T08:00:00Z', 'usr_alice']);
      expect([s.current_revision, s.current_revision_valid_from]).toEqual([2, '2026-03-04T12:30:00Z']);
      expect(s.users.map((u) => u.id)).toContain('usr_carol');
    });
  });
});

describe('credentials and unknown addresses', () => {
  it('answers 401 with a message for a missing or unknown key, without echoing the key', async () => {
    await withSimulator(baseSeed(), async (sim) => {
      const missing = await get(sim, '/schedules/sch_primary', null);
      const unknown = await get(sim, '/schedules/sch_primary', 'ocs_wrong_key_123');
      expect([missing.status, unknown.status]).toEqual([401, 401]);
      expect(missing.json).toEqual({ message: anyText() });
      expect(JSON.stringify(unknown.json)).not.toContain('ocs_wrong_key_123');
      expect((await get(sim, '/schedules/sch_primary', BOB_KEY)).status).toBe(200);
    });
  });

  it('answers 404 for unknown ids and routes, including paths with the wrong trailing slash', async () => {
    await withSimulator(baseSeed(), async (sim) => {
      expect((await get(sim, '/schedules/sch_nope')).status).toBe(404);
      expect((await get(sim, '/schedules/sch_primary/')).status).toBe(404);
      expect(
        (await get(sim, '/schedules/sch_primary/shifts?from=2026-03-01T00:00:00Z&to=2026-03-02T00:00:00Z')).status,
      ).toBe(404);
      expect((await get(sim, '/user/coverage_requests')).status).toBe(404);
      expect((await call(sim, 'DELETE', '/schedules/sch_primary')).status).toBe(404);
      expect((await get(sim, '/nothing/here')).json).toEqual({ message: 'Not found' });
    });
  });
});
