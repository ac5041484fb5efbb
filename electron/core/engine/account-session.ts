// One watched service: its key (own keychain entry), its clients, its sync loop with its own backoff and
// Retry-After, its snapshot and offline cache, its reminders (through the shared record, scoped to the account) and
// the action handlers that write to it. The engine makes one per account and combines what they know; nothing of
// one session reaches another, so one account failing never stales, hides or delays the others.
import type { AccountId } from '../../shared/accounts';
import type { Account, ServiceSettings } from '../../shared/settings';
import type { AppState } from '../../shared/view-state';
import type { ActionDeps } from '../actions/common';
import { cacheFileOf, loadSnapshot } from '../storage/cache';
import type { FiredStore } from '../storage/fired-store';
import { createSnapshotWriter } from '../storage/snapshot-writer';
import { emptySnapshot, type Snapshot } from '../model/snapshot';
import { createSync } from '../sync/loop';
import type { RefreshAnswer, RefreshRequest } from '../sync/types';
import { reconcileSchedules } from '../sync/apply';
import type { Clock, FileStore, Notifier, SecretStore } from '../ports';
import type { CalendarService } from '../calendar/publisher';
import { deriveState } from '../state/derive';
import { createEngineClients } from './clients';
import { createKeyHolder, type KeyHolder } from './keys';
import { createRemindersFor, NO_REMINDERS, type ReminderHook } from './reminders';
import { withoutToldElsewhere, type ToldElsewhere } from '../reminders/told-once';
import { scopedFired, scopedNotifier } from './account-scope';
import type { StateInputs } from './state';
import type { EngineOptions } from './types';

export interface AccountSessionOptions {
  accountId: AccountId;
  clock: Clock;
  secrets: SecretStore;
  notifier: Notifier;
  /** Whether this account is muted, paused or the same service as an earlier one now: its reminders pass unshown. */
  silenced?: () => boolean;
  /** What an earlier account of the same service tells for this one: the schedules both watch (service ids) and,
   *  when it is one, the coverage requests (one list per service and person). Left out of this one's reminders. */
  toldElsewhere?: () => ToldElsewhere;
  files: FileStore;
  log: (message: string) => void;
  localZone: () => string;
  /** The account's settings now; undefined once it was removed. */
  settings: () => ServiceSettings;
  /** The account's name in notifications while there are several accounts (undefined with one). */
  notificationLabel: () => string | undefined;
  /** A key given by the caller (environment, demo): used as is, never stored. */
  overrideKey?: string;
  /** The environment variable it came from, for messages about it. */
  overrideKeyVariable?: string;
  demo: boolean;
  createClient?: EngineOptions['createClient'];
  horizonDays?: number;
  random?: () => number;
  /** What this session knows changed: the engine derives the state again. */
  changed: () => void;
}

export interface AccountSession {
  readonly id: AccountId;
  /** The account as its settings name it now (its last settings once removed). */
  account(): Account;
  readonly keys: KeyHolder;
  readonly deps: ActionDeps;
  start(fired: FiredStore): Promise<void>;
  stop(): Promise<void>;
  /** Stops it and deletes its key and its cached data (the account was removed). */
  remove(): Promise<void>;
  settingsChanged(before: ServiceSettings, after: ServiceSettings): Promise<void>;
  inputs(demo: boolean, notificationHealth: StateInputs['notificationHealth']): StateInputs;
  /** This account's own state, as the handlers that write to it judge it. */
  state(): AppState;
  calendarService(): CalendarService;
  canSync(): boolean;
  refresh(request: RefreshRequest): Promise<RefreshAnswer | void>;
  replan(): void;
  wake(): void;
  flush(): Promise<void>;
}

export function createAccountSession(o: AccountSessionOptions): AccountSession {
  const { clock } = o;
  const hooks = { keyChanged: (): void => undefined };
  const cacheFile = cacheFileOf(o.accountId);
  let snapshot: Snapshot = emptySnapshot();
  let previous: Snapshot | undefined;
  let syncing = false;
  let servedFromCache = false;
  let cacheNotice: AppState['notices'][number] | undefined;
  let reminders: ReminderHook = NO_REMINDERS;
  let lifecycle: 'new' | 'started' | 'stopped' = 'new';
  const watchedIds = (): string[] => o.settings().schedules.map((s) => s.id);
  const writer = createSnapshotWriter(o.files, () => clock.now(), o.log, cacheFile);
  const keys = createKeyHolder({
    secrets: o.secrets,
    accountId: o.accountId,
    baseUrl: () => o.settings().baseUrl,
    overrideKey: o.overrideKey,
    log: o.log,
    changed: () => hooks.keyChanged(),
  });
  const clients = createEngineClients({
    baseUrl: () => o.settings().baseUrl,
    apiKey: keys.key,
    createClient: o.createClient,
  });
  // Reminders only of what no earlier account of the same service tells (it tells those once).
  const replan = (): void =>
    reminders.replan(withoutToldElsewhere({ snapshot, previous, settings: o.settings() }, o.toldElsewhere?.()));
  const setSnapshot = (next: Snapshot): void => {
    if (next === snapshot) return;
    previous = snapshot;
    snapshot = next;
    writer.schedule(next);
    o.changed();
    replan();
  };
  const sync = createSync({
    clock,
    getClient: () => clients.get()?.sync,
    getConfig: () => ({
      scheduleIds: watchedIds(),
      email: o.settings().email,
      refresh: o.settings().refresh,
      horizonDays: o.horizonDays ?? o.settings().horizonDays,
    }),
    snapshot: { get: () => snapshot, set: (next) => ((servedFromCache = false), setSnapshot(next)) },
    onBusyChange: (busy) => ((syncing = busy), o.changed()),
    log: o.log,
    ...(o.random ? { random: o.random } : {}),
  });
  hooks.keyChanged = (): void => {
    // A stopped session (a removed account deleting its key) neither syncs nor writes its saved data again.
    if (lifecycle === 'stopped') return;
    sync.reset();
    setSnapshot({ ...snapshot, keyRejected: false });
    o.changed();
    if (keys.key() !== undefined) void sync.request({ reason: 'key' });
    else sync.reschedule();
  };
  const deps: ActionDeps = {
    clock,
    client: () => clients.get()?.actions,
    settings: o.settings,
    snapshot: { get: () => snapshot, set: setSnapshot },
    refresh: (request) => sync.request(request),
  };

  const inputs = (demo: boolean, notificationHealth: StateInputs['notificationHealth']): StateInputs => {
    const keyNotice = keys.notice();
    const waitUntilMs = sync.serviceWaitUntilMs();
    return {
      ...(waitUntilMs === null ? {} : { serviceWaitUntilMs: waitUntilMs }),
      snapshot,
      settings: o.settings(),
      syncing,
      notices: [cacheNotice, keyNotice].filter((n) => n !== undefined),
      servedFromCache,
      ...(notificationHealth ? { notificationHealth } : {}),
      setup: {
        hasKey: keys.key() !== undefined,
        keyStorage: keys.storage(),
        demo,
        ...(o.overrideKey !== undefined && !demo ? { keyFromEnvironment: true } : {}),
        ...(o.overrideKey !== undefined && !demo && o.overrideKeyVariable
          ? { keyVariable: o.overrideKeyVariable }
          : {}),
      },
    };
  };

  async function start(fired: FiredStore): Promise<void> {
    if (lifecycle !== 'new') return;
    lifecycle = 'started';
    const cached = await loadSnapshot(o.files, cacheFile, clock.now());
    cacheNotice = cached.notice;
    if (cached.snapshot) {
      // A key rejected last session may have been replaced since (env override, keychain edited outside the
      // app): the first request finds out again, so a cached rejection must not keep syncing paused.
      snapshot = reconcileSchedules({ ...cached.snapshot, keyRejected: false }, watchedIds());
      previous = snapshot;
      servedFromCache = true;
    }
    await keys.load();
    if (lifecycle !== 'started') return;
    reminders = createRemindersFor({
      clock,
      notifier: scopedNotifier(o.notifier, o.accountId, o.notificationLabel),
      fired: scopedFired(fired, o.accountId),
      localZone: o.localZone,
      log: o.log,
      onWake: () => (o.changed(), void sync.request({ reason: 'resume' })),
      confirm: (scheduleIds) => void sync.request({ reason: 'reminder', scheduleIds, rereadShifts: true }),
      ...(o.silenced ? { silenced: o.silenced } : {}),
    });
    o.changed();
    replan();
    sync.start();
  }

  async function stop(): Promise<void> {
    if (lifecycle === 'stopped') return;
    lifecycle = 'stopped';
    sync.stop();
    reminders.stop();
    await sync.idle();
    await reminders.settled();
    clients.close();
    await writer.flush();
  }

  async function settingsChanged(before: ServiceSettings, after: ServiceSettings): Promise<void> {
    if (before.baseUrl !== after.baseUrl) {
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
    o.changed();
  }

  return {
    id: o.accountId,
    account: () => {
      const s = o.settings();
      return { id: o.accountId, label: s.accountLabel, baseUrl: s.baseUrl, email: s.email, schedules: s.schedules };
    },
    keys,
    deps,
    start,
    stop,
    async remove() {
      await stop();
      await keys.remove();
      // Anything still being written lands before the file goes, so it is not written back after.
      await writer.flush();
      await o.files.remove(cacheFile);
    },
    settingsChanged,
    inputs,
    state: () => deriveState({ ...inputs(o.demo, undefined), nowMs: clock.now(), localZone: o.localZone() }),
    calendarService: () => ({ snapshot, settings: o.settings() }),
    canSync: () => clients.get() !== undefined,
    refresh: (request) => sync.request(request),
    replan,
    wake: () => reminders.wake(),
    flush: () => writer.flush(),
  };
}
