// Alarm + escalation rig (files read back, issue 52): the real alarm engine + escalator over real files in a temp folder and a loopback ntfy stand-in.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadAlarmStore } from '../../../electron/core/alarm/alarm-store';
import { createAlarmEngine } from '../../../electron/core/alarm/engine';
import type { AlarmTarget } from '../../../electron/core/alarm/types';
import { alertIdOf, createEscalator } from '../../../electron/core/escalation/escalator';
import { settingsWith } from './fixtures';
import { fetchSend, type HttpSend } from '../../../electron/core/escalation/http';
import { createNtfy } from '../../../electron/core/escalation/ntfy';
import { createFsFileStore } from '../../../electron/core/storage/fs-file-store';
import type { Notice } from '../../../electron/core/storage/settings-store';
import { IoClock } from './io-clock';
import { startStandIn } from '../../support/phone-standin';
import { MAIN_ACCOUNT_ID } from '../../../electron/shared/accounts';
import { closeAfterTest } from '../../support/closing';
import { dataRoot } from '../../support/data-root';

export const MIN = 60_000;
export const T = Date.parse('2026-03-10T21:00:00Z');
export const TOPIC = 'oncall-abcdefghijkmnpqrstuvwxyz23';
export const target = (startMs: number, scheduleZone = 'Europe/Berlin'): AlarmTarget => ({
  key: `alarm:https://oncall.example.com:sch_ops:${new Date(startMs).toISOString()}`,
  accountId: MAIN_ACCOUNT_ID,
  atMs: startMs,
  startMs,
  endMs: startMs + 8 * 60 * MIN,
  scheduleId: 'sch_ops',
  scheduleName: 'Ops',
  scheduleZone,
  fromNames: ['Bob'],
});
export const KEY = target(T).key;

/** Seeds alarms.json / escalations.json as given (or `prepare` shapes the folder as it likes), starts at T-60 min
 *  with one target at T. What either store tells (`notices`) is logged too. */
export async function alarmRig(seed: {
  alarms?: unknown;
  escalations?: unknown;
  prepare?: (dir: string) => Promise<void>;
  /** The schedules watched now (escalations.json entries are checked against them); absent: not checked. */
  watched?: string[];
  /** Alerts the phone service holds already (booked by an earlier run), by alarm key and ring time. */
  booked?: { key: string; atMs: number }[];
  /** The store is the app's running one: it reads and writes the run record (alarm-runs.json). */
  run?: boolean;
}) {
  const clock = new IoClock(T - 60 * MIN);
  const s = await startStandIn(() => clock.now());
  const send: HttpSend = (req, t) => clock.inFlight.track(fetchSend(req, t));
  const provider = createNtfy({ server: s.url, topic: TOPIC, clock, send });
  const dir = await mkdtemp(join(dataRoot(), 'alarm-rig-'));
  // Removed once the test ends (tests read it after `close`; a write `close` didn't
  // wait for may still land): it is in memory (data-root.ts), and was left behind before.
  closeAfterTest({ close: () => rm(dir, { recursive: true, force: true, maxRetries: 5 }).catch(() => undefined) });
  if (seed.alarms !== undefined) await writeFile(join(dir, 'alarms.json'), JSON.stringify(seed.alarms));
  if (seed.escalations !== undefined) await writeFile(join(dir, 'escalations.json'), JSON.stringify(seed.escalations));
  await seed.prepare?.(dir);
  for (const b of seed.booked ?? [])
    if (provider.book)
      await clock.inFlight.track(provider.book({ id: alertIdOf(b.key), title: 'Not acknowledged', body: '' }, b.atMs));
  const files = createFsFileStore(dir, { now: () => clock.now() });
  const logs: string[] = [];
  const notices: Notice[] = [];
  const report = (n: Notice) => void (notices.push(n), logs.push(n.message));
  const store = await loadAlarmStore(files, () => clock.now(), report, undefined, false, seed.run === true);
  const rings: number[] = [];
  const late: { esc?: Awaited<ReturnType<typeof createEscalator>> } = {};
  const engine = createAlarmEngine({
    clock,
    store,
    ring: () => rings.push(clock.now()),
    acknowledged: (t) => void clock.inFlight.track(late.esc?.acknowledged(t.key) ?? Promise.resolve()),
  });
  const esc = await createEscalator(
    {
      clock,
      files,
      provider,
      afterMs: 3 * MIN,
      alarm: (k) => store.get(k),
      phoneAck: (k) => void clock.inFlight.track(engine.ack(k, 'phone')),
      log: (m) => logs.push(m),
      report,
      ...(seed.watched
        ? { known: () => [{ settings: settingsWith({ schedules: (seed.watched ?? []).map((id) => ({ id })) }) }] }
        : {}),
    },
    (t) => ({ title: `Not acknowledged: ${t.scheduleName}`, body: 'Your shift started 3 min ago.' }),
  );
  late.esc = esc;
  engine.setTargets([target(T)]);
  await clock.inFlight.track(esc.setTargets([target(T)]));
  await clock.settle();
  const close = async () => {
    engine.stop();
    void esc.stop();
    await clock.settle();
    await s.close();
  };
  return { clock, s, dir, files, store, logs, notices, rings, engine, esc, close };
}
