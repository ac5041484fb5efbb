// A phone service that answers 429 with Retry-After (fix50l #2): no request goes to it before the wait ends (seconds
// or an HTTP-date, bounded), readiness says it waits and until when, and the booking is made after. Real engine,
// simulator, fake clock, the loopback ntfy stand-in. Failed before: Retry-After was not read, the booking was tried
// again 1 s and 4 s later and then each minute, and readiness said only "the server answered 429".
import { afterEach, describe, expect, it } from 'vitest';
import { retryAfterUntil, MAX_RETRY_AFTER_MS } from '../../../electron/core/escalation/rate-gate';
import { closeStands, MIN, MY_START, TOPIC, withNtfy } from '../support/phone-engine-rig';

afterEach(closeStands);

describe('Retry-After parsed and bounded', () => {
  const now = Date.parse('2026-03-10T06:00:00Z');
  it('seconds, HTTP-date, junk, past, too far', () => {
    expect(retryAfterUntil('120', now)).toBe(now + 120_000);
    expect(retryAfterUntil('Tue, 10 Mar 2026 06:05:00 GMT', now)).toBe(now + 5 * MIN);
    expect(retryAfterUntil('soon', now)).toBeUndefined();
    expect(retryAfterUntil(undefined, now)).toBeUndefined();
    expect(retryAfterUntil('Tue, 10 Mar 2026 05:00:00 GMT', now)).toBe(now);
    expect(retryAfterUntil('999999', now)).toBe(now + MAX_RETRY_AFTER_MS);
  });
});

describe('a 429 with Retry-After holds every request to the phone service until then', () => {
  for (const form of ['seconds', 'date'] as const)
    it(`Retry-After as ${form}`, async () => {
      const { h, s, engine } = await withNtfy();
      const waitMs = 10 * MIN;
      const untilMs = h.clock.now() + waitMs;
      const value = form === 'seconds' ? String(waitMs / 1000) : new Date(untilMs).toUTCString();
      s.failNext(1, 429, { 'Retry-After': value });
      const before = s.requests.length;
      // A changed wait (5 min) books both alerts again: the first request is refused with 429.
      const saved = engine.phoneIntent({
        kind: 'save',
        settings: { provider: 'ntfy', ntfyServer: s.url, afterMin: 5 },
        secrets: { ntfyTopic: TOPIC },
      });
      await h.clock.runWhileAdvancing(saved);
      await h.clock.runWhileAdvancing(engine.alarmsSettled());
      expect(s.requests.length - before).toBe(1);
      const phone = engine.getState().me.readiness?.checks.find((c) => c.id === 'phone');
      expect(phone?.result).toBe('problem');
      expect(phone?.message).toMatch(/429.*waiting until .*07:10/);
      // Nothing more reaches the server before the wait ends…
      await h.clock.advanceTo(untilMs - 1_000);
      expect(s.requests.length - before).toBe(1);
      // …and after it the alerts are booked for the new time, once each.
      await h.clock.advanceTo(untilMs + 2 * MIN);
      await h.clock.runWhileAdvancing(engine.alarmsSettled());
      expect(s.scheduled(TOPIC).map((m) => m.deliverMs)).toContain(MY_START + 5 * MIN);
      const after = engine.getState().me.readiness?.checks.find((c) => c.id === 'phone');
      expect(after?.message).not.toMatch(/waiting/);
      await engine.stop();
    }, 30_000);
});
