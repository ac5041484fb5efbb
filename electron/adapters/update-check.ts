// "New version available": reads the release feed named in package.json (oncallTray.releaseFeed, a GitHub-style
// "latest release" JSON: tag_name, html_url) at most once a day, across restarts too (the time of the last check
// is kept in the data folder). It never blocks anything: start() returns at once, a check has a timeout, and a
// failed one is logged and waits for the next day. The release page is offered only if it lies under
// oncallTray.releasePages, the same prefix the openExternal choke point allows. main.ts starts it outside demo.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Clock, FileStore } from '../core/ports';
import { codeOf, reasonOf } from '../core/storage/write-watch';
import { DAY_MS } from '../shared/time';
import type { AppState } from '../shared/view-state';
import { updateCheckRecord } from './update-check-record';

const TIMEOUT_MS = 15_000;
/** What a failed save of update-check.json costs (docs/files-and-recovery.md says the same). */
const SOONER = 'the app may look for a new version again sooner than once a day';

export interface ReleaseConfig {
  currentVersion: string;
  feedUrl: string;
  /** Release pages must start with this (https) prefix to be shown and opened. */
  pagesPrefix: string;
}

export interface UpdateNotice {
  version: string;
  url: string;
}

const PackageSchema = z.object({
  version: z.string(),
  oncallTray: z.object({ releaseFeed: z.url({ protocol: /^https$/ }), releasePages: z.url({ protocol: /^https$/ }) }),
});

const ReleaseSchema = z.object({
  tag_name: z.string(),
  html_url: z.string(),
  draft: z.boolean().optional(),
  prerelease: z.boolean().optional(),
});

/** The release settings from the app's package.json, or undefined when they are missing or not https. */
export async function readReleaseConfig(appDir: string): Promise<ReleaseConfig | undefined> {
  try {
    const parsed = PackageSchema.safeParse(JSON.parse(await readFile(join(appDir, 'package.json'), 'utf8')));
    if (!parsed.success) return undefined;
    const { version, oncallTray } = parsed.data;
    return { currentVersion: version, feedUrl: oncallTray.releaseFeed, pagesPrefix: oncallTray.releasePages };
  } catch {
    return undefined;
  }
}

const parts = (v: string): number[] | undefined => {
  const m = /^v?(\d+)\.(\d+)\.(\d+)$/.exec(v.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
};

/** True when `candidate` (e.g. "v0.2.0") is a plain release newer than `current`; pre-release tags never are. */
export function isNewer(candidate: string, current: string): boolean {
  const a = parts(candidate);
  const b = parts(current);
  if (!a || !b) return false;
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return false;
}

/** What one feed answer means for the user: a notice, or none (same version, draft, odd page address). */
export function noticeFrom(body: unknown, config: ReleaseConfig): UpdateNotice | undefined {
  const release = ReleaseSchema.safeParse(body);
  if (!release.success || release.data.draft === true || release.data.prerelease === true) return undefined;
  const { tag_name: tag, html_url: url } = release.data;
  if (!isNewer(tag, config.currentVersion) || !url.startsWith(config.pagesPrefix)) return undefined;
  return { version: tag.replace(/^v/, ''), url };
}

export interface UpdateCheckerOptions {
  config: ReleaseConfig;
  clock: Pick<Clock, 'now' | 'setTimer'>;
  /** Where the time of the last check is kept (a JSON file in the data folder). */
  stateFile: string;
  onNotice(notice: UpdateNotice): void;
  log(message: string): void;
  fetch?: typeof fetch;
  /** The folder stateFile is in, as a store (tests: one whose writes fail); by default the real folder. */
  files?: FileStore;
}

export function createUpdateChecker(o: UpdateCheckerOptions) {
  const doFetch = o.fetch ?? fetch;
  const record = updateCheckRecord(
    o.stateFile,
    () => o.clock.now(),
    (m) => o.log(m),
    o.files,
  );
  let cancel: (() => void) | undefined;
  let stopped = false;
  let writable = true;
  let saveFailed = false;

  /** Recorded first: a check that hangs or crashes still counts, so the feed is never asked twice a day. A save that
   *  fails (a read-only folder, a full disk) doesn't stop the check: it only means the next start may ask again
   *  sooner; within this run the daily timer keeps it to once a day. Logged once until a save works again. */
  async function recordCheck(): Promise<void> {
    if (!writable) return;
    try {
      await record.write(o.clock.now());
      saveFailed = false;
    } catch (e) {
      const why = reasonOf(e, 'update-check.json') ?? codeOf(e) ?? 'unknown why';
      if (!saveFailed) o.log(`update check: update-check.json can't be saved (${why}); ${SOONER}`);
      saveFailed = true;
    }
  }

  async function check(): Promise<void> {
    await recordCheck();
    // GitHub's API refuses requests without a User-Agent.
    const headers = { accept: 'application/json', 'user-agent': `OnCall-Tray/${o.config.currentVersion}` };
    const answer = await doFetch(o.config.feedUrl, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
    const notice = noticeFrom(await answer.json(), o.config);
    if (notice && !stopped) o.onNotice(notice);
  }

  function runCheck(): void {
    void check()
      .catch((e: unknown) => o.log(`update check: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => !stopped && runAt(DAY_MS));
  }

  function runAt(delayMs: number): void {
    if (delayMs <= 0) return runCheck();
    cancel = o.clock.setTimer(delayMs, runCheck);
  }

  return {
    /** Schedules the next check (now, if the last one is a day old); returns at once. */
    start(): void {
      void record.read().then((last) => {
        if (stopped) return;
        writable = last.writable;
        const at = last.checkedAtMs;
        runAt(at === undefined ? 0 : Math.max(0, at + DAY_MS - o.clock.now()));
      });
    },
    stop(): void {
      stopped = true;
      cancel?.();
    },
  };
}

export interface UpdateWatchOptions {
  appDir: string;
  dataDir: string;
  /** False in demo: the demo never asks the feed. */
  enabled: boolean;
  clock: Pick<Clock, 'now' | 'setTimer'>;
  log: (message: string) => void;
  /** Called when a notice appears, so the tray and windows show it. */
  changed(): void;
}

/** main.ts's wiring: reads package.json in the background, checks daily, and adds the notice to the state shown. */
export function watchForUpdates(o: UpdateWatchOptions) {
  let notice: UpdateNotice | undefined;
  let config: ReleaseConfig | undefined;
  let checker: ReturnType<typeof createUpdateChecker> | undefined;
  let stopped = false;
  if (o.enabled) {
    void readReleaseConfig(o.appDir).then((found) => {
      if (!found || stopped) return;
      config = found;
      const stateFile = join(o.dataDir, 'update-check.json');
      checker = createUpdateChecker({
        config: found,
        clock: o.clock,
        stateFile,
        log: o.log,
        onNotice: (n) => ((notice = n), o.changed()),
      });
      checker.start();
    });
  }
  return {
    withNotice: (state: AppState): AppState => (notice ? { ...state, update: notice } : state),
    notice: () => notice,
    releasePages: () => config?.pagesPrefix,
    stop(): void {
      stopped = true;
      checker?.stop();
    },
  };
}
