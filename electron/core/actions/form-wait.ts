// The service's wait as a settings form says it (issue 47, adv47 r35): the forms ("Add schedule", "Add another
// service") ask the service once, on the user's click. Before, they said a 503's wait as "Try again later." and a
// 429's dated Retry-After as "Try again in 0 s." beside the tray's "The service asked to wait until 22:01; the app
// tries again at 20:16.", and "Add schedule" sent while "Refresh now" held back. Now a form says a wait in the tray's
// words (state/wait-words.ts, the one formatter), from the instant it ends: the account's wait in force is said and
// nothing is sent; an answer carrying a Retry-After names the time it asked for. A wait that is past or unreadable
// makes no promise: the API's own sentence stands.
import type { ApiError } from '../../api/errors';
import { serverSentence, withServiceWords } from '../../api/error-mapping';
import { serviceWaitWords, type ServiceWait } from '../state/wait-words';
import { failure, fromApiError, type ActionDeps, type Failure } from './common';
import { busySentence, type UnreadAt } from './unread-words';

/** A form's check while the account's wait is in force (the app's own next try is still ahead, as "Refresh now"
 *  holds back): nothing is sent, and the wait is said as the tray says it. undefined: no wait holds. */
export function formHeld(
  wait: ServiceWait | undefined,
  at: UnreadAt,
  then = 'Check it again then.',
): Failure | undefined {
  if (wait?.appUntilMs === undefined || wait.appUntilMs <= at.nowMs) return undefined;
  const words = serviceWaitWords(wait, at.nowMs, at.localZone);
  return words === undefined ? undefined : failure('service_wait', `${words}, so nothing was sent. ${then}`);
}

/** A write form's hold (override, team, chat group; issue 47, adv47 r36 #1): while the account's wait is in force
 *  the write and its reads before it are not sent, and the wait is said as the tray says it. */
export function writeHeld(deps: Pick<ActionDeps, 'clock' | 'localZone' | 'serviceWait'>): Failure | undefined {
  const at = { nowMs: deps.clock.now(), localZone: deps.localZone?.() ?? 'UTC' };
  return formHeld(deps.serviceWait?.(), at, 'Save it again then.');
}

/** The app's sentence for a failure that may carry the service's wait (a 429, a 5xx), without its "try again". */
function waitSentence(error: ApiError): { sentence: string; retryAfterMs: number | undefined } | undefined {
  if (error.kind === 'rate_limited') return { sentence: busySentence(error), retryAfterMs: error.retryAfterMs };
  if (error.kind === 'server') return { sentence: serverSentence(error.status), retryAfterMs: error.retryAfterMs };
  return undefined;
}

/** A form's words for a failed check: with the service's Retry-After, the time it asked to wait until (never "Try
 *  again later" nor a count of seconds), then the service's own words; otherwise the API's sentence as it is. */
export function formWords(error: ApiError, at: UnreadAt): string {
  const wait = waitSentence(error);
  const words = askedWords(wait?.retryAfterMs, at);
  if (wait === undefined) return fromApiError(error).error.message;
  const said = 'serverMessage' in error ? error.serverMessage : undefined;
  // A wait past or unreadable promises nothing: the sentence alone, never "Try again in 0 s" (adv47 r36 #2).
  return withServiceWords(words === undefined ? wait.sentence : `${wait.sentence} ${words}.`, said);
}

/** "The service asked to wait until 12:00" for an answer's Retry-After (ms from now); undefined when none lasts. */
export function askedWords(retryAfterMs: number | undefined, at: UnreadAt): string | undefined {
  const askedUntilMs = retryAfterMs === undefined ? undefined : at.nowMs + retryAfterMs;
  return serviceWaitWords({ askedUntilMs }, at.nowMs, at.localZone);
}

/** The failed check as the form's answer: its kind kept, its words as formWords says them. */
export function formFailure(error: ApiError, at: UnreadAt): Failure {
  return waitSentence(error) === undefined ? fromApiError(error) : failure(error.kind, formWords(error, at));
}
