// One watched service: its key, clients and sync loop (session-sync.ts), its snapshot and offline cache
// (session-snapshot.ts), its reminders (session-reminders.ts) and the action handlers that write to it. The engine
// makes one per account and combines what they know; nothing of one session reaches another, so one account failing
// never stales, hides or delays the others. Outside code sees only the AccountSession surface: what it reads
// (inputs, known), what it asks (refresh, handlers), and its lifecycle; the parts stay behind it.
import type { BlockSpan } from '../../shared/on-call-run';
import type { Basis } from '../../shared/basis';
import type { AccountId } from '../../shared/accounts';
import type { Account, ServiceSettings } from '../../shared/settings';
import type { ActionDeps } from '../actions/common';
import type { FiredStore } from '../storage/fired-store';
import { scopedFired } from './account-scope';
import { emptySnapshot, type Snapshot } from '../model/snapshot';
import type { RefreshAnswer, RefreshRequest } from '../sync/types';
import { reconcileSchedules } from '../sync/apply';
import type { Clock, FileStore, Notifier, SecretStore } from '../ports';
import type { CalendarService } from '../calendar/publisher';
import type { OncallClient } from '../../api/client-types';
import type { OtherAccountRead } from '../state/candidate-presence';
import type { ServiceWait } from '../state/wait-words';
import { deriveState } from '../state/derive';
import { unwatchedRequestCount, unwatchedRequestsNotice } from '../state/coverage';
import type { KeyHolder, KeyState } from './keys';
import type { ToldElsewhere } from '../reminders/told-once';
import { serviceWaitOf, sessionHandlers, type SessionHandlers } from './handlers';
import { createHeldSnapshot, type HeldSnapshot } from './session-snapshot';
import { createSessionReminders } from './session-reminders';
import { createSessionSync, type SessionSync } from './session-sync';
import type { SessionIdentity } from './session-identity';
import { clientAsHeld } from './client-as-held';
import { createWriteStanding, type WriteStanding } from './write-standing';
import { keptOfWriteWait, writeWaitOfKept, type WriteWait } from './write-wait';
import type { StateInputs } from './state';
import type { EngineOptions } from './types';
import { originOf } from '../storage/cache-origin';
import { createLostAnswerFile, lostAnswersFileOf, type LostAnswerFile } from './lost-answer-store';
import { DOUBT_KEEP_MS, type DoubtPool } from '../actions/override-again';
import type { Notice } from '../storage/settings-store';
import type { RecordSigner } from '../storage/record-key';

export interface AccountSessionOptions {
  accountId: AccountId;
  clock: Clock;
  secrets: SecretStore;
  notifier: Notifier;
  /** Whether this account is muted, paused or the same service as an earlier one now: its reminders pass unshown. */
  silenced?: () => boolean;
  /** Whether the shift-start alarm rings for this start: then no separate "On call now" (issue 50). */
  alarmTakesStart?: (scheduleId: string, startMs: number) => boolean;
  /** Whether my on-call time (every account's blocks) goes on past this end: then it is no end, and "Shift ended"
   *  is not said for it (shared/on-call-run.ts goesOnPast). */
  onCallGoesOnPast?: (endMs: number) => boolean;
  /** Every block of mine as known, on every schedule of every account (the blocks `onCallGoesOnPast` asks): what a
   *  change notice or correction asks before saying I am not on call then (shared/on-call-run.ts). */
  myBlocks?: () => readonly BlockSpan[];
  /** What "not on call" over a time rests on across every watched schedule (shared/off-call-basis.ts). */
  offCallBasis?: (fromMs: number, toMs: number, scheduleId: string) => Basis;
  /** What an earlier account of the same service tells for this one: the schedules both watch (service ids) and,
   *  when it is one, the coverage requests (one list per service and person). Left out of this one's reminders. */
  toldElsewhere?: () => ToldElsewhere;
  /** The other accounts of the same service (their reminders shown count as this one's: told once). */
  kin?: () => AccountId[];
  /** Its snapshot with each schedule another account of the same service reads better taken from that read
   *  (core/state/best-reads.ts): what it tells. Its own stays for its writes and its cache. */
  bestRead?: (own: Snapshot) => Snapshot;
  /** The snapshot with the service's other accounts' own-write records added (state/service-writes.ts): what its
   *  reminders read changes against, so my write through another account is never someone else's change. */
  serviceWrites?: (snap: Snapshot) => Snapshot;
  files: FileStore;
  /** The install's record key (record-key.ts), shared by every signed file; undefined without a keychain. */
  signer: () => Promise<RecordSigner | undefined>;
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
  /** The lost-answer records of the service this account writes to, shared with its other accounts there. */
  doubtPool?: () => DoubtPool;
}

/** What a session's handlers need from outside it: the zone answers are read in, and the other accounts' reads. */
export interface HandlerContext {
  localZone: () => string;
  otherAccounts: () => readonly OtherAccountRead[];
}

export interface AccountSession {
  readonly id: AccountId;
  /** The account as its settings name it now (its last settings once removed). */
  account(): Account;
  readonly keys: KeyHolder;
  /** `opened`: told once its saved data is loaded and its reminders run, before the keychain is read. */
  start(fired: FiredStore, opened?: () => void): Promise<void>;
  stop(): Promise<void>;
  /** Stops it and deletes its key and its cached data (the account was removed). */
  remove(): Promise<void>;
  settingsChanged(before: ServiceSettings, after: ServiceSettings): Promise<void>;
  inputs(demo: boolean, notificationHealth: StateInputs['notificationHealth']): StateInputs;
  /** The wait the service asked of it (Refresh is refused during it), as the state says it; undefined: none. */
  serviceWait(): ServiceWait | undefined;
  /** What it knows now: its snapshot and settings (the other accounts' candidates read these). */
  known(): CalendarService;
  /** What it tells: its snapshot with the same service's better reads taken (best-reads.ts), and its settings (the
   *  state, the calendar and the alarms read these). */
  shown(): CalendarService;
  /** The blocks the app recorded as mine (`mine:` keys of its reminders record: alarms-kept.ts). */
  recordedMine(): string[];
  /** Its client for writes; undefined while there is no usable address or key. */
  client(): OncallClient | undefined;
  /** Whether this account's API key is kept in the OS keychain (not given for the session: demo, env, flag). */
  keyInKeychain(): boolean;
  /** Whether it can write to this schedule (service id) now: a client, a key the service has not rejected, and no
   *  write refused (403) through this key. */
  writable(scheduleId: string): boolean;
  /** Whether a write through it is answered unsent now, its key's named write wait running (write-standing.ts). */
  writeHeld(): boolean;
  /** Whose key its refusals name ("One’s key") when several accounts are set up (write-through.ts says each). */
  keyName(): string | undefined;
  /** The service's words with its last write refused (403) on this schedule (service id): write-standing.ts. */
  refusalSaid(scheduleId: string): string | undefined;
  /** Its own handlers, made once (the first context is kept: one creator keeps identical writes sent once). */
  handlers(context: HandlerContext): SessionHandlers;
  refresh(request: RefreshRequest): Promise<RefreshAnswer | void>;
  replan(): void;
  wake(): void;
  flush(): Promise<void>;
}

/** Requests listed for me on schedules not watched: counted and said (state/coverage.ts), never dropped silently. */
function unwatchedOf(o: AccountSessionOptions, snapshot: Snapshot) {
  const settings = o.settings();
  const watched = settings.schedules.map((s) => s.id);
  const count = unwatchedRequestCount(snapshot, o.clock.now(), settings.email.trim().toLowerCase(), watched);
  return unwatchedRequestsNotice(count);
}

/** The session's inputs to the derived state: what it holds, its key's standing and its sync's. */
function inputsOf(
  o: AccountSessionOptions,
  held: HeldSnapshot,
  link: SessionSync,
  demo: boolean,
  notificationHealth: StateInputs['notificationHealth'],
  snapshot: Snapshot = held.get(),
  lostNotice?: Notice,
): StateInputs {
  const { keys, sync } = link;
  const waitUntilMs = sync.serviceWaitUntilMs();
  const asked = sync.serviceAsked();
  const fromEnvironment = o.overrideKey !== undefined && !demo;
  return {
    ...(waitUntilMs === null ? {} : { serviceWaitUntilMs: waitUntilMs }),
    ...(asked === null ? {} : { serviceAskedUntilMs: asked.untilMs, nextTryMs: asked.nextTryMs }),
    snapshot,
    settings: o.settings(),
    syncing: link.syncing(),
    notices: [
      held.notice(),
      held.passNotice(),
      unwatchedOf(o, snapshot),
      keys.notice(),
      lostNotice,
      link.waits.notice(),
      ...link.identity.notices(),
    ].filter((n) => n !== undefined),
    servedFromCache: held.fromCache(),
    ...(notificationHealth ? { notificationHealth } : {}),
    setup: {
      hasKey: keys.key() !== undefined,
      keyStorage: keys.storage(),
      demo,
      ...(fromEnvironment ? { keyFromEnvironment: true } : {}),
      ...(fromEnvironment && o.overrideKeyVariable ? { keyVariable: o.overrideKeyVariable } : {}),
      ...keyStateOf(keys.state()),
    },
  };
}

/** The key's state as the view carries it: said only while the key is unknown (read or refused). */
const keyStateOf = (k: KeyState): { keyState?: 'reading' | 'refused' } =>
  k.kind === 'reading' || k.kind === 'refused' ? { keyState: k.kind } : {};

/** The client every write path is given: people held as the sync holds them, me written as the service lists me. */
const writesClient = (o: AccountSessionOptions, link: SessionSync, standing: WriteStanding) =>
  clientAsHeld(standing.watched(link.clients.get()?.actions), {
    rememberedId: () => link.identity.rememberedId(),
    configured: () => o.settings().email,
    writeAs: () => link.identity.writeAs(),
  });

/** The handlers that act on this one service, judged by this account's own state. */
function handlersOf(
  o: AccountSessionOptions,
  held: HeldSnapshot,
  link: SessionSync,
  standing: WriteStanding,
  context: HandlerContext,
  lostAnswers: LostAnswerFile,
): SessionHandlers {
  const deps: ActionDeps = {
    clock: o.clock,
    client: () => writesClient(o, link, standing),
    settings: o.settings,
    snapshot: { get: held.get, set: held.set },
    refresh: (request) => link.sync.request(request),
    localZone: o.localZone,
    keyName: () => standing.keyName(),
    serviceWait: () => serviceWaitOf(link.sync),
    accountId: o.accountId,
  };
  const state = () =>
    deriveState({ ...inputsOf(o, held, link, o.demo, undefined), nowMs: o.clock.now(), localZone: o.localZone() });
  return sessionHandlers({
    deps,
    state,
    canSync: () => link.clients.get() !== undefined,
    ...context,
    lostAnswers,
    ...(o.doubtPool ? { doubtPool: o.doubtPool } : {}),
    ...(o.serviceWrites ? { serviceWrites: o.serviceWrites } : {}),
  });
}

/** The account's writes whose answer was lost, kept across restarts, stamped with where they were sent. */
const lostAnswersOf = (o: AccountSessionOptions): ReturnType<typeof createLostAnswerFile> =>
  createLostAnswerFile(o.files, lostAnswersFileOf(o.accountId), o.clock, DOUBT_KEEP_MS, o.signer, () =>
    originOf(o.settings()),
  );

/** A settings change of one account: another service starts over; a schedule added (or added back) is read at once. */
function settingsChangedOf(
  o: AccountSessionOptions,
  link: ReturnType<typeof createSessionSync>,
  held: ReturnType<typeof createHeldSnapshot>,
  watchedIds: () => string[],
  identity: SessionIdentity,
): (before: ServiceSettings, after: ServiceSettings) => Promise<void> {
  const { keys, sync } = link;
  return async (before, after) => {
    identity.emailChanged(held, before.email, after.email);
    // Before the loop's reset: the old service's waits, the writes' too, are not kept for the new one (adv52 r48 #1).
    link.waits.moved(before);
    if (before.baseUrl !== after.baseUrl) {
      // Another service: its key is another keychain entry, and nothing learned from the old one applies.
      await keys.load();
      sync.reset();
      held.heard(reconcileSchedules(emptySnapshot(), watchedIds()));
      void sync.request({ reason: 'settings' });
    } else {
      held.set(reconcileSchedules(held.get(), watchedIds()));
      // A schedule added (or added back) to the watch list is read at once (adv50 r6 #1): before, it waited for the
      // next timed sync (up to 30 min) with its start alarm unplanned and the phone unbooked.
      const had = new Set(before.schedules.map((x) => x.id));
      if (after.schedules.some((x) => !had.has(x.id))) void sync.request({ reason: 'settings' });
      else sync.reschedule();
    }
    o.changed();
  };
}

/** What a session tells: the best read of each schedule, with the service's own-write records (a take-over written
 *  through another account of the service is mine here too, and offers Hand back here: state/take-over.ts). */
function toldOf(o: AccountSessionOptions, held: { get(): Snapshot }): () => Snapshot {
  return () => {
    const read = o.bestRead?.(held.get()) ?? held.get();
    return o.serviceWrites?.(read) ?? read;
  };
}

/** Whether this account can write to the schedule now: a client, a key not rejected, and nothing the standing
 *  learned against it, the sync's own last read of the schedule included (write-standing.ts). */
function writableNow(client: OncallClient | undefined, snap: Snapshot, standing: WriteStanding, id: string): boolean {
  const problem = snap.schedules.find((x) => x.id === id)?.problem;
  return client !== undefined && !snap.keyRejected && !standing.refused(client, id, problem);
}

/** The key's standing, its write's own wait kept with the service's read waits (session-waits.ts): a press after a
 *  restart sends nothing before that wait ends (adv47 r36), restored in start(). */
function standingOf(o: AccountSessionOptions, link: SessionSync): WriteStanding {
  const kept = (wait: WriteWait | undefined) => link.waits.writeChanged(keptOfWriteWait(wait, o.clock.now()));
  return createWriteStanding({ clock: o.clock, label: o.notificationLabel, localZone: o.localZone, kept });
}

/** What a session loads at start before its key: its saved data, who I am there, its lost answers and waits. */
async function loadSaved(
  o: AccountSessionOptions,
  p: {
    held: HeldSnapshot;
    link: SessionSync;
    standing: WriteStanding;
    lostAnswers: LostAnswerFile;
    watchedIds: () => string[];
    fired: FiredStore;
  },
  lost: (n: Notice | undefined) => void,
): Promise<void> {
  const { held, link, standing, lostAnswers, watchedIds } = p;
  // The saved data is checked against the record of my blocks (cache-mine.ts), this account's and its kin's alike.
  const mine = scopedFired(p.fired, o.accountId, o.kin).keys();
  await held.load(mine.filter((k) => k.startsWith('mine:')));
  await link.identity.load({ held, scheduleIds: watchedIds() });
  // A restart during a lost answer's settle keeps it (adv48 r11 #1): read before any write can be asked.
  await lostAnswers.load(watchedIds(), lost);
  await link.loadWaits(watchedIds());
  standing.restore(writeWaitOfKept(link.waits.writes(), o.clock.now()));
  // Its records join the service's: a write through another account there consults them (adv48 r12 #2).
  o.doubtPool?.().files.add(lostAnswers);
}

function accountOf(o: AccountSessionOptions): ReturnType<AccountSession['account']> {
  const s = o.settings();
  return { id: o.accountId, label: s.accountLabel, baseUrl: s.baseUrl, email: s.email, schedules: s.schedules };
}

export function createAccountSession(o: AccountSessionOptions): AccountSession {
  let lifecycle: 'new' | 'started' | 'stopped' = 'new';
  let handlers: SessionHandlers | undefined;
  const watchedIds = (): string[] => o.settings().schedules.map((s) => s.id);
  const held = createHeldSnapshot({ ...o, watchedIds, changed: () => (o.changed(), reminders.replan()) });
  const reminders = createSessionReminders({ ...o, held });
  const link = createSessionSync({ ...o, watchedIds, held, stopped: () => lifecycle === 'stopped' });
  const { keys, sync, identity } = link;
  const standing = standingOf(o, link);
  const told = toldOf(o, held);
  const lostAnswers = lostAnswersOf(o);
  let lostNotice: Notice | undefined;

  async function start(fired: FiredStore, opened?: () => void): Promise<void> {
    if (lifecycle !== 'new') return;
    lifecycle = 'started';
    await loadSaved(o, { held, link, standing, lostAnswers, watchedIds, fired }, (n) => (lostNotice = n));
    if (lifecycle !== 'started') return;
    // The saved data and the reminders need no key: they go on from saved data while the keychain's password prompt
    // waits (adv47 r42), as while the service is down; only the sync waits for the key.
    reminders.start(fired, sync);
    const reading = keys.load();
    o.changed();
    reminders.replan();
    opened?.();
    await reading;
    if (lifecycle !== 'started') return;
    o.changed();
    sync.start();
  }

  async function stop(): Promise<void> {
    if (lifecycle === 'stopped') return;
    lifecycle = 'stopped';
    sync.stop();
    reminders.stop();
    await sync.idle();
    await reminders.settled();
    link.clients.close();
    await held.flush();
    await Promise.all([lostAnswers.settled(), identity.settledFiles(), link.waits.settled()]);
  }

  const settingsChanged = settingsChangedOf(o, link, held, watchedIds, identity);

  return {
    id: o.accountId,
    account: () => accountOf(o),
    keys,
    start,
    stop,
    async remove() {
      await stop();
      await keys.remove();
      await held.remove();
      // Nothing of a removed account stays in the data folder (adv52 r15 #1).
      o.doubtPool?.().files.delete(lostAnswers);
      await Promise.all([lostAnswers.remove(), identity.remove(), link.waits.remove()]);
    },
    settingsChanged,
    inputs: (demo, notificationHealth) => inputsOf(o, held, link, demo, notificationHealth, told(), lostNotice),
    serviceWait: () => serviceWaitOf(link.sync),
    known: () => ({ snapshot: held.get(), settings: o.settings(), hasKey: keys.key() !== undefined }),
    shown: () => ({ snapshot: told(), settings: o.settings(), hasKey: keys.key() !== undefined }),
    recordedMine: reminders.mineKeys,
    keyInKeychain: () => keys.key() !== undefined && keys.storage() === 'keychain',
    client: () => writesClient(o, link, standing),
    writable: (scheduleId) => writableNow(link.clients.get()?.actions, held.get(), standing, scheduleId),
    writeHeld: () => standing.writeHeld(link.clients.get()?.actions),
    keyName: () => standing.keyName(),
    refusalSaid: (scheduleId) => standing.refusalSaid(link.clients.get()?.actions, scheduleId),
    handlers: (context) => (handlers ??= handlersOf(o, held, link, standing, context, lostAnswers)),
    refresh: (request) => sync.request(request),
    replan: reminders.replan,
    wake: reminders.wake,
    flush: held.flush,
  };
}
