// Whether an account can write to a schedule now. A service watched by two accounts is written through one of them
// (account-handlers.ts writeRef); one whose key the service rejected, that the service refused a write to (403: a
// read-only key, no rights on that schedule), that cannot read the schedule now (403 to a read: its user lost
// access; 429: a wait the service asked of that key, adv48 r33), or whose write the service asked to wait (429 to a
// write: that key's quota of writes, adv48 r38 #2) is passed over for the next one that can. Every write re-reads
// before it sends, so a key that cannot read cannot write either, and a read's wait is never broken by asking with
// the same key again: through this client it is answered here, unsent, until it is over. A write's wait passes the
// key over for writes only (its reads are still served); when every key waits, the write goes as it did, to be
// answered. A refusal is remembered for the client (the address and key) it came from: another key, or another
// address, starts with a clean slate. A 401 to any call through the client (a write, or a read just before one) is
// learned at once, for every schedule (adv48 r17 #1). A later 2xx through the client (the key accepted again)
// forgets it; a read of a schedule answered forgets that schedule's read refusal, a write taken its write refusal
// and its wait.
import type { ApiError } from '../../api/errors';
import { RATE_LIMITED_SENTENCE } from '../../api/error-mapping';
import type { OncallClient } from '../../api/client-types';
import type { FetchProblem } from '../model/snapshot';
import { naming } from '../actions/unread-words';
import { keyNameOf } from '../actions/refused-key';
import { serviceWaitWords } from '../state/wait-words';
import type { Clock } from '../ports';
import { createWriteWaits, heldWriteOf, writeWaitOf, type WriteWait, type WriteWaits } from './write-wait';

export interface WriteStanding {
  /** The actions client, watched: what the service answers through it is learned (see above). */
  watched(client: OncallClient | undefined): OncallClient | undefined;
  /** Whether this client can't write to this schedule now (refused, rejected, unreadable, or in a wait); `problem`:
   *  the sync's own last read of it, which counts too. */
  refused(client: OncallClient | undefined, scheduleId: string, problem?: FetchProblem | null): boolean;
  /** Whether a write through it is answered here, unsent, now (a named write wait runs): write-through.ts. */
  writeHeld(client: OncallClient | undefined): boolean;
  /** Whose key a refusal names ("One’s key"), or undefined: "this API key". */
  keyName(): string | undefined;
  /** The service's own words with this client's last write refused (403) on this schedule: write-through.ts says
   *  the refusals of several keys with the same words once. */
  refusalSaid(client: OncallClient | undefined, scheduleId: string): string | undefined;
  /** A write wait kept before a restart (session-waits.ts): held for the account's clients as their own. */
  restore(wait: WriteWait | undefined): void;
}

export interface StandingParts {
  clock: Clock;
  /** The account's label when several accounts are set up (a refusal then names "One’s key"); else undefined. */
  label?: () => string | undefined;
  /** The user's zone: a wait's end is said in it. */
  localZone?: () => string;
  /** Told each write wait held or let go, to keep it across a restart (session-waits.ts writeChanged). */
  kept?: (wait: WriteWait | undefined) => void;
}

/** A 429 that named no wait: the key is passed over for this long (a guess used only to route, never said). */
const UNNAMED_WAIT_MS = 60_000;

/** Whether the sync's own last read of a schedule (its kept problem) says this account can't read it now. */
export function readRefused(problem: FetchProblem | null | undefined, nowMs: number): boolean {
  if (problem?.kind === 'forbidden') return true;
  return problem?.kind === 'rate_limited' && (problem.askedUntilMs === undefined || problem.askedUntilMs > nowMs);
}

type Answer<T> = { ok: true; value: T } | { ok: false; error: ApiError };

/** What the standing learned, per client: kept across the wrapped clients' calls. */
interface Memory {
  clock: Clock;
  keyName: () => string | undefined;
  refusals: WeakMap<OncallClient, Set<string>>;
  refusalWords: WeakMap<OncallClient, Map<string, string | undefined>>;
  unreadable: WeakMap<OncallClient, Set<string>>;
  rejected: WeakSet<OncallClient>;
  /** The wait the service asked of the key (`named`: the service named it, not our guess), with its words. */
  waits: WeakMap<OncallClient, Wait>;
  /** The waits the service asked of the key's writes (write-wait.ts): writes pass the key over, and one sent
   *  before a named wait ends is answered unsent. */
  writeWaits: WriteWaits;
  localZone: () => string;
}

type Wait = Omit<WriteWait, 'status'>; // a read's wait: as a write's, without its status

const setOf = (map: WeakMap<OncallClient, Set<string>>, client: OncallClient): Set<string> => {
  const set = map.get(client) ?? new Set<string>();
  map.set(client, set);
  return set;
};
const waiting = (m: Memory, client: OncallClient): boolean => (m.waits.get(client)?.untilMs ?? 0) > m.clock.now();
const writesWaiting = (m: Memory, client: OncallClient): boolean =>
  (m.writeWaits.get(client)?.untilMs ?? 0) > m.clock.now();

/** A write's 429, said when several accounts make whose key worth saying: that key, and until when the service
 *  asked to wait, in the user's zone (the service's words are told after it: actions/common.ts). The only account's
 *  keeps the API's own sentence ("Try again in 10 min."); a wait the service did not name is never said as a time. */
function writeWaitError(m: Memory, error: ApiError & { kind: 'rate_limited' }): ApiError {
  const key = m.keyName();
  if (key === undefined) return error;
  const nowMs = m.clock.now();
  const askedUntilMs = error.retryAfterMs === undefined ? undefined : nowMs + error.retryAfterMs;
  const wait = serviceWaitWords({ askedUntilMs }, nowMs, m.localZone()) ?? 'Try again shortly';
  return naming({ ...error, message: `The service is not taking ${key} just now (rate limited). ${wait}.` }, key);
}

/** The client, watched: what the service answers through it is learned (see the top of this file). */
function watch(m: Memory, client: OncallClient): OncallClient {
  const heard = <A extends Answer<unknown>>(answer: A, scheduleId: string | undefined, read: boolean): A => {
    if (answer.ok) {
      // A 2xx through the client is the key accepted again (restored at the service, adv48 r18 #2).
      m.rejected.delete(client);
      m.waits.delete(client);
      if (!read) m.writeWaits.taken(client);
      if (scheduleId !== undefined) m.unreadable.get(client)?.delete(scheduleId);
      return answer;
    }
    const { error } = answer;
    if (error.kind === 'unauthorized') m.rejected.add(client);
    if (error.kind === 'forbidden' && scheduleId !== undefined) setOf(m.unreadable, client).add(scheduleId);
    // A read's 429 is a wait of the key; a write's leaves the write to its flow's Retry, as before (adv48 r33).
    if (error.kind === 'rate_limited' && read) {
      const untilMs = m.clock.now() + (error.retryAfterMs ?? UNNAMED_WAIT_MS);
      const said = error.serverMessage === undefined ? {} : { said: error.serverMessage };
      m.waits.set(client, { untilMs, named: error.retryAfterMs !== undefined, ...said });
    }
    return { ...answer, error: naming(error, m.keyName()) };
  };
  /** Sent unless a wait the service asked of this key runs: then answered as that wait, nothing sent. */
  const unlessWaiting = async <A extends Answer<unknown>>(send: () => Promise<A>, scheduleId?: string, read = true) => {
    const wait = m.waits.get(client);
    if (wait === undefined || !waiting(m, client)) return heard(await send(), scheduleId, read);
    // The 429 that set the wait, said again with the time left of it (a form names the time: actions/form-wait.ts);
    // a guessed wait (the 429 named none) is never said as the service's.
    const error: ApiError = {
      kind: 'rate_limited',
      message: RATE_LIMITED_SENTENCE,
      ...(wait.named ? { retryAfterMs: wait.untilMs - m.clock.now() } : {}),
      ...(wait.said === undefined ? {} : { serverMessage: wait.said }),
    };
    return { ok: false as const, error: naming(error, m.keyName()) };
  };
  const createOverride: OncallClient['createOverride'] = async (scheduleId, input) => {
    const held = heldWriteOf(m.writeWaits, client, m.clock.now());
    if (held !== undefined) return { ok: false as const, error: naming(held, m.keyName()) };
    const answer = await unlessWaiting(() => client.createOverride(scheduleId, input), undefined, false);
    if (!answer.ok && answer.error.kind === 'forbidden') {
      setOf(m.refusals, client).add(scheduleId);
      const words = m.refusalWords.get(client) ?? new Map<string, string | undefined>();
      m.refusalWords.set(client, words.set(scheduleId, answer.error.serverMessage));
    }
    const wait = answer.ok ? undefined : writeWaitOf(answer.error, m.clock.now(), UNNAMED_WAIT_MS);
    if (wait !== undefined) m.writeWaits.set(client, wait);
    if (!answer.ok && answer.error.kind === 'rate_limited') {
      // A 429 to a write is that key's state, and nothing was written: the write may go through another key.
      return { ok: false as const, error: writeWaitError(m, answer.error) };
    }
    // A write to this schedule taken: its rights were given back (a lifted 403), its wait over.
    if (answer.ok) m.refusals.get(client)?.delete(scheduleId);
    return answer;
  };
  // Each method the client's own, called on it (a client may keep state behind its methods).
  return {
    getSchedule: (id, ...a) => unlessWaiting(() => client.getSchedule(id, ...a), id),
    listShifts: (id, ...a) => unlessWaiting(() => client.listShifts(id, ...a), id),
    listAllShifts: (id, ...a) => unlessWaiting(() => client.listAllShifts(id, ...a), id),
    createOverride,
    getOverride: (...a) => unlessWaiting(() => client.getOverride(...a)),
    // Cover…'s re-read of the coverage requests before its write is a read like the schedule's: its 429 is a wait of
    // the key (the write then goes through another account's: write-through.ts), said naming the key.
    listCoverageRequests: (...a) => unlessWaiting(() => client.listCoverageRequests(...a)),
    listAllCoverageRequests: (...a) => unlessWaiting(() => client.listAllCoverageRequests(...a)),
    putChatUserGroup: (...a) => client.putChatUserGroup(...a),
    updateTeam: (...a) => client.updateTeam(...a),
    close: () => client.close(),
  };
}

export function createWriteStanding(parts: StandingParts): WriteStanding {
  const keyName = (): string | undefined => {
    const label = parts.label?.();
    return label === undefined ? undefined : keyNameOf(label);
  };
  const m: Memory = {
    clock: parts.clock,
    keyName,
    refusals: new WeakMap(),
    refusalWords: new WeakMap(),
    unreadable: new WeakMap(),
    rejected: new WeakSet(),
    waits: new WeakMap(),
    writeWaits: createWriteWaits(parts.kept ?? (() => undefined)),
    localZone: parts.localZone ?? (() => 'UTC'),
  };
  const wrapped = new WeakMap<OncallClient, OncallClient>();
  return {
    keyName,
    restore: (wait) => m.writeWaits.restore(wait),
    refusalSaid: (client, scheduleId) => (client ? m.refusalWords.get(client)?.get(scheduleId) : undefined),
    writeHeld: (client) => client !== undefined && heldWriteOf(m.writeWaits, client, m.clock.now()) !== undefined,
    watched: (client) => {
      if (!client) return undefined;
      const made = wrapped.get(client) ?? watch(m, client);
      wrapped.set(client, made);
      return made;
    },
    refused: (client, scheduleId, problem) =>
      client
        ? readRefused(problem, m.clock.now()) ||
          m.rejected.has(client) ||
          waiting(m, client) ||
          writesWaiting(m, client) ||
          [m.refusals, m.unreadable].some((k) => k.get(client)?.has(scheduleId) === true)
        : false,
  };
}
