// The app's state over its account sessions, for the state keeper: each session's own state derived and combined
// (core/state/combine.ts), or, with no account yet, the state of an empty service, which asks for setup. It changes
// by time alone at the earliest instant any session's would.
import { MAIN_ACCOUNT_ID } from '../../shared/accounts';
import { defaultServiceSettings, serviceSettings, type Account, type Settings } from '../../shared/settings';
import type { AppState } from '../../shared/view-state';
import { emptySnapshot } from '../model/snapshot';
import type { NotificationHealthResult } from '../readiness/readiness';
import { combineStates } from '../state/combine';
import { deriveState, nextStateChangeAt } from '../state/derive';
import type { AccountSession } from './account-session';
import type { Derivation } from './state';

export interface CombinedDerivationParts {
  sessions: () => AccountSession[];
  settings: () => Settings;
  /** The app's own notices (settings file, data folder, calendar feed). */
  notices: () => AppState['notices'];
  demo: boolean;
  notificationHealth: () => NotificationHealthResult | undefined;
  localZone: () => string;
}

function unsetState(parts: CombinedDerivationParts, nowMs: number): AppState {
  const account: Account = { id: MAIN_ACCOUNT_ID, label: 'Main', baseUrl: '', email: '', schedules: [] };
  const unset = { ...defaultServiceSettings(), ...serviceSettings(parts.settings(), account) };
  const setup = { hasKey: false, keyStorage: 'none' as const, demo: parts.demo };
  const state = deriveState({ snapshot: emptySnapshot(), settings: unset, setup, syncing: false, notices: [], nowMs });
  return { ...state, accounts: [], settings: parts.settings(), notices: parts.notices() };
}

export function combinedDerivation(parts: CombinedDerivationParts): Derivation {
  return {
    derive(nowMs) {
      const list = parts.sessions();
      if (list.length === 0) return unsetState(parts, nowMs);
      const health = parts.notificationHealth();
      const pairs = list.map((s) => ({
        account: parts.settings().accounts.find((a) => a.id === s.id) ?? s.account(),
        state: deriveState({ ...s.inputs(parts.demo, health), nowMs, localZone: parts.localZone() }),
      }));
      return combineStates(pairs, parts.settings(), parts.notices());
    },
    nextChangeAt(nowMs) {
      const times = parts
        .sessions()
        .map((s) => {
          const { snapshot, settings } = s.inputs(parts.demo, undefined);
          return nextStateChangeAt(snapshot, nowMs, settings);
        })
        .filter((t): t is number => t !== null);
      return times.length === 0 ? null : Math.min(...times);
    },
  };
}
