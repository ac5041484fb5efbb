// The app's state over its account sessions, for the state keeper: each session's own state derived and combined
// (core/state/combine.ts), or, with no account yet, the state of an empty service, which asks for setup. It changes
// by time alone at the earliest instant any session's would. Each account's state is derived once per change of
// its own inputs: a change in account B (a sync, a key) reuses A's state while A's inputs are the same and time
// alone has not changed it (the same rule the keeper keeps for the whole state).
import { MAIN_ACCOUNT_ID, schedulesToldElsewhere } from '../../shared/accounts';
import { defaultServiceSettings, serviceSettings, type Account, type Settings } from '../../shared/settings';
import type { AppState } from '../../shared/view-state';
import { emptySnapshot } from '../model/snapshot';
import type { NotificationHealthResult } from '../readiness/readiness';
import { withFixLabels } from '../readiness/fix-label';
import { withNameTails } from '../state/name-tails';
import { withAsksWords } from '../state/asks-words';
import { combineStates } from '../state/combine';
import { KEYCHAIN_WAIT } from '../state/status';
import { deriveState, nextStateChangeAt } from '../state/derive';
import type { AccountSession } from './account-session';
import type { Derivation, StateInputs } from './state';
import { minOf } from '../../shared/extremes';
import { answeredElsewhere, withoutAnswered } from './identity-elsewhere';

/** What the derivation reads of a session. */
export type DerivedSession = Pick<AccountSession, 'id' | 'account' | 'inputs'>;

export interface CombinedDerivationParts {
  sessions: () => DerivedSession[];
  settings: () => Settings;
  /** The app's own notices (settings file, data folder, calendar feed). */
  notices: () => AppState['notices'];
  /** Why the settings file can't be read, while that lasts: said instead of "add your API key" (the key may be
   *  there; the accounts that would use it are in the file). */
  settingsUnreadable?: () => string | undefined;
  /** While start-up reads the keys (engine-lifecycle.ts): with accounts named, said as starting, not "add your key". */
  starting?: () => boolean;
  demo: boolean;
  notificationHealth: () => NotificationHealthResult | undefined;
  localZone: () => string;
  /** What parts outside the accounts add (the shift-start alarm, the phone, their readiness lines). */
  decorate?: (state: AppState, nowMs: number, health: NotificationHealthResult | undefined) => AppState;
  /** Each account's own readiness checks (the shift-start alarm), judged before the accounts' are combined so one
   *  statement names every account's trouble at a start (combine.ts ReadinessJudge). */
  judgeReadiness?: (
    state: AppState,
    account: Account,
    nowMs: number,
    health: NotificationHealthResult | undefined,
  ) => AppState;
  /** Told each time an account's state is derived (not when it is reused): tests and the bench count them. */
  derived?: (accountId: string) => void;
}

function unsetState(parts: CombinedDerivationParts, nowMs: number): AppState {
  const account: Account = { id: MAIN_ACCOUNT_ID, label: 'Main', baseUrl: '', email: '', schedules: [] };
  const unset = { ...defaultServiceSettings(), ...serviceSettings(parts.settings(), account) };
  const setup = { hasKey: false, keyStorage: 'none' as const, demo: parts.demo };
  const state = deriveState({ snapshot: emptySnapshot(), settings: unset, setup, syncing: false, notices: [], nowMs });
  const unreadable = parts.settingsUnreadable?.();
  // The file's own sentences say what and where; the line that goes on says only that it can't be read.
  const clause = "Your settings file can't be read";
  const sync =
    unreadable === undefined ? state.sync : { kind: 'error' as const, message: unreadable, clause, saved: null };
  return { ...state, sync, accounts: [], settings: parts.settings(), notices: parts.notices() };
}

/** The keychain not answered yet (its password prompt may wait minutes): the key is unknown, neither there nor not.
 *  Said as an error-kind status (the problem icon; never "off call", never "add your API key"). */
function startingState(parts: CombinedDerivationParts, nowMs: number): AppState {
  const state = unsetState(parts, nowMs);
  const clause = KEYCHAIN_WAIT;
  // No saved time: whether data is saved is not read yet either (never "nothing saved").
  return { ...state, sync: { kind: 'error', message: `${clause}…`, clause } };
}

/** Everything an account's state is derived from besides the time, compared by identity (the snapshot and the
 *  settings are the same objects while they don't change). */
function inputsKey(inputs: StateInputs, zone: string): unknown[] {
  const { setup } = inputs;
  return [
    zone,
    inputs.snapshot,
    inputs.settings,
    inputs.syncing,
    inputs.servedFromCache,
    inputs.notificationHealth,
    inputs.serviceWaitUntilMs,
    inputs.serviceAskedUntilMs,
    inputs.nextTryMs,
    setup.hasKey,
    setup.keyStorage,
    setup.demo,
    setup.keyFromEnvironment,
    setup.keyVariable,
    setup.keyState,
    inputs.notices.length,
    ...inputs.notices,
  ];
}

const sameKey = (a: readonly unknown[], b: readonly unknown[]): boolean =>
  a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

interface Kept {
  key: unknown[];
  fromMs: number;
  /** When time alone changes it (a handoff, data turning stale, a service's wait ending). */
  untilMs: number;
  state: AppState;
}

/** The instant after `nowMs` at which this account's state changes by time alone, or Infinity. */
function changesAt(inputs: StateInputs, nowMs: number): number {
  const next = nextStateChangeAt(inputs.snapshot, nowMs, inputs.settings) ?? Infinity;
  const waits = [inputs.serviceWaitUntilMs, inputs.serviceAskedUntilMs].filter((w) => w !== undefined && w > nowMs);
  return Math.min(next, ...waits.map(Number));
}

export function combinedDerivation(parts: CombinedDerivationParts): Derivation {
  const kept = new Map<string, Kept>();

  function accountState(s: DerivedSession, nowMs: number, inputs: StateInputs): AppState {
    const zone = parts.localZone();
    // The rule combine.ts tells my shifts once by (the earliest account of the service tells a shared schedule).
    const told = schedulesToldElsewhere(parts.settings().accounts, s.id);
    const key = [...inputsKey(inputs, zone), [...told].sort().join('\n')];
    const last = kept.get(s.id);
    if (last && sameKey(last.key, key) && nowMs >= last.fromMs && nowMs < last.untilMs) return last.state;
    parts.derived?.(s.id);
    const state = deriveState({ ...inputs, nowMs, localZone: zone, toldElsewhere: told });
    kept.set(s.id, { key, fromMs: nowMs, untilMs: changesAt(inputs, nowMs), state });
    return state;
  }

  return {
    derive(nowMs) {
      const list = parts.sessions();
      // A removed account's state is not kept.
      for (const id of kept.keys()) if (!list.some((s) => s.id === id)) kept.delete(id);
      const health = parts.notificationHealth();
      // Every readiness check made (by the accounts, the alarm, the phone) is there once decorated: each fix worded.
      // "Asks you" worded last, over the accounts combined (core/state/asks-words.ts).
      const decorate = (state: AppState, atMs: number, h: NotificationHealthResult | undefined): AppState =>
        withAsksWords(
          withNameTails(withFixLabels(parts.decorate ? parts.decorate(state, atMs, h) : state)),
          atMs,
          parts.localZone(),
        );
      if (parts.starting?.() === true && parts.settings().accounts.length > 0)
        return decorate(startingState(parts, nowMs), nowMs, health);
      if (list.length === 0) return decorate(unsetState(parts, nowMs), nowMs, health);
      const inputs = new Map(list.map((s) => [s.id, s.inputs(parts.demo, health)]));
      const answered = answeredElsewhere(parts.settings().accounts, inputs);
      const pairs = list.map((s) => ({
        account: parts.settings().accounts.find((a) => a.id === s.id) ?? s.account(),
        state: accountState(
          s,
          nowMs,
          withoutAnswered(s.id, inputs.get(s.id) ?? s.inputs(parts.demo, health), answered),
        ),
      }));
      const judge = parts.judgeReadiness;
      const judged = judge && ((state: AppState, account: Account) => judge(state, account, nowMs, health));
      return decorate(combineStates(pairs, parts.settings(), parts.notices(), nowMs, judged), nowMs, health);
    },
    nextChangeAt(nowMs) {
      const times = parts
        .sessions()
        .map((s) => changesAt(s.inputs(parts.demo, undefined), nowMs))
        .filter((t) => t !== Infinity);
      return times.length === 0 ? null : minOf(times);
    },
  };
}
