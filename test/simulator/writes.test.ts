import { describe, expect, it } from 'vitest';
import { ChatUserGroupEnvelopeSchema, OverrideEnvelopeSchema, TeamEnvelopeSchema } from '../../electron/api/schemas';
import {
  baseSeed,
  call,
  errorFields,
  get,
  withSimulator,
  ShiftsPageStrictSchema,
  ScheduleEnvelopeStrictSchema,
} from './helpers';
import { textContaining, textMatching } from '../support/matchers';

const refs = (...emails: string[]) => emails.map((value) => ({ type: 'email', value }));
const overrideBody = (start: string, end: string, ...emails: string[]) => ({
  start,
  end,
  user_references: refs(...emails),
});

describe('POST /schedules/{id}/overrides/ and GET …/overrides/{id}', () => {
  it('stores an override, resolves e-mails to users, and reads it back', async () => {
    await withSimulator(baseSeed(), async (sim) => {
      const res = await call(sim, 'POST', '/schedules/sch_primary/overrides/', {
        body: overrideBody('2026-03-05T10:00:00Z', '2026-03-05T14:00:00Z', 'Carol@Example.com', 'dave@example.com'),
      });
      expect(res.status).toBe(201);
      const { override } = OverrideEnvelopeSchema.parse(res.json);
      expect(override.id).toMatch(/^ovr_[A-Za-z0-9]+$/);
      expect([override.start, override.end, override.users.map((u) => u.id)]).toEqual([
        '2026-03-05T10:00:00Z',
        '2026-03-05T14:00:00Z',
        ['usr_carol', 'usr_dave'],
      ]);
      const back = await get(sim, `/schedules/sch_primary/overrides/${override.id}`);
      expect([back.status, OverrideEnvelopeSchema.parse(back.json).override]).toEqual([200, override]);
      expect((await get(sim, '/schedules/sch_primary/overrides/ovr_unknown')).status).toBe(404);
    });
  });

  it('resolves an e-mail to whoever holds it now, after the service moved addresses (adv52 r47)', async () => {
    await withSimulator(baseSeed(), async (sim) => {
      const carol = sim.state.users.get('usr_carol');
      const dave = sim.state.users.get('usr_dave');
      if (!carol || !dave) throw new Error('seed without Carol and Dave');
      const old = carol.email;
      carol.email = 'carol.new@example.com';
      dave.email = old;
      const res = await call(sim, 'POST', '/schedules/sch_primary/overrides/', {
        body: overrideBody('2026-03-05T10:00:00Z', '2026-03-05T14:00:00Z', old, 'carol.new@example.com'),
      });
      const { override } = OverrideEnvelopeSchema.parse(res.json);
      expect(override.users.map((u) => u.id)).toEqual(['usr_dave', 'usr_carol']);
    });
  });

  it('answers 404 for an override asked for under another schedule', async () => {
    const seed = baseSeed();
    seed.schedules.push({ ...seed.schedules[0]!, id: 'sch_other', overrides: [] });
    await withSimulator(seed, async (sim) => {
      const created = await call(sim, 'POST', '/schedules/sch_primary/overrides/', {
        body: overrideBody('2026-03-05T10:00:00Z', '2026-03-05T14:00:00Z', 'bob@example.com'),
      });
      const { override } = OverrideEnvelopeSchema.parse(created.json);
      expect((await get(sim, `/schedules/sch_other/overrides/${override.id}`)).status).toBe(404);
    });
  });

  it('lets the override created last win where two overlap, each bumping the revision', async () => {
    await withSimulator(baseSeed(), async (sim) => {
      for (const [start, end, email] of [
        ['2026-03-05T08:00:00Z', '2026-03-05T16:00:00Z', 'carol@example.com'],
        ['2026-03-05T12:00:00Z', '2026-03-05T20:00:00Z', 'dave@example.com'],
      ] as const) {
        expect(
          (await call(sim, 'POST', '/schedules/sch_primary/overrides/', { body: overrideBody(start, end, email) }))
            .status,
        ).toBe(201);
      }
      const page = ShiftsPageStrictSchema.parse(
        (
          await get(
            sim,
            '/schedules/sch_primary/shifts/?from=2026-03-05T00:00:00Z&to=2026-03-06T00:00:00Z&clip_to_interval=true',
          )
        ).json,
      );
      expect(page.shifts.map((s) => [s.start, s.end, s.users.map((u) => u.id).join()])).toEqual([
        ['2026-03-05T00:00:00Z', '2026-03-05T08:00:00Z', 'usr_alice'],
        ['2026-03-05T08:00:00Z', '2026-03-05T12:00:00Z', 'usr_carol'],
        ['2026-03-05T12:00:00Z', '2026-03-05T20:00:00Z', 'usr_dave'],
        ['2026-03-05T20:00:00Z', '2026-03-06T00:00:00Z', 'usr_alice'],
      ]);
      const schedule = ScheduleEnvelopeStrictSchema.parse((await get(sim, '/schedules/sch_primary')).json).schedule;
      expect(schedule.current_revision).toBe(3);
    });
  });

  it('validates the body: 1 to 4 references, UTC instants, end after start, known e-mails, JSON', async () => {
    await withSimulator(baseSeed(), async (sim) => {
      const post = (body: unknown) => call(sim, 'POST', '/schedules/sch_primary/overrides/', { body });
      const [s, e] = ['2026-03-05T10:00:00Z', '2026-03-05T14:00:00Z'];
      const four = overrideBody(s, e, 'alice@example.com', 'bob@example.com', 'carol@example.com', 'dave@example.com');
      expect((await post(four)).status).toBe(201);
      const five = { ...four, user_references: [...four.user_references, ...refs('alice@example.com')] };
      const failures: [unknown, string[]][] = [
        [five, ['user_references']],
        [overrideBody(s, e), ['user_references']],
        [overrideBody('2026-03-05T11:00:00+01:00', e, 'bob@example.com'), ['start']],
        [overrideBody(e, s, 'bob@example.com'), ['end']],
        [
          { start: s, end: e, user_references: [{ type: 'user_id', value: 'bob@example.com' }] },
          ['user_references.0.type'],
        ],
        [overrideBody(s, e, 'bob@example.com', 'nobody@example.com'), ['user_references.1.value']],
      ];
      for (const [body, fields] of failures) {
        const res = await post(body);
        expect([res.status, errorFields(res.json)]).toEqual([422, fields]);
      }
      const unknownEmail = await post(overrideBody(s, e, 'nobody@example.com'));
      expect(unknownEmail.json).toMatchObject({ message: textContaining('nobody@example.com') });
      const schedule = ScheduleEnvelopeStrictSchema.parse((await get(sim, '/schedules/sch_primary')).json).schedule;
      expect(schedule.current_revision).toBe(2); // only the one valid override counted
      const notJson = await fetch(`${sim.url}/schedules/sch_primary/overrides/`, {
        method: 'POST',
        headers: { 'x-api-key': sim.apiKey, 'content-type': 'application/json' },
        body: '{nope',
      });
      const noType = await fetch(`${sim.url}/schedules/sch_primary/overrides/`, {
        method: 'POST',
        headers: { 'x-api-key': sim.apiKey },
        body: JSON.stringify(four),
      });
      expect([notJson.status, noType.status]).toEqual([400, 400]);
      expect((await call(sim, 'POST', '/schedules/sch_nope/overrides/', { body: four })).status).toBe(404);
    });
  });
});

describe('PUT /schedules/{id}/chat_user_group/', () => {
  it('creates the group, then replaces it keeping its id', async () => {
    await withSimulator(baseSeed(), async (sim) => {
      const put = (body: unknown) => call(sim, 'PUT', '/schedules/sch_primary/chat_user_group/', { body });
      const first = ChatUserGroupEnvelopeSchema.parse(
        (await put({ name: 'Platform on call', handle: 'platform-oncall', description: 'Pager' })).json,
      );
      expect(first.user_group).toEqual({
        id: textMatching(/^S0[0-9A-F]+$/),
        name: 'Platform on call',
        handle: 'platform-oncall',
        description: 'Pager',
      });
      const second = await put({ name: 'Primary', handle: 'primary' });
      expect([second.status, ChatUserGroupEnvelopeSchema.parse(second.json).user_group]).toEqual([
        200,
        { id: first.user_group.id, name: 'Primary', handle: 'primary' },
      ]);
    });
  });

  it('checks name and handle 1–60 and description ≤140 at and past their bounds', async () => {
    await withSimulator(baseSeed(), async (sim) => {
      const put = (body: unknown) => call(sim, 'PUT', '/schedules/sch_primary/chat_user_group/', { body });
      const x = (n: number) => 'x'.repeat(n);
      expect((await put({ name: x(1), handle: x(1) })).status).toBe(200);
      expect((await put({ name: x(60), handle: x(60), description: x(140) })).status).toBe(200);
      expect((await put({ name: x(60), handle: x(60), description: '' })).status).toBe(200);
      for (const [body, field] of [
        [{ name: '', handle: 'h' }, 'name'],
        [{ name: x(61), handle: 'h' }, 'name'],
        [{ name: 'n', handle: '' }, 'handle'],
        [{ name: 'n', handle: x(61) }, 'handle'],
        [{ name: 'n', handle: 'h', description: x(141) }, 'description'],
        [{ handle: 'h' }, 'name'],
      ] as const) {
        const res = await put(body);
        expect([res.status, errorFields(res.json)]).toEqual([422, [field]]);
      }
      expect(
        (await call(sim, 'PUT', '/schedules/sch_nope/chat_user_group/', { body: { name: 'n', handle: 'h' } })).status,
      ).toBe(404);
    });
  });
});

describe('PATCH /teams/{id}', () => {
  it('updates only the given fields, and the schedule shows the new team', async () => {
    await withSimulator(baseSeed(), async (sim) => {
      const patch = (body: unknown) => call(sim, 'PATCH', '/teams/tea_platform', { body });
      expect(TeamEnvelopeSchema.parse((await patch({ name: 'Platform SRE' })).json).team).toEqual({
        id: 'tea_platform',
        name: 'Platform SRE',
        description: 'Core platform',
      });
      expect(TeamEnvelopeSchema.parse((await patch({ description: '' })).json).team.description).toBe('');
      expect(TeamEnvelopeSchema.parse((await patch({})).json).team.name).toBe('Platform SRE');
      const schedule = ScheduleEnvelopeStrictSchema.parse((await get(sim, '/schedules/sch_primary')).json).schedule;
      expect(schedule.teams[0]?.name).toBe('Platform SRE');
    });
  });

  it('checks name 1–60 and description ≤200 at and past their bounds, and unknown teams', async () => {
    await withSimulator(baseSeed(), async (sim) => {
      const patch = (body: unknown) => call(sim, 'PATCH', '/teams/tea_platform', { body });
      expect((await patch({ name: 'x'.repeat(60), description: 'y'.repeat(200) })).status).toBe(200);
      for (const [body, field] of [
        [{ name: '' }, 'name'],
        [{ name: 'x'.repeat(61) }, 'name'],
        [{ description: 'y'.repeat(201) }, 'description'],
      ] as const) {
        const res = await patch(body);
        expect([res.status, errorFields(res.json)]).toEqual([422, [field]]);
      }
      expect((await call(sim, 'PATCH', '/teams/tea_nope', { body: { name: 'n' } })).status).toBe(404);
    });
  });
});
