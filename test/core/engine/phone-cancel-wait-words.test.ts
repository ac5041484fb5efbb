// A cancel held by the server's Retry-After is said with its real next try (adv50 r17, a wording point): "I'm on it"
// at 09:01 whose DELETE got 429 Retry-After 600 read "(trying again each minute)" in Settings → Phone through the
// 10-min wait. Real engine, ntfy stand-in, fake clock, a real data folder; the DELETEs counted at the stand-in.
import { afterEach, describe, expect, it } from 'vitest';
import { fetchSend } from '../../../electron/core/escalation/http';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { startStandIn, type StandIn } from '../../support/phone-standin';

const MIN = 60_000;
const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');
const TOPIC = 'oncall-abcdefghijkmnpqrstuvwxyz23';

let standIn: StandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

describe('a cancel held by the server’s Retry-After says its real next try (failed before)', () => {
  it('"I\'m on it" at 09:01, its DELETE answered 429 Retry-After 600: "trying again at 10:11", never "each minute"', async () => {
    const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
    await seedSettings(h, {
      email: ME,
      scheduleIds: [OPS_ID],
      refresh: { idleIntervalSec: 1800, nearIntervalSec: 300, nearWindowMin: 30 },
    });
    const s = await startStandIn(() => h.clock.now());
    standIn = s;
    const shown: { key: string }[] = [];
    const alarmSurface = { show: (v: { key: string }) => void shown.push(v), close: () => undefined };
    const send = (req: Parameters<typeof fetchSend>[0], t: number) => h.clock.inFlight.track(fetchSend(req, t));
    const engine = h.engine({ alarmSurface, phone: { send } });
    await engine.start();
    await h.clock.advance(1_000);
    const settings = { provider: 'ntfy' as const, ntfyServer: s.url, afterMin: 3 };
    await h.clock.runWhileAdvancing(engine.phoneIntent({ kind: 'save', settings, secrets: { ntfyTopic: TOPIC } }));
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    await h.clock.advanceTo(MY_START + MIN);
    s.failNext(1, 429, { 'Retry-After': '600' });
    const key = shown[0]?.key;
    expect(key).toBeDefined();
    await h.clock.runWhileAdvancing(engine.alarmIntent({ kind: 'ack', key: key ?? '' }, 'window'));
    await h.clock.advance(10_000);
    // The wait's end, computed here: 09:01 + 600 s = 09:11 UTC, 10:11 in the computer's zone (Europe/Berlin).
    const problem = engine.getState().phone?.problem ?? '';
    expect(problem).toContain("cancelling its booked alert hasn't gone through yet");
    expect(problem).toContain('trying again at 10:11');
    expect(problem).not.toContain('each minute');
    // The stand-in: one DELETE, then none until the wait ends (obeyed), as the words say.
    await h.clock.advanceTo(MY_START + 10 * MIN + 50_000);
    expect(s.requests.filter((q) => q.method === 'DELETE')).toHaveLength(1);
    await h.clock.runWhileAdvancing(engine.stop());
    await h.close();
  }, 30_000);
});
