// A booking that did not land is a readiness problem and is tried again a minute later, whichever booking it was
// (adv50 r17 #1). Before, a 503 (or a 429 without Retry-After) on the booking made at Save in Settings → Phone was
// forgotten as soon as the next start's booking went through: the state read problem null ("set up but not tested",
// or "armed ✓" after a minutes change), nothing was tried again for an hour, and through a lid closed over the start
// the phone rang 63 min late. Real engine, ntfy stand-in, fake clock, a real data folder; what the phone got is read
// from the stand-in.
import { afterEach, describe, expect, it } from 'vitest';
import type { StandIn } from '../../support/phone-standin';
import { MY_START, SLOW_READS, START, startPhoneEngine, TOPIC } from './support/phone-engine';

const MIN = 60_000;

let standIn: StandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

async function rig() {
  const { h, s, engine } = await startPhoneEngine({ files: 'fs', refresh: SLOW_READS });
  standIn = s;
  const save = async (afterMin: number) => {
    const settings = { provider: 'ntfy' as const, ntfyServer: s.url, afterMin };
    await h.clock.runWhileAdvancing(engine.phoneIntent({ kind: 'save', settings, secrets: { ntfyTopic: TOPIC } }));
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
  };
  const phoneLine = () => engine.getState().me.readiness?.checks.find((c) => c.id === 'phone');
  const rang = () => s.rang(TOPIC).filter((m) => m.title.startsWith('Shift start not acknowledged'));
  const bookedFor = () => s.scheduled(TOPIC).map((m) => m.deliverMs);
  return { h, s, engine, save, phoneLine, rang, bookedFor };
}

describe('a booking made at Save that did not land (failed before)', () => {
  for (const status of [503, 429]) {
    it(`${status}${status === 429 ? ' without Retry-After' : ''} ×3: a problem, booked a minute later, rings at 09:03 through a sleep`, async () => {
      const { h, s, engine, save, phoneLine, rang, bookedFor } = await rig();
      s.failNext(3, status);
      await save(3);
      await h.clock.advanceTo(START + 30_000);
      const problem = `the phone alert may not be booked: the server answered ${status}; trying again each minute`;
      expect(engine.getState().phone?.problem).toBe(problem);
      // Readiness names the start whose booking failed (09:00 UTC, 10:00 in the engine's Berlin): adv50 r33.
      const forStart = `the phone alert for 10:00 may not be booked: the server answered ${status}; trying again each minute`;
      expect(phoneLine()).toMatchObject({ result: 'problem', message: `Phone escalation: ${forStart}.` });
      expect(bookedFor()).not.toContain(MY_START + 3 * MIN);
      // A minute after the failure, booked: the problem is gone.
      await h.clock.advanceTo(START + 2 * MIN);
      expect(bookedFor()).toContain(MY_START + 3 * MIN);
      expect(engine.getState().phone).toMatchObject({ problem: null, booking: 'booked' });
      // The lid closed 06:30 → 10:00: the server rings the phone at 09:03, once.
      await h.clock.advanceTo(START + 30 * MIN);
      h.clock.sleep(MY_START + 60 * MIN - h.clock.now());
      await h.clock.advanceTo(MY_START + 65 * MIN);
      expect(rang().map((m) => m.deliverMs)).toEqual([MY_START + 3 * MIN]);
      await h.clock.runWhileAdvancing(engine.stop());
      await h.close();
    }, 30_000);
  }

  it('the re-booking after "ring after" 3 → 5 min that gets 503 ×3: a problem, re-booked a minute later', async () => {
    const { h, s, engine, save, phoneLine, rang, bookedFor } = await rig();
    await save(3);
    expect(bookedFor()).toContain(MY_START + 3 * MIN);
    await h.clock.advanceTo(START + 60 * MIN);
    s.failNext(3, 503);
    await save(5);
    await h.clock.advance(30_000);
    const problem = 'the phone alert may not be booked: the server answered 503; trying again each minute';
    expect(engine.getState().phone?.problem).toBe(problem);
    expect(phoneLine()?.result).toBe('problem');
    await h.clock.advance(2 * MIN);
    expect(bookedFor()).toContain(MY_START + 5 * MIN);
    expect(bookedFor()).not.toContain(MY_START + 3 * MIN);
    expect(engine.getState().phone?.problem).toBeNull();
    h.clock.sleep(MY_START + 60 * MIN - h.clock.now());
    await h.clock.advanceTo(MY_START + 65 * MIN);
    expect(rang().map((m) => m.deliverMs)).toEqual([MY_START + 5 * MIN]);
    await h.clock.runWhileAdvancing(engine.stop());
    await h.close();
  }, 30_000);
});
