// The engine: settings, one session per watched service (key, clients, sync loop, snapshot, cache, reminders;
// account-session.ts), the combined state, readiness, calendar and the IPC handlers, wired into one object behind the
// Engine surface. No Electron here; the outside world comes in through the ports.
import {
  defaultServiceSettings,
  defaultSettings,
  serviceSettings,
  type Account,
  type ServiceSettings,
  type Settings,
} from '../../shared/settings';
import type { AppState } from '../../shared/view-state';
import { openFiredStore } from '../storage/cache';
import { createSettingsHolder, effectiveSettings, type SettingsHolder } from './settings';
import { createStateKeeper, type Derivation } from './state';
import type { Engine, EngineOptions } from './types';
import { loadSettings } from '../storage/settings-store';
import { watchWrites } from '../storage/write-watch';
import { emptySnapshot } from '../model/snapshot';
import { createFeedControl, newFeedToken } from '../calendar/feed-control';
import { createReadinessWatch } from './readiness';
import { quietUntil } from '../reminders/quiet';
import type { NotificationHealthResult } from '../readiness/readiness';
import type { FiredStore } from '../storage/fired-store';
import { createAccountSession, type AccountSession } from './account-session';
import { deriveState, nextStateChangeAt } from '../state/derive';
import { combineStates } from '../state/combine';
import { accountHandlers } from './account-handlers';
import { accountKeyVariable } from '../../shared/accounts';

const ignore = (): void => undefined;

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
  const demo = overrides?.demo === true;
  // Parts made later are reached through this hook (see below); none of them is called before it is pointed.
  const hooks = { changed: ignore };

  // Every write to the data folder goes through this, so a folder that can't be written is shown as a notice.
  const storage = watchWrites(options.files, () => hooks.changed());
  const files = storage.files;
  let settings: SettingsHolder = createSettingsHolder({
    initial: defaultSettings(),
    files,
    persist: false,
    changed: () => undefined,
  });
  let notices: AppState['notices'] = [];
  let lifecycle: 'new' | 'started' | 'stopped' = 'new';
  let notificationHealth: NotificationHealthResult | undefined;
  let fired: FiredStore | undefined;
  const sessions = new Map<string, AccountSession>();

  // Memoised on the stored settings, so the same settings are the same object (cheap change checks downstream).
  let effectiveMemo: { stored: Settings; value: Settings; services: Map<string, ServiceSettings> } | undefined;
  const effectiveEntry = () => {
    const stored = settings.stored();
    if (effectiveMemo?.stored !== stored) {
      const value = effectiveSettings(stored, overrides);
      const services = new Map(value.accounts.map((a) => [a.id, serviceSettings(value, a)]));
      effectiveMemo = { stored, value, services };
    }
    return effectiveMemo;
  };
  const effective = (): Settings => effectiveEntry().value;
  /** The sessions in the user's account order. */
  const ordered = (): AccountSession[] =>
    effective().accounts.flatMap((a) => {
      const s = sessions.get(a.id);
      return s ? [s] : [];
    });
  const lastService = new Map<string, ServiceSettings>();
  const serviceOf = (accountId: string): ServiceSettings => {
    const found = effectiveEntry().services.get(accountId);
    // A removed account's session is stopping: it keeps reading what it last had.
    if (found) lastService.set(accountId, found);
    return found ?? lastService.get(accountId) ?? defaultServiceSettings();
  };

  const feed = createFeedControl({
    services: () => ordered().map((s) => s.calendarService()),
    settings: effective,
    now: () => clock.now(),
    localZone,
    files,
    changed: () => hooks.changed(),
    log,
    issueToken: (token) => void settings.update({ calendarFeed: { ...settings.stored().calendarFeed, token } }),
    serve: options.serveCalendarFeed !== false,
  });

  /** With no account yet: the state of an empty service, which asks for setup. */
  const unsetState = (nowMs: number): AppState => {
    const unset = { ...defaultServiceSettings(), ...serviceSettings(effective(), emptyAccount()) };
    const setup = { hasKey: false, keyStorage: 'none' as const, demo };
    const state = deriveState({
      snapshot: emptySnapshot(),
      settings: unset,
      setup,
      syncing: false,
      notices: [],
      nowMs,
    });
    return { ...state, accounts: [] };
  };
  const derivation: Derivation = {
    derive(nowMs) {
      const engineNotices = [...notices, ...storage.notices(), ...feed.notices()];
      const list = ordered();
      if (list.length === 0) return { ...unsetState(nowMs), settings: effective(), notices: engineNotices };
      const states = list.map((s) =>
        deriveState({ ...s.inputs(demo, notificationHealth), nowMs, localZone: localZone() }),
      );
      return combineStates(states, effective(), engineNotices);
    },
    nextChangeAt(nowMs) {
      const times = ordered()
        .map((s) => {
          const { snapshot, settings: service } = s.inputs(demo, undefined);
          return nextStateChangeAt(snapshot, nowMs, service);
        })
        .filter((t): t is number => t !== null);
      return times.length === 0 ? null : Math.min(...times);
    },
  };
  const keeper = createStateKeeper(clock, derivation, () => {
    for (const s of sessions.values()) s.replan();
    readiness.update();
  });
  hooks.changed = () => keeper.update();
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

  function makeSession(account: Account): AccountSession {
    const accounts = effective().accounts;
    return createAccountSession({
      accountId: account.id,
      clock,
      secrets: options.secrets,
      notifier: options.notifier,
      files,
      log: (message) => log(accounts.length > 1 ? `${account.id}: ${message}` : message),
      localZone,
      settings: () => serviceOf(account.id),
      notificationLabel: () => (effective().accounts.length > 1 ? serviceOf(account.id).accountLabel : undefined),
      overrideKey:
        overrides?.apiKeys?.[accountKeyVariable(account.id)] ?? (accounts.length === 1 ? overrides?.apiKey : undefined),
      demo,
      createClient: options.createClient,
      ...(options.horizonDays !== undefined ? { horizonDays: options.horizonDays } : {}),
      ...(options.random ? { random: options.random } : {}),
      changed: () => hooks.changed(),
    });
  }

  async function addSession(account: Account): Promise<void> {
    const session = makeSession(account);
    sessions.set(account.id, session);
    if (fired) await session.start(fired);
  }

  async function onSettingsChanged(before: Settings, after: Settings): Promise<void> {
    const was = effectiveSettings(before, overrides);
    const now = effectiveSettings(after, overrides);
    const kept = new Set(now.accounts.map((a) => a.id));
    for (const account of was.accounts) {
      const session = sessions.get(account.id);
      if (kept.has(account.id) || !session) continue;
      // Removed: its key and cached data go; nothing of the other accounts changes.
      sessions.delete(account.id);
      await session.remove();
    }
    for (const account of now.accounts) {
      const session = sessions.get(account.id);
      const old = was.accounts.find((a) => a.id === account.id);
      if (!session) await addSession(account);
      else if (old) await session.settingsChanged(serviceSettings(was, old), serviceSettings(now, account));
    }
    keeper.update();
    void feed.apply();
  }

  const handlers = accountHandlers({
    clock,
    state: () => keeper.get(),
    sessions: () => ordered(),
    settings: () => settings,
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
      persist: !demo,
      changed: onSettingsChanged,
      complete: withFeedToken,
    });
    notices = [loaded.notice].filter((n) => n !== undefined);
    for (const account of effective().accounts) sessions.set(account.id, makeSession(account));
    fired = await openFiredStore(files, { now: () => clock.now(), onNotice: storage.report });
    if (lifecycle !== 'started') return;
    const firedStore = fired;
    await Promise.all([...sessions.values()].map((s) => s.start(firedStore)));
    keeper.update();
    readiness.update();
    void feed.apply();
  }

  async function stop(): Promise<void> {
    if (lifecycle === 'stopped') return;
    lifecycle = 'stopped';
    keeper.stop();
    readiness.stop();
    await feed.stop();
    await Promise.all([...sessions.values()].map((s) => s.stop()));
    await readiness.settled();
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
      if (event === 'suspend' || event === 'lock-screen') {
        for (const s of sessions.values()) void s.flush();
        return;
      }
      // What was due while asleep is judged once the service has been heard from again (or a short grace). The
      // reminders learn of the wake first: the state update below judges them, and must not take it for a sleep
      // seen from the clock (a second read of everything).
      if (event === 'resume') for (const s of sessions.values()) s.wake();
      keeper.update();
      if (event !== 'resume') return;
      for (const s of sessions.values()) void s.refresh({ reason: 'resume' });
    },
    network(online) {
      if (lifecycle !== 'started') return;
      log(`network: ${online ? 'online' : 'offline'}`);
      if (!online) return;
      for (const s of sessions.values()) {
        s.wake();
        void s.refresh({ reason: 'online' });
      }
    },
  };
}

function emptyAccount(): Account {
  return { id: 'main', label: 'Main', baseUrl: '', email: '', schedules: [] };
}
