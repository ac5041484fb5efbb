// adv48 round 14 #2: a take-over answered 504 that the service applies 30 s later is the app's own once the schedule
// shows exactly what it was to make: the next press says "Your take-over is already in place … nothing was sent
// again" (before: "Changed since you planned it: you are now on call"), Hand back is offered (before: never), with or
// without a restart during the settle, and Hand back then sends one create. Simulator, real engine, fake clock.
// Solo: daily handoffs at 08:00 UTC among Alice, Bob, Carol; Bob on call 3/21 08:00Z – 3/22 08:00Z.
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const BOB_UNTIL = '2026-03-22T08:00:00Z';
const TAKE = { scheduleId: 'sch_solo', seen: { onCall: ['bob@example.com'], until: BOB_UNTIL } };

let h: Harness | undefined;
afterEach(async () => void (await h?.close()));

async function started(hh: Harness): Promise<Engine> {
  const e = hh.engine();
  await e.start();
  await hh.clock.advance(1_000);
  return e;
}

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

describe('a take-over answered 504 and applied late', () => {
  for (const restart of [false, true]) {
    it(`is told as in place and can be handed back${restart ? ' (restart during the settle)' : ''}`, async () => {
      h = await world();
      let engine = await started(h);
      const creates = () => h?.sim.requests.count({ route: 'createOverride' });
      h.sim.faults.set('createOverride', { status: 504, applyAfterMs: 30_000, times: 1 });
      const first = await h.clock.runWhileAdvancing(engine.handlers['take-over:now'](TAKE));
      expect(first.ok && first.value.outcome.status).toBe('not_created');
      await h.clock.advance(5_000);
      if (restart) {
        await engine.stop();
        engine = await started(h);
      }
      await h.clock.advance(30_000);
      const again = await h.clock.runWhileAdvancing(engine.handlers['take-over:now'](TAKE));
      expect(!again.ok && again.error.message).toMatch(
        /^Your take-over is already in place: .* nothing was sent again/,
      );
      expect(creates()).toBe(1);
      const plain = await h.clock.runWhileAdvancing(engine.handlers['take-over:now']({ scheduleId: 'sch_solo' }));
      expect(!plain.ok && plain.error.message).toMatch(/^Your take-over is already in place/);

      const options = await h.clock.runWhileAdvancing(engine.handlers['take-over:options'](null));
      const solo = options.ok ? options.value.find((o) => o.scheduleId === 'sch_solo') : undefined;
      expect(solo?.handBack?.to.map((p) => p.email)).toEqual(['bob@example.com']);
      expect(solo?.handBack?.until).toBe(BOB_UNTIL);

      await h.clock.advance(120_000); // past the take-over's settle
      const back = await h.clock.runWhileAdvancing(
        engine.handlers['take-over:hand-back']({
          scheduleId: 'sch_solo',
          seen: { to: ['bob@example.com'], until: BOB_UNTIL },
        }),
      );
      expect(back.ok && back.value.outcome.status).toBe('created');
      expect(creates()).toBe(2);
    }, 30_000);
  }
});
