// The engine: settings, one session per watched service (key, clients, sync loop, snapshot, cache, reminders;
// account-session.ts), the combined state, readiness, calendar and the IPC handlers, wired into one object behind the
// Engine surface (engine-lifecycle.ts). No Electron here; the outside world comes in through the ports. createEngine
// is the list of parts; each part's wiring is a function below, given only what that part reads.
import type { FiredStore } from '../storage/fired-store';
import { guardOutsideEdits, type KeptAtQuit } from '../storage/outside-edits';
import { keepOwedRecords } from '../storage/owed-records';
import { readSaidLater, writeSaidLater } from '../storage/said-later';
import { watchWrites, WRITE_NOTICE_ID, type WatchedFiles } from '../storage/write-watch';
import { createFeedControl, type FeedControl } from '../calendar/feed-control';
import { quietUntil } from '../reminders/quiet';
import type { NotificationHealthResult } from '../readiness/readiness';
import { handoffParts } from '../handoff/handlers';
import { originOf } from '../storage/cache-origin';
import { createHalfSwaps, type HalfSwaps } from '../handoff/half-swaps';
import { withHalfHandoff } from '../handoff/half-handoff';
import type { HandoffStatus } from '../../shared/handoff';
import type { AppState } from '../../shared/view-state';
import type { Clock, FileStore, SecretStore } from '../ports';
import { keychainEntries, sameService } from '../../shared/accounts';
import { hostOf } from './clients';
import {
  gateRecordKey,
  loadRecordSigner,
  checkRecordKey,
  recordSignerOf,
  signerWithin,
  type RecordSigner,
} from '../storage/record-key';
import { createStateKeeper, type StateKeeper } from './state';
import { combinedDerivation } from './combined-derivation';
import { ownWritesIn } from '../actions/own-in-place';
import { createReadinessWatch, type ReadinessWatch } from './readiness';
import { createSessionRegistry, type SessionRegistry } from './session-registry';
import { accountHandlers, writeRef } from './account-handlers';
import { createEngineSettings, type EngineSettings } from './engine-settings';
import { engineSurface } from './engine-lifecycle';
import type { Engine, EngineOptions } from './types';
import { createAlarmParts, type AlarmParts } from './alarm-parts';
import { ALARMS_FILE } from '../alarm/alarm-records';
import { RUNS_FILE } from '../alarm/alarm-runs';
import { withLoginReadback } from '../readiness/login-readback';
import { withLoginItem } from './login-item';

const ignore = (): void => undefined;

/** What every part is given: the clock, the zone (read each time: it changes when the user travels), the log. */
interface Common {
  clock: Clock;
  localZone: () => string;
  log: (message: string) => void;
  files: FileStore;
  /** Something a part knows changed: the state is derived again. */
  changed: () => void;
}

/** Why the state says my shifts at the account are unknown (my e-mail names no one on its schedules, and no other
 *  account of its service reads me: identity-elsewhere.ts), or nothing: the calendar takes the state's word for it,
 *  never working it out again from the shifts (issue 47, adv47 r28 #1). */
const mineUnknownAt = (notices: AppState['notices'], accountId: string): { mineUnknown?: string } => {
  const reason = notices.find((n) => n.accountId === accountId && n.unmatched !== undefined)?.unmatched;
  return reason === undefined ? {} : { mineUnknown: reason };
};

function feedOf(
  c: Common,
  storage: WatchedFiles,
  settings: EngineSettings,
  sessions: SessionRegistry,
  serve: boolean,
  secrets: SecretStore,
  notices: () => AppState['notices'],
): FeedControl {
  return createFeedControl({
    services: () => sessions.ordered().map((s) => ({ ...s.shown(), ...mineUnknownAt(notices(), s.id) })),
    settings: settings.effective,
    now: () => c.clock.now(),
    localZone: c.localZone,
    files: c.files,
    changed: c.changed,
    log: c.log,
    issueToken: async (token) => {
      const saved = await settings
        .holder()
        .update({ calendarFeed: { ...settings.holder().stored().calendarFeed, token } });
      if (!saved.ok) settings.holdFeedToken(token);
      return saved.ok;
    },
    serve,
    report: storage.report,
    signer: signerOf(c.clock, serve, secrets, storage),
  });
}

/** Whether an account's API key is kept in the keychain (its own entry, or the main account's host-named one of a
 *  single-service version): only then is the record key made (record-key.ts gateRecordKey). */
async function apiKeyKept(secrets: SecretStore, settings: EngineSettings, demo: boolean): Promise<boolean> {
  if (demo) return false;
  const names = settings.effective().accounts.flatMap((a) => {
    const host = hostOf(a.baseUrl);
    if (host === undefined) return [];
    const { own, legacy } = keychainEntries(a.id, host);
    return legacy === null ? [own] : [own, legacy];
  });
  const kept = await Promise.all(
    names.map(async (name) => {
      const got = await secrets.get(name).catch(() => undefined);
      return got?.ok === true && got.value !== undefined;
    }),
  );
  return kept.some(Boolean);
}

/** The status command never makes the record key (record-key.ts): it signs only with the app's own. The app asks
 *  again after a refusal and waits at most RECORD_KEY_WAIT_MS for a slow keychain, as the alarm and phone parts do:
 *  the reminders' and lost answers' first read must not hold the start back either. */
const signerOf =
  (clock: Clock, serve: boolean, secrets: SecretStore, storage: WatchedFiles) =>
  (): Promise<RecordSigner | undefined> =>
    serve
      ? signerWithin(() => recordSignerOf(secrets, storage.report, () => clock.now()), clock)
      : loadRecordSigner(secrets, storage.report, false);

/** The combined state and the readiness watch, which reads it and adds its findings back. */
function viewOf(
  c: Common,
  options: EngineOptions,
  parts: {
    storage: WatchedFiles;
    settings: EngineSettings;
    sessions: SessionRegistry;
    feed: FeedControl;
    boot: { starting: boolean };
  },
  fired: { store?: FiredStore },
  alarm: { parts?: AlarmParts },
  halfSwaps: HalfSwaps,
  away: { status?: () => HandoffStatus },
  login: { problem?: string },
): { keeper: StateKeeper; readiness: ReadinessWatch } {
  const { storage, settings, sessions, feed, boot } = parts;
  let notificationHealth: NotificationHealthResult | undefined;
  const derivation = combinedDerivation({
    sessions: () => sessions.ordered(),
    settings: settings.effective,
    // Once the data folder's link is back, what named it missing is said as back (link-back.ts), from every source.
    notices: () => storage.linkBack.notices([...settings.notices(), ...storage.notices(), ...feed.notices()]),
    settingsUnreadable: () => storage.linkBack.line(settings.unreadable()),
    starting: () => boot.starting,
    demo: options.overrides?.demo === true,
    notificationHealth: () => notificationHealth,
    localZone: c.localZone,
    judgeReadiness: (state, account, _nowMs, health) => alarm.parts?.judgeReadiness(state, account, health) ?? state,
    decorate: (state, nowMs, health) =>
      withHalfHandoff(
        withLoginReadback(
          halfSwaps.decorate(alarm.parts?.decorate(state, nowMs, health) ?? state, nowMs),
          login.problem,
        ),
        away.status?.(),
        nowMs,
      ),
  });
  const keeper = createStateKeeper(
    c.clock,
    derivation,
    () => {
      for (const s of sessions.all()) s.replan();
      readiness.update();
    },
    c.localZone,
  );
  const readiness = createReadinessWatch({
    clock: c.clock,
    state: () => keeper.get(),
    localZone: c.localZone,
    notifier: options.notifier,
    fired: () => fired.store,
    log: c.log,
    check:
      options.notificationHealth ??
      (async () => ({ result: 'unknown', message: 'Notifications are not checked by this app.' })),
    onHealth: (health) => ((notificationHealth = health), keeper.update()),
    quietUntil: (nowMs) => quietUntil(nowMs, settings.effective(), c.localZone()),
  });
  return { keeper, readiness };
}

/** The IPC handlers: the accounts' groups, and away mode and swaps, whose writes go through the accounts' own
 *  override:create (one write path). */
function handlersOf(
  c: Common,
  options: EngineOptions,
  keeper: StateKeeper,
  settings: EngineSettings,
  sessions: SessionRegistry,
  halfSwaps: HalfSwaps,
  storage: WatchedFiles,
) {
  const report = storage.report;
  const accountSide = accountHandlers({
    clock: c.clock,
    state: () => keeper.get(),
    sessions: () => sessions.ordered(),
    settings: settings.holder,
    localZone: c.localZone,
    notifier: options.notifier,
    secrets: options.secrets,
    createClient: options.createClient,
  });
  const handoff = handoffParts({
    clock: c.clock,
    files: c.files,
    localZone: c.localZone,
    state: () => keeper.get(),
    client: (accountId) =>
      sessions
        .ordered()
        .find((s) => s.id === accountId)
        ?.client(),
    // The service's own-write record: an override written through either account of one service (adv48 r17 #1),
    // its writes that may land late with it (own-in-place.ts).
    created: (accountId) => {
      const all = sessions.ordered();
      const self = all.find((s) => s.id === accountId)?.account();
      return self
        ? all.filter((s) => sameService(s.account(), self)).flatMap((s) => ownWritesIn(s.known().snapshot))
        : [];
    },
    // A hand-off that can't read a block during the account's wait says the wait (handoff/changed-now.ts).
    serviceWait: (accountId) =>
      sessions
        .ordered()
        .find((s) => s.id === accountId)
        ?.serviceWait(),
    writesVia: (ref) => writeRef({ state: () => keeper.get(), sessions: () => sessions.ordered() }, ref),
    createOverride: accountSide['override:create'],
    candidates: accountSide['override:candidates'],
    refreshAll: () => accountSide['sync:refresh'](null),
    // The glance says a hand-off left half done (half-handoff.ts), so each change of the run is a change of state.
    changed: () => keeper.update(),
    // A saved hand-off refused or cut down at start is said in the app's notices, like every other file.
    report,
    // The record of closed and ended hand-offs is signed as the app's other records (handoff/closed-runs.ts).
    signer: signerOf(c.clock, options.serveCalendarFeed !== false, options.secrets, storage),
    halfSwaps,
    ...(options.verifyGraceMs !== undefined ? { graceMs: options.verifyGraceMs } : {}),
    ...(options.handoffRecheckMs !== undefined ? { recheckMs: options.handoffRecheckMs } : {}),
    // Whose a saved hand-off is, as for the cache and reminders (demo: a new simulator port each launch, left out).
    ...(options.overrides?.demo === true
      ? {}
      : { origins: () => Object.fromEntries(settings.effective().accounts.map((a) => [a.id, originOf(a)])) }),
  });
  return { handlers: { ...accountSide, ...handoff.handlers }, handoff: handoff.controller };
}

/** The shift-start alarm and the phone escalation (alarm-parts.ts), over every account's session. */
function alarmPartsOf(
  c: Common,
  options: EngineOptions,
  storage: WatchedFiles,
  settings: EngineSettings,
  sessions: SessionRegistry,
  keeper: StateKeeper,
): AlarmParts {
  return createAlarmParts({
    clock: c.clock,
    files: c.files,
    notifier: options.notifier,
    secrets: options.secrets,
    localZone: c.localZone,
    log: c.log,
    sessions: () => sessions.ordered(),
    settings: settings.effective,
    saveEscalation: async (escalation) => {
      const saved = await settings.holder().update({ escalation });
      return saved.ok ? undefined : saved.error.message;
    },
    changed: () => keeper.update(),
    // An alarm states the run it covers as the tray does (adv50 r31 #1).
    state: () => keeper.get(),
    report: storage.report,
    options,
  });
}

/** Parts made later, reached by the data folder's watchers. */
interface Hooks {
  changed: () => void;
  back: () => void;
  replaced: (name: string) => void;
  settingsGone: () => Promise<boolean>;
}

/** The data folder as every part writes it. */
function storageOf(options: EngineOptions, clock: Clock, hooks: Hooks): WatchedFiles {
  // Every write to the data folder goes through this, so a folder that can't be written is shown as a notice; one
  // made again after it vanished gets the settings held in memory back on disk (hooks.back, below).
  const watched = watchWrites(
    options.files,
    () => hooks.changed(),
    () => hooks.back(),
    clock,
  );
  // …and a file changed outside the app since it last read or wrote it is kept aside before it writes its own.
  const atQuit: { quitting: boolean; kept: KeptAtQuit[] } = { quitting: false, kept: [] };
  const guarded = guardOutsideEdits(watched.files, watched.report, {
    quitting: () => atQuit.quitting,
    kept: (k) => atQuit.kept.push(k),
  });
  // …and a record whose save failed is saved again once the folder takes writes; one damaged outside is rewritten.
  const owed = keepOwedRecords({
    guarded,
    raw: watched.files,
    clock,
    changed: () => hooks.changed(),
    report: watched.report,
    failing: () => watched.notices().some((n) => n.id === WRITE_NOTICE_ID),
    replaced: (name) => hooks.replaced(name),
    settingsGone: () => hooks.settingsGone(),
  });
  const storage: WatchedFiles = {
    ...watched,
    files: owed.files,
    notices: () => [...watched.notices(), ...owed.notices()],
    settle: async () => {
      await owed.stop();
      await writeSaidLater(watched.files, atQuit.kept.splice(0), { nowMs: clock.now(), runsFile: RUNS_FILE }).catch(
        () => undefined,
      );
    },
    quit: () => void (atQuit.quitting = true),
    opened: () => readSaidLater(watched.files, watched.report, { nowMs: clock.now(), runsFile: RUNS_FILE }),
  };
  return storage;
}

export function createEngine(options: EngineOptions): Engine {
  const { clock, overrides } = options;
  const zone = options.localZone;
  // Parts made later are reached through this hook (see below); none of them is called before it is pointed.
  const hooks: Hooks = { changed: ignore, back: ignore, replaced: ignore, settingsGone: () => Promise.resolve(false) };
  const storage = storageOf(options, clock, hooks);
  const c: Common = {
    clock,
    localZone: () => (typeof zone === 'function' ? zone() : zone),
    log: options.log ?? ignore,
    files: storage.files,
    changed: () => hooks.changed(),
  };
  const settings = createEngineSettings(c.files, overrides, overrides?.demo === true, () => c.clock.now());
  hooks.back = () => void settings.holder().resave();
  hooks.settingsGone = () => settings.holder().resave();
  const alarm: { parts?: AlarmParts } = {};
  const sessions = createSessionRegistry({
    ...c,
    options,
    effective: settings.effective,
    service: settings.service,
    // The status command never makes the record key (as the feed below).
    signer: signerOf(c.clock, options.serveCalendarFeed !== false, options.secrets, storage),
    // The alarm part is made after the sessions; their reminders ask it only once started.
    alarmTakesStart: (baseUrl, id, startMs) => alarm.parts?.takesStart(baseUrl, id, startMs) ?? false,
  });
  // The record key is made once an account's API key is kept in the keychain, never in the demo or before onboarding.
  gateRecordKey(options.secrets, () => apiKeyKept(options.secrets, settings, overrides?.demo === true));
  // The state is made after the feed (it shows the feed's notices); the calendar asks it only once rendered.
  const shown: { keeper?: StateKeeper } = {};
  const notices = (): AppState['notices'] => shown.keeper?.get().notices ?? [];
  const feed = feedOf(c, storage, settings, sessions, options.serveCalendarFeed !== false, options.secrets, notices);
  const fired: { store?: FiredStore } = {};
  const halfSwaps = createHalfSwaps(() => hooks.changed(), c.clock);
  const away: { status?: () => HandoffStatus } = {};
  const login: { problem?: string } = {};
  const boot = { starting: false };
  const { keeper, readiness } = viewOf(
    c,
    options,
    { storage, settings, sessions, feed, boot },
    fired,
    alarm,
    halfSwaps,
    away,
    login,
  );
  shown.keeper = keeper;
  const alarms = (alarm.parts = alarmPartsOf(c, options, storage, settings, sessions, keeper));
  // alarms.json found changed while running: merged with what is held (an older copy never undoes an ack).
  hooks.replaced = (name) => void (name === ALARMS_FILE && alarms.reloadRecords());
  hooks.changed = () => (keeper.update(), alarms.replan());
  const { handlers, handoff } = handlersOf(c, options, keeper, settings, sessions, halfSwaps, storage);
  away.status = () => handoff.status();
  const { log } = c;
  const surface = engineSurface({
    clock,
    log,
    overrides,
    storage,
    settings,
    sessions,
    feed,
    keeper,
    readiness,
    fired,
    handoff,
    resumeHandoff: options.resumeHandoff !== false,
    handlers,
    alarms,
    localZone: c.localZone,
    signer: signerOf(c.clock, options.serveCalendarFeed !== false, options.secrets, storage),
    keyCheck: () => checkRecordKey(options.secrets, storage.report),
    boot,
  });
  return withLoginItem(surface, login, keeper, options.loginItem);
}
