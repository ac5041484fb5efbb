// `npm run status`: the state for the stored key and settings, headless (plain Node, no Electron).
// See status-args.ts for the options and exit codes.
import { addressWithoutSecrets } from '../api/base-url';
import type { AppState } from '../shared/view-state';
import { parseStatusArgs, USAGE } from './status-args';
import { formatStatus, notWholeLines } from './status-format';
import { buildHandoffSummary } from '../core/state/handoff-summary';
import { EXIT, keyHints, runStatus } from './status-run';
import { ackFromCli, alarmKnowledgeOf } from '../core/alarm/cli-ack';
import { bookedAfterAck } from './status-ack-booked';
import { ringerOfKnown } from '../core/engine/ack-ringer';
import { readOnlyOverlay } from './overlay-files';
import { rememberEnvKeys, rememberStoredKeys } from './masked-keys';
import { createKeychainStore } from '../adapters/keychain';
import { loadRecordSigner } from '../core/storage/record-key';
import { userDataDir } from '../core/storage/app-paths';
import { createFsFileStore } from '../core/storage/fs-file-store';

/** The state as printed: a stored address keeps no user info, query or fragment (they can hold a key). */
function printable(state: AppState): AppState {
  const accounts = state.settings.accounts.map((a) => ({ ...a, baseUrl: addressWithoutSecrets(a.baseUrl) }));
  return { ...state, settings: { ...state.settings, accounts } };
}

async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseStatusArgs(argv);
  if (!parsed.ok) {
    process.stderr.write(`status: ${parsed.message}\n\n${USAGE}\n`);
    return EXIT.badArgs;
  }
  if (parsed.args.help) {
    process.stdout.write(`${USAGE}\n`);
    return EXIT.ok;
  }
  const verbose = process.env['ONCALL_DEBUG'] === '1';
  const log = (message: string): void => {
    if (verbose) process.stderr.write(`${message}\n`);
  };
  // The command runs once: the zone Node read at start is the machine's (main follows changes, see local-zone.ts).
  const localZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  // A key in the environment is never kept in a backup this command makes (--ack, --ics), whatever field holds it.
  rememberEnvKeys(process.env);
  if (parsed.args.ack) {
    const files = createFsFileStore(parsed.args.dataDir ?? userDataDir());
    const known = await alarmKnowledgeOf(readOnlyOverlay(files), Date.now());
    // …nor the stored key (the app's key holder registers it; this command has none running).
    const keychain = createKeychainStore({ log });
    await rememberStoredKeys(
      keychain,
      known.map((k) => ({ id: k.settings.accountId, baseUrl: k.settings.baseUrl })),
    );
    const keyNotices: string[] = [];
    const signer = await loadRecordSigner(keychain, (n) => keyNotices.push(n.message), false);
    const acked = await ackFromCli(files, Date.now(), localZone, known, ringerOfKnown(known), signer);
    acked.notices.unshift(...keyNotices);
    for (const said of acked.notices) process.stderr.write(`status: ${said}\n`);
    if (!acked.ok) {
      process.stderr.write(`status: ${acked.text}\n`);
      return EXIT.failed;
    }
    process.stdout.write(`${acked.text}\n`);
    // A phone alert booked for it still rings unless the app runs to cancel it: said, never left looking settled.
    const booked = await bookedAfterAck(files, Date.now(), localZone, acked.acked ?? [], known, signer);
    for (const line of booked) process.stdout.write(`${line}\n`);
    return EXIT.ok;
  }
  const { state, exitCode, calendar, calendarNotices, problem } = await runStatus(
    parsed.args,
    process.env,
    log,
    localZone,
  );
  if (problem !== undefined) {
    process.stderr.write(`status: ${problem}\n`);
    return exitCode;
  }
  for (const hint of keyHints(state, process.env)) process.stderr.write(`status: ${hint}\n`);
  for (const said of calendarNotices ?? []) process.stderr.write(`status: ${said}\n`);
  // The .ics and the hand-off text carry no Sync line: an exit 4 says why on stderr.
  if (exitCode === EXIT.failed && !parsed.args.json && (calendar !== undefined || parsed.args.summary))
    for (const line of notWholeLines(state, { nowMs: Date.now(), localZone }))
      process.stderr.write(`status: ${line}\n`);
  if (parsed.args.json) process.stdout.write(`${JSON.stringify({ exitCode, state: printable(state) }, null, 2)}\n`);
  else if (calendar !== undefined) process.stdout.write(calendar);
  else if (parsed.args.summary) process.stdout.write(buildHandoffSummary(state, { nowMs: Date.now(), localZone }));
  else process.stdout.write(formatStatus(state, { nowMs: Date.now(), localZone }));
  return exitCode;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (cause: unknown) => {
    process.stderr.write(`status: unexpected failure (${cause instanceof Error ? cause.name : 'error'})\n`);
    process.exitCode = EXIT.failed;
  },
);
