// Ports: what the core needs from the outside world. Adapters implement them with Electron/OS services;
// tests implement them with fakes (a controllable clock) or real OS services (keychain, notifications).
import type { Result } from '../api/errors';
import type { ViewName } from '../shared/ipc-contract';

/** Wall-clock time and timers. Reminders are judged by `now()` so they survive sleep. */
export interface Clock {
  now(): number;
  /** Runs `callback` after `delayMs`; returns a function that cancels it. */
  setTimer(delayMs: number, callback: () => void): () => void;
  /**
   * Time that stops while the machine is suspended (CLOCK_MONOTONIC on Linux). Comparing it with `now()` tells a
   * sleep from the clock itself, so a missing resume event changes nothing. Optional: without it, a sleep is
   * noticed by how late a timer fires.
   */
  monotonicMs?(): number;
}

export type SecretStoreError = { kind: 'unavailable' | 'failed'; message: string };
export type KeyStorage = 'keychain' | 'memory';

/** Where the API key lives. `account` is the service host. Never logs or returns the key anywhere else. */
export interface SecretStore {
  get(account: string): Promise<Result<string | undefined, SecretStoreError>>;
  /** Stores the key; falls back to memory for this session when the keychain is unavailable, and says so. */
  set(account: string, secret: string): Promise<Result<{ storage: KeyStorage }, SecretStoreError>>;
  delete(account: string): Promise<Result<null, SecretStoreError>>;
}

export interface NotificationRequest {
  /** Stable key of what is being announced (e.g. `shift:sch_x:2026-03-02T08:00:00Z:start`). */
  id: string;
  title: string;
  body: string;
  /** The window to open when the user clicks it, where the platform reports clicks. */
  target: ViewName;
  params?: Record<string, string>;
  /** A shift-start alarm: loud and persistent on each OS (adapters/os-notification.ts); absent: quiet, informational. */
  alarm?: boolean;
}

export interface Notifier {
  notify(notification: NotificationRequest): Promise<void>;
  /**
   * Takes back what was shown under `id` (an alarm's loud notification, which never expires on Linux) once it no
   * longer holds: acknowledged, handed off, muted, or its ring over. Absent where the platform can't.
   */
  withdraw?(id: string): Promise<void>;
  /** The system's own id of what is shown under `id` (Linux: notify-send's), kept with the alarm on disk. */
  shownAs?(id: string): number | undefined;
  /** What an earlier run showed under `id` had the system id `shownAs`: withdrawing `id` closes it, and sending `id`
   *  again replaces it. Only ever used so (read back from disk it is a claim). */
  adopt?(id: string, shownAs: number): void;
}

/** Small named files in the app data folder (settings, cache, fired reminders). */
export interface FileStore {
  /** Where the files are (a folder path), for telling the user; absent for stores that aren't on disk. */
  readonly location?: string;
  /** undefined when the file does not exist. */
  read(name: string): Promise<string | undefined>;
  /** Writes atomically: temp file + rename, so a crash never leaves half a file. */
  writeAtomic(name: string, text: string): Promise<void>;
  /** Moves a bad file aside and returns the backup's path, for telling the user. */
  backup(name: string): Promise<string>;
  /** As backup, only while the file still holds `text` (what its reader judged); else refused with
   *  ChangedSinceReadError (storage/changed-since-read.ts). Absent: the reader keeps it aside as `backup` does. */
  backupRead?(name: string, text: string): Promise<string>;
  /** `then` is told (once) the copy's path when a file whose keep-aside failed is kept aside later, by a write's
   *  retry (kept-first.ts): its reader corrects what it said. Absent: no store that retries. */
  keptLater?(name: string, then: (kept: string) => void): void;
  /** Deletes a file (a removed account's cache); a file that isn't there is no error. */
  remove(name: string): Promise<void>;
  /** Reads a file without taking its text as what the app read (outside-edits.ts), so one changed outside is still
   *  kept aside before the app writes or removes it. Absent: no store that judges outside edits. */
  readAsIs?(name: string): Promise<string | undefined>;
  /** As read, unless the file is exactly as when a read through this method answered `stamp` (one stat, no read:
   *  'same'). `stamp` is undefined when the file changed too recently to be told apart from a change to come, or is
   *  absent: the next call reads again. Looked at each minute (owed-records.ts). Absent for stores not on disk:
   *  their callers read. */
  readUnlessSame?(
    name: string,
    stamp: string | undefined,
  ): Promise<'same' | { text: string | undefined; stamp: string | undefined }>;
  /** Whether the folder's path leads to a folder now (no link on it to something missing), without reading a file:
   *  looked at while such a link is stated (link-back.ts). Absent for stores that aren't on disk. */
  folderReachable?(): Promise<boolean>;
}

/** The OS's Start at login (macOS and Windows: the login item; Linux: the XDG autostart entry). `set` asks the OS
 *  and answers, in the OS's words, why it did not take (waiting for approval, not registered, a write refused), or
 *  undefined when it did; it never rejects (a failure is such an answer). */
export interface LoginItem {
  set(enabled: boolean): Promise<string | undefined>;
}
