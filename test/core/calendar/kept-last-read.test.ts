// A block kept in the calendar while its time is unreadable (issue 47, adv47 round 15 #1): it says when it was last
// confirmed (the read that last showed it, not the export that first kept it), gives its times "as last read"
// (never "until at least …", which claims the whole block), and names who follows only from what the read shows.
// Real engine, simulator over loopback, fake clock; the expected words are worked out here from the seed's rotation
// (Desk: me 19–03Z, Bob 03–11Z, Alice 11–19Z) and Berlin's offset (UTC+1 in March before the 29th).
import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/engine-harness';
import { API_KEY, seedOf } from '../support/seeds';

const MIN = 60_000;
const START = Date.parse('2026-03-10T06:00:00Z');
const BLOCK = '2026-03-10T19:00:00.000Z';
const seed = seedOf([
  {
    id: 'sch_desk',
    name: 'Desk',
    zone: 'America/New_York',
    rotationStart: '2026-03-01T19:00:00Z',
    userIds: ['usr_me', 'usr_bob', 'usr_alice'],
    length: { amount: 8, unit: 'hours' },
  },
]);

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const descriptionAt = (text: string, start: string): string | undefined =>
  ICAL.Component.fromString(text)
    .getAllSubcomponents('vevent')
    .map((c) => new ICAL.Event(c))
    .find((e) => e.startDate.toJSDate().toISOString() === start)?.description;

describe('calendar: a kept block says what was last read', () => {
  it('dates its last confirmation to the read that showed it, and claims no more than that read', async () => {
    h = await createHarness({ startMs: START, seed });
    const accounts = [
      { id: 'main', label: 'Main', baseUrl: h.sim.url, email: 'me@example.com', schedules: [{ id: 'sch_desk' }] },
    ];
    await h.files.writeAtomic('settings.json', JSON.stringify({ version: 2, startAtLogin: true, accounts }));
    await h.secrets.set(`main@${new URL(h.sim.url).host}`, API_KEY);
    const engine = h.engine({ alarms: false, localZone: 'Europe/Berlin' });
    await engine.start();
    await h.clock.advance(MIN);
    // Exported at 06:01Z (07:01 Berlin), from a fresh read.
    const first = descriptionAt(await engine.calendar(2), BLOCK);
    expect(first).toContain('Wed 11 Mar 2026, 04:00');
    // The schedule's answer names no next shift: a fresh next_oncall_shift (my 19–03Z block, at the 12:00Z read) would
    // state the block itself (issue 47, adv47 r34), and this test is about a block kept while nothing read states it.
    h.sim.faults.set('getSchedule', { omit: ['schedule.next_oncall_shift'] });
    h.sim.unreadable.add('sch_desk', {
      fromMs: Date.parse('2026-03-10T19:00:00Z'),
      toMs: Date.parse('2026-03-11T03:00:00Z'),
    });
    await h.clock.advance(2 * MIN);
    await engine.handlers['sync:refresh'](null);
    await h.clock.advanceTo(Date.parse('2026-03-10T12:00:00Z'));
    await engine.handlers['sync:refresh'](null);
    await h.clock.advance(MIN);
    const kept = descriptionAt(await engine.calendar(2), BLOCK) ?? '';
    const lines = kept.split('\n');
    // Failed before: "Not confirmed since Tue 10 Mar 2026, 13:01 Berlin" (the export, not the read).
    expect(lines[0]).toMatch(/^Not confirmed since Tue 10 Mar 2026, 07:01 Berlin: /);
    expect(lines).toContain('Your time (Berlin), as last read: Tue 10 Mar 2026, 20:00 – Wed 11 Mar 2026, 04:00');
    expect(lines).toContain('Schedule time (New York), as last read: Tue 10 Mar 2026, 15:00 – Tue 10 Mar 2026, 23:00');
    expect(kept).not.toContain('until at least');
    expect(kept).not.toContain('may go on longer');
    // Bob's shift after it (03–11Z) and Alice's before it (11–19Z) were read fine.
    expect(lines).toContain('After you: Bob Stone');
    expect(lines).toContain('Before you: Alice Doe');
    await engine.stop();
  });
});
