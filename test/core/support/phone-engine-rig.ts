// The real engine with the simulator (opsSeed: me on Ops 09:00–17:00 UTC daily), a fake clock, a real data folder
// and the loopback ntfy/Pushover stand-in, for the phone escalation's engine tests (issue 50). `withNtfy` saves
// Settings → Phone with ntfy and TOPIC and checks both alerts were booked (today's and tomorrow's start + 3 min).
import { expect } from 'vitest';
import { fetchSend } from '../../../electron/core/escalation/http';
import type { Engine } from '../../../electron/core/engine/types';
import { startStandIn, type StandIn } from '../../support/phone-standin';
import { createHarness, seedSettings, type Harness } from './engine-harness';
import { ME, OPS_ID, opsSeed } from './seeds';
import { streamWithBytes } from './stream-bytes';

export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const START = Date.parse('2026-03-10T06:00:00Z');
export const MY_START = Date.parse('2026-03-10T09:00:00Z');
export const TOMORROW = MY_START + 24 * HOUR;
export const TOPIC = 'oncall-abcdefghijkmnpqrstuvwxyz23';
const ALERT_TITLE = /^Shift start not acknowledged/;

const stands: StandIn[] = [];
/** Closes every stand-in started (call from afterEach). */
export async function closeStands(): Promise<void> {
  for (const s of stands.splice(0)) await s.close();
}

export async function startStand(h: Harness): Promise<StandIn> {
  const s = await startStandIn(() => h.clock.now());
  stands.push(s);
  return s;
}

/** `streamBytes`: fake time waits on the answer stream's lines reaching the app (stream-bytes.ts), so a step
 *  needs no real-time sleep for them; absent, the engine's own stream, untracked, as before. */
export interface RigOptions {
  streamBytes?: boolean;
}

export async function phoneRig(o: RigOptions = {}) {
  const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  await seedSettings(h, {
    email: ME,
    scheduleIds: [OPS_ID],
    refresh: { idleIntervalSec: 1800, nearIntervalSec: 300, nearWindowMin: 30 },
  });
  const s = await startStand(h);
  const stream = o.streamBytes ? { stream: streamWithBytes(h.clock, s.streams) } : {};
  const make = (): Engine =>
    h.engine({
      phone: { send: (req, t) => h.clock.inFlight.track(fetchSend(req, t)), pushoverApi: s.url, ...stream },
    });
  const engine = make();
  await engine.start();
  await h.clock.advance(1_000);
  return { h, s, engine, make };
}

export async function withNtfy(o: RigOptions = {}) {
  const r = await phoneRig(o);
  const saved = await r.engine.phoneIntent({
    kind: 'save',
    settings: { provider: 'ntfy', ntfyServer: r.s.url, afterMin: 3 },
    secrets: { ntfyTopic: TOPIC },
  });
  expect(saved.ok).toBe(true);
  await r.h.clock.runWhileAdvancing(r.engine.alarmsSettled());
  expect(r.s.scheduled(TOPIC).map((m) => m.deliverMs)).toEqual([MY_START + 3 * MIN, TOMORROW + 3 * MIN]);
  return r;
}

export const alertsOn = (s: StandIn, topic: string) => s.rang(topic).filter((m) => ALERT_TITLE.test(m.title));
export const laptopAlarms = (h: Harness) => h.notifier.shown.filter((n) => n.alarm === true);
