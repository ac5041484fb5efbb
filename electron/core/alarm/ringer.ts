// What a ring does: the loud notification (adapters/os-notification.ts makes it loud per OS) and the alarm window
// (on every OS: it is what gets through macOS Focus, and the fallback when a notification fails). The window's sound
// stops on acknowledge, snooze, or after ALARM_RING_MAX_MS; "Test the alarm" rings for TEST_RING_MS. The window is a
// port: the Electron adapter opens one per display; tests record what was asked.
import type { Clock, Notifier } from '../ports';
import type { AlarmRing } from './engine';
import { alarmNotification } from './words';

import { ALARM_RING_MAX_MS } from './types';

export { ALARM_RING_MAX_MS };
export const TEST_RING_MS = 5_000;

export interface AlarmWindowPort {
  /** Opens (or brings forward) the alarm window for `key` and starts its looping sound. */
  show(key: string, words: { title: string; body: string }, test: boolean): void;
  /** Stops the sound; the window stays until acted on. */
  quiet(key: string): void;
  close(key: string): void;
}

export interface AlarmRingerOptions {
  clock: Clock;
  notifier: Notifier;
  window: AlarmWindowPort;
  localZone: () => string;
  log?: (message: string) => void;
}

export interface AlarmRinger {
  ring(r: AlarmRing): void;
  silence(key: string): void;
  /** "Test the alarm": the window and the notification, for 5 s. */
  test(): void;
}

export function createAlarmRinger(o: AlarmRingerOptions): AlarmRinger {
  const stopSound = new Map<string, () => void>();
  const show = (key: string, words: { title: string; body: string }, test: boolean, forMs: number): void => {
    o.window.show(key, words, test);
    stopSound.get(key)?.();
    stopSound.set(
      key,
      o.clock.setTimer(forMs, () => (stopSound.delete(key), test ? o.window.close(key) : o.window.quiet(key))),
    );
  };
  return {
    ring(r) {
      const n = alarmNotification(r, { nowMs: o.clock.now(), localZone: o.localZone() });
      show(r.target.key, n, false, ALARM_RING_MAX_MS);
      // A failed notification is no gap: the window is already up.
      o.notifier.notify(n).catch((e: unknown) => o.log?.(`alarm notification failed: ${String(e)}`));
    },
    silence(key) {
      stopSound.get(key)?.();
      stopSound.delete(key);
      o.window.close(key);
    },
    test() {
      const key = `alarm-test:${o.clock.now()}`;
      const words = { title: 'Test of the shift-start alarm', body: 'This is how your shift start will ring.' };
      show(key, words, true, TEST_RING_MS);
      o.notifier
        .notify({ id: key, ...words, target: 'status', alarm: true })
        .catch((e: unknown) => o.log?.(`test alarm notification failed: ${String(e)}`));
    },
  };
}
