// What one ring does: the alarm window (AlarmSurface: every display, looping sound, display kept awake) and the loud
// system notification (`alarm: true`, made loud per OS by adapters/os-notification.ts). The window goes up first, so
// a notification that fails or is refused leaves no gap. The window closes on acknowledgement, snooze, hand-off, or
// after ALARM_RING_MAX_MS of ringing; "Test the alarm" rings for TEST_RING_MS and acknowledges nothing real.
import type { AlarmView } from '../../shared/alarm-view';
import type { AlarmRing } from '../alarm/engine';
import { ALARM_RING_MAX_MS, TEST_RING_MS } from '../alarm/ringer';
import type { RingRun } from '../alarm/ring-run';
import type { AlarmSurface } from '../alarm/surface';
import { saidEndOf, type AlarmTarget } from '../alarm/types';
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
  /** The whole run the ring covers where my on-call time goes on past its shift (alarm/ring-run.ts). */
  coverOf?: (target: AlarmRing['target']) => RingRun | undefined;
  /** The loud notification of `key` is up as the system's `shownAs` (kept with the alarm on disk: a restart closes it). */
  shown?: (key: string, shownAs: number) => void;
  /** …and is no longer up. */
  withdrawn?: (key: string) => void;
}

export interface AlarmRingParts {
  /** `untilMs`: a ring of an earlier run rings on (after a restart) for what is left of its 10 min. */
  ring(r: AlarmRing, untilMs?: number): void;
  /** An earlier run's notification of `key`, still up as the system's `shownAs`: withdrawn or replaced from now on. */
  adopt(key: string, shownAs: number): void;
  /** The computer's zone may have changed: each ringing window is pushed its view worded in the new one. */
  rezone(): void;
  silence(key: string): void;
  test(): void;
  isTest(key: string): boolean;
  stop(): void;
}

/** How often a ringing window's zone is compared with the computer's (main re-reads the zone every minute). */
export const RING_ZONE_CHECK_MS = 60_000;

/** A ring as the window shows it: "Test the alarm" rings no account's shift, so it carries no account id. */
type ShownRing = Omit<AlarmRing, 'target'> & { target: Omit<AlarmTarget, 'accountId'> };

export function viewOf(
  r: ShownRing,
  accountName: string,
  o: { test?: boolean; savedAtMs?: number; localZone?: string; cover?: RingRun } = {},
): AlarmView {
  const { test = false, localZone, cover } = o;
  const savedAtMs = o.savedAtMs ?? cover?.savedAtMs;
  const t = r.target;
  return {
    key: t.key,
    accountName,
    scheduleName: t.scheduleName,
    startUtc: new Date(t.startMs).toISOString(),
    endUtc: new Date(saidEndOf(t)).toISOString(),
    // The same basis as the alarm notification's words (alarm/words.ts).
    endKnown: t.endUnknown !== true,
    scheduleZone: t.scheduleZone,
    ...(cover
      ? { run: { endUtc: new Date(cover.endMs).toISOString(), endKnown: cover.endKnown, names: cover.names } }
      : {}),
    handoverFrom: t.fromNames.slice(0, 20),
    late: r.late,
    again: r.again,
    test,
    savedAt: savedAtMs === undefined ? null : new Date(savedAtMs).toISOString(),
    ...(localZone ? { localZone } : {}),
  };
}

/** What a ring shows: the window (always naming the account) and the notification (naming it while there are
 *  several accounts, as every notification does then), both from the same basis. */
export function ringWords(
  r: AlarmRing,
  o: { accountName: string; several: boolean; savedAtMs: number | undefined; nowMs: number; localZone: string },
  cover?: RingRun,
): { view: AlarmView; notification: NotificationRequest } {
  const { nowMs, localZone, savedAtMs } = o;
  const accountName = o.several ? o.accountName : undefined;
  return {
    view: viewOf(r, o.accountName, { ...(savedAtMs === undefined ? {} : { savedAtMs }), localZone, cover }),
    notification: alarmNotification(r, { nowMs, localZone, savedAtMs, accountName, cover }),
  };
}

/** "Test the alarm": a ring of TEST_RING_MS worded as a test, acknowledging nothing real. */
function ringTest(
  o: AlarmRingOptions,
  show: (view: AlarmView, forMs: number) => void,
  notify: (n: NotificationRequest) => void,
): void {
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
  show(viewOf({ target, late: false, again: false }, 'Test', { test: true }), TEST_RING_MS);
  notify({
    id: key,
    title: 'Test of the shift-start alarm',
    body: 'This is how your shift start will ring.',
    target: 'status',
    alarm: true,
  });
}

/** The alarm notifications sent and not yet taken back: a Linux critical one never expires (adv50 r15 #1), so each
 *  is withdrawn when its ring ends, once. */
function alarmNotices(o: AlarmRingOptions) {
  const notified = new Set<string>();
  const test = (key: string): boolean => key.startsWith(TEST_PREFIX);
  return {
    notify: (n: NotificationRequest): void => {
      notified.add(n.id);
      void o.notifier.notify(n).then(
        () => {
          const shownAs = o.notifier.shownAs?.(n.id);
          if (shownAs !== undefined && !test(n.id) && notified.has(n.id)) o.shown?.(n.id, shownAs);
        },
        (e: unknown) => o.log(`alarm notification failed: ${String(e)}`),
      );
    },
    withdraw: (key: string): void => {
      if (!notified.delete(key)) return;
      if (!test(key)) o.withdrawn?.(key);
      void o.notifier.withdraw?.(key).catch((e: unknown) => o.log(`alarm notification not withdrawn: ${String(e)}`));
    },
    adopt: (key: string, shownAs: number): void => {
      notified.add(key);
      o.notifier.adopt?.(key, shownAs);
    },
    forget: (): void => notified.clear(),
  };
}

/** A ring's words now: its account, basis and zone, and the whole run it covers where it goes on past the shift. */
function wordsOfRing(o: AlarmRingOptions, r: AlarmRing): ReturnType<typeof ringWords> {
  const basis = {
    accountName: o.accountOf(r.target.key),
    several: o.several?.() ?? false,
    savedAtMs: o.savedAtMs?.(r.target),
    nowMs: o.clock.now(),
    localZone: o.localZone(),
  };
  return ringWords(r, basis, o.coverOf?.(r.target));
}

export function createAlarmRing(o: AlarmRingOptions): AlarmRingParts {
  const closers = new Map<string, () => void>();
  /** Each real ring on show, with the zone its view was worded in (a test alarm is worded in no zone of note). */
  const ringing = new Map<string, { ring: AlarmRing; view: AlarmView }>();
  const { notify, withdraw, forget, adopt } = alarmNotices(o);
  let cancelZoneCheck: (() => void) | undefined;
  const close = (key: string): void => {
    withdraw(key);
    closers.get(key)?.();
    closers.delete(key);
    ringing.delete(key);
    if (ringing.size === 0) {
      cancelZoneCheck?.();
      cancelZoneCheck = undefined;
    }
    o.surface()?.close(key);
  };
  const push = (view: AlarmView): void => {
    try {
      o.surface()?.show(view);
    } catch (e) {
      o.log(`alarm window failed: ${String(e)}`);
    }
  };
  const show = (view: AlarmView, forMs: number): void => {
    closers.get(view.key)?.();
    push(view);
    closers.set(
      view.key,
      o.clock.setTimer(forMs, () => close(view.key)),
    );
  };
  const wordsOf = (r: AlarmRing) => wordsOfRing(o, r);
  // Travel while it rings: the same ring (its sound and its 10 min go on) is pushed its view in the new zone, so
  // the window says the hour the phone's booking now says (adv50 r13 #2). Checked while something rings.
  function rezone(): void {
    const zone = o.localZone();
    for (const [key, shown] of ringing)
      if (shown.view.localZone !== zone) {
        const { view } = wordsOf(shown.ring);
        ringing.set(key, { ring: shown.ring, view });
        push(view);
      }
  }
  function checkZoneLater(): void {
    cancelZoneCheck?.();
    cancelZoneCheck = o.clock.setTimer(RING_ZONE_CHECK_MS, () => (rezone(), checkZoneLater()));
  }
  return {
    ring(r, untilMs) {
      const { view, notification } = wordsOf(r);
      show(view, untilMs === undefined ? ALARM_RING_MAX_MS : Math.max(0, untilMs - o.clock.now()));
      ringing.set(view.key, { ring: r, view });
      checkZoneLater();
      notify(notification);
    },
    adopt,
    rezone,
    silence: close,
    test: () => ringTest(o, show, notify),
    isTest: (key) => key.startsWith(TEST_PREFIX),
    stop() {
      // Quitting leaves a ringing alarm's notification up: its shift is still mine and not acknowledged.
      forget();
      for (const cancel of closers.values()) cancel();
      closers.clear();
      ringing.clear();
      cancelZoneCheck?.();
      cancelZoneCheck = undefined;
    },
  };
}
