// Runs the real engine once, headless: the stored settings, cache and keychain key (or the demo simulator), with
// command-line and environment overrides; the engine's start-up refresh (one request per source, not a second
// forced one on top); then the state. It shows no notification and changes no
// file of the app (writes stay in memory), so it is safe to run next to the app.
import { systemClock } from '../adapters/clock';
import { DEMO_EMAIL, startDemo } from '../adapters/demo';
import { createKeychainStore } from '../adapters/keychain';
import { loadRecordSigner } from '../core/storage/record-key';
import { ok } from '../api/errors';
import { userDataDir } from '../core/storage/app-paths';
import { createEngine } from '../core/engine/engine';
import type { Engine, EngineOptions } from '../core/engine/types';
import { createFsFileStore } from '../core/storage/fs-file-store';
import type { SecretStore } from '../core/ports';
import type { AppState } from '../shared/view-state';
import { readOnlyOverlay } from './overlay-files';
import { withStillRing } from './status-still-ring';
import { notificationHealth } from '../adapters/notification-health';
import type { StatusArgs } from './status-args';
import { EXPORT_RECORD } from '../core/calendar/publisher';
import { recordNoticeId, reissuedNoticeId } from '../core/calendar/published-record';
import { loadSettings, SETTINGS_NOTICE_ID, type Notice } from '../core/storage/settings-store';
import { WRITE_NOTICE_ID } from '../core/storage/write-watch';
import type { FileStore } from '../core/ports';
import { accountKeyVariable, misnamedKeyVariables } from '../shared/accounts';

export const EXIT = { ok: 0, badArgs: 2, notSetUp: 3, failed: 4 } as const;

export interface StatusOutcome {
  state: AppState;
  /** Why nothing was asked (an --account that isn't set up), for stderr. */
  problem?: string;
  exitCode: number;
  /** The .ics text, with --ics. */
  calendar?: string;
  /** What rendering the .ics said once (a refused record of UIDs kept aside, entries not used), for stderr. */
  calendarNotices?: string[];
}

/** --ics without --days. */
export const DEFAULT_ICS_DAYS = 90;
/** The service answers at most 366 days per shifts request, and sync's window adds 8 (a week back, a day spare). */
export const MAX_FETCH_DAYS = 366 - 8;

/** A secret store that never touches the keychain (demo mode, or a key given in the environment). */
const NO_SECRETS: SecretStore = {
  get: async () => ok(undefined),
  set: async () => ok({ storage: 'memory' }),
  delete: async () => ok(null),
};

/** 0 only when every source (each schedule and the coverage list) is fresh and whole; 4 otherwise. */
export function exitCodeFor(state: AppState): number {
  if (state.sync.kind === 'needs_setup') return EXIT.notSetUp;
  if (state.sync.kind !== 'ok') return EXIT.failed;
  // Settings that had to be repaired (an account dropped for a bad or repeated id) are not "all is well".
  if (state.notices.some((n) => n.id === SETTINGS_NOTICE_ID)) return EXIT.failed;
  const sources = [...state.schedules.map((s) => s.status), state.coverage.status];
  // Fresh is not enough: a source read in part (unknown spans, unreadable requests) is not "ok" either.
  const whole = state.me.gaps.length === 0 && state.coverage.issues.length === 0;
  return sources.every((s) => s.kind === 'fresh') && whole ? EXIT.ok : EXIT.failed;
}

/** Resolves once the engine is not syncing: start() begins the first refresh at once when it can sync. */
function settled(engine: Engine): Promise<void> {
  return new Promise((resolve) => {
    if (!engine.getState().syncing) return resolve();
    const stop = engine.subscribe((state) => {
      if (state.syncing) return;
      stop();
      resolve();
    });
  });
}

/** The keys given in the environment: ONCALL_API_KEY (one account) and ONCALL_API_KEY_<ID> (per account). */
function envKeys(env: StatusEnv): Pick<NonNullable<EngineOptions['overrides']>, 'apiKey' | 'apiKeys'> {
  const single = env['ONCALL_API_KEY']?.trim();
  const apiKeys = Object.fromEntries(
    Object.entries(env).flatMap(([name, value]) =>
      name.startsWith('ONCALL_API_KEY_') && value !== undefined && value.trim() !== '' ? [[name, value.trim()]] : [],
    ),
  );
  return {
    ...(single !== undefined && single !== '' ? { apiKey: single } : {}),
    ...(Object.keys(apiKeys).length > 0 ? { apiKeys } : {}),
  };
}

function overridesFrom(args: StatusArgs, env: StatusEnv): NonNullable<EngineOptions['overrides']> {
  const overrides: NonNullable<EngineOptions['overrides']> = { ...envKeys(env) };
  if (args.baseUrl !== undefined) overrides.baseUrl = args.baseUrl;
  if (args.email !== undefined) overrides.email = args.email;
  if (args.schedules.length > 0) overrides.scheduleIds = args.schedules;
  if (args.account !== undefined) overrides.accountIds = [args.account];
  return overrides;
}

export type StatusEnv = Readonly<Record<string, string | undefined>>;

/**
 * What the stored accounts make of the arguments: an --account they don't have (named with the ones they do), or a
 * service's address, e-mail or schedules given without --account while there are several (which would they be for?).
 */
async function accountProblem(
  files: FileStore,
  args: StatusArgs,
): Promise<{ problem: string | undefined; notice: Notice | undefined }> {
  const loaded = await loadSettings(files);
  return {
    problem: problemOf(
      loaded.settings.accounts.map((a) => a.id),
      args,
    ),
    notice: loaded.notice,
  };
}

function problemOf(ids: readonly string[], args: StatusArgs): string | undefined {
  const listed = ids.length > 0 ? ` (accounts: ${ids.join(', ')})` : ' (no account is set up)';
  if (args.account !== undefined)
    return ids.includes(args.account) ? undefined : `--account: there is no account ${args.account}${listed}`;
  const given = [
    args.baseUrl !== undefined ? '--base-url' : '',
    args.email !== undefined ? '--email' : '',
    args.schedules.length > 0 ? '--schedule' : '',
  ].filter((f) => f !== '');
  if (ids.length > 1 && given.length > 0)
    return `${given.join(', ')}: with several accounts, say which with --account${listed}`;
  return undefined;
}

/** ONCALL_API_KEY serves one account: with several it is not used, and each account's variable is named. A
 *  variable that looks meant for an account's key but that no account reads is named too, never ignored silently. */
export function keyHints(state: AppState, env: StatusEnv): string[] {
  const ids = state.settings.accounts.map((a) => a.id);
  const misnamed = misnamedKeyVariables(Object.keys(env), ids).map(({ name, meant }) =>
    meant === null
      ? `${name} is not read: no account has that id (the variables read are ${ids.map(accountKeyVariable).join(', ') || 'none'}).`
      : `${name} is not read: the variable is spelled ${meant}.`,
  );
  if (env['ONCALL_API_KEY'] === undefined || ids.length < 2) return misnamed;
  const missing = ids.filter((id) => env[accountKeyVariable(id)] === undefined);
  if (missing.length === 0) return misnamed;
  const names = missing.map(accountKeyVariable).join(', ');
  return [`ONCALL_API_KEY serves a single account; with several, give each its own: ${names}.`, ...misnamed];
}

export async function runStatus(
  args: StatusArgs,
  env: StatusEnv,
  log: (m: string) => void,
  localZone: string,
): Promise<StatusOutcome> {
  const demo = args.demo ? await startDemo() : undefined;
  try {
    const given = overridesFrom(args, env);
    const overrides = demo
      ? {
          ...demo.overrides,
          email: args.email ?? DEMO_EMAIL,
          ...(args.schedules.length > 0 ? { scheduleIds: args.schedules } : {}),
        }
      : given;
    const disk = demo ? undefined : createFsFileStore(args.dataDir ?? userDataDir());
    // The export record is the one file written: it keeps each block's UID and SEQUENCE across runs.
    const files = readOnlyOverlay(disk, args.ics ? [EXPORT_RECORD] : []);
    // The first load repairs the file (in memory: nothing is written here), so the engine's own load finds nothing
    // to say: what that repair said is kept and told, and never exits 0.
    const first = demo ? undefined : await accountProblem(files, args);
    const problem = first?.problem;
    const told = (state: AppState): AppState =>
      first?.notice && !state.notices.some((n) => n.id === first.notice?.id)
        ? { ...state, notices: [first.notice, ...state.notices] }
        : state;
    // An account with a key from the environment never reads the keychain (its session holds the given key).
    const secrets = demo ? NO_SECRETS : createKeychainStore({ log });
    const engine = createEngine({
      clock: systemClock,
      secrets,
      notifier: { notify: async () => undefined },
      files,
      overrides,
      log,
      localZone,
      serveCalendarFeed: false,
      // A look from a terminal neither rings an alarm nor books the phone: the app does (`--ack` answers one).
      alarms: false,
      // Nor does it resume a hand-off the app left open: that is the app's to finish.
      resumeHandoff: false,
      notificationHealth: notificationHealth(),
      ...(args.ics ? { horizonDays: Math.min(args.days ?? DEFAULT_ICS_DAYS, MAX_FETCH_DAYS) } : {}),
    });
    if (problem !== undefined) return { state: told(engine.getState()), exitCode: EXIT.badArgs, problem };
    await engine.start();
    // The start-up refresh already asks every source once; a forced refresh on top would ask them all again.
    await settled(engine);
    // Within a day of my shift the readiness check asks the platform about notifications: its answer, not "not
    // checked yet", is what the summary should say.
    await engine.checksSettled();
    // The phone alert the app couldn't cancel is kept in escalations.json (this run books nothing): said as the app says it.
    // Read with the record key as kept (never made here: the app makes it), so words the app didn't write aren't said.
    const signer = await loadRecordSigner(secrets, () => undefined, false).catch(() => undefined);
    const state = await withStillRing(told(engine.getState()), files, systemClock.now(), signer);
    const calendar = args.ics ? await engine.calendar(args.days ?? DEFAULT_ICS_DAYS) : undefined;
    // The record is read back by the same rule as the app's (published-record.ts); what it said comes after the
    // state above was taken, so it is picked here to be told once. So is a record that could not be saved (the
    // only file this command writes, so the only write the watch can report): the .ics is still whole.
    const picked = new Set([recordNoticeId(EXPORT_RECORD), reissuedNoticeId(EXPORT_RECORD), WRITE_NOTICE_ID]);
    const calendarNotices = engine
      .getState()
      .notices.filter((n) => picked.has(n.id))
      .map((n) => n.message);
    await engine.stop();
    if (calendar === undefined) return { state, exitCode: exitCodeFor(state) };
    return { state, exitCode: exitCodeFor(state), calendar, calendarNotices };
  } finally {
    await demo?.close();
  }
}
