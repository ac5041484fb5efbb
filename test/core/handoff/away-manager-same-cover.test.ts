// Issue 48 (adv48 r40, the rule under F2 in I'm away): "already in place" is the app's own write, never the schedule
// looking as planned. I plan to hand my Tue (with Bob) to Carol; before I press Create a manager puts Carol + Bob on
// exactly that Tue. Before the fix the write path's last read called it "already in place" (handed off ✓, as if the
// app had done it). Now, at any age of the app's data, the manager's change is said ("Changed since you planned it")
// and nothing is written. Real engine, the simulator, a fake clock.
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness } from '../support/engine-harness';
import { SEED_USERS } from '../support/seeds';
import { overridesOn, startPairWorld, TUE } from './support/pair-world';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const CAROL = 'carol@example.com';
const nameOf = (email: string) => Object.values(SEED_USERS).find((u) => u.email === email)?.name ?? email;

describe('I am away after a manager made the same cover', () => {
  it.each([3, 11])(
    'pressed %i min after start: the change is said, nothing written',
    async (minutes) => {
      const w = await startPairWorld();
      h = w.h;
      const range = { from: '2026-03-24', to: '2026-03-25' };
      const plan = await w.h.clock.runWhileAdvancing(w.engine.handlers['handoff:plan']({ range }), 1000, 60);
      if (!plan.ok) throw new Error(plan.error.message);
      const tue = (r: { start: string; end: string }) =>
        Date.parse(r.start) === Date.parse(TUE.start) && Date.parse(r.end) === Date.parse(TUE.end);
      const row = plan.value.rows.find((r) => r.scheduleId === 'sch_pair' && tue(r));
      if (!row) throw new Error('my Tue is not in the plan');
      await w.h.clock.advance(minutes * 60_000);
      // The manager: exactly what my hand-off would make (Carol in my place, Bob kept).
      const window = { startMs: Date.parse(TUE.start), endMs: Date.parse(TUE.end) };
      w.h.sim.state.addOverride('sch_pair', { ...window, userIds: ['usr_carol', 'usr_bob'] }, w.h.clock.now());
      const before = overridesOn(w.h, 'sch_pair').length;
      const posts = w.h.sim.requests.count({ route: 'createOverride' });
      const items = [{ scheduleId: row.scheduleId, start: row.start, end: row.end, email: CAROL }];
      const r = await w.h.clock.runWhileAdvancing(w.engine.handlers['handoff:create']({ items }), 1000, 120);
      expect(w.h.sim.requests.count({ route: 'createOverride' })).toBe(posts);
      expect(overridesOn(w.h, 'sch_pair')).toHaveLength(before);
      const said = r.ok ? (r.value.run?.items ?? []).map((i) => `${i.state}: ${i.message}`).join() : r.error.message;
      // Never told as the app's own write: it is someone else's change since the plan, named.
      expect(said).not.toMatch(/^handed_off/);
      expect(said).not.toMatch(/in place/);
      expect(said).toContain('Changed since you planned it');
      expect(said).toContain(nameOf(CAROL));
    },
    60_000,
  );
});
