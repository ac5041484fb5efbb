// A 429 with Retry-After: 3600 on one of two services. The wait is said once, from instants: what the service asked
// (the answer's time + 60 min) as the service's, and the app's own next try (it waits 15 min at most) as the app's,
// the same on the tooltip and in status, and never a relative "Try again in 60 min" kept from the answer (issue 47,
// adversarial round 27, finding 2: "Try again in 60 min. The service asked to wait until 11:51.").
import { describe, expect, it } from 'vitest';
import { formatStatus } from '../../../electron/cli/status-format';
import { trayTooltip } from '../../../electron/core/state/tray-menu';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { twoServices } from './support/two-services';

const START = Date.parse('2026-03-05T10:00:00Z');
const MIN = 60_000;
/** How long the app waits at most for a Retry-After (docs/what-it-knows.md: "up to 15 minutes"). */
const APP_CAP_MS = 15 * MIN;
const ZONE = 'Europe/Berlin';
const hhmm = (ms: number): string =>
  new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);

describe('a 429 wait said once, from instants', () => {
  it("says the service's ask as its own and the app's next try as the app's, on the tooltip and in status", async () => {
    const w = await twoServices(START);
    await w.engine.start();
    await w.harness.clock.advance(5 * MIN);
    w.acme.faults.set('*', { status: 429, retryAfter: '3600' });
    w.acme.requests.clear();
    // Whole-minute steps: an answer seen at step t came in (t − 1 min, t], so its 60 min end at t + 60 min (rounded up).
    const answers: number[] = [];
    const seen: { nowMs: number; tip: string; status: string[]; all: string }[] = [];
    for (let i = 0; i < 60; i++) {
      const before = w.acme.requests.count({ status: 429 });
      await w.harness.clock.advance(MIN);
      const nowMs = w.harness.clock.now();
      if (w.acme.requests.count({ status: 429 }) > before) answers.push(nowMs);
      const state = w.engine.getState();
      const tip = trayTooltip(state, nowMs, ZONE)
        .split('\n')
        .filter((l) => l.startsWith('Acme'))
        .join(' / ');
      const all = formatStatus(state, { nowMs, localZone: ZONE });
      const status = all.split('\n').filter((l) => /Acme/.test(l) && /wait|again/.test(l));
      if (answers.length > 0) seen.push({ nowMs, tip, status, all });
    }
    expect(answers.length).toBeGreaterThanOrEqual(2);
    for (const s of seen) {
      const last = answers.filter((a) => a <= s.nowMs).at(-1) ?? NaN;
      const asked = `The service asked to wait until ${hhmm(last + 60 * MIN)}`;
      expect(s.tip).toContain(asked);
      expect(s.tip.match(/wait until/g)).toHaveLength(1);
      expect(s.status.join('\n')).toContain(asked);
      // No relative wait kept from an answer, anywhere in status (the schedule's line included).
      expect(s.all).not.toMatch(/Try again in/);
      // The app's own next try, said as the app's: when the next 429 came (within the minute, rounded up).
      const next = answers.find((a) => a > s.nowMs);
      const tries = /the app tries again at (\d\d:\d\d)/.exec(s.tip)?.[1];
      if (next !== undefined) expect([hhmm(next - MIN), hhmm(next)]).toContain(tries);
      // Said the same on the tooltip and in status.
      expect(s.status.some((l) => l.includes(`${asked}; the app tries again at ${tries ?? ''}`))).toBe(true);
    }
  }, 120_000);

  it("\"Refresh now\" during the wait says the same: the ask as the service's, the app's own retry as the app's", async () => {
    const h = await createHarness({ startMs: START, seed: threeZoneSeed() });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(10 * MIN);
    h.sim.faults.set('*', { status: 429, retryAfter: '3600' });
    const refusedAt = h.clock.now();
    await engine.handlers['sync:refresh'](null);
    expect(h.sim.requests.count({ status: 429 })).toBeGreaterThan(0);
    await h.clock.advance(5_000);
    const refresh = await engine.handlers['sync:refresh'](null);
    const asked = hhmm(Math.ceil((refusedAt + 60 * MIN) / MIN) * MIN);
    const own = hhmm(Math.ceil((refusedAt + APP_CAP_MS) / MIN) * MIN);
    expect(!refresh.ok && refresh.error.message).toBe(
      `The service asked to wait until ${asked}; the app tries again at ${own}, so nothing was sent. The app refreshes by itself then.`,
    );
    await engine.stop();
    await h.close();
  }, 60_000);
});
