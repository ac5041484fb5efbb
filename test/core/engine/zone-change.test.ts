// Travel (issue 18, case 7): the machine's zone changes from Berlin to New York under a running engine, seen
// through the followed zone of core/platform/local-zone with the OS played by the test. The next reminders are
// worded in New York times and quiet hours 22:00–07:00 are New York's; the same run without the change, side by
// side, shows that each of those expectations tells the two zones apart.
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalZone, ZONE_RECHECK_MS, type LocalZone } from '../../../electron/core/platform/local-zone';
import type { Harness, Shown } from '../support/engine-harness';
import { askMe, NEAR_REFRESH, nightDesk, patchSettings, QUIET_NIGHTS } from '../support/night-desk';
import { ms } from '../../support/time';

// In March Berlin is UTC+1 and New York UTC-4 (its DST began on the 8th). On Night desk I am on call daily 02:00–10:00Z:
// 03:00–11:00 in Berlin, 22:00–06:00 in New York.
const TRAVEL_AT = ms('2026-03-10T19:00:00Z'); // 20:00 in Berlin, 15:00 in New York

let zone: LocalZone | undefined;
afterEach(() => {
  zone?.stop();
  zone = undefined;
});

/** A night with the engine running: the OS zone may change at 19:00Z; Alice asks me at 22:30Z and 03:30Z. */
async function night(osZoneAfter: string): Promise<{ h: Harness; zone: LocalZone }> {
  const h = await nightDesk('2026-03-10T12:00:00Z', { refresh: NEAR_REFRESH });
  await patchSettings(h, () => ({ quietHours: QUIET_NIGHTS }));
  let osZone = 'Europe/Berlin';
  zone = createLocalZone({ readers: [() => osZone], clock: h.clock });
  const engine = h.engine({ localZone: zone.current, alarms: false });
  await engine.start();
  await h.clock.advanceTo(TRAVEL_AT);
  osZone = osZoneAfter;
  // Followed within one re-check, with no restart and nothing else happening.
  await h.clock.advance(ZONE_RECHECK_MS);
  expect(zone.current()).toBe(osZoneAfter);
  await h.clock.advanceTo(ms('2026-03-10T22:30:00Z'));
  askMe(h, 'cov_evening');
  await h.clock.advanceTo(ms('2026-03-11T03:30:00Z'));
  askMe(h, 'cov_night');
  await h.clock.advanceTo(ms('2026-03-11T12:00:00Z'));
  return { h, zone };
}

const when = (s: Shown) => new Date(s.atMs).toISOString().slice(5, 16);
const SUMMARY = /^\d+ messages? while notifications were quiet$/;
/** What was said after the change, by time and title. "Shift ended" is left out: whether one that fell in quiet
 *  hours is summed up later is the reminders' own rule, not the zone's. */
const saidAfterTravel = (h: Harness) =>
  h.notifier.shown
    // The start's loud alarm (issue 50) is the alarm tests' to judge; these are the reminders' words and times.
    .filter((s) => s.atMs >= TRAVEL_AT && s.title !== 'Shift ended' && s.alarm !== true)
    .map((s) => `${when(s)} ${SUMMARY.test(s.title) ? 'summary' : s.title}`);
const titled = (h: Harness, title: string | RegExp) =>
  h.notifier.shown.find(
    (s) => s.atMs >= TRAVEL_AT && (typeof title === 'string' ? s.title === title : title.test(s.title)),
  );

describe('the zone changes under a running engine (travel, without a restart)', () => {
  it('Berlin → New York: the next reminders read New York times and quiet hours are New York nights', async () => {
    const { h } = await night('America/New_York');
    expect(saidAfterTravel(h)).toEqual([
      // 23:30 in Berlin, quiet there; 18:30 in New York: said at the next sync, not held for the morning.
      '03-10T22:45 Coverage request from Alice Doe',
      '03-11T01:45 On call in 15 min',
      '03-11T02:00 On call now',
      // 07:00 in New York: what waited since 22:00 there (a lead, the request at 23:30 there) as one summary.
      '03-11T11:00 summary',
    ]);
    // No heads-up for a 03:00 start at Berlin's 22:00: the start is at 22:00 here, not during quiet hours.
    expect(titled(h, 'On call at Wed 03:00')).toBeUndefined();
    // Local times first, the schedule's own (Berlin) in parentheses, as for any schedule in another zone.
    expect(titled(h, 'On call in 15 min')?.body).toBe('Night desk Tue 22:00 – Wed 06:00 (03:00–11:00 Berlin)');
    expect(titled(h, 'On call now')?.body).toBe('Night desk until Wed 06:00 (11:00 Berlin)');
    expect(titled(h, 'Coverage request from Alice Doe')?.body).toBe(
      'Night desk Sat 06:00–14:00 (Sat 11:00–19:00 Berlin): Dentist',
    );
    const summary = titled(h, SUMMARY)?.body ?? '';
    expect(summary).toContain('On call in 15 h: Night desk Wed 22:00 – Thu 06:00 (Thu 03:00–11:00 Berlin)');
    expect(summary).toContain('Coverage request from Alice Doe: Night desk Sat 06:00–14:00');
  }, 60_000);

  it('staying in Berlin (the same night, no change): Berlin times and Berlin quiet hours', async () => {
    const { h } = await night('Europe/Berlin');
    expect(saidAfterTravel(h)).toEqual([
      '03-10T21:00 On call at Wed 03:00', // 22:00 in Berlin: quiet hours begin
      '03-11T01:45 On call in 15 min',
      '03-11T02:00 On call now',
      '03-11T06:00 summary', // 07:00 in Berlin: the request at 23:30 there waited too
    ]);
    expect(titled(h, 'On call in 15 min')?.body).toBe('Night desk 03:00–11:00');
    expect(titled(h, 'On call now')?.body).toBe('Night desk until 11:00');
    expect(titled(h, SUMMARY)?.body).toContain('On call in 20 h: Night desk Thu 03:00–11:00');
  }, 60_000);
});
