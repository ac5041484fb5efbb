// The engine's IPC handlers over several accounts. A request about a schedule names it by its ref (shared/accounts):
// it goes to that schedule's account's session, under the schedule's own id, and what comes back names it by its
// ref again. Keys, teams and schedule checks name their account (never "the first"). The rest is answered once for all.
import { refParts, scheduleRef, type AccountId } from '../../shared/accounts';
import type { AppState } from '../../shared/view-state';
import { failure } from '../actions/common';
import { recheckOf } from '../actions/override-recheck';
import { buildHandoffSummary } from '../state/handoff-summary';
import type { Clock, Notifier, SecretStore } from '../ports';
import type { ClientOptions, OncallClient } from '../../api/client-types';
import { accountAdd } from './account-add';
import type { AccountSession } from './account-session';
import { sessionHandlers, type SessionHandlers } from './handlers';
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

export function accountHandlers(parts: AccountHandlerParts): EngineHandlers {
  // Each session's own handlers, made once per session (a creator keeps identical writes in flight sent once).
  const bySession = new WeakMap<AccountSession, SessionHandlers>();
  const handlersOf = (session: AccountSession): SessionHandlers => {
    let made = bySession.get(session);
    if (!made) {
      made = sessionHandlers({
        deps: session.deps,
        state: () => session.state(),
        canSync: () => session.canSync(),
        localZone: parts.localZone,
        otherAccounts: () =>
          parts
            .sessions()
            .filter((other) => other.id !== session.id)
            .map((other) => ({
              label: other.account().label,
              snapshot: other.deps.snapshot.get(),
              settings: other.deps.settings(),
            })),
      });
      bySession.set(session, made);
    }
    return made;
  };
  const sessionFor = (accountId: AccountId): AccountSession | undefined =>
    parts.sessions().find((s) => s.id === accountId);

  /** A schedule-scoped request: run by its account's session under the schedule's own id. */
  async function inSession<R extends { scheduleId: string }, A>(
    request: R,
    run: (handlers: SessionHandlers, request: R) => Promise<A>,
  ): Promise<{ answer: A; accountId: AccountId } | undefined> {
    const { accountId, scheduleId } = refParts(request.scheduleId);
    const session = sessionFor(accountId);
    return session ? { answer: await run(handlersOf(session), { ...request, scheduleId }), accountId } : undefined;
  }
  const GONE = failure('not_found', 'That schedule belongs to an account that is no longer set up.');
  const refOf = <T extends { scheduleId: string }>(x: T, accountId: AccountId): T => ({
    ...x,
    scheduleId: scheduleRef(accountId, x.scheduleId),
  });

  const handlers: EngineHandlers = {
    'state:get': async () => ({ ok: true, value: parts.state() }),
    'sync:refresh': async () => {
      const list = parts.sessions();
      if (list.length === 0) return NO_ACCOUNT;
      const answers = await Promise.all(list.map((s) => handlersOf(s)['sync:refresh'](null)));
      const failed = answers.flatMap((a, i) => (a.ok ? [] : [{ error: a.error, accountId: list[i]?.id ?? '' }]));
      if (failed.length < answers.length) return { ok: true, value: null };
      const [first] = failed;
      if (!first) return { ok: true, value: null };
      if (list.length === 1) return { ok: false, error: first.error };
      const label = parts.state().accounts.find((a) => a.id === first.accountId)?.label ?? first.accountId;
      return { ok: false, error: { ...first.error, message: `${label}: ${first.error.message}` } };
    },
    'override:preview': async (request) => {
      const r = await inSession(request, (h, q) => h['override:preview'](q));
      if (!r) return GONE;
      return r.answer.ok ? { ok: true, value: refOf(r.answer.value, r.accountId) } : r.answer;
    },
    'override:candidates': async (request) =>
      (await inSession(request, (h, q) => h['override:candidates'](q)))?.answer ?? GONE,
    'override:create': async (request) => {
      const r = await inSession(request, (h, q) => h['override:create'](q));
      if (!r) return GONE;
      const a = r.answer;
      return a.ok && a.value.status === 'created'
        ? { ok: true, value: { ...a.value, override: refOf(a.value.override, r.accountId) } }
        : a;
    },
    'override:get': async (request) => {
      const r = await inSession(request, (h, q) => h['override:get'](q));
      if (!r) return GONE;
      return r.answer.ok ? { ok: true, value: refOf(r.answer.value, r.accountId) } : r.answer;
    },
    // Refreshed first: the hint is about the schedule as the service shows it now.
    'override:recheck': async (request) => {
      const refreshed = await handlers['sync:refresh'](null);
      return refreshed.ok ? { ok: true, value: recheckOf(parts.state().schedules, request) } : refreshed;
    },
    'take-over:now': async (request) => {
      const r = await inSession(request, (h, q) => h['take-over:now'](q));
      if (!r) return GONE;
      return r.answer.ok ? { ok: true, value: refOf(r.answer.value, r.accountId) } : r.answer;
    },
    'take-over:hand-back': async (request) => {
      const r = await inSession(request, (h, q) => h['take-over:hand-back'](q));
      if (!r) return GONE;
      return r.answer.ok ? { ok: true, value: refOf(r.answer.value, r.accountId) } : r.answer;
    },
    // Exactly what the state shows (the tray and popover read it there), so the three never disagree.
    'take-over:options': async () => ({
      ok: true,
      value: parts
        .state()
        .schedules.map((s) => s.takeOverOptions ?? { scheduleId: s.id, takeOver: null, handBack: null }),
    }),
    'team:update': async (request) => {
      const session = sessionFor(request.accountId);
      return session ? handlersOf(session)['team:update'](request) : NO_ACCOUNT;
    },
    'chat-group:put': async (request) => (await inSession(request, (h, q) => h['chat-group:put'](q)))?.answer ?? GONE,
    'schedule:check': async (request) => {
      const session = sessionFor(request.accountId);
      return session ? handlersOf(session)['schedule:check'](request) : NO_ACCOUNT;
    },
    'settings:update': (request) => parts.settings().update(request),
    'key:set': async (request) => {
      const session = sessionFor(request.accountId);
      return session ? session.keys.set(request) : NO_ACCOUNT;
    },
    'key:remove': async (request) => {
      const session = sessionFor(request.accountId);
      return session ? session.keys.remove() : NO_ACCOUNT;
    },
    'account:add': accountAdd({ settings: parts.settings, secrets: parts.secrets, createClient: parts.createClient }),
    'readiness:test': testNotificationHandler({
      clock: parts.clock,
      notifier: parts.notifier,
      settings: parts.settings,
    }),
    // Written in the engine's zone, the one the tray and popover show times in.
    'summary:get': async () => ({
      ok: true,
      value: buildHandoffSummary(parts.state(), { nowMs: parts.clock.now(), localZone: parts.localZone() }),
    }),
  };
  return handlers;
}
