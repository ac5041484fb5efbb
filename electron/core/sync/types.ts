// The sync loop's public types: what it is configured with and what it offers the engine.
import type { OncallClient } from '../../api/client-types';
import type { RefreshSettings } from '../../shared/settings';
import type { Clock } from '../ports';
import type { Snapshot } from '../model/snapshot';
import type { IdentityRead } from './identity';

export interface SyncConfig {
  scheduleIds: readonly string[];
  email: string;
  refresh: RefreshSettings;
  horizonDays?: number;
}

export interface SnapshotAccess {
  get(): Snapshot;
  set(next: Snapshot): void;
  /** The same data said anew (absent: set): what is compared for changes is restated alike. */
  restate?(map: (s: Snapshot) => Snapshot): void;
}

export interface SyncOptions {
  clock: Clock;
  /** undefined while the app is not set up (no base URL or key): the loop idles. */
  getClient: () => OncallClient | undefined;
  getConfig: () => SyncConfig;
  snapshot: SnapshotAccess;
  random?: () => number;
  concurrency?: number;
  onBusyChange?: (busy: boolean) => void;
  log?: (message: string) => void;
  /** Saved entries a pass found untrue and let go (own overrides the service doesn't show): said once. */
  dropped?: (reasons: readonly string[]) => void;
  /** Who I am at this service, remembered (engine/session-identity.ts): a read where my e-mail names nobody but the
   *  user it last resolved to keeps that user as me (sync/identity.ts), and each read's answer is handed back. */
  identity?: { rememberedId(): string | null; vouched(): boolean; settled(read: IdentityRead): void };
  /** The waits the service asked for that last past now, after each pass (sync/kept-waits.ts): kept on disk so a
   *  restart honours them (empty: none). */
  waitsChanged?: (entries: ReadonlyMap<string, number>) => void;
}

export type RefreshReason = 'start' | 'user' | 'write' | 'resume' | 'online' | 'key' | 'settings' | 'reminder';

export interface RefreshRequest {
  reason: RefreshReason;
  /** Only these schedules (e.g. the one just written to); all when absent. */
  scheduleIds?: readonly string[];
  /** Read the shifts again even when the revision did not move. */
  rereadShifts?: boolean;
}

/**
 * What a refresh request came to: done (or dropped, while the loop is paused), or held by a wait the service asked
 * for (Retry-After) until `untilMs`: nothing was sent for it, and syncing carries on by itself once the wait is over.
 */
/** 'held': not sent before `untilMs` (the app's own wait); `askedUntilMs`, when the whole service asked (a 429's or
 *  a 503's Retry-After, uncapped), is until when it asked, said as its ask (state/wait-words.ts). */
export type RefreshAnswer = { kind: 'done' } | { kind: 'held'; untilMs: number; askedUntilMs?: number };

export interface SyncLoop {
  start(): void;
  stop(): void;
  /** Refreshes as soon as allowed; resolves once a refresh covering the request is done (or at once if paused,
   * or while the service's Retry-After holds requests back: then 'held', and the refresh follows when allowed). */
  request(request: RefreshRequest): Promise<RefreshAnswer>;
  /** Recomputes the next wake-up, e.g. after the settings or the watched schedules changed. */
  reschedule(): void;
  /** Forgets what was learned (new base URL or key) and drops the results of a refresh in flight. */
  reset(): void;
  isBusy(): boolean;
  /** Until when the service asked to wait (a 429's or 503's Retry-After over the whole service), null when it
   *  did not or the wait is over. */
  serviceWaitUntilMs(): number | null;
  /** Until when the service itself asked to wait (its Retry-After, uncapped: longer than the app's own wait above
   *  when it asked for more than the app waits), and when the app asks it next as planned now; null when it did not
   *  ask or that time is past. */
  serviceAsked(): { untilMs: number; nextTryMs: number } | null;
  /** Resolves when no refresh is running. */
  idle(): Promise<void>;
  /** Takes back the waits kept before a restart (checked by their file), before the loop starts. */
  restoreWaits(entries: ReadonlyMap<string, number>): void;
}
