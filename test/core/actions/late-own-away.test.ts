// adv48 r44 #2 (I'm away): the form's Carol over Thu 12:00–14:00 UTC is answered 504 and applied by the service at
// 200 s; at 150 s the user hands the rest of the day to Bob. The item says, as the form and take over do, that the
// earlier request may still be applied; once Carol lands over Bob, "handed off" is no longer what the service holds,
// so the item is said as landed, then changed, and the count says "changed since landing".
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { boot, createOn, holderAt, solo } from './support/late-own-world';

let h: Harness | undefined;
afterEach(async () => void (await h?.close(), (h = undefined)));

// Thu 26 Mar is mine (me, Bob, Carol in turn from Fri 20 Mar).
const START = Date.parse('2026-03-26T10:00:00Z');
const CAROL = { start: '2026-03-26T12:00:00Z', end: '2026-03-26T14:00:00Z' };
const DAY_END = '2026-03-27T08:00:00Z';
const NOTE =
  /^Your earlier request \(Carol Lee, .*\) may still be applied by the service; the app watches for it and tells you if it is\.$/;

describe("I'm away over an own write that may still land (adv48 r44 #2)", () => {
  for (const restart of [false, true])
    it(`r44-away-after-late (restart before the press: ${restart}): the note, then "changed since landing"`, async () => {
      h = await createHarness({ startMs: START, seed: seedOf([solo(['usr_me', 'usr_bob', 'usr_carol'])]) });
      await seedSettings(h, { email: ME, scheduleIds: ['sch_solo'] });
      let engine = await boot(h);
      h.sim.faults.set('createOverride', { status: 504, applyAfterMs: 200_000, times: 1 });
      const t0 = h.clock.now();
      const form = await createOn(h, engine, 'sch_solo', CAROL, 'carol@example.com');
      expect(form.ok && form.value.status).toBe('not_created');
      if (restart) {
        await h.clock.advance(t0 + 60_000 - h.clock.now());
        await engine.stop();
        engine = await boot(h);
      }
      await h.clock.advance(t0 + 150_000 - h.clock.now());
      const item = { scheduleId: 'sch_solo', start: new Date(h.clock.now()).toISOString(), end: DAY_END };
      await h.clock.runWhileAdvancing(
        engine.handlers['handoff:create']({ items: [{ ...item, email: 'bob@example.com' }] }),
      );
      await h.clock.runWhileAdvancing(engine.handoffIdle());
      const now = await engine.handlers['handoff:get'](null);
      const sent = now.ok ? now.value.run?.items[0] : undefined;
      expect(sent?.state).toBe('handed_off');
      expect(sent?.message).toMatch(NOTE);
      expect(now.ok && now.value.said?.items[sent!.id]).toBe(`Bob Stone covers it ✓ ${sent?.message}`);
      expect(holderAt(h, '2026-03-26T13:00:00Z', 'sch_solo')).toBe('usr_bob');
      // The service applies Carol (the simulator on its next request past 200 s); the app's reads see it.
      await h.clock.advance(10 * 60_000);
      await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
      await h.clock.advance(2 * 60_000);
      await h.clock.runWhileAdvancing(engine.handoffIdle());
      expect(holderAt(h, '2026-03-26T13:00:00Z', 'sch_solo')).toBe('usr_carol');
      const later = await engine.handlers['handoff:get'](null);
      const landed = later.ok ? later.value.run?.items[0] : undefined;
      expect(landed?.state).toBe('handed_off');
      expect(landed?.outcome).toBe('landed-then-changed');
      expect(later.ok && later.value.said?.summary).toBe('1 of 1 handed off · 1 changed since landing');
      expect(later.ok && later.value.said?.items[landed!.id]).not.toMatch(/covers it ✓/);
      expect(h.notifier.shown.filter((n) => n.id.startsWith('late-own:'))).toHaveLength(1);
      expect(h.sim.requests.count({ route: 'createOverride' })).toBe(2);
    }, 60_000);
});
