// A block of mine that becomes unknown (its schedule's shifts sent unreadable over it, nobody else read to hold it)
// stays in the calendar with the same UID, marked "Not confirmed since …", instead of being deleted and put back
// (issue 47, adv47 round 10 #1: a subscribed calendar deleted my Fri shift and its alarms during the hole). It leaves
// only when a read shows the time is someone else's. Real engine, simulator over loopback, fake clock; parsed back
// with ical.js. The expected blocks come from the seed's rule (alice and bob daily at 08:00Z), not from the app.
import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/engine-harness';
import { serviceSeed } from '../../support/two-service-seeds';

const KEY = 'ocs_work_key_1111';
const T0 = Date.parse('2026-03-04T19:00:00Z');
const FRI = '2026-03-06T08:00:00.000Z';
const FRI_END = Date.parse('2026-03-07T08:00:00Z');
const HOLE = { fromMs: Date.parse('2026-03-05T12:00:00Z'), toMs: Date.parse('2026-03-07T20:00:00Z') };

interface Ev {
  uid: string;
  start: string;
  summary: string;
  description: string;
  sequence: number;
}
const parse = (text: string): Ev[] =>
  ICAL.Component.fromString(text)
    .getAllSubcomponents('vevent')
    .map((c) => {
      const e = new ICAL.Event(c);
      const start = e.startDate.toJSDate().toISOString();
      return { uid: e.uid, start, summary: e.summary, description: e.description, sequence: e.sequence };
    });

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function world() {
  h = await createHarness({ startMs: T0, seed: serviceSeed(KEY, ['alice', 'bob']) });
  const url = new URL(h.sim.url);
  const account = { id: 'work', label: 'Work', baseUrl: h.sim.url, email: 'alice@example.com' };
  const settings = { version: 2, startAtLogin: true, accounts: [{ ...account, schedules: [{ id: 'sch_primary' }] }] };
  await h.files.writeAtomic('settings.json', JSON.stringify(settings));
  await h.secrets.set(`work@${url.host}`, KEY);
  const engine = h.engine({ alarms: false, localZone: 'Europe/Berlin' });
  await engine.start();
  await h.clock.advance(2 * 60_000);
  const refresh = async () => {
    await engine.handlers['sync:refresh'](null);
    await h?.clock.advance(60_000);
  };
  return { h, engine, refresh, calendar: async () => parse(await engine.calendar(14)) };
}

describe('calendar: a block that becomes unknown is kept, not deleted', () => {
  it('keeps the Fri event with its UID through the hole, marked not confirmed, and back after', async () => {
    const { h, refresh, calendar } = await world();
    const before = (await calendar()).find((e) => e.start === FRI);
    expect(before?.summary).toBe('On call: Platform primary');
    h.sim.unreadable.add('sch_primary', HOLE);
    await refresh();
    const during = await calendar();
    const kept = during.find((e) => e.uid === before?.uid);
    // Failed before: the event was gone during the hole.
    expect(kept?.start).toBe(FRI);
    expect(kept?.sequence).toBeGreaterThan(before?.sequence ?? Infinity);
    expect(kept?.description).toMatch(/^Not confirmed since Wed 4 Mar 2026, 20:0\d Berlin: the service's shifts/);
    expect(kept?.summary).toContain('unknown');
    expect(during.filter((e) => e.start === FRI)).toHaveLength(1);
    // A second read over the same hole changes nothing: no edit each refresh.
    await refresh();
    expect((await calendar()).find((e) => e.uid === before?.uid)).toEqual(kept);
    h.sim.unreadable.clear();
    await refresh();
    const after = (await calendar()).find((e) => e.uid === before?.uid);
    expect(after).toMatchObject({ start: FRI, summary: 'On call: Platform primary' });
    expect(after?.description).not.toContain('Not confirmed');
  });

  it('drops it once a read shows the time is someone else’s', async () => {
    const { h, refresh, calendar } = await world();
    const uid = (await calendar()).find((e) => e.start === FRI)?.uid;
    h.sim.unreadable.add('sch_primary', HOLE);
    await refresh();
    expect((await calendar()).some((e) => e.uid === uid)).toBe(true);
    h.sim.state.addOverride(
      'sch_primary',
      { startMs: Date.parse(FRI), endMs: FRI_END, userIds: ['usr_bob'] },
      h.clock.now(),
    );
    h.sim.unreadable.clear();
    await refresh();
    const events = await calendar();
    expect(events.some((e) => e.uid === uid)).toBe(false);
    expect(events.some((e) => e.start === FRI)).toBe(false);
  });
});
