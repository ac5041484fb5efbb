// Issue 48, adversarial round 23 F2 (and F1's take-over): a take-over answered 504 that the service applies 60 s
// later; at +10 s a manager gives the rest of Bob's day to Alice. Take over pressed again at +30 s said "Changed since
// you planned it" (the late write then landed anyway); once it landed, Hand back was still offered to Bob and,
// pressed, wrote Bob over Alice, the manager's choice. Now the press waits for the earlier write, and Hand back goes
// to Alice, who was on call there just before my take-over landed. Solo: daily at 08:00 UTC, Bob on 3/21.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const BOB_UNTIL = '2026-03-22T08:00:00Z';
const TAKE = { scheduleId: 'sch_solo', seen: { onCall: ['bob@example.com'], until: BOB_UNTIL } };
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function world(): Promise<Harness> {
  const daily = {
    zone: 'Etc/UTC',
    rotationStart: '2026-03-20T08:00:00Z',
    length: { amount: 1, unit: 'days' as const },
  };
  const seed = seedOf([{ id: 'sch_solo', name: 'Solo', userIds: ['usr_alice', 'usr_bob', 'usr_carol'], ...daily }]);
  const hh = await createHarness({ startMs: Date.parse('2026-03-21T10:00:00Z'), seed });
  await seedSettings(hh, { email: ME, scheduleIds: ['sch_solo'] });
  return hh;
}

const written = (hh: Harness) =>
  (hh.sim.state.schedules.get('sch_solo')?.overrides ?? []).map((o) => o.userIds.join('+'));

describe('a take-over the service applies late, over a manager’s change', () => {
  for (const pressAgain of [false, true])
    it(`Hand back goes to Alice, never brings Bob back${pressAgain ? ' (Take over pressed again at +30 s: it waits)' : ''}`, async () => {
      h = await world();
      const engine = h.engine();
      await engine.start();
      await h.clock.advance(1_000);
      h.sim.faults.set('createOverride', { status: 504, applyAfterMs: 60_000, times: 1 });
      const first = await h.clock.runWhileAdvancing(engine.handlers['take-over:now'](TAKE));
      expect(first.ok && first.value.outcome.status).toBe('not_created');
      await h.clock.advance(10_000);
      const now = h.clock.now();
      const alice = { startMs: now - 60_000, endMs: Date.parse(BOB_UNTIL), userIds: ['usr_alice'] };
      h.sim.state.addOverride('sch_solo', alice, now);
      await h.clock.advance(20_000);
      if (pressAgain) {
        const again = await h.clock.runWhileAdvancing(engine.handlers['take-over:now'](TAKE));
        expect(again.ok).toBe(false);
        const said = again.ok ? '' : again.error.message;
        expect(said).toMatch(/^Can't confirm yet — checking: an earlier write here may still land \(your take-over/);
        expect(said).not.toMatch(/Changed since you planned it/);
        expect(written(h)).toEqual(['usr_alice']);
      }
      await h.clock.advance(10 * 60_000);
      // The service applied my take-over over Alice's override: me on top, Alice under it.
      expect(written(h)).toEqual(['usr_alice', 'usr_me']);
      const options = await h.clock.runWhileAdvancing(engine.handlers['take-over:options'](null));
      const offer = options.ok ? options.value.find((o) => o.scheduleId === 'sch_solo')?.handBack : undefined;
      expect(offer?.to.map((p) => p.email)).toEqual(['alice@example.com']);
      // Pressed as the stale offer said (to Bob): refused, nothing written.
      const stale = await h.clock.runWhileAdvancing(
        engine.handlers['take-over:hand-back']({
          scheduleId: 'sch_solo',
          seen: { to: ['bob@example.com'], until: BOB_UNTIL },
        }),
      );
      expect(stale.ok).toBe(false);
      expect(written(h)).toEqual(['usr_alice', 'usr_me']);
      // Pressed as offered now: Alice is put back.
      const back = await h.clock.runWhileAdvancing(
        engine.handlers['take-over:hand-back']({
          scheduleId: 'sch_solo',
          seen: { to: ['alice@example.com'], until: BOB_UNTIL },
        }),
      );
      expect(back.ok && back.value.outcome.status).toBe('created');
      expect(written(h)).toEqual(['usr_alice', 'usr_me', 'usr_alice']);
    }, 60_000);
});
