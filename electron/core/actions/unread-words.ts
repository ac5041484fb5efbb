// The one rule for a read refused just before a write (issue 48, adv48 round 28): every flow re-reads before it
// writes, and when the service refuses that read and says why, the answer is the flow's own sentence (nothing was
// sent, why), then what the refusal means, then the service's own words in the one format every refusal uses
// (api/error-mapping.ts withServiceWords; they come bounded and cleaned from the API edge). A refusal that will not
// pass by itself (no rights, not found, a refused request) says what to do, never "try again in a moment".
import type { ApiError } from '../../api/errors';
import { RATE_LIMITED_SENTENCE, rejectedSentence, withServiceWords } from '../../api/error-mapping';
import { refusedSentence } from './refused-key';
import { serviceWaitWords } from '../state/wait-words';
import type { FetchProblem } from '../model/snapshot';

/** Why a read just before a write gave nothing: the service's answer when it refused (undefined: no answer, a hole,
 *  a window too long to read), so the answer can say what the service said. */
export interface Unread {
  readonly unread: ApiError | undefined;
}
export const unreadOf = (error: ApiError | undefined): Unread => ({ unread: error });
export const isUnread = (x: unknown): x is Unread => typeof x === 'object' && x !== null && 'unread' in x;

/** A flow's own words: its sentence ("…, so nothing was sent …."), what it reads ("the schedule"), and its retry
 *  sentence for a failure that may pass by itself ("Retry when it can be read."). */
export interface UnreadSaying {
  sentence: string;
  what: string;
  retry: string;
}

/** When it is known, the time a 429's wait is said from (the sync line's words: state/wait-words.ts). */
export interface UnreadAt {
  nowMs: number;
  localZone: string;
}

/** The same error naming whose key the service refused ("One’s key"), when several accounts make that worth saying
 *  (a service watched twice is read through the other account's key first: write-standing.ts). */
export function naming(error: ApiError, key: string | undefined): ApiError {
  if (key === undefined) return error;
  // A 403's own sentence names the key too (refused-key.ts): beside a second key's answer "this API key" names none.
  if (error.kind === 'forbidden') return { ...error, keyOf: key, message: refusedSentence(key) };
  return error.kind === 'unauthorized' || error.kind === 'rate_limited' ? { ...error, keyOf: key } : error;
}
const keyOf = (error: ApiError): string | undefined => ('keyOf' in error ? error.keyOf : undefined);

/** A 429's wait as the sync line says it, when the time it ends is known. */
function waitOf(error: ApiError, at: UnreadAt | undefined): string | undefined {
  if (error.kind !== 'rate_limited' || at === undefined) return undefined;
  const askedUntilMs = error.retryAfterMs !== undefined ? at.nowMs + error.retryAfterMs : undefined;
  return serviceWaitWords({ askedUntilMs }, at.nowMs, at.localZone);
}

/** A 429's own sentence, naming whose key the service is not taking when several accounts make that worth saying. */
export function busySentence(error: ApiError): string {
  const key = keyOf(error);
  return key === undefined ? RATE_LIMITED_SENTENCE : `The service is not taking ${key} just now (rate limited).`;
}

/** What the refusal means and what to do; undefined for a failure that may pass by itself. */
function meaning(error: ApiError, what: string, at: UnreadAt | undefined): string | undefined {
  const key = keyOf(error);
  if (error.kind === 'unauthorized') return `The service did not accept ${key ?? 'the API key'}: check it in Settings.`;
  if (error.kind === 'forbidden')
    return `The service does not let ${key ?? 'this API key'} read ${what}: check the key’s rights at the service.`;
  if (error.kind === 'not_found') return `The service did not find ${what}: check that it still exists.`;
  if (error.kind === 'rejected') return rejectedSentence(error.status);
  if (error.kind !== 'rate_limited') return undefined;
  const wait = waitOf(error, at);
  const busy = busySentence(error);
  return wait === undefined ? busy : `${busy} ${wait}.`;
}

/** A refusal kept by the sync read (model/snapshot.ts FetchProblem) that will not pass by itself, as the API said
 *  it; undefined for any other problem (its own reason is said as the sync line says it). */
export function refusalOf(problem: FetchProblem, nowMs: number, key?: string): ApiError | undefined {
  const said = problem.said === undefined ? {} : { serverMessage: problem.said };
  const { kind, message, askedUntilMs } = problem;
  if (kind === 'not_found') return { kind, message, ...said };
  if (kind === 'forbidden' || kind === 'unauthorized') return naming({ kind, message, ...said }, key);
  if (kind !== 'rate_limited') return undefined;
  const wait = askedUntilMs === undefined ? {} : { retryAfterMs: askedUntilMs - nowMs };
  return naming({ kind, message, ...wait, ...said }, key);
}

/** The whole answer for a read that gave nothing just before a write. */
export function unreadText(say: UnreadSaying, error: ApiError | undefined, at?: UnreadAt): string {
  const means = error === undefined ? undefined : meaning(error, say.what, at);
  if (means === undefined || error === undefined) return `${say.sentence} ${say.retry}`;
  const said = 'serverMessage' in error ? error.serverMessage : undefined;
  // A busy service passes by itself: its retry stays unless the wait it asked for is said; the others say what to
  // do instead.
  const tail = error.kind === 'rate_limited' && waitOf(error, at) === undefined ? ` ${say.retry}` : '';
  return withServiceWords(`${say.sentence} ${means}${tail}`, said);
}
