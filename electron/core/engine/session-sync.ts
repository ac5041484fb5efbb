// One session's way to its service: its key (own keychain entry), the clients made from the key and the address,
// and its sync loop with its own backoff and Retry-After. A new key restarts the loop from scratch (nothing learned
// under the old key about rejections or waits applies), which is why the three are made together.
import type { AccountId } from '../../shared/accounts';
import type { ServiceSettings } from '../../shared/settings';
import { createSync } from '../sync/loop';
import type { SyncLoop } from '../sync/types';
import type { Clock, FileStore, Notifier, SecretStore } from '../ports';
import { createSessionIdentity, type SessionIdentity } from './session-identity';
import { createEngineClients, type EngineClients } from './clients';
import { createKeyHolder, type KeyHolder } from './keys';
import { createSessionWaits, type SessionWaits } from './session-waits';
import type { HeldSnapshot } from './session-snapshot';
import type { Snapshot } from '../model/snapshot';
import type { EngineOptions } from './types';
import type { RecordSigner } from '../storage/record-key';
import { createLateTeller } from './late-own-teller';

export interface SessionSyncOptions {
  accountId: AccountId;
  clock: Clock;
  secrets: SecretStore;
  settings: () => ServiceSettings;
  watchedIds: () => string[];
  overrideKey?: string;
  createClient?: EngineOptions['createClient'];
  horizonDays?: number;
  random?: () => number;
  log: (message: string) => void;
  held: HeldSnapshot;
  /** A stopped session (a removed account deleting its key) neither syncs nor writes its saved data again. */
  stopped: () => boolean;
  changed: () => void;
  files: FileStore;
  /** The install's record key (record-key.ts): the remembered identity's file is signed with it. */
  signer?: () => Promise<RecordSigner | undefined>;
  notifier: Notifier;
  notificationLabel: () => string | undefined;
  localZone: () => string;
  /** A later own write over a late one may have gone through another account of the service (late-own-teller.ts). */
  serviceWrites?: (snap: Snapshot) => Snapshot;
}

export interface SessionSync {
  keys: KeyHolder;
  /** Who I am at this service, remembered (session-identity.ts): each read settles it. */
  identity: SessionIdentity;
  clients: EngineClients;
  sync: SyncLoop;
  /** The waits the service asked for, kept across restarts (session-waits.ts). */
  waits: SessionWaits;
  /** Takes back the waits the service asked for before a restart (adv47 r32 #1): before the loop's first pass, so
   *  nothing goes to the service before them. */
  loadWaits(watched: readonly string[]): Promise<void>;
  syncing(): boolean;
}

export function createSessionSync(o: SessionSyncOptions): SessionSync {
  const hooks = { keyChanged: (): void => undefined };
  let syncing = false;
  const identity = createSessionIdentity(o);
  const tellLate = createLateTeller(o);
  const waits = createSessionWaits(o);
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
    now: () => o.clock.now(),
  });
  const sync = createSync({
    clock: o.clock,
    getClient: () => clients.get()?.sync,
    getConfig: () => ({
      scheduleIds: o.watchedIds(),
      email: o.settings().email,
      refresh: o.settings().refresh,
      // At least the settings' horizon, which the state's own knowledge (gaps, "next 14 days") rests on: a shorter
      // `status --ics --days 7` read left days 8–14 unread, said as a gap, and exited 4 without a word.
      horizonDays: Math.max(o.horizonDays ?? 0, o.settings().horizonDays),
    }),
    // Each pass is looked at for the app's own writes applied late over a later own choice (late-own-teller.ts).
    snapshot: { get: o.held.get, set: (next) => o.held.heard(tellLate(next)), restate: o.held.restate },
    dropped: o.held.dropped,
    onBusyChange: (busy) => ((syncing = busy), o.changed()),
    log: o.log,
    identity,
    waitsChanged: (entries) => waits.changed(entries),
    ...(o.random ? { random: o.random } : {}),
  });
  hooks.keyChanged = (): void => {
    if (o.stopped()) return;
    sync.reset();
    o.held.set({ ...o.held.get(), keyRejected: false });
    o.changed();
    if (keys.key() !== undefined) void sync.request({ reason: 'key' });
    else sync.reschedule();
  };
  const loadWaits = async (watched: readonly string[]) => sync.restoreWaits(await waits.load(watched));
  return { keys, identity, clients, sync, waits, loadWaits, syncing: () => syncing };
}
