// adv47 r26 #1: a schedule deleted at the service (every read 404) at 08:20 before my 09:00 shift. Every text
// surface keeps saying "On call: Ops until 17:00 (saved data from …)", yet the 15-min lead, the start alarm, the
// phone escalation and "On call now" never came; a 500 over the same saved data sent them all. One rule now: a
// schedule not found keeps its saved shifts as saved data on every surface, so what the app says I am on rings,
// worded from saved data. The twin world (the same saved data, every read 500) is what it must match: the expected
// times are the saved shift's own (09:00 start, N = 3 for the phone), the words the outage's. Real engine,
// simulator (Ops: me 09:00–17:00 UTC), loopback ntfy stand-in, real data folder, fake clock.
import { afterEach, describe, expect, it } from 'vitest';
import { fetchSend } from '../../../electron/core/escalation/http';
import { trayTooltip } from '../../../electron/core/state/tray-menu';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { alertsOn, closeStands, startStand, TOPIC } from '../support/phone-engine-rig';

afterEach(closeStands);
const MIN = 60_000;
const START = Date.parse('2026-03-10T08:00:00Z');
const GONE_AT = START + 20 * MIN;
const MY_START = Date.parse('2026-03-10T09:00:00Z');
const START_ISO = new Date(MY_START).toISOString().replace('.000Z', 'Z');
const AFTER_MIN = 3;
type Mode = 'at-start' | '5-min-before';
type Fault = '404' | '500';

async function world(mode: Mode, fault: Fault, restartAtMs?: number) {
  const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  const refresh = { idleIntervalSec: 1800, nearIntervalSec: 300, nearWindowMin: 30 };
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID], refresh });
  const s = await startStand(h);
  const windows: number[] = [];
  const make = () =>
    h.engine({
      alarmSurface: { show: () => void windows.push(h.clock.now()), close: () => undefined },
      phone: { send: (req, t) => h.clock.inFlight.track(fetchSend(req, t)), pushoverApi: s.url },
      localZone: () => 'Etc/UTC',
    });
  let engine = make();
  await h.clock.runWhileAdvancing(engine.start(), 1000, 60);
  const { reminders } = engine.getState().settings;
  expect((await engine.handlers['settings:update']({ reminders: { ...reminders, startAlarm: mode } })).ok).toBe(true);
  const phone = { provider: 'ntfy' as const, ntfyServer: s.url, afterMin: AFTER_MIN };
  expect((await engine.phoneIntent({ kind: 'save', settings: phone, secrets: { ntfyTopic: TOPIC } })).ok).toBe(true);
  await h.clock.runWhileAdvancing(engine.alarmsSettled());
  await h.clock.advanceTo(GONE_AT);
  if (fault === '404') h.sim.state.deleteSchedule(OPS_ID);
  else for (const op of ['getSchedule', 'listShifts'] as const) h.sim.faults.set(op, { status: 500 });
  if (restartAtMs !== undefined) {
    // Restarted while the fault lasts (an update): the saved data on disk speaks as the first run's did.
    await h.clock.advanceTo(restartAtMs);
    await h.clock.runWhileAdvancing(engine.stop());
    engine = make();
    await h.clock.runWhileAdvancing(engine.start());
  }
  await h.clock.advanceTo(MY_START - 1_000);
  const tip = trayTooltip(engine.getState(), h.clock.now(), 'UTC');
  const schedule = engine.getState().me.readiness?.checks.find((c) => c.id === 'schedule');
  await h.clock.advanceTo(MY_START + 10 * MIN);
  await h.clock.runWhileAdvancing(engine.alarmsSettled());
  const mine = h.notifier.shown.filter((n) => n.id.includes(START_ISO) && n.atMs >= GONE_AT);
  const out = {
    tip,
    schedule,
    kind: engine.getState().schedules[0]?.status.kind,
    windows,
    loud: mine.filter((n) => n.alarm === true).map((n) => n.atMs),
    lead15: mine.filter((n) => n.id.endsWith(':lead15')).map((n) => ({ atMs: n.atMs, body: n.body })),
    phone: alertsOn(s, TOPIC).map((m) => m.deliverMs),
  };
  await h.clock.runWhileAdvancing(engine.stop());
  return out;
}

describe('a schedule not found keeps its saved shift: what the surfaces say I am on rings', () => {
  const cases: [Mode, number | undefined][] = [
    ['at-start', undefined],
    ['5-min-before', undefined],
    ['at-start', MY_START - 20 * MIN],
  ];
  for (const [mode, restartAtMs] of cases)
    it(`${mode}${restartAtMs ? ', restarted while the 404 lasts' : ''}: lead, alarm and phone come from saved data`, async () => {
      const outage = await world(mode, '500', restartAtMs);
      const gone = await world(mode, '404', restartAtMs);
      expect(gone.kind).toBe('not_found');
      expect(outage.kind).not.toBe('not_found');
      // Both worlds state the shift from saved data, so both must keep what that promises.
      for (const w of [outage, gone]) expect(w.tip).toMatch(/^Next on call: Ops 09:00–17:00 .*saved data from/);
      const ringMs = mode === '5-min-before' ? MY_START - 5 * MIN : MY_START;
      for (const w of [outage, gone]) {
        expect(w.windows).toEqual([ringMs]);
        expect(w.loud).toEqual([ringMs]);
        expect(w.phone).toEqual([ringMs + AFTER_MIN * MIN]);
        // Told once, by the reminder scheduler's tick (up to a minute after its time).
        expect(w.lead15).toHaveLength(1);
        const lateMs = (w.lead15[0]?.atMs ?? 0) - (MY_START - 15 * MIN);
        expect(lateMs >= 0 && lateMs < MIN).toBe(true);
        expect(w.lead15[0]?.body).toMatch(/^According to saved data from /);
      }
      // Readiness names the problem and its one fix, and that the alarm still rings (from saved data).
      expect(gone.schedule).toEqual({
        id: 'schedule',
        result: 'problem',
        message: `Ops wasn't found on the service: its shift, reminders and alarm come from saved data, which may have changed. Remove or replace it in Settings.`,
        action: 'settings',
        label: 'Remove or replace it in Settings',
      });
      expect(outage.schedule?.message).toBe('Ops shows saved data: the shift may have changed.');
      // The same saved shift, said in the same words as in the outage.
      expect(gone.lead15[0]?.body).toBe(outage.lead15[0]?.body);
    }, 120_000);
});
