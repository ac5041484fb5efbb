// Issue 48: I'm away handed my Mon night and Tue off to Carol (both landed); a manager then gave Tue 08:00 – Wed 08:00
// UTC to Alice + Bob; Create again with the same items (no restart, after one) or Retry. Before: without a restart it
// answered the old run ("Carol Lee covers it ✓" on Tue, false now); after one it refused with "Changed since you
// planned it: Carol Lee and Alice Doe now cover …", my own hand-off told as a change, the manager's not named. Each
// item must say what the service holds now: in place ✓, or changed since it landed (what holds now), and nothing is
// written. Real engine, the simulator, a fake clock; what the service holds is read back through its own client.
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../electron/api/client';
import { type Harness } from '../support/engine-harness';
import { SEED_USERS } from '../support/seeds';
import { overridesOn, startPairWorld, TUE } from './support/pair-world';
import { logWrites } from './support/write-log';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const CAROL = 'carol@example.com';
const nameOf = (email: string) => Object.values(SEED_USERS).find((u) => u.email === email)?.name ?? email;

/** Who the service has on call over the window: the sorted e-mails of each stretch (its own read, not the app's). */
async function onCall(hh: Harness, w: { start: string; end: string }): Promise<string[][]> {
  const c = createClient({ baseUrl: hh.sim.url, getApiKey: () => hh.sim.apiKey });
  try {
    const r = await c.listShifts('sch_pair', { from: w.start, to: w.end, clip_to_interval: true, per_page: 100 });
    if (!r.ok) throw new Error(r.error.message);
    return r.value.shifts.map((e) => (e.ok ? e.shift.users.map((u) => u.email.toLowerCase()).sort() : ['?']));
  } finally {
    c.close();
  }
}

describe('I am away pressed again after a manager changed a handed-off block', () => {
  it.each([
    ['Create again', 'create', false],
    ['Create again after a restart', 'create', true],
    ['Retry', 'retry', false],
  ] as const)(
    '%s: each item says what the service holds now, nothing written',
    async (_name, press, restart) => {
      const w = await startPairWorld();
      h = w.h;
      const log = logWrites(w.h, ['sch_pair', 'sch_solo']);
      const range = { from: '2026-03-24', to: '2026-03-25' };
      const plan = await w.h.clock.runWhileAdvancing(w.engine.handlers['handoff:plan']({ range }), 1000, 60);
      if (!plan.ok) throw new Error(plan.error.message);
      const rows = plan.value.rows.filter((r) => r.scheduleId === 'sch_pair');
      const items = rows.map((r) => ({ scheduleId: r.scheduleId, start: r.start, end: r.end, email: CAROL }));
      expect(items.length).toBe(2);
      const first = await w.h.clock.runWhileAdvancing(w.engine.handlers['handoff:create']({ items }), 1000, 120);
      if (!first.ok || !first.value.run) throw new Error('the first Create failed');
      expect(first.value.run.items.map((i) => i.state)).toEqual(['handed_off', 'handed_off']);
      let engine = w.engine;
      if (restart) await engine.stop();
      log.manage('sch_pair', Date.parse(TUE.start), Date.parse(TUE.end), ['alice', 'bob']);
      await w.h.clock.advance(5 * 60_000);
      if (restart) {
        engine = w.h.engine();
        await engine.start();
        await w.h.clock.advance(2_000);
      }
      const call =
        press === 'create' ? engine.handlers['handoff:create']({ items }) : engine.handlers['handoff:retry'](null);
      const again = await w.h.clock.runWhileAdvancing(call, 1000, 120);
      if (!again.ok) throw new Error(again.error.message);
      const { run, said } = again.value;
      if (!run || !said) throw new Error('no run');
      expect(run.items).toHaveLength(2);
      for (const item of run.items) {
        const planned = [CAROL, ...item.others].map((e) => e.toLowerCase()).sort();
        const now = await onCall(w.h, item);
        const inPlace = now.length > 0 && now.every((s) => s.join() === planned.join());
        // It landed either way: never "not sent", never "changed since you planned it".
        expect(item.state).toBe('handed_off');
        expect(item.message).not.toMatch(/planned it/);
        if (inPlace) {
          expect(item.outcome).toBeUndefined();
          expect(said.items[item.id]).toBe(`${item.name || item.email} covers it ✓`);
        } else {
          expect(item.outcome).toBe('landed-then-changed');
          expect(item.message).toMatch(/^Changed since it landed: /);
          // Whoever the service put there who was not planned is named.
          const added = [...new Set(now.flat())].filter((e) => !planned.includes(e));
          expect(added.length).toBeGreaterThan(0);
          for (const e of added) expect(item.message).toContain(nameOf(e));
          expect(said.items[item.id]).toBe(`Handed off to ${item.name || item.email} ✓, then changed: ${item.message}`);
        }
      }
      // The world as built: the Mon night item still in place, the Tue one changed under the manager's override.
      const outcomes = run.items.map((i) => i.outcome ?? 'in place');
      expect(outcomes.sort()).toEqual(['in place', 'landed-then-changed']);
      // Nothing stale written, no duplicate: the two first writes and the manager's.
      expect(log.entries.filter((e) => !e.manager)).toHaveLength(2);
      expect(overridesOn(w.h, 'sch_pair')).toHaveLength(3);
      await engine.stop();
    },
    60_000,
  );

  it('Create again while the schedule cannot be read: unknown, never "covers it ✓"; said once it reads', async () => {
    const w = await startPairWorld();
    h = w.h;
    const log = logWrites(w.h, ['sch_pair', 'sch_solo']);
    const range = { from: '2026-03-24', to: '2026-03-25' };
    const plan = await w.h.clock.runWhileAdvancing(w.engine.handlers['handoff:plan']({ range }), 1000, 60);
    if (!plan.ok) throw new Error(plan.error.message);
    const rows = plan.value.rows.filter((r) => r.scheduleId === 'sch_pair');
    const items = rows.map((r) => ({ scheduleId: r.scheduleId, start: r.start, end: r.end, email: CAROL }));
    const first = await w.h.clock.runWhileAdvancing(w.engine.handlers['handoff:create']({ items }), 1000, 120);
    expect(first.ok && first.value.run?.items.map((i) => i.state)).toEqual(['handed_off', 'handed_off']);
    log.manage('sch_pair', Date.parse(TUE.start), Date.parse(TUE.end), ['alice', 'bob']);
    w.h.sim.faults.set('listShifts', { status: 500 });
    const again = await w.h.clock.runWhileAdvancing(w.engine.handlers['handoff:create']({ items }), 1000, 120);
    if (!again.ok || !again.value.run || !again.value.said) throw new Error('no run');
    // What holds now is not known: neither in place nor changed is said.
    expect(again.value.run.items.map((i) => i.state)).toEqual(['unknown', 'unknown']);
    for (const said of Object.values(again.value.said.items)) expect(said).not.toMatch(/✓/);
    w.h.sim.faults.clear();
    await w.h.clock.advance(20_000);
    const got = await w.engine.handlers['handoff:get'](null);
    if (!got.ok || !got.value.run) throw new Error('no run');
    const outcomes = got.value.run.items.map((i) => `${i.state} ${i.outcome ?? 'in place'}`);
    expect(outcomes.sort()).toEqual(['handed_off in place', 'handed_off landed-then-changed']);
    expect(log.entries.filter((e) => !e.manager)).toHaveLength(2);
    await w.engine.stop();
  }, 60_000);
});
