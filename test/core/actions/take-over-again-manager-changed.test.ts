// Issue 48 (take over's second press): Take over landed (answered with its id); a manager then gave part or all of the
// rest of that block to Alice; Take over pressed again from the same card. Before: with the last six hours given to
// Alice it said "Changed since you planned it: you are now on call until …" (my own take-over, still in place, told
// as a change, the manager's change not named); with all of it given to Alice, "Changed since you planned it: …",
// never that my take-over had landed. Each must say what the service holds now and send nothing. Against the
// simulator on a fake clock; who the service holds is read from its own store, not from the app.
import { describe, expect, it } from 'vitest';
import { SEED_USERS } from '../support/seeds';
import { soloWorld } from './support/solo-world';

const SHIFT_END = '2026-03-26T08:00:00Z';
const HOUR = 3_600_000;
const request = {
  scheduleId: 'sch_solo',
  fromEmail: 'carol@example.com',
  seen: { onCall: ['carol@example.com'], until: SHIFT_END },
};

describe('take over pressed again after it landed and a manager changed the block', () => {
  it.each([
    ['the last six hours given to Alice', 6],
    ['all the rest given to Alice', 0],
  ] as const)(
    '%s: said as it holds now, nothing sent',
    async (_name, hoursLeftMine) => {
      const { h, engine } = await soloWorld();
      const first = await h.clock.runWhileAdvancing(engine.handlers['take-over:now'](request));
      expect(first.ok && first.value.outcome.status).toBe('created');
      await h.clock.advance(3 * 60_000);
      const from = hoursLeftMine > 0 ? Date.parse(SHIFT_END) - hoursLeftMine * HOUR : h.clock.now();
      h.sim.state.addOverride(
        'sch_solo',
        { startMs: from, endMs: Date.parse(SHIFT_END), userIds: ['usr_alice'] },
        h.clock.now(),
      );
      await h.clock.advance(60_000);
      const again = await h.clock.runWhileAdvancing(engine.handlers['take-over:now'](request));
      const said = again.ok ? JSON.stringify(again.value) : again.error.message;
      // My take-over is never told as a change since I planned it, and whom the manager put there is named.
      expect(said).not.toMatch(/you are now on call/);
      expect(said).toContain(SEED_USERS.alice.name);
      // Still me on call now (the manager's override starts later): in place; else it landed and was changed since.
      const overrides = h.sim.state.schedules.get('sch_solo')?.overrides ?? [];
      // In creation order: the last one over an instant wins (the service's rule).
      const meNow = overrides
        .filter((o) => o.startMs <= h.clock.now() && h.clock.now() < o.endMs)
        .at(-1)
        ?.userIds.includes('usr_me');
      expect(said).toMatch(meNow ? /already in place/ : /since you created it/);
      expect(overrides).toHaveLength(2); // mine and the manager's: nothing sent again
    },
    60_000,
  );
});
