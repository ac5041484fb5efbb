// The phone booking tests' rig: the real engine on Ops (me 09:00–17:00 on 03-10) from 06:00, the loopback ntfy
// stand-in on the fake clock, and the engine's phone sending for real (fetch), each request tracked by the clock.
import { fetchSend } from '../../../../electron/core/escalation/http';
import { startStandIn } from '../../../support/phone-standin';
import { createHarness, seedSettings, type HarnessOptions } from '../../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../../support/seeds';

export const START = Date.parse('2026-03-10T06:00:00Z');
export const MY_START = Date.parse('2026-03-10T09:00:00Z');
export const TOPIC = 'oncall-abcdefghijkmnpqrstuvwxyz23';
/** Reads every 30 min (every 5 within 30 min of a shift): a booking is made at Save, not at a read. */
export const SLOW_READS = { idleIntervalSec: 1800, nearIntervalSec: 300, nearWindowMin: 30 };

/** Started and a second on; the caller closes `s` (its afterEach). */
export async function startPhoneEngine(o: { files?: HarnessOptions['files']; refresh?: object } = {}) {
  const h = await createHarness({ startMs: START, seed: opsSeed, ...(o.files ? { files: o.files } : {}) });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID], ...(o.refresh ? { refresh: o.refresh } : {}) });
  const s = await startStandIn(() => h.clock.now());
  const engine = h.engine({ phone: { send: (req, t) => h.clock.inFlight.track(fetchSend(req, t)) } });
  await engine.start();
  await h.clock.advance(1_000);
  return { h, s, engine };
}
