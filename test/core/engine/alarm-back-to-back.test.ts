// Back to back on two schedules (issue 50, adv50 round 8 #1): Desk A me 09:00–17:00, Desk B me 17:00–01:00 UTC is
// one on-call block, as the tooltip and readiness say. Only its start rings: 17:00 is no start (no alarm, no loud
// notification, no phone booking for 17:03, no ring after "I'm on it" at 09:01), and no "Shift ended" comes at 17:00
// (I stay on call; shift-ended-run.test.ts). A one-minute gap before Desk B (the run-joining rule's) makes 17:01 a
// start of its own.
// Real engine, simulator, loopback ntfy stand-in, fake clock.
import { afterEach, describe, expect, it } from 'vitest';
import { fetchSend } from '../../../electron/core/escalation/http';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { startStandIn, type StandIn } from '../../support/phone-standin';

const MIN = 60_000;
const HOUR = 60 * MIN;
const START = Date.parse('2026-03-10T06:00:00Z');
const A_START = Date.parse('2026-03-10T09:00:00Z');
const TOPIC = 'oncall-abcdefghijkmnpqrstuvwxyz23';
// Nine simulated hours over two schedules with a loopback ntfy stand-in. Unanswered, the phone's answer is read every
// 5 s, then every 10 s until the shift ends (0ec20a56): about 3,500 loopback reads, 20 s alone on a loaded 2-core
// machine and over 60 s beside other work, past vitest's 20 s default (the 17:01 case timed out in CI and alone).
const SLOW_MS = 60_000;
const UNANSWERED_MS = 180_000;

let standIn: StandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

const desk = (id: string, name: string, rotationStart: string, userIds: string[]) => ({
  id,
  name,
  zone: 'Etc/UTC',
  rotationStart,
  userIds,
  length: { amount: 8, unit: 'hours' as const },
});

/** Desk B's rotation starts `gapMin` after Desk A's: me on B from 17:00 + gap. */
async function rig(gapMin: number) {
  const bStart = new Date(Date.parse('2026-03-01T01:00:00Z') + gapMin * MIN).toISOString().replace('.000', '');
  const seed = seedOf([
    desk('sch_a', 'Desk A', '2026-03-01T01:00:00Z', ['usr_bob', 'usr_me', 'usr_alice']),
    desk('sch_b', 'Desk B', bStart, ['usr_alice', 'usr_bob', 'usr_me']),
  ]);
  const h = await createHarness({ startMs: START, seed, files: 'fs' });
  await seedSettings(h, {
    email: ME,
    scheduleIds: ['sch_a', 'sch_b'],
    refresh: { idleIntervalSec: 1800, nearIntervalSec: 300, nearWindowMin: 30 },
  });
  const s = await startStandIn(() => h.clock.now());
  standIn = s;
  const windows: string[] = [];
  const engine = h.engine({
    alarmSurface: { show: (v) => void windows.push(v.scheduleName), close: () => undefined },
    phone: { send: (req, t) => h.clock.inFlight.track(fetchSend(req, t)) },
  });
  await engine.start();
  await h.clock.advance(1_000);
  const saved = await engine.phoneIntent({
    kind: 'save',
    settings: { provider: 'ntfy', ntfyServer: s.url, afterMin: 3 },
    secrets: { ntfyTopic: TOPIC },
  });
  expect(saved.ok).toBe(true);
  await engine.alarmsSettled();
  await h.clock.settle();
  return { h, s, engine, windows };
}

const bookedToday = (s: StandIn) =>
  s
    .scheduled(TOPIC)
    .filter((m) => m.deliverMs < A_START + 20 * HOUR)
    .map((m) => m.deliverMs);
const rang = (s: StandIn) => s.rang(TOPIC).filter((m) => /^Shift start not acknowledged/.test(m.title));

describe('back to back on two schedules: one start rings', () => {
  it(
    'rings and books 09:00 only; "I\'m on it" at 09:01 covers 17:00',
    async () => {
      const { h, s, engine, windows } = await rig(0);
      expect(bookedToday(s)).toEqual([A_START + 3 * MIN]);
      await h.clock.advanceTo(A_START + MIN);
      const key = engine.getState().alarm?.key;
      expect(key).toContain('sch_a');
      expect(await engine.alarmIntent({ kind: 'ack', key: key ?? '' })).toEqual({ ok: true });
      await h.clock.advanceTo(A_START + 9 * HOUR);
      expect(windows).toEqual(['Desk A']);
      const loud = h.notifier.shown.filter((n) => n.alarm === true);
      expect(loud.map((n) => n.title)).toEqual(['On call now — Desk A']);
      expect(rang(s)).toEqual([]);
      // 17:00 is no end of my on-call time either.
      expect(h.notifier.shown.filter((n) => n.title.startsWith('Shift ended'))).toEqual([]);
      await engine.stop();
    },
    SLOW_MS,
  );

  it(
    'without an answer the phone rings once, at 09:03',
    async () => {
      const { h, s, engine } = await rig(0);
      await h.clock.advanceTo(A_START + 9 * HOUR);
      expect(rang(s).map((m) => m.deliverMs)).toEqual([A_START + 3 * MIN]);
      expect(h.notifier.shown.filter((n) => n.alarm === true)).toHaveLength(1);
      await engine.stop();
    },
    UNANSWERED_MS,
  );

  it(
    'with a one-minute gap, 17:01 is a start of its own: it rings and is booked',
    async () => {
      const { h, s, engine, windows } = await rig(1);
      expect(bookedToday(s)).toEqual([A_START + 3 * MIN, A_START + 8 * HOUR + 4 * MIN]);
      // "I'm on it" at 09:01 covers Desk A's block only: 17:01 still rings (and the phone isn't read all day).
      await h.clock.advanceTo(A_START + MIN);
      expect(await engine.alarmIntent({ kind: 'ack', key: engine.getState().alarm?.key ?? '' })).toEqual({ ok: true });
      await h.clock.advanceTo(A_START + 9 * HOUR);
      expect(windows).toEqual(['Desk A', 'Desk B']);
      expect(h.notifier.shown.filter((n) => n.title === 'Shift ended' && n.body.includes('Desk A'))).toHaveLength(1);
      await engine.stop();
    },
    SLOW_MS,
  );
});
