// adv49 r34 F1 on the real engine (simulator, loopback ntfy stand-in, fake clock, Europe/Berlin): phone alerts are
// booked for today's 09:00 UTC shift and tomorrow's; ntfy then refuses connections (a closed port: a real
// ECONNREFUSED), Alice covers both shifts, neither alert can be cancelled, and I pause notifications for 1 h. Windows'
// 127-character tooltip said the two "Phone may still ring at …" lines and cut the pause away; now it says them as one
// counted line, as the menu does, and keeps the pause.
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchSend } from '../../../electron/core/escalation/http';
import { trayIconFor, trayTooltip } from '../../../electron/core/state/tray-menu';
import { createHarness, seedSettings } from '../support/engine-harness';
import { closeStands, HOUR, MIN, MY_START, START, startStand, TOMORROW, TOPIC } from '../support/phone-engine-rig';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

afterEach(closeStands);
const ZONE = 'Europe/Berlin';

/** A loopback port nothing listens on: connecting to it is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const a = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  return typeof a === 'object' && a ? a.port : 0;
}

describe("a pause beside two phone alerts that may still ring, on Windows' tooltip (adv49 r34 F1)", () => {
  it('says the pause and the two alerts as one counted line', async () => {
    const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    const s = await startStand(h);
    const refused = `http://127.0.0.1:${await closedPort()}`;
    const net = { down: false };
    const engine = h.engine({
      phone: {
        send: (req, t) =>
          h.clock.inFlight.track(fetchSend(net.down ? { ...req, url: req.url.replace(s.url, refused) } : req, t)),
      },
    });
    await engine.start();
    await h.clock.advance(1_000);
    const settings = { provider: 'ntfy' as const, ntfyServer: s.url, afterMin: 3 };
    await engine.phoneIntent({ kind: 'save', settings, secrets: { ntfyTopic: TOPIC } });
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    await h.clock.advanceTo(MY_START - HOUR);
    net.down = true;
    await h.clock.advanceTo(MY_START - 50 * MIN);
    for (const start of [MY_START, TOMORROW])
      h.sim.state.addOverride(
        OPS_ID,
        { startMs: start, endMs: start + 8 * HOUR, userIds: ['usr_alice'] },
        h.clock.now(),
      );
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    await h.clock.runWhileAdvancing(engine.alarmsSettled());
    const until = h.clock.now() + HOUR;
    await h.clock.runWhileAdvancing(engine.handlers['settings:update']({ pausedUntil: new Date(until).toISOString() }));
    await h.clock.advance(1_000);
    const state = engine.getState();
    const nowMs = h.clock.now();
    const cut = trayTooltip(state, nowMs, ZONE, { maxChars: 127 });
    // Both booked alerts could not be cancelled: the engine holds them as may still ring.
    expect(state.phone?.stillRing?.filter((r) => !r.passed)).toHaveLength(2);
    expect(trayIconFor(state, nowMs)).toBe('paused');
    // The pause's end in Berlin (UTC+1 in March), worded independently of the app.
    const local = new Date(until + HOUR).toISOString().slice(11, 16);
    expect(cut.length).toBeLessThanOrEqual(127);
    expect(cut.split('\n')[0]).toMatch(/^Next on call: /);
    expect(cut).toMatch(new RegExp(`^(Notifications paused|Paused) until ${local}$`, 'm'));
    expect(cut.split('\n')).toContain('Phone may still ring for 2 shifts');
    await h.clock.runWhileAdvancing(engine.stop());
    await h.close();
  }, 120_000);
});
