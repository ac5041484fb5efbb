// A write named by a ref, sent through an account that can write (account-handlers.ts writeRef). A 403 to it teaches
// that that account can't write there (write-standing.ts); the same write then goes through the next account of the
// same service that can, from its own session's write path (which reads the schedule again first), until one takes
// it or none is left, the writable account never left untried: its substantive answer (changed since planned…) is
// said, an earlier refusal only when every account refused or the last could only fail to read (told). A 403 writes
// nothing, so the next try is never a duplicate. A 401 (the key revoked at the service, learned from this call or a
// read just before it: write-standing.ts) moves it on the same way (adv48 r17 #1), and so does any answer that sent
// nothing while the standing learned the account can't write (a read before the POST refused the key), a 429 to the
// write among them (that key's wait, and nothing written: adv48 r38 #2); an answer that may have landed never moves
// on. When every key tried was refused or asked to wait, each key's answer is said, in the accounts' order. When the
// last could only fail to read, the account asked about is asked too if it was passed over, and its answer said
// first (Cover…'s request listed only to its key: adv48 r39 F3).
import type { SessionHandlers } from './handlers';
import { GONE, inSession, type Routes } from './account-routes';
import type { Failure } from '../actions/common';
import { noneAllowedSentence, refusedSentence } from '../actions/refused-key';
import { withServiceWords } from '../../api/error-mapping';
import { refParts } from '../../shared/accounts';

type Answer<T> = { ok: true; value: T } | Failure;

/** Failures after which something may be in place: never sent again through another account. */
const MAY_HAVE_LANDED = new Set(['outcome_unknown', 'not_saved']);
const nothingSent = (a: { ok: boolean; error?: { kind: string } }): boolean =>
  !a.ok && a.error !== undefined && !MAY_HAVE_LANDED.has(a.error.kind);
const refusal = (a: { ok: boolean; error?: { kind: string } }): boolean =>
  !a.ok && (a.error?.kind === 'forbidden' || a.error?.kind === 'unauthorized');
/** Failures of the reads before a POST (or of the session itself): they say nothing of the write. */
const COULD_NOT_READ = new Set([
  'stale_data',
  'network',
  'timeout',
  'server',
  'bad_response',
  'rate_limited',
  'service_wait',
  'key_rejected',
  'needs_setup',
]);
/** Answers that are a key's own state (refused, rejected, asked to wait), each naming its key (write-standing.ts). */
const KEY_STATE = new Set(['forbidden', 'unauthorized', 'rate_limited']);

/** An answer, whose key gave it ("One’s key") when several accounts are set up, and the service's words with its
 *  refusal (403). */
type Tried<T> = { answer: Answer<T>; key: string | undefined; said: string | undefined };
type KeyFailure = { message: string; kind: string; key: string | undefined; said: string | undefined };

/** Each key's words in the order asked; the refusals that differ only by whose key (the same service's words, or
 *  none) said once, naming each key ("Neither One’s nor Two’s key is allowed to do that.": refused-key.ts). */
function keysSaid(failed: KeyFailure[]): string[] {
  const named = (f: KeyFailure): boolean =>
    f.kind === 'forbidden' && f.key !== undefined && f.message === withServiceWords(refusedSentence(f.key), f.said);
  const refused = failed.filter(named);
  const said = refused[0]?.said;
  if (refused.length < 2 || refused.some((f) => f.said !== said)) return failed.map((f) => f.message);
  const keys = refused.flatMap((f) => (f.key === undefined ? [] : [f.key]));
  const together = withServiceWords(noneAllowedSentence(keys), said);
  return failed.flatMap((f) => (f === refused[0] ? [together] : refused.includes(f) ? [] : [f.message]));
}

/** Every key tried refused or asked to wait: each key's answer, one after the other (a wait that passes by itself
 *  first, so a flow says what passes); else the answer as told. */
function eachKey<T>(tried: Tried<T>[], told: Answer<T>): Answer<T> {
  const failed = tried.flatMap(({ answer: a, key, said }) =>
    a.ok || !KEY_STATE.has(a.error.kind) ? [] : [{ message: a.error.message, kind: a.error.kind, key, said }],
  );
  if (told.ok || tried.length < 2 || failed.length < tried.length) return told;
  const kind = failed.find((e) => e.kind === 'rate_limited') === undefined ? told.error.kind : 'rate_limited';
  const message = [...new Set(keysSaid(failed))].join(' ');
  return { ok: false, error: { ...told.error, kind, message } };
}

/** An earlier refusal is said only when the last account refused too or could only fail to read; a substantive
 *  answer from the account that could write (changed since planned, already in place, not mine…) is final. */
function told<T>(refused: Answer<T> | undefined, last: Answer<T>): Answer<T> {
  if (refused === undefined || last.ok) return last;
  return refusal(last) || COULD_NOT_READ.has(last.error.kind) ? refused : last;
}

/** The ref a write goes through next (account-handlers.ts writeRef), and the refs of the same service whose writes
 *  are answered unsent now (a named write wait runs: write-standing.ts writeHeld). */
export interface WriteRoute {
  via: (ref: string) => string;
  held?: (ref: string) => readonly string[];
}

/** The answer of the write through the first account that took it (or the last refusal), and that account. */
export async function writeThrough<R extends { scheduleId: string }, T>(
  routes: Routes,
  route: WriteRoute,
  request: R,
  run: (handlers: SessionHandlers, request: R) => Promise<Answer<T>>,
): Promise<Answer<T>> {
  const tried = new Map<string, Answer<T>>();
  let last: Answer<T> = GONE;
  // Every account refused, or the last could not read: the refusal is what is said (told).
  let refused: Answer<T> | undefined;
  const answers: Tried<T>[] = [];
  // When no key can write, the planned one is asked (a 403 has no end the app could wait for: rights given back are
  // learned only by asking); while every answer is a key's own state, then each key whose write wait holds, answered
  // unsent, so its wait is said beside the refusal on every press, not on the first alone (adv48 r45 #1): the write
  // can still go through it. A substantive answer (changed since planned…) stays the one said.
  const keyStates = () => answers.every(({ answer: a }) => !a.ok && KEY_STATE.has(a.error.kind));
  const next = (): string => {
    const ref = route.via(request.scheduleId);
    if (!tried.has(ref) || !keyStates()) return ref;
    return route.held?.(request.scheduleId).find((r) => !tried.has(r)) ?? ref;
  };
  for (let ref = next(); !tried.has(ref); ref = next()) {
    const r = await inSession(routes, { ...request, scheduleId: ref }, run);
    if (!r) return eachKey(answers, told(refused, last));
    tried.set(ref, r.answer);
    last = r.answer;
    const session = routes.sessionFor(r.accountId);
    const said = session?.refusalSaid(refParts(ref).scheduleId);
    answers.push({ answer: r.answer, key: session?.keyName(), said });
    if (refusal(r.answer)) refused = r.answer;
    // Only a failure that sent nothing moves the write on, and only when the standing learned from it (a 401 or
    // 403 through this account): via then names another account, else the same one and the loop ends.
    if (!nothingSent(r.answer)) return r.answer;
  }
  const result = eachKey(answers, told(refused, last));
  if (result !== last || last.ok || !COULD_NOT_READ.has(last.error.kind)) return result;
  return withAsked(routes, request, run, tried, last);
}

/** The last account tried could only fail to read (Cover…'s request listed only to the asked account's key, adv48
 *  r39 F3): the asked account's own answer is said too, first; passed over untried (it can't write now), it is asked
 *  too, its read's wait answered from memory, unsent (write-standing.ts). Nothing before was sent: no duplicate. */
async function withAsked<R extends { scheduleId: string }, T>(
  routes: Routes,
  request: R,
  run: (handlers: SessionHandlers, request: R) => Promise<Answer<T>>,
  tried: Map<string, Answer<T>>,
  last: Answer<T>,
): Promise<Answer<T>> {
  if (tried.get(request.scheduleId) === last) return last;
  const own = tried.get(request.scheduleId) ?? (await inSession(routes, request, run))?.answer;
  if (own === undefined || own.ok || last.ok || !nothingSent(own)) return own ?? last;
  // Its substantive answer (withdrawn, changed since planned…) is final; a read it could not make, or its key's
  // state, is said with the last's.
  if (!COULD_NOT_READ.has(own.error.kind) && !KEY_STATE.has(own.error.kind)) return own;
  if (own.error.message === last.error.message) return own;
  return { ok: false, error: { ...own.error, message: `${own.error.message} ${last.error.message}` } };
}
