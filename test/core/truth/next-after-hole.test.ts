// Issue 47 (adv47 r34): a hole (shifts whose people couldn't be read) runs right up to my next readable block. The
// menu said "Next known … · earlier unknown"; the tooltip, the popover's headline, `status` and the hand-off stated
// the later block as my next shift, unqualified, while the hole before it may be mine (it was: I was on call in 22 h).
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { surfaces } from './support';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

describe('a next block after an unread hole is stated as "next known" on every surface', () => {
  it('tooltip, popover, status, hand-off and menu qualify the block after the hole, as the menu does', async () => {
    // Daily Berlin hand-offs at 09:00 (08:00Z) from Sun 1 Mar: me, Alice, Bob, Carol. The service's answer names
    // Alice (current, Tue) and Bob (next, Wed); Carol's Thu is unread and no fresh fact covers it: a hole before my
    // next readable block, which may be mine.
    const seed = seedOf([
      {
        id: 'sch_p',
        name: 'Platform',
        zone: 'Europe/Berlin',
        rotationStart: '2026-03-01T08:00:00Z',
        userIds: ['usr_me', 'usr_alice', 'usr_bob', 'usr_carol'],
        length: { amount: 1, unit: 'days' },
      },
    ]);
    const h = await createHarness({ startMs: Date.parse('2026-03-10T10:00:00Z'), seed, files: 'fs' });
    // My Wed–Fri shift and Alice's Fri shift come without their people: a hole Wed 09:00 – Sat 09:00 Berlin.
    h.sim.unreadable.add('sch_p', {
      fromMs: Date.parse('2026-03-11T09:00:00Z'),
      toMs: Date.parse('2026-03-11T10:00:00Z'),
    });
    h.sim.unreadable.add('sch_p', {
      fromMs: Date.parse('2026-03-13T09:00:00Z'),
      toMs: Date.parse('2026-03-13T10:00:00Z'),
    });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_p'] });
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(MIN);
    const t = surfaces(engine.getState(), h.clock.now());
    // Each surface's statement of my next shift (the tooltip's and popover's first line, the lines saying "next").
    const said = {
      tooltip: t.tooltip.split('\n')[0] ?? '',
      popover: t.popover.split('\n')[0] ?? '',
      status: t.status.split('\n').find((l) => /your next/i.test(l)) ?? '',
      handoff: t.handoff.split('\n').find((l) => /my next/i.test(l)) ?? '',
      menu: t.menu.split('\n')[0] ?? '',
    };
    for (const [surface, line] of Object.entries(said)) {
      // Qualified: "next known", never a plain "Next on call" / "Next:" / "Your next shift" / "My next block".
      expect(line, surface).toMatch(/next known/i);
      expect(line, surface).not.toMatch(/Next on call|^Next:|Your next shift|My next block/);
    }
    await engine.stop();
  }, 60_000);

  it("the service's named next shift fills the hole: my next shift is Wed 09:00, reminded and rung at its times", async () => {
    // Daily Berlin hand-offs at 09:00 (08:00Z) from Sun 1 Mar: Alice, me, me in turn. From Tue 10 Mar 11:00 the
    // service's answer names Alice now and me next (Wed + Thu, one shift); the shift list sends my shift and Alice's
    // Fri without people. Before the fix every surface put my next block days later and no reminder came for Wed.
    const ROT = Date.parse('2026-03-01T08:00:00Z');
    const PEOPLE = ['usr_alice', 'usr_me', 'usr_me'];
    const START = Date.parse('2026-03-10T10:00:00Z');
    const seed = seedOf([
      {
        id: 'sch_p',
        name: 'Platform',
        zone: 'Europe/Berlin',
        rotationStart: '2026-03-01T08:00:00Z',
        userIds: PEOPLE,
        length: { amount: 1, unit: 'days' },
      },
    ]);
    // From the seed: the first day after today's that is mine, and the run of my days from it (one shift).
    const mine = (k: number): boolean => PEOPLE[k % PEOPLE.length] === 'usr_me';
    let k = Math.floor((START - ROT) / DAY) + 1;
    while (!mine(k)) k += 1;
    let kEnd = k;
    while (mine(kEnd)) kEnd += 1;
    const next = { startMs: ROT + k * DAY, endMs: ROT + kEnd * DAY };
    const h = await createHarness({ startMs: START, seed, files: 'fs' });
    h.sim.unreadable.add('sch_p', { fromMs: next.startMs + HOUR, toMs: next.startMs + 2 * HOUR });
    h.sim.unreadable.add('sch_p', { fromMs: next.endMs + HOUR, toMs: next.endMs + 2 * HOUR });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_p'] });
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(MIN);
    // What the service itself names next, read independently of the app: the seed's shift, me on it.
    const res = await fetch(`${h.sim.url}/schedules/sch_p`, { headers: { 'x-api-key': h.sim.apiKey } });
    const named = JSON.stringify(await res.json());
    expect(named).toContain(`"next_oncall_shift":{"users":[{"id":"usr_me"`);
    expect(named).toContain(`"start":"${iso(next.startMs)}","end":"${iso(next.endMs)}"}`);
    const mineNext = engine.getState().me.nextShift;
    expect([mineNext?.start, mineNext?.end].map((x) => Date.parse(x ?? ''))).toEqual([next.startMs, next.endMs]);
    const t = surfaces(engine.getState(), h.clock.now());
    const wed = DateTime.fromMillis(next.startMs, { zone: 'Europe/Berlin' }).toFormat('ccc HH:mm');
    expect(t.tooltip.split('\n')[0]).toContain(wed);
    expect(t.popover.split('\n')[0]).toContain(wed);
    // After the answer's shift, the time no read covers stays unknown: nothing says who is on call then.
    const p = engine.getState().schedules[0];
    const after = p?.timeline.find((x) => Date.parse(x.start) <= next.endMs && next.endMs < Date.parse(x.end));
    expect(after?.kind).toBe('unknown');
    // The 15-minute lead reminder at its time, and the start alarm at the start (the default settings).
    const group = `shift:sch_p:${iso(next.startMs)}`;
    await h.clock.advanceTo(next.startMs + MIN);
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    const lead = h.notifier.shown.filter((n) => n.id === `${group}:lead15`);
    expect(lead.map((n) => n.atMs)).toEqual([next.startMs - 15 * MIN]);
    const rang = h.notifier.shown.filter((n) => n.alarm === true && n.id.includes(iso(next.startMs)));
    expect(rang.map((n) => n.atMs).slice(0, 1)).toEqual([next.startMs]);
    await engine.stop();
  }, 120_000);
});
