import { describe, expect, it } from 'vitest';
import { watchPowerAndNetwork, type PowerEventSource } from '../../electron/adapters/power';
import type { PowerEvent } from '../../electron/core/engine/types';
import { FakeClock } from '../core/support/fake-clock';

function fakePowerMonitor() {
  const listeners = new Map<PowerEvent, Array<() => void>>();
  const source: PowerEventSource = {
    on: (e, l) => listeners.set(e, [...(listeners.get(e) ?? []), l]),
    removeListener: (e, l) =>
      listeners.set(
        e,
        (listeners.get(e) ?? []).filter((x) => x !== l),
      ),
  };
  return {
    source,
    emit: (e: PowerEvent) => listeners.get(e)?.forEach((l) => l()),
    count: () => [...listeners.values()].flat().length,
  };
}

describe('power and network events', () => {
  it('forwards suspend, resume, lock and unlock to the core', () => {
    const pm = fakePowerMonitor();
    const seen: string[] = [];
    watchPowerAndNetwork({
      powerMonitor: pm.source,
      isOnline: () => true,
      clock: new FakeClock(0),
      onPower: (e) => seen.push(e),
      onNetwork: (o) => seen.push(`online=${o}`),
    });
    for (const e of ['suspend', 'lock-screen', 'unlock-screen', 'resume'] as const) pm.emit(e);
    expect(seen).toEqual(['suspend', 'lock-screen', 'unlock-screen', 'resume']);
  });

  it('reports only changes of connectivity, found by polling, and re-checks first thing on resume', async () => {
    const pm = fakePowerMonitor();
    const clock = new FakeClock(0);
    let online = true;
    const seen: string[] = [];
    watchPowerAndNetwork({
      powerMonitor: pm.source,
      isOnline: () => online,
      clock,
      onPower: (e) => seen.push(e),
      onNetwork: (o) => seen.push(`online=${o}`),
      pollMs: 1000,
    });
    await clock.advance(3000);
    expect(seen).toEqual([]);
    online = false;
    await clock.advance(1000);
    await clock.advance(1000);
    expect(seen).toEqual(['online=false']);
    online = true;
    pm.emit('resume');
    expect(seen).toEqual(['online=false', 'online=true', 'resume']);
  });

  it('says so at once when starting offline, and stops all listeners and timers', () => {
    const pm = fakePowerMonitor();
    const clock = new FakeClock(0);
    const seen: boolean[] = [];
    const stop = watchPowerAndNetwork({
      powerMonitor: pm.source,
      isOnline: () => false,
      clock,
      onPower: () => {},
      onNetwork: (o) => seen.push(o),
    });
    expect(seen).toEqual([false]);
    expect(pm.count()).toBe(4);
    stop();
    expect(pm.count()).toBe(0);
    expect(clock.pendingTimers()).toBe(0);
  });
});
