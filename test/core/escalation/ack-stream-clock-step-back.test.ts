// adv50 r30 #3 (the tap counted within 15 s; failed before: 299 s, once the clock came round to 09:00 again): the laptop's wall clock is set back 10 min at 09:05 (NTP/user correction; the ntfy server's clock is
// right) while the 09:00 alarm waits unanswered; the phone rang at 09:03; the proxy ends the stream at the step
// (a reconnect). I tap "I'm on it" on the phone at (true) 09:06. When does the app count it?
import { afterEach, describe, expect, it } from 'vitest';
import { fetchSend } from '../../../electron/core/escalation/http';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { startStandIn, type StandIn } from '../../support/phone-standin';
import { trayTooltip } from '../../../electron/core/state/tray-menu';
import { streamWithBytes } from '../support/stream-bytes';

const MIN = 60_000;
const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');
const TOPIC = 'oncall-abcdefghijkmnpqrstuvwxyz23';
const stands: StandIn[] = [];
afterEach(async () => {
  for (const s of stands.splice(0)) await s.close();
});

describe('wall clock set back during the wait', () => {
  for (const stepMin of [2, 10] as const) {
    it(`back ${stepMin} min`, async () => {
      const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
      await seedSettings(h, {
        email: ME,
        scheduleIds: [OPS_ID],
        refresh: { idleIntervalSec: 1800, nearIntervalSec: 300, nearWindowMin: 30 },
      });
      let off = 0;
      const s = await startStandIn(() => h.clock.now() + off);
      stands.push(s);
      const engine = h.engine({
        phone: {
          send: (req, t) => h.clock.inFlight.track(fetchSend(req, t)),
          pushoverApi: s.url,
          // Fake time waits on the stream's lines reaching the app (stream-bytes.ts): no real-time sleep per step.
          stream: streamWithBytes(h.clock, s.streams),
        },
      });
      await engine.start();
      await h.clock.advance(1_000);
      expect(
        (
          await engine.phoneIntent({
            kind: 'save',
            settings: { provider: 'ntfy', ntfyServer: s.url, afterMin: 3 },
            secrets: { ntfyTopic: TOPIC },
          })
        ).ok,
      ).toBe(true);
      await h.clock.runWhileAdvancing(engine.alarmsSettled());
      await h.clock.advanceTo(MY_START - 10_000);
      while (h.clock.now() < MY_START + 5 * MIN) {
        await h.clock.advance(2_000);
      }
      expect(s.rang(TOPIC)).toHaveLength(1);
      h.clock.stepWall(-stepMin * MIN);
      off = stepMin * MIN;
      s.streams.drop();
      await h.clock.advance(1_000);
      await s.tapAction(s.rang(TOPIC)[0]!);
      const trueTap = h.clock.now() + off;
      let took = -1;
      for (let i = 0; i < 20 * 60; i++) {
        await h.clock.advance(1_000);
        if (i % 30 === 0 && s.streams.count() === 1) s.streams.keepalive(h.clock.now() + off);
        if (engine.getState().alarm?.ackSource === 'phone') {
          took = (h.clock.now() + off - trueTap) / 1000;
          break;
        }
      }
      const tooltip = trayTooltip(engine.getState(), h.clock.now(), 'Etc/UTC');
      await h.clock.runWhileAdvancing(engine.stop());
      await h.close();
      expect(took).toBeGreaterThanOrEqual(0);
      expect(took).toBeLessThanOrEqual(15);
      expect(tooltip).not.toContain('not acknowledged');
    }, 200_000);
  }
});
