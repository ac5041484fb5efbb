// A write named by a ref, sent through an account that can write (account-handlers.ts writeRef). A 403 to it teaches
// that that account can't write there (write-standing.ts); the same write then goes through the next account of the
// same service that can, from its own session's write path (which reads the schedule again first), until one takes
// it or none is left: the refusal shown is the last one, the writable account is never left untried. A 403 writes
// nothing, so the next try is never a duplicate.
import type { SessionHandlers } from './handlers';
import { GONE, inSession, type Routes } from './account-routes';
import type { Failure } from '../actions/common';

type Answer<T> = { ok: true; value: T } | Failure;

const refusedHere = (a: { ok: boolean; error?: { kind: string } }): boolean => !a.ok && a.error?.kind === 'forbidden';

/** The answer of the write through the first account that took it (or the last refusal), and that account. */
export async function writeThrough<R extends { scheduleId: string }, T>(
  routes: Routes,
  via: (ref: string) => string,
  request: R,
  run: (handlers: SessionHandlers, request: R) => Promise<Answer<T>>,
): Promise<Answer<T>> {
  const tried = new Set<string>();
  let last: Answer<T> = GONE;
  for (let ref = via(request.scheduleId); !tried.has(ref); ref = via(request.scheduleId)) {
    tried.add(ref);
    const r = await inSession(routes, { ...request, scheduleId: ref }, run);
    if (!r) return last;
    last = r.answer;
    // Only a refusal the standing learned from moves the write on (via then names another account, or the same).
    if (!refusedHere(r.answer)) return r.answer;
  }
  return last;
}
