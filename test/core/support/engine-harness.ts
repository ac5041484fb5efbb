// An engine wired to a real simulator over loopback, a fake clock that waits for real I/O, real files in a
// temporary folder, an in-memory secret store and a recording notifier. Used by the sync, actions and engine tests.
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createClient, type CreateClientOptions } from '../../../electron/api/client';
import type { ClientOptions, OncallClient } from '../../../electron/api/client-types';
import { ok } from '../../../electron/api/errors';
import { createEngine } from '../../../electron/core/engine/engine';
import type { Engine, EngineOptions } from '../../../electron/core/engine/types';
import { createFsFileStore } from '../../../electron/core/storage/fs-file-store';
import type { FileStore, NotificationRequest, Notifier, SecretStore } from '../../../electron/core/ports';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator/server';
import { IoClock, type InFlight } from './io-clock';
import { MemoryFileStore } from './memory-file-store';
import { prng } from './prng';
import { closeAfterTest } from '../../support/closing';
import { dataRoot } from '../../support/data-root';

export class MemorySecrets implements SecretStore {
  readonly entries = new Map<string, string>();
  async get(account: string) {
    return ok(this.entries.get(account));
  }
  async set(account: string, secret: string) {
    this.entries.set(account, secret);
    return ok({ storage: 'keychain' as const });
  }
  async delete(account: string) {
    this.entries.delete(account);
    return ok(null);
  }
}

export interface Shown extends NotificationRequest {
  atMs: number;
}

export class RecordingNotifier implements Notifier {
  readonly shown: Shown[] = [];
  /** The alarm notifications taken back (ack, hand-off, mute, the ring's end), as the adapters close them. */
  readonly withdrawn: { id: string; atMs: number }[] = [];
  /** The system ids of alarms up (as notify-send's --print-id), and those adopted from an earlier run's record. */
  readonly ids = new Map<string, number>();
  readonly adopted: { id: string; shownAs: number }[] = [];
  private nextId = 1;
  constructor(private readonly clock: IoClock) {}
  async notify(n: NotificationRequest): Promise<void> {
    this.shown.push({ ...n, atMs: this.clock.now() });
    if (n.alarm === true && !this.ids.has(n.id)) this.ids.set(n.id, this.nextId++);
  }
  async withdraw(id: string): Promise<void> {
    this.withdrawn.push({ id, atMs: this.clock.now() });
    this.ids.delete(id);
  }
  shownAs(id: string): number | undefined {
    return this.ids.get(id);
  }
  adopt(id: string, shownAs: number): void {
    this.adopted.push({ id, shownAs });
    this.ids.set(id, shownAs);
  }
  /** A new process: what the old one knew of shown ids is gone. */
  forget(): void {
    this.ids.clear();
  }
}

/** Every client call is tracked, so the clock waits for it; `extra` lets a test tweak options (timeouts). */
export function trackedClientFactory(
  inFlight: InFlight,
  extra: Partial<CreateClientOptions> = {},
  onClient?: (c: OncallClient) => OncallClient,
) {
  return (options: ClientOptions): OncallClient => {
    const real = createClient({ ...options, ...extra });
    const wrapped: OncallClient = {
      getSchedule: (...a) => inFlight.track(real.getSchedule(...a)),
      listShifts: (...a) => inFlight.track(real.listShifts(...a)),
      listAllShifts: (...a) => inFlight.track(real.listAllShifts(...a)),
      createOverride: (...a) => inFlight.track(real.createOverride(...a)),
      getOverride: (...a) => inFlight.track(real.getOverride(...a)),
      listCoverageRequests: (...a) => inFlight.track(real.listCoverageRequests(...a)),
      listAllCoverageRequests: (...a) => inFlight.track(real.listAllCoverageRequests(...a)),
      putChatUserGroup: (...a) => inFlight.track(real.putChatUserGroup(...a)),
      updateTeam: (...a) => inFlight.track(real.updateTeam(...a)),
      close: () => real.close(),
    };
    return onClient ? onClient(wrapped) : wrapped;
  };
}

export function trackedFiles(inner: FileStore, inFlight: InFlight): FileStore {
  const unlessSame = inner.readUnlessSame?.bind(inner);
  return {
    read: (name) => inFlight.track(inner.read(name)),
    writeAtomic: (name, text) => inFlight.track(inner.writeAtomic(name, text)),
    backup: (name) => inFlight.track(inner.backup(name)),
    remove: (name) => inFlight.track(inner.remove(name)),
    // The minute's look at each record uses it on disk (owed-records.ts): a stat, not a read, while nothing changed.
    ...(unlessSame && { readUnlessSame: (name, stamp) => inFlight.track(unlessSame(name, stamp)) }),
  };
}

export interface Harness {
  clock: IoClock;
  sim: RunningSimulator;
  dir: string;
  files: FileStore;
  secrets: MemorySecrets;
  notifier: RecordingNotifier;
  /** Builds (not starts) an engine on this harness; several may be built in turn (restarts). */
  engine(
    options?: Partial<EngineOptions> & {
      client?: Partial<CreateClientOptions>;
      wrapClient?: (c: OncallClient) => OncallClient;
    },
  ): Engine;
  close(): Promise<void>;
}

export interface HarnessOptions {
  startMs: number;
  seed: object;
  /** 'memory' (default; fast for long simulations) or real files in a temporary folder. */
  files?: 'memory' | 'fs';
  /** Seeds the engines' polling jitter (default 1): with fake time, a run then repeats exactly. */
  jitterSeed?: number;
  /** false: the simulator's overrides never move `current_revision`. */
  revisionMoves?: boolean;
  /** 'steady': the service keeps its own clock (the fake's monotonic time), so a wall step here doesn't move it. */
  serviceClock?: 'steady';
}

export async function createHarness(options: HarnessOptions): Promise<Harness> {
  const clock = new IoClock(options.startMs);
  const sim = await startSimulator({
    seed: options.seed,
    now: () => (options.serviceClock === 'steady' ? clock.monotonicMs() : clock.now()),
    ...(options.revisionMoves === false ? { revisionMoves: false } : {}),
  });
  const dir = await mkdtemp(join(dataRoot(), 'oncall-core-'));
  const inner = options.files === 'fs' ? createFsFileStore(dir, { now: () => clock.now() }) : new MemoryFileStore();
  const files = trackedFiles(inner, clock.inFlight);
  const secrets = new MemorySecrets();
  const notifier = new RecordingNotifier(clock);
  const engines: Engine[] = [];
  const jitter = prng(options.jitterSeed ?? 1);
  let closed = false;
  return closeAfterTest({
    clock,
    sim,
    dir,
    files,
    secrets,
    notifier,
    engine(extra = {}) {
      const { client, wrapClient, ...rest } = extra;
      const engine = createEngine({
        clock,
        secrets,
        notifier,
        files,
        createClient: trackedClientFactory(clock.inFlight, client, wrapClient),
        localZone: 'Europe/Berlin',
        random: jitter.next,
        ...rest,
      });
      engines.push(engine);
      return engine;
    },
    // Closed after each test (test/support/closing.ts) and often by the test too: the second close does nothing.
    async close() {
      if (closed) return;
      closed = true;
      for (const e of engines) await e.stop();
      await sim.close();
      await rm(dir, { recursive: true, force: true });
    },
  });
}

/**
 * Stores settings and a key the way the app would have, before the engine starts: one account (`main`) and its
 * keychain entry. Settings as a user who relies on reminders has them: Start at login on (readiness has nothing to
 * warn about). `legacy` writes what the single-service version wrote instead (a v1 file, the key under the host).
 */
export async function seedSettings(
  h: Harness,
  settings: { email: string; scheduleIds: string[]; refresh?: object; startAtLogin?: boolean; legacy?: boolean },
): Promise<void> {
  const url = new URL(h.sim.url);
  const service = {
    baseUrl: h.sim.url,
    email: settings.email,
    schedules: settings.scheduleIds.map((id) => ({ id })),
  };
  const appWide = {
    startAtLogin: settings.startAtLogin ?? true,
    ...(settings.refresh ? { refresh: settings.refresh } : {}),
  };
  const file = settings.legacy
    ? { version: 1, ...service, ...appWide }
    : { version: 2, accounts: [{ id: 'main', label: url.hostname, ...service }], ...appWide };
  await h.files.writeAtomic('settings.json', JSON.stringify(file));
  await h.secrets.set(settings.legacy ? url.host : `main@${url.host}`, h.sim.apiKey);
}
