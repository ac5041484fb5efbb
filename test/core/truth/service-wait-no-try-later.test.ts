// A schedule's error under a wait the service asked for says the promise or nothing extra, never "Try again later"
// (issue 47, adv47 r32 #2): Acme answers 503 with Retry-After: 3600 on its schedule only; the account's line says
// "The service asked to wait until 12:06; the app tries again at 11:21" and, before, the schedule's line beside it
// said "The on-call service had a problem (HTTP 503). Try again later." A 429's "Try again in 60 min" is kept out
// the same way (sync/apply.ts); this holds a 5xx with Retry-After to it, over every surface in the registry. Real
// engine, two loopback simulators, fake clock.
import { describe, expect, it } from 'vitest';
import { everyText } from '../../support/text-registry';
import { twoServices } from '../engine/support/two-services';

const MIN = 60_000;
const ZONE = 'Europe/Berlin';
const START = Date.parse('2026-03-05T10:00:00Z');

describe("a service's Retry-After on a 5xx: no line says to try again later", () => {
  for (const status of [503, 500])
    it(`HTTP ${status} with Retry-After on one schedule: every surface says the wait, none "try again"`, async () => {
      let clk: () => number = Date.now;
      const w = await twoServices(START, undefined, { alarms: false, client: { now: () => clk() } });
      clk = () => w.harness.clock.now();
      await w.engine.start();
      await w.harness.clock.advance(5 * MIN);
      w.acme.faults.set('getSchedule', { status, retryAfter: '3600', pathIncludes: '/schedules/sch_primary' });
      await w.harness.clock.advance(2 * MIN);
      expect(w.acme.requests.count({ status })).toBeGreaterThan(0);
      const said = everyText({ state: w.engine.getState(), nowMs: w.harness.clock.now(), localZone: ZONE });
      const surfaces = new Set(said.map((s) => s.surface));
      expect([...surfaces]).toEqual(expect.arrayContaining(['tray-tooltip', 'tray-menu', 'popover', 'status']));
      const all = said.map((s) => s.text).join('\n');
      expect(all).toContain(`HTTP ${status}`);
      // A 503 is about the whole service: its ask is said (a 500's Retry-After holds its own source only).
      if (status === 503)
        for (const surface of ['tray-tooltip', 'status'])
          expect(
            said.filter((s) => s.surface === surface && s.text.includes('The service asked to wait until')),
          ).not.toHaveLength(0);
      for (const s of said) expect(s.text, `${s.surface}: ${s.text}`).not.toMatch(/try again (later|in)/i);
      await w.engine.stop();
    }, 60_000);
});
