// One account session's handlers: only the channels that act on one service (its sync, overrides, take-over, team,
// chat group, schedule check). The router (account-handlers.ts) is the one implementation of every other channel
// (the state, settings, keys by account, the hand-off text, the test notification) and sends these to the session
// of the account a request names.
import type { AppState } from '../../shared/view-state';
import { failure, notSetUp, type ActionDeps } from '../actions/common';
import { overrideCreate, overrideCreator } from '../actions/override';
import { overrideCandidates, overrideGet, overridePreview } from '../actions/override-read';
import { chatGroupPut, scheduleCheck, teamUpdate } from '../actions/resources';
import { takeOverHandBack, takeOverNow } from '../actions/take-over';
import type { TakeOverDeps } from '../actions/take-over-write';
import type { Snapshot } from '../model/snapshot';
import type { OtherAccountRead } from '../state/candidate-presence';
import { serviceWaitWords, type ServiceWait } from '../state/wait-words';
import type { SyncLoop } from '../sync/types';
import type { DoubtFile, DoubtPool } from '../actions/override-again';
import type { EngineHandlers } from './types';

/** The channels a session serves. */
export type SessionChannel =
  | 'sync:refresh'
  | 'override:preview'
  | 'override:candidates'
  | 'override:create'
  | 'override:get'
  | 'take-over:now'
  | 'take-over:hand-back'
  | 'team:update'
  | 'chat-group:put'
  | 'schedule:check';
export type SessionHandlers = Pick<EngineHandlers, SessionChannel>;

export interface HandlerParts {
  deps: ActionDeps;
  /** This account's own state. */
  state: () => AppState;
  /** Whether there is a usable base URL and key. */
  canSync: () => boolean;
  /** The engine's local zone (read at each answer): the one the tray and popover are read in. */
  localZone: () => string;
  /** The other accounts' reads (who could cover is free only if free on every account). */
  otherAccounts: () => readonly OtherAccountRead[];
  /** Where a lost answer's doubt is kept across a restart (lost-answer-store.ts). */
  lostAnswers?: DoubtFile;
  /** The lost-answer records of the service this account writes to, shared by its accounts there (adv48 r12 #2). */
  doubtPool?: () => DoubtPool;
  /** The snapshot with the service's other accounts' own-write records added (state/service-writes.ts). */
  serviceWrites?: (snap: Snapshot) => Snapshot;
}

/**
 * "Refresh now" while a wait the service asked for (Retry-After) runs: nothing was sent, and this says until when,
 * to the minute it is over by (rounded up, so a click at the time shown is allowed).
 */
function serviceWait(answer: { untilMs: number; askedUntilMs?: number }, nowMs: number, localZone: string) {
  // The wait as every surface says it: the service's ask as its own, the app's next try (here: when the refresh
  // runs) as the app's; a wait of its own only (a source's) is said as the app's.
  const ask = { askedUntilMs: answer.askedUntilMs, appUntilMs: answer.untilMs, nextTryMs: answer.untilMs };
  const words = serviceWaitWords(ask, nowMs, localZone) ?? 'The app asks the service again shortly';
  return failure('service_wait', `${words}, so nothing was sent. The app refreshes by itself then.`);
}

/** What the status says setup is missing, if it says so. */
const setupMessageOf = (state: AppState): string | undefined =>
  state.sync.kind === 'needs_setup' ? state.sync.message : undefined;

/** The account's wait as the state says it (account-session.ts inputsOf): the app's own, the service's ask, the
 *  app's next try; undefined while none lasts. */
export function serviceWaitOf(sync: Pick<SyncLoop, 'serviceWaitUntilMs' | 'serviceAsked'>): ServiceWait | undefined {
  const own = sync.serviceWaitUntilMs();
  const asked = sync.serviceAsked();
  if (own === null && asked === null) return undefined;
  return { appUntilMs: own ?? undefined, askedUntilMs: asked?.untilMs, nextTryMs: asked?.nextTryMs };
}

export function sessionHandlers(parts: HandlerParts): SessionHandlers {
  // The late-own watch and the write records are the service's, whichever of its keys wrote (adv48 r44 #1).
  // Forms state what the glance states: each schedule's basis and what setup is missing are the state's own.
  const statusOf = (id: string) => parts.state().schedules.find((s) => s.id === id)?.status;
  const deps: ActionDeps = {
    ...parts.deps,
    ...(parts.serviceWrites ? { serviceWrites: parts.serviceWrites } : {}),
    statusOf,
    setupMessage: () => setupMessageOf(parts.state()),
  };
  // One creator for quick overrides and take-overs alike, so an identical create in flight is sent once.
  const create = overrideCreator(deps, parts.lostAnswers, parts.doubtPool);
  const takeOverDeps: TakeOverDeps = {
    ...deps,
    create,
    statusOf,
    localZone: () => parts.localZone(),
  };
  return {
    'sync:refresh': async () => {
      if (!parts.canSync()) return notSetUp(deps);
      if (deps.snapshot.get().keyRejected)
        return failure('key_rejected', 'The service rejected the API key. Enter a new key to resume syncing.');
      const answer = await deps.refresh({ reason: 'user', rereadShifts: true });
      if (answer && answer.kind === 'held') return serviceWait(answer, deps.clock.now(), parts.localZone());
      return { ok: true, value: null };
    },
    'override:preview': overridePreview(deps),
    'override:candidates': overrideCandidates(deps, parts.otherAccounts, () => parts.localZone()),
    'override:create': overrideCreate(deps, create),
    'override:get': overrideGet(deps),
    'take-over:now': takeOverNow(takeOverDeps),
    'take-over:hand-back': takeOverHandBack(takeOverDeps),
    'team:update': teamUpdate(deps),
    'chat-group:put': chatGroupPut(deps),
    'schedule:check': scheduleCheck(deps),
  };
}
