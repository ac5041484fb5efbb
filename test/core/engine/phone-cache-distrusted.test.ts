// A cache.json that is damaged, refused or plausible-but-false at a start while the service can't be read never acts
// against the phone service or the alarm (adv52 r17 #1, #2): the blocks the app recorded as mine (reminders.json
// `mine:`) keep their phone booking and their start alarm until a read of this run says whose they are, and the user
// is told once that they were kept. With the service reachable, the first read decides. Real engine, simulator
// (closed: unreachable), the ntfy stand-in, a real data folder, a fake clock. Failed before: both bookings were
// cancelled (DELETE) at the start, no alarm rang at 09:00 and the phone didn't ring at 09:03.
import { afterEach, describe, expect, it } from 'vitest';
import { closeStands, HOUR, MIN, MY_START, TOMORROW, TOPIC, withNtfy } from '../support/phone-engine-rig';
import { OPS_ID } from '../support/seeds';

afterEach(closeStands);

type Tamper = 'truncated' | 'lost' | 'none';

/** Gives the 10 Mar 09:00 entries of the saved cache to Alice (who is on the schedule). */
function giveAway(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  if (typeof o.start === 'string' && o.start.startsWith('2026-03-10T09:00') && Array.isArray(o.users))
    o.users = [{ id: 'usr_alice', name: 'Alice Doe', email: 'alice@example.com', role: 'standard', seat: 'member' }];
  for (const v of Object.values(o)) giveAway(v);
}

async function restarted(tamper: Tamper, o: { online?: boolean; handedOff?: boolean } = {}) {
  const { h, s, engine, make } = await withNtfy();
  await h.clock.advance(60_000);
  await engine.stop();
  const raw = (await h.files.read('cache.json')) ?? '';
  expect(raw.length).toBeGreaterThan(2000);
  if (tamper === 'truncated') await h.files.writeAtomic('cache.json', raw.slice(0, 2000));
  if (tamper === 'lost') {
    const cache: unknown = JSON.parse(raw);
    giveAway(cache);
    await h.files.writeAtomic('cache.json', JSON.stringify(cache));
  }
  if (o.handedOff)
    h.sim.state.addOverride(OPS_ID, { startMs: MY_START, endMs: MY_START + 8 * HOUR, userIds: ['usr_alice'] }, 0);
  if (!o.online) await h.sim.close();
  const mark = s.requests.length;
  const again = make();
  await h.clock.runWhileAdvancing(again.start(), 1000, 30);
  await h.clock.runWhileAdvancing(again.alarmsSettled());
  await h.clock.advance(5_000);
  const deletes = () => s.requests.slice(mark).filter((r) => r.method === 'DELETE');
  const notices = () => again.getState().notices.map((n) => n.message);
  return { h, s, again, deletes, notices };
}

const KEPT = /alarms and phone alerts the app had booked for your shifts are kept as saved/;

describe('a distrusted cache.json at a start with the service unreachable', () => {
  for (const tamper of ['truncated', 'lost', 'none'] as const)
    it(`${tamper}: nothing is cancelled, the alarm rings at 09:00 and the phone at 09:03`, async () => {
      const r = await restarted(tamper);
      expect(r.deletes()).toEqual([]);
      expect(
        r.s
          .scheduled(TOPIC)
          .map((m) => m.deliverMs)
          .sort(),
      ).toEqual([MY_START + 3 * MIN, TOMORROW + 3 * MIN]);
      if (tamper !== 'none') expect(r.notices().filter((m) => KEPT.test(m))).toHaveLength(1);
      await r.h.clock.advanceTo(MY_START + 1_000);
      const alarm = r.again.getState().alarm;
      expect(alarm?.ringing).toBe(true);
      expect(alarm?.start).toBe(new Date(MY_START).toISOString());
      await r.h.clock.advanceTo(MY_START + 10 * MIN);
      expect(r.s.rang(TOPIC).map((m) => m.deliverMs)).toEqual([MY_START + 3 * MIN]);
      expect(r.notices().filter((m) => KEPT.test(m)).length).toBeLessThanOrEqual(1);
      await r.again.stop();
    }, 30_000);
});

describe('with the service reachable, the first read decides', () => {
  it('a false cache entry is overruled by the read: nothing cancelled, it rings', async () => {
    const r = await restarted('lost', { online: true });
    expect(r.deletes()).toEqual([]);
    await r.h.clock.advanceTo(MY_START + 10 * MIN);
    expect(r.s.rang(TOPIC).map((m) => m.deliverMs)).toEqual([MY_START + 3 * MIN]);
    await r.again.stop();
  }, 30_000);

  it('a block the read shows handed off is cancelled on the phone and never rings', async () => {
    const r = await restarted('none', { online: true, handedOff: true });
    expect(r.deletes()).toHaveLength(1);
    expect(r.s.scheduled(TOPIC).map((m) => m.deliverMs)).toEqual([TOMORROW + 3 * MIN]);
    await r.h.clock.advanceTo(MY_START + 10 * MIN);
    expect(r.again.getState().alarm).toBeNull();
    expect(r.s.rang(TOPIC)).toEqual([]);
    await r.again.stop();
  }, 30_000);
});
