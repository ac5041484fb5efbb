import { describe, expect, it } from 'vitest';
import { type Shift } from '../../electron/api/schemas';
import type { RunningSimulator } from '../../electron/simulator/server';
import { baseSeed, errorFields, get, withSimulator, ShiftsPageStrictSchema } from './helpers';
import { anyText } from '../support/matchers';

const rows = (shifts: Shift[]) => shifts.map((s) => [s.start, s.end, s.users.map((u) => u.id).join('+')]);

async function shifts(sim: RunningSimulator, query: string, scheduleId = 'sch_primary') {
  const res = await get(sim, `/schedules/${scheduleId}/shifts/?${query}`);
  expect(res.status).toBe(200);
  return ShiftsPageStrictSchema.parse(res.json);
}

/** The base seed plus a daily New York schedule with three people: many short shifts for paging. */
function seedWithDaily() {
  const seed = baseSeed();
  seed.schedules.push({
    id: 'sch_daily',
    name: 'Daily NY',
    description: '',
    time_zone: 'America/New_York',
    team_ids: [],
    layers: [
      {
        name: 'Daily',
        rotation_start: '2026-01-01T14:00:00Z',
        concurrent_oncall_users: 1,
        user_ids: ['usr_alice', 'usr_bob', 'usr_carol'],
        shift_length: { amount: 1, unit: 'days' },
        restriction_intervals: [],
      },
    ],
    overrides: [],
  });
  return seed;
}

describe('GET /schedules/{id}/shifts/', () => {
  it('lists segments overlapping the window in order, unclipped by default and clipped on request', async () => {
    await withSimulator(baseSeed(), async (sim) => {
      const window = 'from=2026-03-04T00:00:00Z&to=2026-03-20T00:00:00Z';
      const page = await shifts(sim, window);
      expect(rows(page.shifts)).toEqual([
        ['2026-03-02T08:00:00Z', '2026-03-09T08:00:00Z', 'usr_alice'],
        ['2026-03-09T08:00:00Z', '2026-03-16T08:00:00Z', 'usr_bob'],
        ['2026-03-16T08:00:00Z', '2026-03-23T08:00:00Z', 'usr_alice'],
      ]);
      expect(page.meta).toEqual({ total: 3, page: 1, per_page: 20 });
      const clipped = await shifts(sim, `${window}&clip_to_interval=true`);
      expect(rows(clipped.shifts).map((r) => [r[0], r[1]])).toEqual([
        ['2026-03-04T00:00:00Z', '2026-03-09T08:00:00Z'],
        ['2026-03-09T08:00:00Z', '2026-03-16T08:00:00Z'],
        ['2026-03-16T08:00:00Z', '2026-03-20T00:00:00Z'],
      ]);
      expect(rows((await shifts(sim, `${window}&clip_to_interval=false`)).shifts)).toEqual(rows(page.shifts));
    });
  });

  it('keeps the Monday 09:00 Berlin handoff across the March DST change over HTTP', async () => {
    await withSimulator(baseSeed(), async (sim) => {
      const page = await shifts(sim, 'from=2026-03-23T12:00:00Z&to=2026-04-07T00:00:00Z');
      expect(page.shifts.map((s) => s.start)).toEqual([
        '2026-03-23T08:00:00Z',
        '2026-03-30T07:00:00Z',
        '2026-04-06T07:00:00Z',
      ]);
    });
  });

  it('pages consistently: pages concatenated equal the whole list, and the total is stable', async () => {
    await withSimulator(seedWithDaily(), async (sim) => {
      const window = 'from=2026-02-01T00:00:00Z&to=2026-04-15T00:00:00Z';
      const whole = await shifts(sim, `${window}&per_page=100`, 'sch_daily');
      expect(whole.meta.total).toBe(whole.shifts.length);
      expect(whole.shifts.length).toBeGreaterThan(70);
      const collected: Shift[] = [];
      for (let page = 1; ; page++) {
        const next = await shifts(sim, `${window}&per_page=7&page=${page}`, 'sch_daily');
        expect(next.meta).toEqual({ total: whole.meta.total, page, per_page: 7 });
        if (next.shifts.length === 0) break;
        expect(next.shifts.length).toBeLessThanOrEqual(7);
        collected.push(...next.shifts);
      }
      expect(collected).toEqual(whole.shifts);
      const past = await shifts(sim, `${window}&per_page=100&page=5`, 'sch_daily');
      expect([past.shifts, past.meta.total]).toEqual([[], whole.meta.total]);
    });
  });

  it('serves windows up to 366 days and refuses longer ones', async () => {
    await withSimulator(seedWithDaily(), async (sim) => {
      const year = await shifts(sim, 'from=2026-01-01T00:00:00Z&to=2027-01-02T00:00:00Z&per_page=100', 'sch_daily');
      expect(year.meta.total).toBe(366); // the rotation starts 2026-01-01T14:00Z: one shift a day to 2027-01-01
      const tooLong = await get(sim, '/schedules/sch_daily/shifts/?from=2026-01-01T00:00:00Z&to=2027-01-02T00:00:01Z');
      expect([tooLong.status, errorFields(tooLong.json)]).toEqual([422, ['to']]);
    });
  });

  it('checks per_page and page at and just past their bounds', async () => {
    await withSimulator(baseSeed(), async (sim) => {
      const base = '/schedules/sch_primary/shifts/?from=2026-03-04T00:00:00Z&to=2026-03-20T00:00:00Z';
      const status = async (q: string) => (await get(sim, base + q)).status;
      expect(await status('&per_page=1')).toBe(200);
      expect(await status('&per_page=100')).toBe(200);
      expect(await status('&page=1')).toBe(200);
      for (const bad of ['&per_page=0', '&per_page=101', '&per_page=abc', '&per_page=2.5', '&page=0', '&page=-1']) {
        expect([bad, await status(bad)]).toEqual([bad, 422]);
      }
      const res = await get(sim, `${base}&per_page=101&page=0`);
      expect(res.json).toEqual({
        message: anyText(),
        errors: [
          { field: 'per_page', message: 'must be between 1 and 100' },
          { field: 'page', message: 'must be at least 1' },
        ],
      });
    });
  });

  it('requires a valid from and to, with to after from, and a boolean clip_to_interval', async () => {
    await withSimulator(baseSeed(), async (sim) => {
      const fields = async (q: string) => {
        const res = await get(sim, `/schedules/sch_primary/shifts/?${q}`);
        expect(res.status).toBe(422);
        return errorFields(res.json);
      };
      expect(await fields('')).toEqual(['from', 'to']);
      expect(await fields('from=yesterday&to=2026-03-04T00:00:00Z')).toEqual(['from']);
      expect(await fields('from=2026-03-04T00:00:00Z&to=2026-03-04T00:00:00Z')).toEqual(['to']);
      expect(await fields('from=2026-03-04T00:00:00Z&to=2026-03-05T00:00:00Z&clip_to_interval=yes')).toEqual([
        'clip_to_interval',
      ]);
      expect(
        (await get(sim, '/schedules/sch_nope/shifts/?from=2026-03-04T00:00:00Z&to=2026-03-05T00:00:00Z')).status,
      ).toBe(404);
    });
  });

  it('puts k consecutive users on each shift of a concurrent layer', async () => {
    const seed = seedWithDaily();
    seed.schedules[1]!.layers[0]!.concurrent_oncall_users = 2;
    await withSimulator(seed, async (sim) => {
      const page = await shifts(sim, 'from=2026-01-01T15:00:00Z&to=2026-01-04T00:00:00Z', 'sch_daily');
      expect(rows(page.shifts).map((r) => r[2])).toEqual([
        'usr_alice+usr_bob',
        'usr_carol+usr_alice',
        'usr_bob+usr_carol',
      ]);
    });
  });
});
