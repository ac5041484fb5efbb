// Sleep, wake, lock and network changes reach the core. Electron has no "online changed" event in the main
// process, so connectivity is polled cheaply with net.isOnline() (a local check, no traffic) and re-checked at once
// on wake and unlock; only changes are reported.
import type { Clock } from '../core/ports';
import type { PowerEvent } from '../core/engine/types';

export const ONLINE_POLL_MS = 15_000;
const POWER_EVENTS: readonly PowerEvent[] = ['suspend', 'resume', 'lock-screen', 'unlock-screen'];

/** The part of Electron's powerMonitor used here. */
export interface PowerEventSource {
  on(event: PowerEvent, listener: () => void): unknown;
  removeListener(event: PowerEvent, listener: () => void): unknown;
}

export interface PowerWatchOptions {
  powerMonitor: PowerEventSource;
  isOnline(): boolean;
  clock: Clock;
  onPower(event: PowerEvent): void;
  onNetwork(online: boolean): void;
  pollMs?: number;
}

/** Starts watching; returns a function that stops every listener and timer. */
export function watchPowerAndNetwork(o: PowerWatchOptions): () => void {
  let online = o.isOnline();
  let cancelPoll: (() => void) | undefined;
  const pollMs = o.pollMs ?? ONLINE_POLL_MS;

  function check(): void {
    const now = o.isOnline();
    if (now !== online) {
      online = now;
      o.onNetwork(now);
    }
  }

  function poll(): void {
    check();
    cancelPoll = o.clock.setTimer(pollMs, poll);
  }

  const listeners = POWER_EVENTS.map((event) => {
    const listener = () => {
      // After wake the network is often down for a moment: report it before the core's resume refresh runs.
      if (event === 'resume' || event === 'unlock-screen') check();
      o.onPower(event);
    };
    o.powerMonitor.on(event, listener);
    return [event, listener] as const;
  });

  if (!online) o.onNetwork(false);
  cancelPoll = o.clock.setTimer(pollMs, poll);

  return () => {
    cancelPoll?.();
    cancelPoll = undefined;
    for (const [event, listener] of listeners) o.powerMonitor.removeListener(event, listener);
  };
}
