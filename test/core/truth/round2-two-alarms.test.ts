// Issue 47, adversarial round 2, finding 5: two alarms ring at once (Work and Acme, both mine at 09:00 Berlin). The
// tray stated one (state.alarm is one value): each ringing alarm must have its line and its "I'm on it", and after
// one is acknowledged the other still says it is not. Real engine, two simulators on loopback, fake clock.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/engine-harness';
import { startSimulator } from '../../../electron/simulator/server';
import { serviceSeed } from '../../support/two-service-seeds';
import { buildTrayMenu, type TrayMenuItem } from '../../../electron/core/state/tray-menu';

const MIN = 60_000;
const HOUR = 60 * MIN;
const ZONE = 'Europe/Berlin';
let h: Harness | undefined;
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await h?.close();
  await close?.();
  h = undefined;
  close = undefined;
});

function items(list: readonly TrayMenuItem[]): TrayMenuItem[] {
  return list.flatMap((i) => [i, ...(i.type === 'submenu' ? items(i.items) : [])]);
}

async function twoRinging() {
  h = await createHarness({
    startMs: Date.parse('2026-03-04T06:00:00Z'),
    seed: serviceSeed('ocs_work_key_1111', ['alice', 'bob']),
    files: 'fs',
  });
  const clock = h.clock;
  const acme = await startSimulator({
    seed: serviceSeed('ocs_acme_key_2222', ['erin', 'frank']),
    now: () => clock.now(),
  });
  close = () => acme.close();
  const account = (id: string, label: string, baseUrl: string, email: string) => ({
    id,
    label,
    baseUrl,
    email,
    schedules: [{ id: 'sch_primary' }],
  });
  await h.files.writeAtomic(
    'settings.json',
    JSON.stringify({
      version: 2,
      startAtLogin: true,
      accounts: [
        account('work', 'Work', h.sim.url, 'alice@example.com'),
        account('acme', 'Acme', acme.url, 'erin@example.com'),
      ],
    }),
  );
  await h.secrets.set(`work@${new URL(h.sim.url).host}`, 'ocs_work_key_1111');
  await h.secrets.set(`acme@${new URL(acme.url).host}`, 'ocs_acme_key_2222');
  const engine = h.engine();
  await engine.start();
  await clock.advance(2 * HOUR + MIN);
  return { engine, clock };
}

describe('round 2 (5): two alarms at once', () => {
  it('the tray has a line and an "I’m on it" for each, and the one not acknowledged stays said', async () => {
    const { engine, clock } = await twoRinging();
    const menu = () => items(buildTrayMenu(engine.getState(), clock.now(), ZONE));
    const lines = () =>
      menu()
        .flatMap((i) => ('label' in i && typeof i.label === 'string' ? [i.label] : []))
        .filter((l) => l.startsWith('Shift-start alarm'));
    const acks = () => menu().filter((i) => i.type === 'action' && i.action === 'alarm-ack');
    expect(lines().sort()).toEqual([
      'Shift-start alarm (Acme · Platform primary, 09:00): not acknowledged',
      'Shift-start alarm (Work · Platform primary, 09:00): not acknowledged',
    ]);
    const keys = acks().map((i) => (i.type === 'action' ? i.params?.alarmKey : undefined));
    expect(new Set(keys).size).toBe(2);
    // "I'm on it" for the first: the other is still said as not acknowledged, with its own "I'm on it".
    await engine.alarmIntent({ kind: 'ack', key: keys[0] ?? '' }, 'tray');
    await engine.alarmsSettled();
    expect(lines().filter((l) => l.endsWith('not acknowledged'))).toHaveLength(1);
    expect(acks()).toHaveLength(1);
  });

  // Issue 49, round 4 F3: acknowledging the alarm stated second made its line vanish from every surface (the first
  // kept "acknowledged 09:01"): each acknowledged alarm keeps its line while its shift runs.
  it('an acknowledged alarm other than the first keeps its "acknowledged" line', async () => {
    const { engine, clock } = await twoRinging();
    const first = engine.getState().alarm?.key;
    const other = engine.getState().otherAlarms?.[0]?.key;
    expect(first).toBeDefined();
    expect(other).toBeDefined();
    await clock.advance(MIN);
    await engine.alarmIntent({ kind: 'ack', key: other ?? '' }, 'window');
    await engine.alarmsSettled();
    const said = () =>
      [engine.getState().alarm, ...(engine.getState().otherAlarms ?? [])].map(
        (a) => `${a?.key}:${a?.ackedAt !== null}`,
      );
    expect(said().sort()).toEqual([`${first}:false`, `${other}:true`].sort());
    await engine.alarmIntent({ kind: 'ack', key: first ?? '' }, 'tray');
    await engine.alarmsSettled();
    expect(said().sort()).toEqual([`${first}:true`, `${other}:true`].sort());
  });
});
