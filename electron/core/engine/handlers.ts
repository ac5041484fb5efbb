// The engine's IPC-facing handlers: one per channel of the contract (window/external ones live in adapters).
import type { AppState } from '../../shared/view-state';
import { failure, type ActionDeps } from '../actions/common';
import { overrideCreate, overrideGet, overridePreview } from '../actions/override';
import { chatGroupPut, scheduleCheck, teamUpdate } from '../actions/resources';
import { buildHandoffSummary } from '../state/handoff-summary';
import type { KeyHolder } from './keys';
import type { SettingsHolder } from './settings';
import type { EngineHandlers } from './types';

export interface HandlerParts {
  deps: ActionDeps;
  state: () => AppState;
  /** Whether there is a usable base URL and key. */
  canSync: () => boolean;
  settings: () => SettingsHolder;
  keys: KeyHolder;
}

export function engineHandlers(parts: HandlerParts): EngineHandlers {
  const { deps, keys } = parts;
  return {
    'state:get': async () => ({ ok: true, value: parts.state() }),
    'sync:refresh': async () => {
      const sync = parts.state().sync;
      if (!parts.canSync()) return failure('needs_setup', sync.kind === 'needs_setup' ? sync.message : 'Set the service address and your API key first.');
      if (deps.snapshot.get().keyRejected) return failure('key_rejected', 'The service rejected the API key. Enter a new key to resume syncing.');
      await deps.refresh({ reason: 'user', rereadShifts: true });
      return { ok: true, value: null };
    },
    'override:preview': overridePreview(deps),
    'override:create': overrideCreate(deps),
    'override:get': overrideGet(deps),
    'team:update': teamUpdate(deps),
    'chat-group:put': chatGroupPut(deps),
    'schedule:check': scheduleCheck(deps),
    'settings:update': (request) => parts.settings().update(request),
    'key:set': (request) => keys.set(request),
    'key:remove': () => keys.remove(),
    // The tray and popover run in this computer's zone, which is the one the text is written in.
    'summary:get': async () => ({
      ok: true,
      value: buildHandoffSummary(parts.state(), { nowMs: deps.clock.now(), localZone: Intl.DateTimeFormat().resolvedOptions().timeZone }),
    }),
  };
}
