// Issue 47, adversarial round 16, finding 1: a coverage request I had covered, while the schedule it rests on can't
// be re-read (the coverage list itself reads fine). Whether it is covered rests on saved data, so every surface says
// "covered by you (saved data from T)": never "asking you" as fact, never in "Asks you (n)" or the badge, never ✓.
// Real engine, simulator over loopback, fake clock; the saved time is that of the last refresh before the faults.
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { HOUR, MIN } from '../../support/time';
import { formatStatus } from '../../../electron/cli/status-format';
import { buildTrayMenu, trayTooltip } from '../../../electron/core/state/tray-menu';
import { countsText } from '../../../renderer/src/lib/glance';
import { coverageBadge } from '../../../renderer/src/lib/status-model';
import { coverageItems } from '../../../renderer/src/lib/coverage';
import { formatDayTime } from '../../../electron/shared/format';
import { labels } from './support';

const START = Date.parse('2026-03-10T06:00:00Z');
const ASKED = { start: '2026-03-11T01:00:00Z', end: '2026-03-11T09:00:00Z' };
const ZONE = 'Europe/Berlin';

// Ops on UTC: Bob 01–09Z, me 09–17Z, Alice 17–01Z every day; Bob asks to be covered Wed 01–09Z.
const seed = seedOf(
  [
    {
      id: 'sch_ops',
      name: 'Ops',
      zone: 'Etc/UTC',
      rotationStart: '2026-03-01T01:00:00Z',
      userIds: ['usr_bob', 'usr_me', 'usr_alice'],
      length: { amount: 8, unit: 'hours' as const },
    },
  ],
  [
    {
      id: 'cov_bob',
      user_id: 'usr_bob',
      reason: 'Dentist',
      status: 'pending',
      shifts: [{ ...ASKED, schedule_id: 'sch_ops' }],
    },
  ],
);

describe('adv47 r16 #1: a request covered per saved schedules', () => {
  it('is "covered by you (saved data from T)" on every surface, not asking me', async () => {
    const h = await createHarness({ startMs: START, seed });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_ops'] });
    const over = { startMs: Date.parse(ASKED.start), endMs: Date.parse(ASKED.end) };
    h.sim.state.addOverride('sch_ops', { ...over, userIds: ['usr_me'] }, START);
    const engine = h.engine({ alarms: false });
    await engine.start();
    await h.clock.advance(MIN);
    expect(engine.getState().coverage.coveredByMe.map((c) => c.id)).toEqual(['main:cov_bob']);

    await h.clock.advance(29 * MIN);
    // A refresh now is the last good read (the faults start right after it): what "covered" rests on.
    const lastGood = h.clock.now();
    await engine.handlers['sync:refresh'](null);
    h.sim.faults.set('listShifts', { status: 500 });
    h.sim.faults.set('getSchedule', { status: 500 });
    await h.clock.advance(10 * MIN);
    h.sim.state.addOverride('sch_ops', { ...over, userIds: ['usr_alice'] }, h.clock.now());
    await h.clock.advance(HOUR);

    const nowMs = h.clock.now();
    const state = engine.getState();
    expect(state.schedules[0]?.status.kind).toBe('stale');
    const savedWords = `covered by you (saved data from ${formatDayTime(lastGood, { nowMs, localZone: ZONE })})`;

    expect(state.coverage.askingMe).toEqual([]);
    expect(state.coverage.coveredByMe.map((c) => [c.id, c.coveredBasis?.kind])).toEqual([['main:cov_bob', 'saved']]);

    const status = formatStatus(state, { nowMs, localZone: ZONE });
    expect(status).toContain(` ${savedWords} (1):`);
    expect(status).not.toMatch(/asking you|covered by you ✓/);

    const tooltip = trayTooltip(state, nowMs, ZONE);
    const menu = labels(buildTrayMenu(state, nowMs, ZONE)).join('\n');
    for (const text of [tooltip, menu]) expect(text).not.toMatch(/Asks you/);

    const ctx = { nowMs, locale: 'en-GB', localZone: ZONE };
    expect(countsText(state, ctx)).toBe(`1 ${savedWords}`);
    expect(coverageBadge(state)).toBeUndefined();
    const items = coverageItems(state, ctx);
    expect(items.map((i) => [i.request.id, i.covered, i.coveredText])).toEqual([
      ['main:cov_bob', true, `C${savedWords.slice(1)}`],
    ]);
    await engine.stop();
    await h.close();
  }, 30_000);
});
