// Retry after side 1 of a swap got a 5xx or no answer (not applied): both sides are read before either is written.
// Other side changed at the service since the plan → nothing is written and nothing says "now covers" (issue 48,
// adv48 r37); other side unchanged → each side is written once and the swap is whole.
import { afterEach, describe, expect, it } from 'vitest';
import type { Fault } from '../../../electron/simulator/faults';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME } from '../support/seeds';
import { overridesOn, pairSeed, START, SWAP, THU, windowMs } from './support/pair-world';

let h: Harness | undefined;
afterEach(async () => void (await h?.close()));

const HOUR = 3_600_000;
const thu = windowMs(THU);
/** Side 1's answer: a 5xx (nothing applied), or none (the connection dropped; the service never applies it here). */
const FAULTS: Record<string, Fault> = {
  '500': { status: 500 },
  '502': { status: 502 },
  '503': { status: 503 },
  lost: { reset: true, applyAfterMs: 30 * 24 * HOUR },
};
/** What a manager does to Carol's Thu on Solo meanwhile (undefined: nothing). */
const CHANGES: Record<string, ((hh: Harness) => void) | undefined> = {
  givenAway: (hh) => hh.sim.state.addOverride('sch_solo', { ...thu, userIds: ['usr_bob'] }, hh.clock.now()),
  partGiven: (hh) =>
    hh.sim.state.addOverride(
      'sch_solo',
      { startMs: thu.startMs + 2 * HOUR, endMs: thu.startMs + 5 * HOUR, userIds: ['usr_bob'] },
      hh.clock.now(),
    ),
  someoneAdded: (hh) =>
    hh.sim.state.addOverride('sch_solo', { ...thu, userIds: ['usr_carol', 'usr_alice'] }, hh.clock.now()),
  unchanged: undefined,
};
const ids = (h: Harness, id: string) => overridesOn(h, id).map((o) => [...o.userIds].sort());

describe('swap Retry after side 1 was not applied reads both sides before writing either', () => {
  for (const [fault, f] of Object.entries(FAULTS))
    for (const [name, change] of Object.entries(CHANGES))
      for (const restart of [false, true])
        it(`${fault} · other side ${name} · restart=${restart}`, async () => {
          h = await createHarness({ startMs: START, seed: pairSeed(), files: 'fs' });
          await seedSettings(h, { email: ME, scheduleIds: ['sch_pair', 'sch_solo'] });
          let engine = h.engine({ alarms: false });
          await engine.start();
          await h.clock.advance(1_000);
          h.sim.faults.set('createOverride', { ...f, times: 1 });
          const made = await h.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP), 1000, 300);
          if (!made.ok) throw new Error(made.error.message);
          expect(overridesOn(h, 'sch_pair')).toHaveLength(0); // side 1 not applied by the service
          await h.clock.advance(5_000);
          if (restart) await engine.stop();
          change?.(h);
          if (restart) {
            engine = h.engine({ alarms: false });
            await engine.start();
          }
          await h.clock.advance(130_000);
          const before = h.sim.requests.count({ route: 'createOverride' });
          const r = await h.clock.runWhileAdvancing(engine.handlers['swap:settle']({ action: 'retry', ...made.value }));
          const sent = h.sim.requests.count({ route: 'createOverride' }) - before;
          await engine.stop();
          if (!r.ok) throw new Error(r.error.message);
          if (fault === 'lost') {
            // Never answered: on a service not seen marking its writes it is never sent again unseen (the rule of every
            // flow), whatever the other side holds; its outcome stays unknown and nothing says it covers.
            expect(sent).toBe(0);
            expect(r.value.mine.state).toBe('unknown');
            expect(r.value.text).not.toContain('now covers your');
          } else if (change) {
            expect(sent).toBe(0);
            expect(overridesOn(h, 'sch_pair')).toHaveLength(0);
            expect(r.value.mine.state).not.toBe('handed_off');
            expect(r.value.text).not.toContain('now covers your');
            expect(r.value.theirs.state).toBe('changed');
            expect(r.value.text).toContain('Nothing was swapped');
            expect(r.value.text).toContain('Changed since you planned it');
          } else {
            expect(sent).toBe(2);
            expect(ids(h, 'sch_pair')).toEqual([['usr_bob', 'usr_carol']]);
            expect(ids(h, 'sch_solo').slice(-1)).toEqual([['usr_me']]);
            expect([r.value.mine.state, r.value.theirs.state]).toEqual(['handed_off', 'handed_off']);
          }
        }, 60_000);
});

describe('swap Retry of the second side after a 502 reads it before writing it', () => {
  for (const [name, change] of Object.entries(CHANGES))
    it(`other side ${name}`, async () => {
      h = await createHarness({ startMs: START, seed: pairSeed(), files: 'fs' });
      await seedSettings(h, { email: ME, scheduleIds: ['sch_pair', 'sch_solo'] });
      const engine = h.engine({ alarms: false });
      await engine.start();
      await h.clock.advance(1_000);
      h.sim.faults.set('createOverride', { status: 502, times: 1, pathIncludes: 'sch_solo' });
      const made = await h.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP), 1000, 300);
      if (!made.ok) throw new Error(made.error.message);
      expect(ids(h, 'sch_pair')).toEqual([['usr_bob', 'usr_carol']]); // side 1 landed
      await h.clock.advance(5_000);
      change?.(h);
      await h.clock.advance(130_000);
      const before = h.sim.requests.count({ route: 'createOverride' });
      const r = await h.clock.runWhileAdvancing(engine.handlers['swap:settle']({ action: 'retry', ...made.value }));
      const sent = h.sim.requests.count({ route: 'createOverride' }) - before;
      await engine.stop();
      if (!r.ok) throw new Error(r.error.message);
      expect(r.value.mine.state).toBe('handed_off');
      expect(sent).toBe(change ? 0 : 1);
      expect(r.value.theirs.state).toBe(change ? 'changed' : 'handed_off');
      if (change) expect(r.value.text).toContain('Changed since you planned it');
    }, 60_000);
});
