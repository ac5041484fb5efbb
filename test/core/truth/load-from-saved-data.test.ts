// Issue 47, adversarial round 2, finding 1: my on-call load from saved data. After one good read, Pay's reads fail
// while a manager gives the rest of my block to Alice; 6 h later the load must not count those 6 h as on call (the
// read never saw them), must name them as not readable, and must say the figures rest on saved data, in the popover
// and `status` alike. Real engine, simulator on loopback, fake clock.
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { formatStatus } from '../../../electron/cli/status-format';
import { loadLine } from '../../../electron/shared/load-text';
import { formatDayTime } from '../../../electron/shared/format';
import { formatDate } from '../../../electron/shared/day-word';

const MIN = 60_000;
const HOUR = 60 * MIN;
const ZONE = 'Europe/Berlin';

describe('round 2 (1): my on-call load from saved data', () => {
  it('counts only to the last read, names the time after it as not readable, and says "saved data"', async () => {
    // Pay: daily 09:00 New York, Alice then me; I am on call 10 Mar 13:00Z → 11 Mar 13:00Z.
    const seed = seedOf([
      {
        id: 'sch_pay',
        name: 'Pay',
        zone: 'America/New_York',
        rotationStart: '2026-03-01T14:00:00Z',
        userIds: ['usr_alice', 'usr_me'],
        length: { amount: 1, unit: 'days' },
      },
    ]);
    const startMs = Date.parse('2026-03-10T18:00:00Z');
    const h = await createHarness({ startMs, seed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_pay'] });
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(MIN);
    // What the good read counts, to 18:00Z (the hour it was read in): the figure the saved data can stand for.
    const atRead = engine.getState().me.load?.thisMonth;
    expect(atRead?.basis.kind).toBe('fresh');
    const readHours = atRead?.hours ?? NaN;
    h.sim.faults.set('listShifts', { status: 500 });
    h.sim.faults.set('getSchedule', { status: 500 });
    h.sim.state.addOverride(
      'sch_pay',
      { startMs, endMs: Date.parse('2026-03-11T13:00:00Z'), userIds: ['usr_alice'] },
      h.clock.now(),
    );
    await h.clock.advance(6 * HOUR);
    const state = engine.getState();
    const p = state.me.load?.thisMonth;
    expect(p?.basis.kind).toBe('saved');
    // Nothing after the read is counted as on call (the service gave it to Alice), and those 6 h are named.
    expect(p?.hours).toBe(readHours);
    // The state is counted to the hour it was last derived in (00:00Z, or 23:00Z before the hour's tick).
    const unread = p?.unreadableHours ?? NaN;
    expect(unread === 5 || unread === 6).toBe(true);
    const ctx = { nowMs: h.clock.now(), locale: 'en-GB', localZone: ZONE };
    const popover = loadLine(state.me.load, {
      dateTime: (iso) => formatDate(iso, { ...ctx, clock: true }),
      time: (iso) => formatDayTime(iso, ctx),
    });
    expect(popover).toMatch(/^This month: \d+ h \+ [56] h not readable.*saved data from 10 Mar, 19:00\)$/);
    const status = formatStatus(state, { nowMs: h.clock.now(), localZone: ZONE });
    const loadText = status.split('\n').filter((l) => l.includes('this month'));
    expect(loadText).toHaveLength(1);
    expect(loadText[0]).toContain(`${readHours} h + ${unread} h not readable`);
    expect(loadText[0]).toContain('saved data from 10 Mar, 19:00');
  });
});
