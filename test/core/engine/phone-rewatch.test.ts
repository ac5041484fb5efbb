// A schedule added (or added back) to an account's watch list is read at once (issue 50, adv50 round 6 #1): unwatched
// at 09:01 while its start alarm rang and watched again at 09:02, it waited for the next timed sync (09:30) with no
// alarm, "still loading", and the phone's 09:03 booking gone, so the phone rang 27 min late.
// Real engine, simulator, loopback ntfy stand-in, fake clock.
import { afterEach, describe, expect, it } from 'vitest';
import type { StandIn } from '../../support/phone-standin';
import { MY_START, startPhoneEngine, TOPIC } from './support/phone-engine';

const MIN = 60_000;

let standIn: StandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

describe('engine: a schedule watched again is read at once', () => {
  it('unwatched and watched again while its alarm rings: booked again at once, the phone rings at T+3', async () => {
    const { h, s, engine } = await startPhoneEngine();
    standIn = s;
    const account = engine.getState().settings.accounts[0];
    if (account === undefined) throw new Error('no account');
    const saved = await engine.phoneIntent({
      kind: 'save',
      settings: { provider: 'ntfy', ntfyServer: s.url, afterMin: 3 },
      secrets: { ntfyTopic: TOPIC },
    });
    expect(saved).toMatchObject({ ok: true });
    const update = async (schedules: typeof account.schedules): Promise<void> => {
      const answer = await h.clock.runWhileAdvancing(
        engine.handlers['settings:update']({ account: { id: account.id, schedules } }),
      );
      expect(answer).toMatchObject({ ok: true });
      await h.clock.runWhileAdvancing(engine.alarmsSettled());
    };
    await h.clock.advanceTo(MY_START + MIN);
    expect(engine.getState().alarm).toMatchObject({ ringing: true });
    await update([]);
    expect(s.scheduled(TOPIC).map((m) => m.deliverMs)).not.toContain(MY_START + 3 * MIN);
    await h.clock.advanceTo(MY_START + 2 * MIN);
    await update(account.schedules);
    await h.clock.advance(5_000);
    expect(engine.getState().alarm).toMatchObject({ ringing: true, ackedAt: null });
    expect(s.scheduled(TOPIC).map((m) => m.deliverMs)).toContain(MY_START + 3 * MIN);
    expect(engine.getState().phone?.nextBooked).toBe(new Date(MY_START + 3 * MIN).toISOString());
    await h.clock.advanceTo(MY_START + 4 * MIN);
    const rang = s.rang(TOPIC).filter((m) => /^Shift start not acknowledged/.test(m.title));
    expect(rang.map((m) => m.deliverMs)).toEqual([MY_START + 3 * MIN]);
    await engine.stop();
  }, 30_000);
});
