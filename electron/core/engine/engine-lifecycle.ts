// The engine's outside surface over its parts: start-up in its order (settings, the fired record, the sessions, the
// derived state, the feed, then the hand-off left open), stop, and what the machine tells (sleep, wake, network).
// Kept apart from the wiring so createEngine reads as the list of parts, and this as what happens to them when.
import { isRecordKeyOf } from '../../shared/accounts';
import type { Settings } from '../../shared/settings';
import { openFiredStore } from '../storage/cache';
import type { AccountOrigin, FiredStore } from '../storage/fired-store';
import { quietHoursAt } from '../reminders/quiet';
import { originOf } from '../storage/cache-origin';
import type { WatchedFiles } from '../storage/write-watch';
import type { FeedControl } from '../calendar/feed-control';
import type { HandoffController } from '../handoff/controller';
import type { Clock } from '../ports';
import { effectiveSettings, type SettingsOverrides } from './settings';
import type { EngineSettings } from './engine-settings';
import type { ReadinessWatch } from './readiness';
import type { SessionRegistry } from './session-registry';
import type { StateKeeper } from './state';
import type { Engine, EngineHandlers } from './types';
import type { AlarmParts } from './alarm-parts';
import type { RecordSigner } from '../storage/record-key';

export interface EngineParts {
  clock: Clock;
  log: (message: string) => void;
  overrides: SettingsOverrides | undefined;
  storage: WatchedFiles;
  settings: EngineSettings;
  sessions: SessionRegistry;
  feed: FeedControl;
  keeper: StateKeeper;
  readiness: ReadinessWatch;
  /** Where the fired record opened at start is kept for the parts made before it (readiness reads it). */
  fired: { store?: FiredStore };
  handoff: HandoffController;
  /** EngineOptions.resumeHandoff, defaulted. */
  resumeHandoff: boolean;
  /** Whether the keychain still holds the record key, asked as the app stops (record-key.ts checkRecordKey). */
  keyCheck?: () => Promise<void>;
  handlers: EngineHandlers;
  alarms: AlarmParts;
  localZone: () => string;
  /** The app's record key (record-key.ts): the fired record is signed with it. */
  signer: () => Promise<RecordSigner | undefined>;
  /** Set from the settings' load until the sessions have read their keys: the state then says so (combined-derivation). */
  boot: { starting: boolean };
}

/** The fired record; a held message is shown after quiet hours only while its account and schedule are watched,
 *  and an account's entries only while its address and e-mail are the ones they were written for. */
function openFired(p: EngineParts): Promise<FiredStore> {
  const watched = (key: string, scheduleId: string | undefined): boolean => {
    const account = p.settings.effective().accounts.find((a) => isRecordKeyOf(key, a.id));
    return account !== undefined && (scheduleId === undefined || account.schedules.some((s) => s.id === scheduleId));
  };
  // Whose reminders: each account's address and e-mail, as its saved schedule data is checked (demo mode: its
  // simulator takes a new port each launch, so it is left out there, as for the cache).
  const origins = (): AccountOrigin[] =>
    p.settings.effective().accounts.map((a) => ({ id: a.id, origin: originOf(a) }));
  const demo = p.overrides?.demo === true;
  return openFiredStore(p.storage.files, {
    now: () => p.clock.now(),
    onNotice: p.storage.report,
    watched,
    // As plan.ts plans it: quiet hours begin before the start (their start, in the zone now).
    headsUpDueMs: (startMs) => quietHoursAt(startMs, p.settings.effective().quietHours, p.localZone())?.startMs,
    ...(demo ? {} : { origins }),
    signer: p.signer,
    localZone: p.localZone,
  });
}

/** What the machine tells: sleep and lock save what is held; wake and network back sync every session again. */
function machineEvents(p: EngineParts, started: () => boolean): Pick<Engine, 'power' | 'network'> {
  const { sessions, keeper } = p;
  return {
    power(event) {
      if (!started()) return;
      if (event === 'suspend' || event === 'lock-screen') {
        for (const s of sessions.all()) void s.flush();
        return;
      }
      // What was due while asleep is judged once the service has been heard from again (or a short grace). The
      // reminders learn of the wake first: the state update below judges them, and must not take it for a sleep
      // seen from the clock (a second read of everything).
      if (event === 'resume') {
        for (const s of sessions.all()) s.wake();
        p.alarms.wake();
      }
      keeper.update();
      if (event !== 'resume') return;
      for (const s of sessions.all()) void s.refresh({ reason: 'resume' });
    },
    network(online) {
      if (!started()) return;
      p.log(`network: ${online ? 'online' : 'offline'}`);
      if (!online) return;
      for (const s of sessions.all()) {
        s.wake();
        void s.refresh({ reason: 'online' });
      }
    },
  };
}

/** How long a stop waits for the record writes in flight. */
export const STOP_WRITES_MS = 10_000;

/** `work`, or `ms` on the clock, whichever ends first. */
async function within(clock: Clock, ms: number, work: Promise<void> | undefined): Promise<void> {
  if (work === undefined) return;
  let cancel: (() => void) | undefined;
  const late = new Promise<void>((resolve) => (cancel = clock.setTimer(ms, resolve)));
  await Promise.race([work, late]).finally(() => cancel?.());
}

/** An intent never throws across IPC: what fails is logged and answered as a message. */
async function guard<T extends { ok: boolean }>(
  p: EngineParts,
  run: () => Promise<T>,
): Promise<T | { ok: false; message: string }> {
  try {
    return await run();
  } catch (e) {
    p.log(`alarm intent failed: ${e instanceof Error ? e.name : 'error'}`);
    return { ok: false, message: 'Something went wrong; the app log has more.' };
  }
}

/** The sessions, and the alarm once their saved data is in, not once their keys are: the alarm needs no key, and a
 *  keychain prompt left waiting over a shift start must not hold it back (adv47 r42 F1). It is held until every
 *  account's schedules are read again (or the grace ends): never rung from saved data at once. */
async function startSessions(p: EngineParts, fired: FiredStore, started: () => boolean): Promise<void> {
  let alarmsStarted: Promise<void> | undefined;
  const opened = (): void => {
    p.boot.starting = false;
    p.keeper.update();
    if (started()) alarmsStarted ??= p.alarms.start();
  };
  await p.sessions.start(fired, opened);
  opened();
  await alarmsStarted;
}

export function engineSurface(p: EngineParts): Omit<Engine, 'loginProblem'> {
  let lifecycle: 'new' | 'started' | 'stopped' = 'new';
  const { sessions, keeper, readiness, feed } = p;

  async function onSettingsChanged(before: Settings, after: Settings): Promise<void> {
    await sessions.apply(effectiveSettings(before, p.overrides), effectiveSettings(after, p.overrides));
    p.alarms.settingsChanged(before, after);
    keeper.update();
    p.alarms.replan();
    void feed.apply();
  }

  async function start(): Promise<void> {
    if (lifecycle !== 'new') return;
    lifecycle = 'started';
    await p.storage.opened?.();
    await p.settings.load(onSettingsChanged);
    // The keychain may wait minutes for its password: "starting" is pushed now, never "add your API key" (adv49 r36).
    p.boot.starting = true;
    keeper.update();
    const fired = (p.fired.store = await openFired(p));
    if (lifecycle !== 'started') return;
    await startSessions(p, fired, () => lifecycle === 'started');
    if (lifecycle !== 'started') return;
    keeper.update();
    readiness.update();
    void feed.apply();
    // A hand-off left open by the last run resumes: what may have been sent is looked for, never sent blind.
    if (p.resumeHandoff) await p.handoff.start();
  }

  async function stop(): Promise<void> {
    if (lifecycle === 'stopped') return;
    lifecycle = 'stopped';
    p.storage.quit?.();
    // The records this run signed hold at the next start only if the key is still kept: stored again if not.
    await p.keyCheck?.().catch(() => undefined);
    const handoffStopped = p.handoff.stop();
    p.alarms.stop();
    p.storage.linkBack.stop();
    keeper.stop();
    readiness.stop();
    await feed.stop();
    await Promise.all(sessions.all().map((s) => s.stop()));
    await readiness.settled();
    await p.alarms.settled();
    await handoffStopped;
    // The reminders' record written in flight (a read's own record of my shifts is not waited on by its caller): at
    // quit an unawaited write is a lost one. Bounded, so a disk that never answers can't hold the quit forever.
    await within(p.clock, STOP_WRITES_MS, p.fired.store?.settled());
    // Last: every writer has written; what the folder refused is tried once more.
    await p.storage.settle?.();
  }

  return {
    start,
    stop,
    getState: () => keeper.get(),
    subscribe: (listener) => keeper.subscribe(listener),
    handlers: p.handlers,
    calendar: (days) => feed.exportCalendar(days),
    popoverOpened() {
      if (lifecycle === 'started') readiness.opened();
    },
    notificationsChanged() {
      if (lifecycle === 'started') readiness.recheck();
    },
    checksSettled: () => readiness.settled(),
    handoffIdle: () => p.handoff.idle(),
    alarmIntent: (intent, from = 'window') => guard(p, () => p.alarms.alarmIntent(intent, from)),
    phoneIntent: (intent) => guard(p, () => p.alarms.phoneIntent(intent)),
    phoneLink: () => p.alarms.phoneLink(),
    setAlarmSurface: (surface) => p.alarms.setSurface(surface),
    alarmsSettled: () => p.alarms.settled(),
    ...machineEvents(p, () => lifecycle === 'started'),
  };
}
