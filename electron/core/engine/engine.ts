// The engine: settings, key, offline cache, sync loop, derived state, reminders and action handlers wired into
// one object behind the Engine surface. No Electron here; the outside world comes in through the ports.
import type { AppState } from '../../shared/view-state';
import { defaultSettings, type Settings } from '../../shared/settings';
import type { ActionDeps } from '../actions/common';
import { loadSnapshot, openFiredStore } from '../storage/cache';
import { createEngineClients } from './clients';
import { engineHandlers } from './handlers';
import { createKeyHolder } from './keys';
import { createSnapshotWriter } from '../storage/snapshot-writer';
import { createRemindersFor, NO_REMINDERS, type ReminderHook } from './reminders';
import { createSettingsHolder, effectiveSettings, type SettingsHolder } from './settings';
import { createStateKeeper } from './state';
import type { Engine, EngineOptions } from './types';
import { loadSettings } from '../storage/settings-store';
import { watchWrites } from '../storage/write-watch';
import { emptySnapshot, type Snapshot } from '../model/snapshot';
import { createSync } from '../sync/loop';
import { reconcileSchedules } from '../sync/apply';
import { createFeedControl, newFeedToken } from '../calendar/feed-control';
import { createReadinessWatch } from './readiness';
import { quietUntil } from '../reminders/quiet';
import type { NotificationHealthResult } from '../readiness/readiness';
import type { FiredStore } from '../storage/fired-store';

const ignore = (): void => undefined;

function withKeyNotice(
  notices: AppState['notices'],
  keyNotice: AppState['notices'][number] | undefined,
): AppState['notices'] {
  return keyNotice === undefined ? notices : [...notices, keyNotice];
}

/** A feed turned on (or asked for a new address) gets its token in the same save, so the settings that come back
 *  already hold its address. */
function withFeedToken(s: Settings): Settings {
  return s.calendarFeed.enabled && s.calendarFeed.token === ''
    ? { ...s, calendarFeed: { ...s.calendarFeed, token: newFeedToken() } }
    : s;
}

export function createEngine(options: EngineOptions): Engine {
  const { clock, overrides } = options;
  const zone = options.localZone;
  const localZone = (): string => (typeof zone === 'function' ? zone() : zone);
  const log = options.log ?? (() => undefined);
  // Some parts tell of changes that a part made after them acts on: the data folder's and the feed's notices change
  // what the state keeper derives, a new key restarts sync, and a new state goes on to the readiness watch (which
  // reads it back). Those calls go through these hooks, each pointed at its part right where that part is made below.
  // None is called before then: they follow writes, key changes and state changes, none of which happens while the
  // engine is being made.
  const hooks = { inputsChanged: ignore, keyChanged: ignore, stateChanged: ignore };

  // Every write to the data folder goes through this, so a folder that can't be written is shown as a notice.
  const storage = watchWrites(options.files, () => hooks.inputsChanged());
  const files = storage.files;
  let settings: SettingsHolder = createSettingsHolder({
    initial: defaultSettings(),
    files,
    persist: false,
    changed: () => undefined,
  });
  let snapshot: Snapshot = emptySnapshot();
  let notices: AppState['notices'] = [];
  let syncing = false;
  let servedFromCache = false;
  let reminders: ReminderHook = NO_REMINDERS;
  /** The snapshot the current one replaced: reminders compare the two to find changes to my shifts. */
  let previous: Snapshot | undefined;
  let lifecycle: 'new' | 'started' | 'stopped' = 'new';
  let notificationHealth: NotificationHealthResult | undefined;
  let fired: FiredStore | undefined;

  // Memoised on the stored settings, so the same settings are the same object (cheap change checks downstream).
  let effectiveMemo: { stored: Settings; value: Settings } | undefined;
  const effective = (): Settings => {
    const stored = settings.stored();
    if (effectiveMemo?.stored !== stored) effectiveMemo = { stored, value: effectiveSettings(stored, overrides) };
    return effectiveMemo.value;
  };
  const watchedIds = (): string[] => effective().schedules.map((s) => s.id);
  const writer = createSnapshotWriter(files, () => clock.now(), log);
  const keys = createKeyHolder({
    secrets: options.secrets,
    baseUrl: () => effective().baseUrl,
    overrideKey: overrides?.apiKey,
    log,
    changed: () => hooks.keyChanged(),
  });
  const clients = createEngineClients({
    baseUrl: () => effective().baseUrl,
    apiKey: keys.key,
    createClient: options.createClient,
  });
  const feed = createFeedControl({
    snapshot: () => snapshot,
    settings: effective,
    now: () => clock.now(),
    localZone,
    files,
    changed: () => hooks.inputsChanged(),
    log,
    issueToken: (token) => void settings.update({ calendarFeed: { ...settings.stored().calendarFeed, token } }),
    serve: options.serveCalendarFeed !== false,
  });

  const replan = (): void => reminders.replan({ snapshot, previous, settings: effective() });
  const keeper = createStateKeeper(
    clock,
    () => ({
      snapshot,
      settings: effective(),
      syncing,
      notices: withKeyNotice([...notices, ...storage.notices(), ...feed.notices()], keys.notice()),
      servedFromCache,
      ...(notificationHealth ? { notificationHealth } : {}),
      setup: {
        hasKey: keys.key() !== undefined,
        keyStorage: keys.storage(),
        demo: overrides?.demo === true,
        ...(overrides?.apiKey !== undefined && overrides.demo !== true ? { keyFromEnvironment: true } : {}),
      },
    }),
    localZone,
    () => (replan(), hooks.stateChanged()),
  );
  hooks.inputsChanged = () => keeper.update();
  const readiness = createReadinessWatch({
    clock,
    state: () => keeper.get(),
    localZone,
    notifier: options.notifier,
    fired: () => fired,
    log,
    check:
      options.notificationHealth ??
      (async () => ({ result: 'unknown', message: 'Notifications are not checked by this app.' })),
    onHealth: (health) => ((notificationHealth = health), keeper.update()),
    quietUntil: (nowMs) => quietUntil(nowMs, effective(), localZone()),
  });
  hooks.stateChanged = () => readiness.update();

  const setSnapshot = (next: Snapshot): void => {
    if (next === snapshot) return;
    previous = snapshot;
    snapshot = next;
    writer.schedule(next);
    keeper.update();
    replan();
  };
  const snapshotAccess = { get: () => snapshot, set: setSnapshot };
  const sync = createSync({
    clock,
    getClient: () => clients.get()?.sync,
    getConfig: () => ({
      scheduleIds: watchedIds(),
      email: effective().email,
      refresh: effective().refresh,
      horizonDays: options.horizonDays ?? effective().horizonDays,
    }),
    snapshot: { get: () => snapshot, set: (next) => ((servedFromCache = false), setSnapshot(next)) },
    onBusyChange: (busy) => ((syncing = busy), keeper.update()),
    log,
    ...(options.random ? { random: options.random } : {}),
  });

  hooks.keyChanged = (): void => {
    sync.reset();
    setSnapshot({ ...snapshot, keyRejected: false });
    keeper.update();
    if (keys.key() !== undefined) void sync.request({ reason: 'key' });
    else sync.reschedule();
  };

  async function onSettingsChanged(before: Settings, after: Settings): Promise<void> {
    const was = effectiveSettings(before, overrides);
    const now = effectiveSettings(after, overrides);
    if (was.baseUrl !== now.baseUrl) {
      // Another service: its key is another keychain entry, and nothing learned from the old one applies.
      await keys.load();
      sync.reset();
      servedFromCache = false;
      setSnapshot(reconcileSchedules(emptySnapshot(), watchedIds()));
      void sync.request({ reason: 'settings' });
    } else {
      setSnapshot(reconcileSchedules(snapshot, watchedIds()));
      sync.reschedule();
    }
    keeper.update();
    void feed.apply();
  }

  const deps: ActionDeps = {
    clock,
    client: () => clients.get()?.actions,
    settings: effective,
    snapshot: snapshotAccess,
    refresh: (request) => sync.request(request),
  };

  const handlers = engineHandlers({
    deps,
    state: () => keeper.get(),
    canSync: () => clients.get() !== undefined,
    settings: () => settings,
    keys,
    localZone,
    notifier: options.notifier,
  });

  async function start(): Promise<void> {
    if (lifecycle !== 'new') return;
    lifecycle = 'started';
    const loaded = await loadSettings(files);
    settings = createSettingsHolder({
      initial: loaded.settings,
      files,
      persist: overrides?.demo !== true,
      changed: onSettingsChanged,
      complete: withFeedToken,
    });
    const cached = await loadSnapshot(files);
    notices = [loaded.notice, cached.notice].filter((n) => n !== undefined);
    if (cached.snapshot) {
      // A key rejected last session may have been replaced since (env override, keychain edited outside the
      // app): the first request finds out again, so a cached rejection must not keep syncing paused.
      snapshot = reconcileSchedules({ ...cached.snapshot, keyRejected: false }, watchedIds());
      previous = snapshot;
      servedFromCache = true;
    }
    await keys.load();
    fired = await openFiredStore(files, { now: () => clock.now(), onNotice: storage.report });
    if (lifecycle !== 'started') return;
    reminders = createRemindersFor({
      clock,
      notifier: options.notifier,
      fired,
      localZone,
      log,
      onWake: () => (keeper.update(), void sync.request({ reason: 'resume' })),
      confirm: (scheduleIds) => void sync.request({ reason: 'reminder', scheduleIds, rereadShifts: true }),
    });
    keeper.update();
    replan();
    readiness.update();
    sync.start();
    void feed.apply();
  }

  async function stop(): Promise<void> {
    if (lifecycle === 'stopped') return;
    lifecycle = 'stopped';
    sync.stop();
    keeper.stop();
    readiness.stop();
    reminders.stop();
    await feed.stop();
    await sync.idle();
    await reminders.settled();
    await readiness.settled();
    clients.close();
    await writer.flush();
  }

  return {
    start,
    stop,
    getState: () => keeper.get(),
    subscribe: (listener) => keeper.subscribe(listener),
    handlers,
    calendar: (days) => feed.exportCalendar(days),
    popoverOpened() {
      if (lifecycle === 'started') readiness.opened();
    },
    checksSettled: () => readiness.settled(),
    power(event) {
      if (lifecycle !== 'started') return;
      if (event === 'suspend' || event === 'lock-screen') return void writer.flush();
      // What was due while asleep is judged once the service has been heard from again (or a short grace). The
      // reminders learn of the wake first: the state update below judges them, and must not take it for a sleep
      // seen from the clock (a second read of everything).
      if (event === 'resume') reminders.wake();
      keeper.update();
      if (event !== 'resume') return;
      void sync.request({ reason: 'resume' });
    },
    network(online) {
      if (lifecycle !== 'started') return;
      log(`network: ${online ? 'online' : 'offline'}`);
      if (!online) return;
      reminders.wake();
      void sync.request({ reason: 'online' });
    },
  };
}
