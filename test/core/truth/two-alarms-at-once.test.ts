// Issue 47, adversarial round 2, finding 5: two alarms ring at once (Work and Acme, both mine at 09:00 Berlin). The
// tray stated one (state.alarm is one value): each ringing alarm must have its line and its "I'm on it", and after
// one is acknowledged the other still says it is not. Real engine, two simulators on loopback, fake clock.
import { describe, expect, it } from 'vitest';
import { twoServices } from '../engine/support/two-services';
import { buildTrayMenu, type TrayMenuItem } from '../../../electron/core/state/tray-menu';

const MIN = 60_000;
const HOUR = 60 * MIN;
const ZONE = 'Europe/Berlin';

function items(list: readonly TrayMenuItem[]): TrayMenuItem[] {
  return list.flatMap((i) => [i, ...(i.type === 'submenu' ? items(i.items) : [])]);
}

async function twoRinging() {
  // The app's own engine: the shift-start alarm running.
  const { harness, engine } = await twoServices(Date.parse('2026-03-04T06:00:00Z'), undefined, {});
  const clock = harness.clock;
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
