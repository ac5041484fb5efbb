// adv50 r31 #1: Ops 09:00–17:00 UTC then Desk B 17:00–01:00 UTC, both mine: one on-call run, one alarm at 09:00
// (Desk B's 17:00 start rings nothing; "I'm on it" covers the run). The window and the notification said "Your
// shift 10:00–18:00" while the tray said "until Wed 02:00": a user reading the alarm thought they were free at 18:00.
import { afterEach, describe, expect, it } from 'vitest';
import { fetchSend } from '../../../electron/core/escalation/http';
import type { AlarmSurface } from '../../../electron/core/alarm/surface';
import type { AlarmView } from '../../../electron/shared/alarm-view';
import { alarmWords } from '../../../electron/shared/alarm-words';
import { trayTooltip } from '../../../electron/core/state/tray-menu';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, seedOf } from '../support/seeds';
import { startStandIn, type StandIn } from '../../support/phone-standin';

const MIN = 60_000;
const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');
const block = (rotation: string[], id: string, name: string) => ({
  id,
  name,
  zone: 'Etc/UTC',
  rotationStart: '2026-03-01T01:00:00Z',
  userIds: rotation,
  length: { amount: 8, unit: 'hours' as const },
});
const seed = seedOf([
  block(['usr_bob', 'usr_me', 'usr_alice'], OPS_ID, 'Ops'),
  block(['usr_alice', 'usr_bob', 'usr_me'], 'sch_deskb', 'Desk B'),
]);
/** The run's end (Desk B's 01:00 UTC) in Berlin as a day and time, computed here, not by the app's formatter. */
const RUN_END = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Berlin',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})
  .format(new Date('2026-03-11T01:00:00Z'))
  .replace(',', '');
const OPS_END = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Berlin',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
}).format(new Date('2026-03-10T17:00:00Z'));

const TOPIC = 'oncall-abcdefghijkmnpqrstuvwxyz23';
let standIn: StandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

describe('the shift-start alarm of back-to-back blocks on two schedules', () => {
  it('states the whole run it covers on the window and the notification, as the tray does', async () => {
    const h = await createHarness({ startMs: START, seed });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID, 'sch_deskb'] });
    const shown: AlarmView[] = [];
    const surface: AlarmSurface = { show: (v) => void shown.push(v), close: () => {} };
    const engine = h.engine({ alarmSurface: surface, localZone: 'Europe/Berlin' });
    await engine.start();
    await h.clock.advanceTo(MY_START + MIN);
    const tooltip = trayTooltip(engine.getState(), h.clock.now(), 'Europe/Berlin');
    const notes = h.notifier.shown.filter((n) => n.alarm === true);
    await engine.stop();
    await h.close();
    expect(RUN_END).toBe('Wed 02:00');
    expect(tooltip).toContain(`until ${RUN_END}`);
    expect(shown).toHaveLength(1);
    expect(notes).toHaveLength(1);
    const w = alarmWords(shown[0]!, { nowMs: MY_START, locale: 'en-GB', localZone: 'Europe/Berlin' });
    for (const said of [w.when, notes[0]!.body]) {
      expect(said).toContain(RUN_END);
      expect(said).toContain('Ops, then Desk B');
      // Never Ops's own end as the end of the time the ring covers.
      expect(said).not.toContain(`–${OPS_END}`);
    }
  }, 60_000);

  it('states it in the phone alert booked for it too', async () => {
    const h = await createHarness({ startMs: START, seed });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID, 'sch_deskb'] });
    const s = await startStandIn(() => h.clock.now());
    standIn = s;
    const engine = h.engine({
      alarmSurface: { show: () => undefined, close: () => undefined },
      phone: { send: (req, t) => h.clock.inFlight.track(fetchSend(req, t)) },
      localZone: 'Europe/Berlin',
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
    const booked = s.scheduled(TOPIC).filter((m) => m.deliverMs === MY_START + 3 * MIN);
    await engine.stop();
    await h.close();
    expect(booked).toHaveLength(1);
    expect(booked[0]!.message).toContain(RUN_END);
    expect(booked[0]!.message).toContain('Ops, then Desk B');
  }, 60_000);
});
