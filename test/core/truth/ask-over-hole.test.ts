// fix47ah (issue 47): a coverage request whose asked time lies over saved data or a hole may be covered already, so
// it is never said as a fresh ask: the one "Asks you" total (issue 49) carries its basis ("1, from saved data from
// 07:30"), the badge its saved mark, and the attention icon waits for a fresh read. Elsewhere the request is listed with its basis ("may have changed — saved data from 07:30", "couldn't
// check") on every surface of the registry, and no notification tells it as a new ask until its time is read.
// Real engine, simulator over loopback, fake clock; the saved time is that of the last refresh before the faults.
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { HOUR, MIN } from '../../support/time';
import { trayIconFor } from '../../../electron/core/state/tray-menu';
import { coverageBadge } from '../../../renderer/src/lib/status-model';
import { formatDayTime } from '../../../electron/shared/format';
import { everyText } from '../../support/text-registry';

const START = Date.parse('2026-03-10T06:00:00Z');
const ZONE = 'Europe/Berlin';
const ops = {
  id: 'sch_ops',
  name: 'Ops',
  zone: 'Etc/UTC',
  rotationStart: '2026-03-01T01:00:00Z',
  userIds: ['usr_bob', 'usr_me', 'usr_alice'],
  length: { amount: 8, unit: 'hours' as const },
};
const SEED = seedOf([ops], []);

describe('fix47ah: a request over saved data or a hole is not a fresh "asking you"', () => {
  it('is listed with its basis on every surface, counted only with it, not told as an ask', async () => {
    const h = await createHarness({ startMs: START, seed: SEED });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_ops'] });
    const engine = h.engine({ alarms: false });
    await engine.start();
    await h.clock.advance(30 * MIN);
    const lastGood = h.clock.now();
    await engine.handlers['sync:refresh'](null);
    // The schedule can't be read from here on; the coverage list still reads fine.
    h.sim.faults.set('listShifts', { status: 500 });
    h.sim.faults.set('getSchedule', { status: 500 });
    // Bob asks to be covered Wed 01–09Z (his block); whether I (or anyone) took it since can't be seen.
    h.sim.state.coverageRequests.push({
      id: 'cov_bob',
      userId: 'usr_bob',
      reason: 'Dentist',
      status: 'pending',
      shifts: [
        {
          startMs: Date.parse('2026-03-11T01:00:00Z'),
          endMs: Date.parse('2026-03-11T09:00:00Z'),
          scheduleId: 'sch_ops',
          scheduleName: 'Ops',
        },
      ],
    });
    await h.clock.advance(2 * HOUR);

    const nowMs = h.clock.now();
    const state = engine.getState();
    expect(state.schedules[0]?.status.kind).toBe('stale');
    expect(state.coverage.status.kind).toBe('fresh');
    const saved = `may have changed — saved data from ${formatDayTime(lastGood, { nowMs, localZone: ZONE })}`;
    expect(state.coverage.askingMe.map((c) => [c.id, c.askBasis?.kind])).toEqual([['main:cov_bob', 'saved']]);

    const texts = everyText({ state, nowMs, localZone: ZONE, notifications: h.notifier.shown });
    // Counted in the one "Asks you" total only with its basis (issue 49): never a bare count as if read fresh.
    const basis = `saved data from ${formatDayTime(lastGood, { nowMs, localZone: ZONE })}`;
    for (const t of texts)
      for (const m of t.text.matchAll(/(?:asking you|Asks you)(?: \(([^)\n]*)\))?/gi))
        expect(m[1] ?? '', t.surface).toBe(`1, from ${basis}`);
    // The whole surfaces come first in the registry (then the statements within them).
    const bySurface = new Map(texts.filter((t) => t.accountId === null).map((t) => [t.surface, t.text]));
    for (const surface of ['popover', 'status'] as const) expect(bySurface.get(surface), surface).toContain(saved);
    expect(bySurface.get('tray-tooltip')).toContain(`Asks you (1, from ${basis})`);
    expect(bySurface.get('tray-menu')).toContain(`Asks you (1, from ${basis})…`);
    expect(coverageBadge(state)).toBe('1*');
    expect(trayIconFor(state, nowMs)).not.toBe('attention');
    expect(h.notifier.shown.filter((n) => /Dentist|Bob/.test(`${n.title} ${n.body}`))).toEqual([]);

    // Read again: the time is fresh and still not mine, so it asks me now, and is told once.
    h.sim.faults.clear();
    await engine.handlers['sync:refresh'](null);
    await h.clock.advance(MIN);
    const after = engine.getState();
    expect(after.coverage.askingMe.map((c) => [c.id, c.askBasis])).toEqual([['main:cov_bob', undefined]]);
    expect(coverageBadge(after)).toBe('1');
    expect(h.notifier.shown.filter((n) => /Dentist|Bob/.test(`${n.title} ${n.body}`))).toHaveLength(1);
    await engine.stop();
    await h.close();
  }, 30_000);
});
