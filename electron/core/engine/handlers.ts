// The engine's IPC-facing handlers: one per `handler: 'engine'` channel of the contract (main answers the others).
import { formatDayTime } from '../../shared/format';
import type { AppState } from '../../shared/view-state';
import { failure, type ActionDeps } from '../actions/common';
import { overrideCandidates, overrideCreate, overrideCreator, overrideGet, overridePreview } from '../actions/override';
import { chatGroupPut, scheduleCheck, teamUpdate } from '../actions/resources';
import { takeOverHandBack, takeOverNow, type TakeOverDeps } from '../actions/take-over';
import { buildHandoffSummary } from '../state/handoff-summary';
import type { KeyHolder } from './keys';
import type { SettingsHolder } from './settings';
import type { SessionHandlers } from './types';
import type { Notifier } from '../ports';
import { testNotificationHandler } from './test-notification';

export interface HandlerParts {
  deps: ActionDeps;
  state: () => AppState;
  /** Whether there is a usable base URL and key. */
  canSync: () => boolean;
  settings: () => SettingsHolder;
  keys: KeyHolder;
  /** The engine's local zone (read at each answer): the one the tray and popover are read in, see summary:get. */
  localZone: () => string;
  notifier: Notifier;
}

/**
 * "Refresh now" while a wait the service asked for (Retry-After) runs: nothing was sent, and this says until when,
 * to the minute it is over by (rounded up, so a click at the time shown is allowed).
 */
function serviceWait(untilMs: number, nowMs: number, localZone: string) {
  const until = formatDayTime(Math.ceil(untilMs / 60_000) * 60_000, { nowMs, localZone });
  return failure(
    'service_wait',
    `The service asked to wait until ${until}, so nothing was sent. The app refreshes by itself then.`,
  );
}

export function engineHandlers(parts: HandlerParts): SessionHandlers {
  const { deps, keys } = parts;
  // One creator for quick overrides and take-overs alike, so an identical create in flight is sent once.
  const create = overrideCreator(deps);
  const takeOverDeps: TakeOverDeps = {
    ...deps,
    create,
    statusOf: (id) => parts.state().schedules.find((s) => s.id === id)?.status,
  };
  return {
    'state:get': async () => ({ ok: true, value: parts.state() }),
    'sync:refresh': async () => {
      const sync = parts.state().sync;
      if (!parts.canSync())
        return failure(
          'needs_setup',
          sync.kind === 'needs_setup' ? sync.message : 'Set the service address and your API key first.',
        );
      if (deps.snapshot.get().keyRejected)
        return failure('key_rejected', 'The service rejected the API key. Enter a new key to resume syncing.');
      const answer = await deps.refresh({ reason: 'user', rereadShifts: true });
      if (answer && answer.kind === 'held') return serviceWait(answer.untilMs, deps.clock.now(), parts.localZone());
      return { ok: true, value: null };
    },
    'override:preview': overridePreview(deps),
    'override:candidates': overrideCandidates(deps),
    'override:create': overrideCreate(deps, create),
    'override:get': overrideGet(deps),
    'take-over:now': takeOverNow(takeOverDeps),
    'take-over:hand-back': takeOverHandBack(takeOverDeps),
    // Exactly what the state shows (the tray and popover read it there), so the three never disagree.
    'take-over:options': async () => ({
      ok: true,
      value: parts
        .state()
        .schedules.map((s) => s.takeOverOptions ?? { scheduleId: s.id, takeOver: null, handBack: null }),
    }),
    'team:update': teamUpdate(deps),
    'chat-group:put': chatGroupPut(deps),
    'schedule:check': scheduleCheck(deps),
    'settings:update': (request) => parts.settings().update(request),
    'key:set': (request) => keys.set(request),
    'key:remove': () => keys.remove(),
    'readiness:test': testNotificationHandler({
      clock: deps.clock,
      notifier: parts.notifier,
      settings: parts.settings,
    }),
    // Written in the engine's zone, the one the tray and popover show times in.
    'summary:get': async () => ({
      ok: true,
      value: buildHandoffSummary(parts.state(), { nowMs: deps.clock.now(), localZone: parts.localZone() }),
    }),
  };
}
