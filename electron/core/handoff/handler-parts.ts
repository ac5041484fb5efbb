// What the hand-off handlers are built from (HandoffParts), and the reads of each account's service made of them:
// whether a block was covered, whether a saved override shows, and a block re-read before a write with names and
// times as shown. Split from handlers.ts (issue 47's size limit); unchanged.
import { isUnread } from '../actions/unread-words';
import type { OncallClient } from '../../api/client-types';
import type { RequestOf, ResponseOf } from '../../shared/ipc-contract';
import { myEmailOn, refParts, type AccountId } from '../../shared/accounts';
import { formatWindow } from '../../shared/format';
import type { HeldWords } from './changed-now';
import type { ServiceWait } from '../state/wait-words';
import type { AppState } from '../../shared/view-state';
import type { Clock, FileStore } from '../ports';
import type { CacheOrigin } from '../storage/cache-origin';
import type { Notice } from '../storage/settings-store';
import type { RecordSigner } from '../storage/record-key';
import type { HandoffDeps } from './controller';
import { lookCovered, lookOwn, madeShown, readHeld } from './look';
import { teammateName } from './swap';
import type { HalfSwaps } from './half-swaps';
import type { OwnWrite } from './landed-again';
import { ownCoverOver } from '../actions/own-in-place';

export interface HandoffParts {
  clock: Clock;
  files: FileStore;
  localZone: () => string;
  state: () => AppState;
  client: (accountId: AccountId) => OncallClient | undefined;
  /** The overrides this app created on the account (ids its answers gave): one hidden by a later change is found. */
  created?: (accountId: AccountId) => readonly (OwnWrite & { scheduleId: string })[];
  /** The ref a write to this schedule goes through (an account that can write); the reads before it go there too. */
  writesVia?: (ref: string) => string;
  createOverride: (request: RequestOf<'override:create'>) => Promise<ResponseOf<'override:create'>>;
  candidates: (request: RequestOf<'override:candidates'>) => Promise<ResponseOf<'override:candidates'>>;
  /** Refreshes every account, shifts re-read. */
  refreshAll: () => Promise<unknown>;
  changed: () => void;
  /** The app's notices: what the saved hand-off's read at start dropped or refused (run-work.ts HandoffDeps). */
  report?: (notice: Notice) => void;
  graceMs?: number;
  /** The install's record key: the record of closed and ended hand-offs is signed with it (closed-runs.ts). */
  signer?: () => Promise<RecordSigner | undefined>;
  /** How soon an unknown item is looked for again (run-work.ts; default RECHECK_MS). */
  recheckMs?: number;
  /** Where a swap's answer is kept while it is half done, so the glance says it after its window closes. */
  halfSwaps?: HalfSwaps;
  /** Each account's service address and e-mail now: whose a saved hand-off is (run-work.ts HandoffDeps). */
  origins?: () => Record<string, CacheOrigin>;
  /** The wait the service asked of an account (Refresh is refused during it), while one lasts. */
  serviceWait?: (accountId: AccountId) => ServiceWait | undefined;
}

/** A person's name as this schedule lists them, else as another schedule of the same account does, else the e-mail
 *  (a manager may give a block to someone not in its rotation). */
function personName(state: AppState, ref: string, email: string): string {
  const own = teammateName(state, ref, email);
  if (own !== email) return own;
  const account = refParts(ref).accountId;
  const others = state.schedules.filter((s) => refParts(s.id).accountId === account);
  for (const s of others) {
    const name = teammateName(state, s.id, email);
    if (name !== email) return name;
  }
  return email;
}

/**
 * A read of a service before or after a write, through the account writes go through (writesVia): when it can't be
 * read there and the read taught that account can't write any more (its key rejected: 401, write-standing.ts), read
 * again through the next one that can (adv48 r17 #1: blocks were left "not sent" while the other account read fine).
 */
async function readVia<T>(
  parts: HandoffParts,
  ref: string,
  read: (client: OncallClient, accountId: AccountId, scheduleId: string) => Promise<T | undefined>,
): Promise<T | undefined> {
  const tried = new Set<string>();
  // A read refused through one account (its key revoked) goes on through the next account of the service, as it did
  // when a refusal read as undefined; the last refusal is kept so the answer can say what the service said.
  let refused: T | undefined;
  for (let via = parts.writesVia?.(ref) ?? ref; !tried.has(via); via = parts.writesVia?.(ref) ?? ref) {
    tried.add(via);
    const { accountId, scheduleId } = refParts(via);
    const client = parts.client(accountId);
    const got = client ? await read(client, accountId, scheduleId) : undefined;
    if (got !== undefined && !isUnread(got)) return got;
    if (got !== undefined) refused = got;
  }
  return refused;
}

export type Look = (
  ref: string,
  startMs: number,
  endMs: number,
  emails: string[],
) => ReturnType<typeof lookCovered> | Promise<undefined>;

/** Whether a block was covered: looked for on its own account's service (undefined while that has no client). */
export function lookOf(parts: HandoffParts): Look {
  return (ref, startMs, endMs, emails) =>
    readVia(parts, ref, async (client, accountId, scheduleId) => {
      const w = { scheduleId, startMs, endMs, emails };
      const seen = await lookCovered(client, parts.clock, parts.graceMs ?? 3_000, w);
      return seen === 'not_covered' ? lookOwn(client, parts.created?.(accountId) ?? [], w) : seen;
    });
}

/** The overrides the app wrote on a schedule (by ref), from its own-write record: my earlier hand-off of a block. */
export function ownWritesOf(parts: HandoffParts): NonNullable<HandoffDeps['ownWrites']> {
  return (ref) => {
    const { accountId, scheduleId } = refParts(ref);
    return (parts.created?.(accountId) ?? []).filter((c) => c.scheduleId === scheduleId);
  };
}

/** Whether the service shows the override a saved hand-off recorded (undefined while unread). */
export function madeOf(parts: HandoffParts): NonNullable<HandoffDeps['made']> {
  return (ref, w) => readVia(parts, ref, (client, _, scheduleId) => madeShown(client, { scheduleId, ...w }));
}

/** What a write reads of a block before it leaves: the service's own read of it, and names and times as shown. */
export function heldOf(parts: HandoffParts): HeldWords {
  return {
    reread: (ref, startMs, endMs) =>
      readVia(parts, ref, (client, _, scheduleId) => readHeld(client, scheduleId, startMs, endMs)),
    nameOf: (ref, email) => personName(parts.state(), ref, email),
    windowOf: (ref, startMs, endMs) => {
      const zone = parts.state().schedules.find((s) => s.id === ref)?.timeZone ?? undefined;
      const at = { nowMs: parts.clock.now(), localZone: parts.localZone(), ...(zone ? { scheduleZone: zone } : {}) };
      return formatWindow(new Date(startMs).toISOString(), new Date(endMs).toISOString(), at);
    },
    meOn: (ref) => myEmailOn(parts.state(), refParts(ref).accountId),
    ownOver: (ref, startMs, endMs, emails) => ownCoverOver(ownWritesOf(parts)(ref), startMs, endMs, emails),
    at: () => ({ nowMs: parts.clock.now(), localZone: parts.localZone() }),
    waitOf: (ref) => parts.serviceWait?.(refParts(ref).accountId),
  };
}
