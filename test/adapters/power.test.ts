import { describe, expect, it } from 'vitest';
import { watchPowerAndNetwork, type PowerEventSource } from '../../electron/adapters/power';
import type { PowerEvent } from '../../electron/core/engine-types';

function fakeClock() {
  let now = 0;
  const timers: Array<{ at: number; cb: () => void; live: boolean }> = [];
  return {
    now: () => now,
    setTimer(delayMs: number, cb: () => void) {
      const t = { at: now + delayMs, cb, live: true };
      timers.push(t);
      return () => void (t.live = false);
    },
    advance(ms: number) {
      now += ms;
      for (const t of [...timers]) if (t.live && t.at <= now) (t.live = false), t.cb();
    },
    live: () => timers.filter((t) => t.live).length,
  };
}

function fakePowerMonitor() {
  const listeners = new Map<PowerEvent, Array<() => void>>();
  const source: PowerEventSource = {
    on: (e, l) => listeners.set(e, [...(listeners.get(e) ?? []), l]),
    removeListener: (e, l) => listeners.set(e, (listeners.get(e) ?? []).filter((x) => x !== l)),
  };
  return { source, emit: (e: PowerEvent) => listeners.get(e)?.forEach((l) => l()), count: () => [...listeners.values()].flat().length };
}

describe('power and network events', () => {
  it('forwards suspend, resume, lock and unlock to the core', () => {
    const pm = fakePowerMonitor();
    const seen: string[] = [];
    watchPowerAndNetwork({ powerMonitor: pm.source, isOnline: () => true, clock: fakeClock(), onPower: (e) => seen.push(e), onNetwork: (o) => seen.push(`online=${o}`) });
    for (const e of ['suspend', 'lock-screen', 'unlock-screen', 'resume'] as const) pm.emit(e);
    expect(seen).toEqual(['suspend', 'lock-screen', 'unlock-screen', 'resume']);
  });

  it('reports only changes of connectivity, found by polling, and re-checks first thing on resume', () => {
    const pm = fakePowerMonitor();
    const clock = fakeClock();
    let online = true;
    const seen: string[] = [];
    watchPowerAndNetwork({ powerMonitor: pm.source, isOnline: () => online, clock, onPower: (e) => seen.push(e), onNetwork: (o) => seen.push(`online=${o}`), pollMs: 1000 });
    clock.advance(3000);
    expect(seen).toEqual([]);
    online = false;
    clock.advance(1000);
    clock.advance(1000);
    expect(seen).toEqual(['online=false']);
    online = true;
    pm.emit('resume');
    expect(seen).toEqual(['online=false', 'online=true', 'resume']);
  });

  it('says so at once when starting offline, and stops all listeners and timers', () => {
    const pm = fakePowerMonitor();
    const clock = fakeClock();
    const seen: boolean[] = [];
    const stop = watchPowerAndNetwork({ powerMonitor: pm.source, isOnline: () => false, clock, onPower: () => {}, onNetwork: (o) => seen.push(o) });
    expect(seen).toEqual([false]);
    expect(pm.count()).toBe(4);
    stop();
    expect(pm.count()).toBe(0);
    expect(clock.live()).toBe(0);
  });
});
