// The engine's IPC handlers over several accounts. A request about a schedule names it by its ref (shared/accounts):
// it goes to that schedule's account's session, under the schedule's own id, and what comes back names it by its
// ref again. Keys, teams and schedule checks name their account (never "the first"). The rest is answered once for all.
import type { AppState } from '../../shared/view-state';
import { refParts } from '../../shared/accounts';
import { onceRef, sameServiceRefs } from '../handoff/plan';
import type { SessionHandlers } from './handlers';
import { failure, type Failure } from '../actions/common';
import { recheckOf } from '../actions/override-recheck';
import { overrideCheck } from '../../shared/override-check';
import { buildHandoffSummary } from '../state/handoff-summary';
import type { Clock, Notifier, SecretStore } from '../ports';
import type { ClientOptions, OncallClient } from '../../api/client-types';
import { accountAdd } from './account-add';
import type { AccountSession } from './account-session';
import { GONE, inSession, refAnswer, refOf, routesOf, type Routes } from './account-routes';
import { wordedAnswer, wordedOutcome, wordedRead } from './preview-words';
import { writeThrough, type WriteRoute } from './write-through';
import type { SettingsHolder } from './settings';
import { testNotificationHandler } from './test-notification';
import type { AccountEngineHandlers as EngineHandlers } from './types';

export interface AccountHandlerParts {
  clock: Clock;
  state: () => AppState;
  /** The sessions in the user's account order. */
  sessions: () => AccountSession[];
  settings: () => SettingsHolder;
  localZone: () => string;
  notifier: Notifier;
  /** For "Add another service": its key goes to the keychain only after the service checked out. */
  secrets: SecretStore;
  createClient?: ((options: ClientOptions) => OncallClient) | undefined;
}

const NO_ACCOUNT = failure('not_found', 'That service is not set up here (it may have been removed).');

type Handlers<C extends keyof EngineHandlers> = Pick<EngineHandlers, C>;

/**
 * The channels in groups by how a request is routed: answered once for all accounts, sent by a schedule's ref, sent
 * to the account it names, or about the app itself. Each group gets only what it needs; together they must be every
 * channel (the return type: one left out fails compilation here).
 */
export function accountHandlers(parts: AccountHandlerParts): EngineHandlers {
  const routes = routesOf(parts);
  const refreshAll = (): ReturnType<EngineHandlers['sync:refresh']> => refreshEvery(parts, routes);
  return {
    ...forAllHandlers(parts, refreshAll),
    ...byScheduleHandlers(routes, { via: (ref) => writeRef(parts, ref), held: (ref) => heldRefs(parts, ref) }, parts),
    ...byAccountHandlers(routes),
    ...appHandlers(parts),
  };
}

/** Every session refreshes; a failure is said only when all failed (named by its account when there are several). */
async function refreshEvery(parts: AccountHandlerParts, routes: Routes): ReturnType<EngineHandlers['sync:refresh']> {
  const list = parts.sessions();
  if (list.length === 0) return NO_ACCOUNT;
  const answers = await Promise.all(list.map((s) => routes.handlersOf(s)['sync:refresh'](null)));
  const failed = answers.flatMap((a, i) => (a.ok ? [] : [{ error: a.error, accountId: list[i]?.id ?? '' }]));
  if (failed.length < answers.length) return { ok: true, value: null };
  const [first] = failed;
  if (!first) return { ok: true, value: null };
  if (list.length === 1) return { ok: false, error: first.error };
  const label = parts.state().accounts.find((a) => a.id === first.accountId)?.label ?? first.accountId;
  return { ok: false, error: { ...first.error, message: `${label}: ${first.error.message}` } };
}

/** Answered once for all accounts, from the combined state. */
function forAllHandlers(
  parts: AccountHandlerParts,
  refreshAll: EngineHandlers['sync:refresh'],
): Handlers<
  'state:get' | 'sync:refresh' | 'override:check' | 'override:recheck' | 'take-over:options' | 'summary:get'
> {
  return {
    'state:get': async () => ({ ok: true, value: parts.state() }),
    // The form's values read against the combined state (me on the schedule's account, who is on call) and main's now.
    'override:check': async (request) => ({
      ok: true,
      value: overrideCheck(parts.state(), request, parts.clock.now()),
    }),
    'sync:refresh': refreshAll,
    // Refreshed first: the hint is about the schedule as the service shows it now.
    'override:recheck': async (request) => {
      const refreshed = await refreshAll(null);
      return refreshed.ok ? { ok: true, value: recheckOf(parts.state().schedules, request) } : refreshed;
    },
    // Exactly what the state shows (the tray and popover read it there), so the three never disagree; read again
    // first, so an offer ("hand back to Bob until Wed") rests on what the service holds now, never on a state from
    // before a manager's change (Bob already put back). A read that fails leaves the state as it is, said as such
    // there: options on data that is no longer fresh are not offered (state/take-over.ts).
    'take-over:options': async () => {
      await refreshAll(null);
      return {
        ok: true,
        value: parts
          .state()
          .schedules.map((s) => s.takeOverOptions ?? { scheduleId: s.id, takeOver: null, handBack: null }),
      };
    },
    // Written in the engine's zone, the one the tray and popover show times in.
    'summary:get': async () => ({
      ok: true,
      value: buildHandoffSummary(parts.state(), { nowMs: parts.clock.now(), localZone: parts.localZone() }),
    }),
  };
}

/**
 * The ref a write to this schedule goes through: a service watched by two accounts (the same address and e-mail) is
 * written once, through the first account that watches the schedule there and can write now (a key the service has
 * not rejected, no write refused with 403), so two writes of the same block through both accounts meet in one
 * session's one write path (its write lane, its in-flight sharing, its take-over runs) and are sent once; the reads
 * before the write go there too. When none can write, the one planned through (onceRef). Any other ref stays as it is.
 */
export function writeRef(parts: Pick<AccountHandlerParts, 'state' | 'sessions'>, ref: string): string {
  const state = parts.state();
  const refs = sameServiceRefs(state, ref);
  if (refs.length < 2) return ref;
  const can = (r: string): boolean => {
    const { accountId, scheduleId } = refParts(r);
    return (
      parts
        .sessions()
        .find((s) => s.id === accountId)
        ?.writable(scheduleId) === true
    );
  };
  return refs.find(can) ?? onceRef(state, ref);
}

/** The refs of this schedule's service whose writes are answered unsent now, their key's named write wait running
 *  (write-through.ts asks them after a refusal, so each wait is said). */
function heldRefs(parts: Pick<AccountHandlerParts, 'state' | 'sessions'>, ref: string): string[] {
  const refs = sameServiceRefs(parts.state(), ref);
  const session = (r: string) => parts.sessions().find((s) => s.id === refParts(r).accountId);
  return refs.length < 2 ? [] : refs.filter((r) => session(r)?.writeHeld() === true);
}

/** A write named by a ref, run through the ref it is written through, its answer naming the ref asked about. */
async function written<R extends { scheduleId: string }, T extends { scheduleId: string }>(
  routes: Routes,
  route: WriteRoute,
  request: R,
  run: (handlers: SessionHandlers, request: R) => Promise<{ ok: true; value: T } | Failure>,
): Promise<{ ok: true; value: T } | Failure> {
  const { accountId } = refParts(request.scheduleId);
  const answer = await writeThrough(routes, route, request, run);
  return answer.ok ? { ok: true, value: refOf(answer.value, accountId) } : answer;
}

/** Named by a schedule's ref: sent to its account's session, and the schedule named by its ref again in the answer. */
function byScheduleHandlers(
  routes: Routes,
  route: WriteRoute,
  parts: Pick<AccountHandlerParts, 'state' | 'clock' | 'localZone'>,
): Handlers<
  | 'override:preview'
  | 'override:candidates'
  | 'override:create'
  | 'override:get'
  | 'take-over:now'
  | 'take-over:hand-back'
  | 'chat-group:put'
> {
  return {
    'override:preview': async (request) =>
      wordedAnswer(await refAnswer(routes, request, (h, q) => h['override:preview'](q)), request, parts),
    'override:candidates': async (request) =>
      (await inSession(routes, request, (h, q) => h['override:candidates'](q)))?.answer ?? GONE,
    'override:create': async ({ localZone, scheduleName, ...request }) => {
      const a = await writeThrough(routes, route, request, (h, q) => h['override:create'](q));
      const asked = refParts(request.scheduleId).accountId;
      const named = { ...request, localZone, scheduleName };
      return a.ok && a.value.status === 'created'
        ? wordedOutcome({ ok: true, value: { ...a.value, override: refOf(a.value.override, asked) } }, named, parts)
        : a;
    },
    'override:get': async (request) =>
      wordedRead(await refAnswer(routes, request, (h, q) => h['override:get'](q)), request, parts),
    'take-over:now': (request) => written(routes, route, request, (h, q) => h['take-over:now'](q)),
    'take-over:hand-back': (request) => written(routes, route, request, (h, q) => h['take-over:hand-back'](q)),
    'chat-group:put': async (request) =>
      (await inSession(routes, request, (h, q) => h['chat-group:put'](q)))?.answer ?? GONE,
  };
}

/** Keys, teams and schedule checks name their account (never "the first"). */
function byAccountHandlers(routes: Routes): Handlers<'team:update' | 'schedule:check' | 'key:set' | 'key:remove'> {
  const { sessionFor, handlersOf } = routes;
  return {
    'team:update': async (request) => {
      const session = sessionFor(request.accountId);
      return session ? handlersOf(session)['team:update'](request) : NO_ACCOUNT;
    },
    'schedule:check': async (request) => {
      const session = sessionFor(request.accountId);
      return session ? handlersOf(session)['schedule:check'](request) : NO_ACCOUNT;
    },
    'key:set': async (request) => sessionFor(request.accountId)?.keys.set(request) ?? NO_ACCOUNT,
    'key:remove': async (request) => sessionFor(request.accountId)?.keys.remove() ?? NO_ACCOUNT,
  };
}

/** What is about the app rather than a service: settings, adding a service, the test notification. */
function appHandlers(parts: AccountHandlerParts): Handlers<'settings:update' | 'account:add' | 'readiness:test'> {
  return {
    'settings:update': (request) => parts.settings().update(request),
    'account:add': accountAdd({
      settings: parts.settings,
      secrets: parts.secrets,
      createClient: parts.createClient,
      clock: parts.clock,
      localZone: parts.localZone,
    }),
    'readiness:test': testNotificationHandler({
      clock: parts.clock,
      notifier: parts.notifier,
      settings: parts.settings,
    }),
  };
}
