// The simulator's `now`: an instant with Z or an offset, never a zone-less time read in the machine's zone.
import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../electron/simulator/server';

const NOON_UTC = Date.parse('2026-03-04T12:00:00Z');

describe('simulator clock: now', () => {
  it('takes an instant with Z or with an offset', async () => {
    for (const now of ['2026-03-04T12:00:00Z', '2026-03-04T13:00:00+01:00', '2026-03-04T07:00:00-05:00']) {
      const sim = await startSimulator({ now });
      try {
        expect(sim.clock.now()).toBe(NOON_UTC);
      } finally {
        await sim.close();
      }
    }
  });

  it('rejects a time without a zone, and a date alone, with a message naming the expected form', async () => {
    for (const now of ['2026-03-04T12:00:00', '2026-03-04 12:00', '2026-03-04', 'tomorrow']) {
      await expect(startSimulator({ now })).rejects.toThrow(
        `now must be an ISO 8601 instant with Z or an offset (e.g. 2026-03-04T12:00:00Z), not "${now}"`,
      );
    }
  });

  it('refuses to set the clock to a time without a zone, and keeps its time', async () => {
    const sim = await startSimulator({ now: '2026-03-04T12:00:00Z' });
    try {
      expect(() => sim.clock.set('2026-03-04T12:30:00')).toThrow(/Z or an offset/);
      expect(sim.clock.now()).toBe(NOON_UTC);
      sim.clock.set('2026-03-04T12:30:00Z');
      expect(sim.clock.now()).toBe(NOON_UTC + 30 * 60_000);
    } finally {
      await sim.close();
    }
  });
});
