// The engine's account sessions, one per account of the effective settings: made at start, added, changed and
// removed as the settings change (a removed account's key and saved data are deleted; nothing of the others
// changes), and listed in the user's account order.
import {
  comparedAddress,
  accountKeyVariable,
  accountSilenced,
  isRecordKeyOf,
  sameService,
  toldElsewhereAt,
  type AccountId,
} from '../../shared/accounts';
import { withServiceWrites } from '../state/service-writes';
import { withBestReads } from '../state/best-reads';
import { goesOnPast, type BlockSpan } from '../../shared/on-call-run';
import { myBlockSpans } from '../reminders/plan';
import { offCallBasis } from '../../shared/off-call-basis';
import { deriveState } from '../state/derive';
import {
  defaultServiceSettings,
  serviceSettings,
  type Account,
  type ServiceSettings,
  type Settings,
} from '../../shared/settings';
import type { FileStore } from '../ports';
import type { FiredStore } from '../storage/fired-store';
import type { RecordSigner } from '../storage/record-key';
import { createAccountSession, type AccountSession } from './account-session';
import type { EngineOptions } from './types';
import { createDoubtPool, type DoubtPool } from '../actions/override-again';

export interface SessionRegistryParts {
  options: EngineOptions;
  files: FileStore;
  /** The install's record key (record-key.ts): the lost answers' entries are signed with it. */
  signer: () => Promise<RecordSigner | undefined>;
  log: (message: string) => void;
  localZone: () => string;
  /** The effective settings (the caller's overrides applied). */
  effective: () => Settings;
  /** One account's view of the effective settings (the same object while they don't change). */
  service: (accountId: string) => ServiceSettings | undefined;
  changed: () => void;
  /** Whether the shift-start alarm rings for this start of a schedule on this service (alarm-parts.ts). */
  alarmTakesStart?: (baseUrl: string, scheduleId: string, startMs: number) => boolean;
}

export interface SessionRegistry {
  /** The sessions in the user's account order. */
  ordered(): AccountSession[];
  all(): AccountSession[];
  /** Makes a session per account and starts them all; `opened`: all have their saved data, keys read or not. */
  start(fired: FiredStore, opened?: () => void): Promise<void>;
  /** Brings the sessions in line with changed settings (both effective). */
  apply(was: Settings, now: Settings): Promise<void>;
}

/** What another account of the same service tells now (the first one neither muted nor paused, as the start alarm
 *  rings: shared/accounts.ts speakerOf): that account tells it, this one doesn't. */
function toldElsewhere(accounts: readonly Account[], accountId: Account['id'], nowMs: number) {
  const { schedules, coverage } = toldElsewhereAt(accounts, accountId, nowMs);
  return { schedules, coverage };
}

/** The other accounts of the same service: a reminder one of them showed is not shown again by this one when the
 *  account that speaks changes (a mute moved between them). */
function kinOf(accounts: readonly Account[], accountId: Account['id']): AccountId[] {
  const self = accounts.find((a) => a.id === accountId);
  return self ? accounts.filter((a) => a.id !== accountId && sameService(a, self)).map((a) => a.id) : [];
}

/** Removed accounts stop (their key, saved data and record of reminders go); added ones start; kept ones follow. */
async function applyAccounts(
  r: { sessions: Map<string, AccountSession>; fired: FiredStore | undefined; make: (a: Account) => AccountSession },
  was: Settings,
  now: Settings,
): Promise<void> {
  const { sessions, fired } = r;
  const kept = new Set(now.accounts.map((a) => a.id));
  for (const account of was.accounts) {
    const session = sessions.get(account.id);
    if (kept.has(account.id) || !session) continue;
    sessions.delete(account.id);
    await session.remove();
    // Its record of reminders shown goes too: nothing of a removed account stays in the data folder.
    await fired?.forget((key) => isRecordKeyOf(key, account.id));
  }
  for (const account of now.accounts) {
    const session = sessions.get(account.id);
    const old = was.accounts.find((a) => a.id === account.id);
    if (!session) {
      const added = r.make(account);
      sessions.set(account.id, added);
      if (fired) await added.start(fired);
    } else if (old) await session.settingsChanged(serviceSettings(was, old), serviceSettings(now, account));
  }
}

/** What one account's session is made with: the registry's sessions, each account's settings, each service's pool. */
interface SessionContext {
  sessions: ReadonlyMap<string, AccountSession>;
  serviceOf: (accountId: string) => ServiceSettings;
  poolOf: (baseUrl: string) => DoubtPool;
}

/** One account's session, wired to the others of the registry (what they tell, their reads, their blocks). */
function makeSession(parts: SessionRegistryParts, ctx: SessionContext, account: Account): AccountSession {
  const { options } = parts;
  const overrides = options.overrides;
  const { sessions, serviceOf, poolOf } = ctx;
  const several = (): boolean => parts.effective().accounts.length > 1;
  const single = parts.effective().accounts.length === 1;
  const variable = accountKeyVariable(account.id);
  const ownKey = overrides?.apiKeys?.[variable];
  const allMine = (): BlockSpan[] =>
    [...sessions.entries()].flatMap(([id, s]) => myBlockSpans(s.known().snapshot, serviceOf(id)));
  const demo = overrides?.demo === true;
  const stateNow = (s: AccountSession) => deriveState({ ...s.inputs(demo, undefined), nowMs: options.clock.now() });
  return createAccountSession({
    accountId: account.id,
    clock: options.clock,
    secrets: options.secrets,
    notifier: options.notifier,
    // A muted or paused account, or the same service as an earlier one, shows no reminder (the earlier one shows
    // each once); what falls due then passes, recorded as passed rather than as shown (reminders/delivery.ts).
    silenced: () => accountSilenced(parts.effective().accounts, account.id, options.clock.now()),
    alarmTakesStart: (id, startMs) => parts.alarmTakesStart?.(serviceOf(account.id).baseUrl, id, startMs) ?? false,
    // My on-call time is every account's blocks joined by the one rule (the alarm's): an end it goes on past is none.
    onCallGoesOnPast: (endMs) => goesOnPast(endMs, allMine()),
    // A notice about one schedule asks the same blocks before saying I'm not on call, and what that rests on (#47).
    myBlocks: allMine,
    offCallBasis: (fromMs, toMs, scheduleId) =>
      offCallBasis([...sessions.values()].map(stateNow), fromMs, toMs, { accountId: account.id, scheduleId }),
    toldElsewhere: () => toldElsewhere(parts.effective().accounts, account.id, options.clock.now()),
    kin: () => kinOf(parts.effective().accounts, account.id),
    bestRead: (own) =>
      withBestReads(parts.effective().accounts, account.id, own, (id) => sessions.get(id)?.known().snapshot),
    serviceWrites: (snap) =>
      withServiceWrites(parts.effective().accounts, account.id, snap, (id) => sessions.get(id)?.known().snapshot),
    files: parts.files,
    signer: parts.signer,
    log: (message) => parts.log(several() ? `${account.id}: ${message}` : message),
    localZone: parts.localZone,
    settings: () => serviceOf(account.id),
    notificationLabel: () => (several() ? serviceOf(account.id).accountLabel : undefined),
    // ONCALL_API_KEY serves a single account; with several, each has its own variable.
    overrideKey: ownKey ?? (single ? overrides?.apiKey : undefined),
    overrideKeyVariable: ownKey !== undefined ? variable : 'ONCALL_API_KEY',
    demo: overrides?.demo === true,
    createClient: options.createClient,
    ...(options.horizonDays !== undefined ? { horizonDays: options.horizonDays } : {}),
    ...(options.random ? { random: options.random } : {}),
    doubtPool: () => poolOf(serviceOf(account.id).baseUrl),
    // A read of one account changes what the others of its service tell: they plan their reminders again.
    changed: () => {
      parts.changed();
      const all = parts.effective().accounts;
      const self = all.find((a) => a.id === account.id);
      for (const a of all) if (self && a.id !== account.id && sameService(a, self)) sessions.get(a.id)?.replan();
    },
  });
}

export function createSessionRegistry(parts: SessionRegistryParts): SessionRegistry {
  const sessions = new Map<string, AccountSession>();
  const last = new Map<string, ServiceSettings>();
  let fired: FiredStore | undefined;
  // A lost write's record belongs to the service (its address), not to the account that carried it (adv48 r12 #2).
  const pools = new Map<string, DoubtPool>();
  const poolOf = (baseUrl: string): DoubtPool => {
    const key = comparedAddress(baseUrl);
    const pool = pools.get(key) ?? createDoubtPool();
    pools.set(key, pool);
    return pool;
  };
  const serviceOf = (accountId: string): ServiceSettings => {
    const found = parts.service(accountId);
    // A removed account's session is stopping: it keeps reading what it last had.
    if (found) last.set(accountId, found);
    return found ?? last.get(accountId) ?? defaultServiceSettings();
  };

  const make = (account: Account): AccountSession => makeSession(parts, { sessions, serviceOf, poolOf }, account);

  return {
    ordered: () =>
      parts.effective().accounts.flatMap((a) => {
        const s = sessions.get(a.id);
        return s ? [s] : [];
      }),
    all: () => [...sessions.values()],
    async start(store, opened) {
      fired = store;
      for (const account of parts.effective().accounts) sessions.set(account.id, make(account));
      const list = [...sessions.values()];
      let left = list.length;
      await Promise.all(list.map((s) => s.start(store, () => void (--left === 0 && opened?.()))));
    },
    apply: (was, now) => applyAccounts({ sessions, fired, make }, was, now),
  };
}
