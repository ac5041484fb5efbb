// Issue 47 (adv47 r34): a hole (shifts whose people couldn't be read) runs right up to my next readable block. The
// menu said "Next known … · earlier unknown"; the tooltip, the popover's headline, `status` and the hand-off stated
// the later block as my next shift, unqualified, while the hole before it may be mine (it was: I was on call in 22 h).
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { surfaces } from './support';

const MIN = 60_000;

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

  it("the service's named next shift fills the hole: my next shift is Wed 09:00, reminded before it starts", async () => {
    // Alice, me, me from Sun 1 Mar 09:00 Berlin: Wed 11 + Thu 12 mine (one shift Wed 08:00Z – Fri 08:00Z).
    const seed = seedOf([
      {
        id: 'sch_p',
        name: 'Platform',
        zone: 'Europe/Berlin',
        rotationStart: '2026-03-01T08:00:00Z',
        userIds: ['usr_alice', 'usr_me', 'usr_me'],
        length: { amount: 1, unit: 'days' },
      },
    ]);
    const h = await createHarness({ startMs: Date.parse('2026-03-10T10:00:00Z'), seed, files: 'fs' });
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
    // What the service itself names next, read independently of the app.
    const res = await fetch(`${h.sim.url}/schedules/sch_p`, { headers: { 'x-api-key': h.sim.apiKey } });
    const body: unknown = await res.json();
    const named = JSON.stringify(body);
    expect(named).toContain('2026-03-11T08:00:00');
    const next = engine.getState().me.nextShift;
    expect(next && Date.parse(next.start)).toBe(Date.parse('2026-03-11T08:00:00Z'));
    const t = surfaces(engine.getState(), h.clock.now());
    expect(t.tooltip.split('\n')[0]).toContain('Wed 09:00');
    expect(t.popover.split('\n')[0]).toContain('Wed 09:00');
    // 10 minutes before Wed 09:00 Berlin, a reminder of that start has been shown (not only the alarm at 09:00).
    await h.clock.advance(Date.parse('2026-03-11T07:50:00Z') - h.clock.now());
    expect(h.notifier.shown.length).toBeGreaterThan(0);
    await engine.stop();
  }, 60_000);
});
