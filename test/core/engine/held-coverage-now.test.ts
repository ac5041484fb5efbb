// Issue 47 (adversarial round 20): a coverage request held through quiet hours is worded when the summary is shown,
// from what is known then, as a fresh one would be: (1) in the zone the computer is in then (it was held in Berlin;
// the computer moved to London before quiet time ended), and (2) only once it is known to ask me: while the schedule
// it asks about is saved data (a read failed since), a fresh request is not notified, so a held one waits too, and is
// told once that schedule is read again. Night desk (Berlin), quiet hours 22:00–07:00, Alice asks me at 22:30Z.
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalZone, ZONE_RECHECK_MS, type LocalZone } from '../../../electron/core/platform/local-zone';
import { askMe, NEAR_REFRESH, nightDesk, patchSettings, QUIET_NIGHTS } from '../support/night-desk';
import { ms } from '../../support/time';
import type { Harness } from '../support/engine-harness';

const SUMMARY = /while notifications were quiet/;
// A night (12:00Z to 07:10Z or 09:00Z) of the real engine with 5-min reads: about 10 s each alone on a loaded
// 2-core machine, a third of the old 30 s, and the saved-data case timed out in a full CI run.
const SLOW_MS = 60_000;
let zone: LocalZone | undefined;
afterEach(() => zone?.stop());

/** "Sat 10:00–18:00" of two instants in a zone, 24-hour, by Intl alone (not the app's formatter). */
function span(startMs: number, endMs: number, tz: string): string {
  const day = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: tz }).format(startMs);
  const hm = (t: number) =>
    new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: tz }).format(t);
  return `${day} ${hm(startMs)}–${hm(endMs)}`;
}

async function heldNight(): Promise<{ h: Harness; setZone: (z: string) => void }> {
  const h = await nightDesk('2026-03-10T12:00:00Z', { refresh: NEAR_REFRESH });
  await patchSettings(h, () => ({ quietHours: QUIET_NIGHTS }));
  let osZone = 'Europe/Berlin';
  zone = createLocalZone({ readers: [() => osZone], clock: h.clock });
  const engine = h.engine({ localZone: zone.current, alarms: false });
  await engine.start();
  await h.clock.advanceTo(ms('2026-03-10T22:30:00Z'));
  askMe(h, 'cov_evening');
  await h.clock.advanceTo(ms('2026-03-10T22:50:00Z'));
  return { h, setZone: (z) => (osZone = z) };
}

const summaries = (h: Harness) => h.notifier.shown.filter((n) => SUMMARY.test(n.title));
const ASKED = [ms('2026-03-14T10:00:00Z'), ms('2026-03-14T18:00:00Z')] as const;

describe('engine: a held coverage request is worded when shown', () => {
  it(
    'in the zone the computer is in then, with the schedule zone beside it',
    async () => {
      const { h, setZone } = await heldNight();
      await h.clock.advanceTo(ms('2026-03-10T23:30:00Z'));
      setZone('Europe/London');
      await h.clock.advance(ZONE_RECHECK_MS);
      await h.clock.advanceTo(ms('2026-03-11T07:10:00Z'));
      const [summary, ...more] = summaries(h);
      expect(more).toEqual([]);
      const london = span(...ASKED, 'Europe/London');
      const berlin = span(...ASKED, 'Europe/Berlin');
      expect(london).not.toBe(berlin);
      expect(summary?.body.split('\n')).toContain(
        `Coverage request from Alice Doe: Night desk ${london} (${berlin} Berlin): Dentist`,
      );
    },
    SLOW_MS,
  );

  it(
    'waits while the schedule it asks about is saved data, and is told once when read again',
    async () => {
      const { h } = await heldNight();
      h.sim.faults.set('listShifts', { status: 500 });
      await h.clock.advanceTo(ms('2026-03-11T06:10:00Z'));
      const during = summaries(h)
        .map((n) => n.body)
        .join('\n');
      expect(during).not.toMatch(/Coverage request/);
      h.sim.faults.clear('listShifts');
      await h.clock.advanceTo(ms('2026-03-11T06:30:00Z'));
      const told = summaries(h)
        .flatMap((n) => n.body.split('\n'))
        .filter((l) => /Coverage request/.test(l));
      expect(told).toEqual([`Coverage request from Alice Doe: Night desk ${span(...ASKED, 'Europe/Berlin')}: Dentist`]);
      await h.clock.advanceTo(ms('2026-03-11T09:00:00Z'));
      const all = h.notifier.shown.flatMap((n) => n.body.split('\n')).filter((l) => /Dentist/.test(l));
      expect(all).toHaveLength(1);
    },
    SLOW_MS,
  );
});
