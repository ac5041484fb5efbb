// What one ring does: the alarm window (AlarmSurface: every display, looping sound, display kept awake) and the loud
// system notification (`alarm: true`, made loud per OS by adapters/os-notification.ts). The window goes up first, so
// a notification that fails or is refused leaves no gap. The window closes on acknowledgement, snooze, hand-off, or
// after ALARM_RING_MAX_MS of ringing; "Test the alarm" rings for TEST_RING_MS and acknowledges nothing real.
import type { AlarmView } from '../../shared/alarm-view';
import type { AlarmRing } from '../alarm/engine';
import { ALARM_RING_MAX_MS, TEST_RING_MS } from '../alarm/ringer';
import type { AlarmSurface } from '../alarm/surface';
import { alarmNotification } from '../alarm/words';
import type { Clock, NotificationRequest, Notifier } from '../ports';

const TEST_PREFIX = 'alarm-test:';

export interface AlarmRingOptions {
  clock: Clock;
  notifier: Notifier;
  surface: () => AlarmSurface | undefined;
  localZone: () => string;
  log: (message: string) => void;
  /** The account the alarm's shift was read from (its name on the window). */
  accountOf: (key: string) => string;
  /** Several accounts: the notification names the account too, as every notification does then. */
  several?: () => boolean;
  /** When the alarm's shift is saved data now (not confirmed lately), when it was read: the ring says so. */
  savedAtMs?: (target: AlarmRing['target']) => number | undefined;
}

export interface AlarmRingParts {
  ring(r: AlarmRing): void;
  silence(key: string): void;
  test(): void;
  isTest(key: string): boolean;
  stop(): void;
}

export function viewOf(r: AlarmRing, accountName: string, test = false, savedAtMs?: number): AlarmView {
  const t = r.target;
  return {
    key: t.key,
    accountName,
    scheduleName: t.scheduleName,
    startUtc: new Date(t.startMs).toISOString(),
    endUtc: new Date(t.endMs).toISOString(),
    // The same basis as the alarm notification's words (alarm/words.ts).
    endKnown: t.endUnknown !== true,
    scheduleZone: t.scheduleZone,
    handoverFrom: t.fromNames.slice(0, 20),
    late: r.late,
    again: r.again,
    test,
    savedAt: savedAtMs === undefined ? null : new Date(savedAtMs).toISOString(),
  };
}

/** What a ring shows: the window (always naming the account) and the notification (naming it while there are
 *  several accounts, as every notification does then), both from the same basis. */
export function ringWords(
  r: AlarmRing,
  o: { accountName: string; several: boolean; savedAtMs: number | undefined; nowMs: number; localZone: string },
): { view: AlarmView; notification: NotificationRequest } {
  const { nowMs, localZone, savedAtMs } = o;
  const accountName = o.several ? o.accountName : undefined;
  return {
    view: viewOf(r, o.accountName, false, savedAtMs),
    notification: alarmNotification(r, { nowMs, localZone, savedAtMs, accountName }),
  };
}

export function createAlarmRing(o: AlarmRingOptions): AlarmRingParts {
  const closers = new Map<string, () => void>();
  const close = (key: string): void => {
    closers.get(key)?.();
    closers.delete(key);
    o.surface()?.close(key);
  };
  const show = (view: AlarmView, forMs: number): void => {
    closers.get(view.key)?.();
    try {
      o.surface()?.show(view);
    } catch (e) {
      o.log(`alarm window failed: ${String(e)}`);
    }
    closers.set(
      view.key,
      o.clock.setTimer(forMs, () => close(view.key)),
    );
  };
  const notify = (n: Parameters<Notifier['notify']>[0]): void =>
    void o.notifier.notify(n).catch((e: unknown) => o.log(`alarm notification failed: ${String(e)}`));
  return {
    ring(r) {
      const { view, notification } = ringWords(r, {
        accountName: o.accountOf(r.target.key),
        several: o.several?.() ?? false,
        savedAtMs: o.savedAtMs?.(r.target),
        nowMs: o.clock.now(),
        localZone: o.localZone(),
      });
      show(view, ALARM_RING_MAX_MS);
      notify(notification);
    },
    silence: close,
    test() {
      const nowMs = o.clock.now();
      const key = `${TEST_PREFIX}${nowMs}`;
      const target = {
        key,
        atMs: nowMs,
        startMs: nowMs,
        endMs: nowMs + TEST_RING_MS,
        scheduleId: 'test',
        scheduleName: 'Test of the shift-start alarm',
        scheduleZone: o.localZone(),
        fromNames: [],
      };
      show(viewOf({ target, late: false, again: false }, 'Test', true), TEST_RING_MS);
      notify({
        id: key,
        title: 'Test of the shift-start alarm',
        body: 'This is how your shift start will ring.',
        target: 'status',
        alarm: true,
      });
    },
    isTest: (key) => key.startsWith(TEST_PREFIX),
    stop() {
      for (const cancel of closers.values()) cancel();
      closers.clear();
    },
  };
}
