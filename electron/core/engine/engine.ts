// The engine: settings, one session per watched service (key, clients, sync loop, snapshot, cache, reminders;
// account-session.ts), the combined state, readiness, calendar and the IPC handlers, wired into one object behind the
// Engine surface. No Electron here; the outside world comes in through the ports.
import { defaultSettings, serviceSettings, type ServiceSettings, type Settings } from '../../shared/settings';
import type { AppState } from '../../shared/view-state';
import { isRecordKeyOf } from '../../shared/accounts';
import { openFiredStore } from '../storage/cache';
import { createSettingsHolder, effectiveSettings, type SettingsHolder } from './settings';
import { createStateKeeper } from './state';
import { combinedDerivation } from './combined-derivation';
import type { Engine, EngineOptions } from './types';
import { loadSettings } from '../storage/settings-store';
import { watchWrites } from '../storage/write-watch';
import { createFeedControl, newFeedToken } from '../calendar/feed-control';
import { createReadinessWatch } from './readiness';
import { quietUntil } from '../reminders/quiet';
import type { NotificationHealthResult } from '../readiness/readiness';
import type { FiredStore } from '../storage/fired-store';
import type { AccountSession } from './account-session';
import { createSessionRegistry } from './session-registry';
import { accountHandlers } from './account-handlers';
import { handoffParts } from '../handoff/handlers';

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
  let settingsUnreadable: string | undefined;
  let lifecycle: 'new' | 'started' | 'stopped' = 'new';
  let notificationHealth: NotificationHealthResult | undefined;
  let fired: FiredStore | undefined;
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
  const sessions = createSessionRegistry({
    options,
    files,
    log,
    localZone,
    effective,
    service: (accountId) => effectiveEntry().services.get(accountId),
    changed: () => hooks.changed(),
  });
  const ordered = (): AccountSession[] => sessions.ordered();

  const feed = createFeedControl({
    services: () => ordered().map((s) => s.known()),
    settings: effective,
    now: () => clock.now(),
    localZone,
    files,
    changed: () => hooks.changed(),
    log,
    issueToken: (token) => void settings.update({ calendarFeed: { ...settings.stored().calendarFeed, token } }),
    serve: options.serveCalendarFeed !== false,
    report: storage.report,
  });

  const derivation = combinedDerivation({
    sessions: ordered,
    settings: effective,
    notices: () => [...notices, ...storage.notices(), ...feed.notices()],
    settingsUnreadable: () => settingsUnreadable,
    demo,
    notificationHealth: () => notificationHealth,
    localZone,
  });
  const keeper = createStateKeeper(clock, derivation, () => {
    for (const s of sessions.all()) s.replan();
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

  async function onSettingsChanged(before: Settings, after: Settings): Promise<void> {
    const was = effectiveSettings(before, overrides);
    const now = effectiveSettings(after, overrides);
    await sessions.apply(was, now);
    keeper.update();
    void feed.apply();
  }

  const accountSide = accountHandlers({
    clock,
    state: () => keeper.get(),
    sessions: () => ordered(),
    settings: () => settings,
    localZone,
    notifier: options.notifier,
    secrets: options.secrets,
    createClient: options.createClient,
  });
  // Away mode and swaps: their writes go through the accounts' own override:create (one write path).
  const handoff = handoffParts({
    clock,
    files,
    localZone,
    state: () => keeper.get(),
    client: (accountId) =>
      ordered()
        .find((s) => s.id === accountId)
        ?.client(),
    createOverride: accountSide['override:create'],
    candidates: accountSide['override:candidates'],
    refreshAll: () => accountSide['sync:refresh'](null),
    changed: () => undefined,
    ...(options.verifyGraceMs !== undefined ? { graceMs: options.verifyGraceMs } : {}),
  });
  const handlers = { ...accountSide, ...handoff.handlers };

  async function start(): Promise<void> {
    if (lifecycle !== 'new') return;
    lifecycle = 'started';
    const loaded = await loadSettings(files);
    settings = createSettingsHolder({
      initial: loaded.settings,
      files,
      // An unreadable file still holds the user's settings: never written over with defaults.
      persist: !demo && loaded.unreadable === undefined,
      changed: onSettingsChanged,
      complete: withFeedToken,
    });
    notices = [loaded.notice].filter((n) => n !== undefined);
    settingsUnreadable = loaded.unreadable;
    // A held message is shown after quiet hours: only one of an account and schedule watched now is kept.
    const watched = (key: string, scheduleId: string | undefined): boolean => {
      const account = effective().accounts.find((a) => isRecordKeyOf(key, a.id));
      return account !== undefined && (scheduleId === undefined || account.schedules.some((s) => s.id === scheduleId));
    };
    fired = await openFiredStore(files, { now: () => clock.now(), onNotice: storage.report, watched });
    if (lifecycle !== 'started') return;
    await sessions.start(fired);
    keeper.update();
    readiness.update();
    void feed.apply();
    // A hand-off left open by the last run resumes: what may have been sent is looked for, never sent blind.
    await handoff.controller.start();
  }

  async function stop(): Promise<void> {
    if (lifecycle === 'stopped') return;
    lifecycle = 'stopped';
    handoff.controller.stop();
    keeper.stop();
    readiness.stop();
    await feed.stop();
    await Promise.all(sessions.all().map((s) => s.stop()));
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
    handoffIdle: () => handoff.controller.idle(),
    power(event) {
      if (lifecycle !== 'started') return;
      if (event === 'suspend' || event === 'lock-screen') {
        for (const s of sessions.all()) void s.flush();
        return;
      }
      // What was due while asleep is judged once the service has been heard from again (or a short grace). The
      // reminders learn of the wake first: the state update below judges them, and must not take it for a sleep
      // seen from the clock (a second read of everything).
      if (event === 'resume') for (const s of sessions.all()) s.wake();
      keeper.update();
      if (event !== 'resume') return;
      for (const s of sessions.all()) void s.refresh({ reason: 'resume' });
    },
    network(online) {
      if (lifecycle !== 'started') return;
      log(`network: ${online ? 'online' : 'offline'}`);
      if (!online) return;
      for (const s of sessions.all()) {
        s.wake();
        void s.refresh({ reason: 'online' });
      }
    },
  };
}
