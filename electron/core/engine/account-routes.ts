// How the engine's handlers (account-handlers.ts) reach an account's session: a schedule is named by its ref
// (shared/accounts) outside, and by its own id inside its session; each session's handlers are made once. Kept apart
// so the handler groups see only "which session, and its handlers", not how sessions are built or listed.
import { refParts, scheduleRef, type AccountId } from '../../shared/accounts';
import { failure, type Failure } from '../actions/common';
import type { AccountSession } from './account-session';
import type { SessionHandlers } from './handlers';

export const GONE = failure('not_found', 'That schedule belongs to an account that is no longer set up.');

type Answer<T> = { ok: true; value: T } | Failure;

/** What routing needs of the engine. */
export interface RouteParts {
  /** The sessions in the user's account order. */
  sessions: () => AccountSession[];
  localZone: () => string;
}

/** How a request reaches its account's session, and that session's own handlers. */
export interface Routes {
  sessionFor: (accountId: AccountId) => AccountSession | undefined;
  handlersOf: (session: AccountSession) => SessionHandlers;
}

export function routesOf(parts: RouteParts): Routes {
  return {
    sessionFor: (accountId) => parts.sessions().find((s) => s.id === accountId),
    handlersOf: (session) =>
      session.handlers({
        localZone: parts.localZone,
        otherAccounts: () =>
          parts
            .sessions()
            .filter((other) => other.id !== session.id)
            .map((other) => ({ label: other.account().label, ...other.known() })),
      }),
  };
}

/** A schedule-scoped request: run by its account's session under the schedule's own id. */
export async function inSession<R extends { scheduleId: string }, A>(
  routes: Routes,
  request: R,
  run: (handlers: SessionHandlers, request: R) => Promise<A>,
): Promise<{ answer: A; accountId: AccountId } | undefined> {
  const { accountId, scheduleId } = refParts(request.scheduleId);
  const session = routes.sessionFor(accountId);
  return session ? { answer: await run(routes.handlersOf(session), { ...request, scheduleId }), accountId } : undefined;
}

/** As inSession, with the schedule in the answer named by its ref again. */
export async function refAnswer<R extends { scheduleId: string }, T extends { scheduleId: string }>(
  routes: Routes,
  request: R,
  run: (handlers: SessionHandlers, request: R) => Promise<Answer<T>>,
): Promise<Answer<T>> {
  const r = await inSession(routes, request, run);
  if (!r) return GONE;
  return r.answer.ok ? { ok: true, value: refOf(r.answer.value, r.accountId) } : r.answer;
}

export const refOf = <T extends { scheduleId: string }>(x: T, accountId: AccountId): T => ({
  ...x,
  scheduleId: scheduleRef(accountId, x.scheduleId),
});
