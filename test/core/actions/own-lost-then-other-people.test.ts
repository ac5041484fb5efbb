// adv48 r20 #2: my override whose answer was lost (applied, then seen in place) made every later override of mine
// for other people over exactly the same window read as a manager's change ("Changed since you created it: you are
// now on call then"), and nothing was sent. Other people for the same hours are a new override, and are sent; the
// same people again are still never sent twice.
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const START = Date.parse('2026-03-25T10:00:00Z'); // Carol on call on Solo until 3/26 08:00Z
const HOUR = 3_600_000;
const FROM = START + 2 * HOUR;
const TO = START + 6 * HOUR;
const WINDOW = { kind: 'custom' as const, start: new Date(FROM).toISOString(), end: new Date(TO).toISOString() };

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Solo started, then me over 12:00–16:00Z with the answer lost after the service applied it. */
async function afterMyLostOverride(): Promise<{ x: Harness; engine: Engine }> {
  const daily = {
    zone: 'Etc/UTC',
    rotationStart: '2026-03-20T08:00:00Z',
    length: { amount: 1, unit: 'days' as const },
  };
  const s = seedOf([{ id: 'sch_solo', name: 'Solo', userIds: ['usr_alice', 'usr_bob', 'usr_carol'], ...daily }]);
  const x = await createHarness({ startMs: START, seed: s });
  h = x;
  await seedSettings(x, { email: ME, scheduleIds: ['sch_solo'] });
  const engine = x.engine();
  await engine.start();
  await x.clock.advance(1_000);
  x.sim.faults.set('createOverride', { reset: true, times: 1 });
  const mine = await x.clock.runWhileAdvancing(
    engine.handlers['override:create']({ scheduleId: 'sch_solo', window: WINDOW, emails: [] }),
  );
  expect(mine.ok && mine.value.status).toBe('created_unconfirmed');
  return { x, engine };
}

/** The overrides the service holds over exactly the window, as "user+user" (the simulator's own state). */
const heldOverWindow = (x: Harness) =>
  (x.sim.state.schedules.get('sch_solo')?.overrides ?? [])
    .filter((o) => o.startMs === FROM && o.endMs === TO)
    .map((o) => o.userIds.join('+'));

describe('after my own override with a lost answer, another of mine over the same window', () => {
  it.each([3 * 60_000, 40 * 60_000])(
    'Carol back after the preview (%i ms later) is sent',
    async (waitMs) => {
      const { x, engine } = await afterMyLostOverride();
      await x.clock.advance(waitMs);
      const req = { scheduleId: 'sch_solo', window: WINDOW, emails: ['carol@example.com'] };
      const pv = await x.clock.runWhileAdvancing(engine.handlers['override:preview'](req));
      if (!pv.ok) throw new Error(pv.error.message);
      expect(pv.value.replaces.map((p) => p.email)).toEqual([ME]);
      const back = await x.clock.runWhileAdvancing(
        engine.handlers['override:create']({ ...req, replaces: pv.value.replaces.map((p) => p.email) }),
      );
      expect(back.ok ? back.value.status : back.error.message).toBe('created');
      expect(heldOverWindow(x)).toEqual(['usr_me', 'usr_carol']);
    },
    30_000,
  );

  it('Bob for the same hours without a preview is sent', async () => {
    const { x, engine } = await afterMyLostOverride();
    await x.clock.advance(3 * 60_000);
    const bob = await x.clock.runWhileAdvancing(
      engine.handlers['override:create']({ scheduleId: 'sch_solo', window: WINDOW, emails: ['bob@example.com'] }),
    );
    expect(bob.ok ? bob.value.status : bob.error.message).toBe('created');
    expect(heldOverWindow(x)).toEqual(['usr_me', 'usr_bob']);
  }, 30_000);

  it('me again for the same hours is not sent a second time', async () => {
    const { x, engine } = await afterMyLostOverride();
    await x.clock.advance(3 * 60_000);
    const again = await x.clock.runWhileAdvancing(
      engine.handlers['override:create']({ scheduleId: 'sch_solo', window: WINDOW, emails: [] }),
    );
    expect(again.ok && again.value.status).toBe('created_unconfirmed');
    expect(heldOverWindow(x)).toEqual(['usr_me']);
  }, 30_000);
});
