// adv50 round 20 #1: a booking the ntfy server fails (500: maybe held; 503: not held) is tried again on its own
// chain, once a minute (each try is one POST and at most two repeats, after 1 s and 4 s: docs/reminders-and-alarms.md,
// "Bounded requests"), whatever else looks meanwhile: the 5 s poll for "I'm on it" while the start alarm waits
// unanswered, and syncs asked for by hand. Before, every poll started a new chain: 18 POSTs a minute instead of 3.
// Real engine, simulator, fake clock, the loopback ntfy stand-in failing every request from 08:00.
import { afterEach, describe, expect, it } from 'vitest';
import { closeStands, HOUR, laptopAlarms, MIN, MY_START, withNtfy } from '../support/phone-engine-rig';

afterEach(closeStands);

/** Documented: one try a minute, a try being the POST and its two repeats. */
const POSTS_PER_TRY = 3;

async function postsPerMinute(status: number): Promise<number[]> {
  const { h, s, engine } = await withNtfy();
  await h.clock.advanceTo(MY_START - HOUR);
  s.failNext(1_000_000, status);
  await h.clock.advanceTo(MY_START + 1_000);
  // The start alarm rings and nobody answers it: the poll for the phone's "I'm on it" runs every 5 s.
  expect(laptopAlarms(h)).toHaveLength(1);
  await h.clock.advanceTo(MY_START + 10 * MIN);
  const perMinute: number[] = [];
  for (let minute = 10; minute < 40; minute++) {
    const from = s.requests.length;
    // Syncs asked for by hand three times a minute: each replans the escalation, none may start a new chain.
    for (const sec of [20, 40, 60]) {
      if (sec < 60) await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
      await h.clock.advanceTo(MY_START + minute * MIN + sec * 1_000);
    }
    perMinute.push(s.requests.slice(from).filter((r) => r.method === 'POST').length);
  }
  await h.clock.runWhileAdvancing(engine.stop());
  return perMinute;
}

describe('a failing booking is tried again on one chain while the start alarm waits for "I’m on it"', () => {
  for (const status of [500, 503])
    it(`answered ${status}: at most one try a minute, and still one at least every two minutes`, async () => {
      const perMinute = await postsPerMinute(status);
      expect(Math.max(...perMinute)).toBeLessThanOrEqual(POSTS_PER_TRY);
      for (let i = 1; i < perMinute.length; i++) expect(perMinute[i - 1]! + perMinute[i]!).toBeGreaterThan(0);
    }, 60_000);
});
