// Each account's state is derived once per change of its own inputs (issue 34): a sync of Acme re-derives Acme's
// state alone, Work's is reused (counted); the combined state is the same as derived from scratch; once time alone
// changes Work's state (its data turns stale, its shift hands over) Work's is derived again.
import { describe, expect, it } from 'vitest';
import { combinedDerivation, type DerivedSession } from '../../../electron/core/engine/combined-derivation';
import type { StateInputs } from '../../../electron/core/engine/state';
import { stateEquals } from '../../../electron/core/state/change';
import { nextStateChangeAt } from '../../../electron/core/state/derive';
import { accountIdOf, type AccountId } from '../../../electron/shared/accounts';
import { defaultSettings, type Account, type Settings } from '../../../electron/shared/settings';
import { alice, bob, details, me, scheduleSnap, settingsWith, shift, snapshotOf, SETUP_OK } from '../support/fixtures';

const T0 = Date.parse('2026-03-10T10:00:00Z');
const READ = '2026-03-10T09:59:00Z';

function account(id: string, label: string): Account {
  return {
    id: accountIdOf(id),
    label,
    baseUrl: `https://${id}.example.com`,
    email: me.email,
    schedules: [{ id: 'sch_a' }],
  };
}

/** A session whose inputs the test changes: Work's and Acme's, each with its own snapshot. */
function session(a: Account) {
  const snapshot = snapshotOf([
    scheduleSnap(
      'sch_a',
      [
        shift('2026-03-10T08:00:00Z', '2026-03-10T16:00:00Z', alice),
        shift('2026-03-10T16:00:00Z', '2026-03-11T08:00:00Z', bob),
      ],
      {
        details: details('Primary', 'Europe/Berlin', [alice, bob, me]),
        detailsFetchedAt: READ,
        shiftsFetchedAt: READ,
        shiftsFrom: '2026-03-03T00:00:00Z',
        shiftsTo: '2026-03-24T00:00:00Z',
      },
    ),
  ]);
  const inputs: StateInputs = {
    snapshot,
    settings: settingsWith({ accountId: a.id, accountLabel: a.label, baseUrl: a.baseUrl, schedules: a.schedules }),
    setup: SETUP_OK,
    syncing: false,
    notices: [],
    servedFromCache: false,
  };
  const s: { current: StateInputs; session: DerivedSession } = {
    current: inputs,
    session: {
      id: a.id,
      account: () => a,
      // A fresh object each call, as the real session builds it.
      inputs: () => ({ ...s.current, setup: { ...s.current.setup } }),
    },
  };
  return s;
}

describe('each account’s state derived once per change', () => {
  it('a change in Acme re-derives Acme alone; Work’s state is reused until time alone changes it', () => {
    const work = session(account('work', 'Work'));
    const acme = session(account('acme', 'Acme'));
    const settings: Settings = { ...defaultSettings(), accounts: [work.session.account(), acme.session.account()] };
    const counts = new Map<AccountId | string, number>();
    const parts = {
      sessions: () => [work.session, acme.session],
      settings: () => settings,
      notices: () => [],
      demo: false,
      notificationHealth: () => undefined,
      localZone: () => 'Europe/Berlin',
    };
    const derivation = combinedDerivation({ ...parts, derived: (id) => counts.set(id, (counts.get(id) ?? 0) + 1) });
    derivation.derive(T0);
    expect(Object.fromEntries(counts)).toEqual({ work: 1, acme: 1 });
    // Acme starts a sync: only Acme's inputs changed.
    acme.current = { ...acme.current, syncing: true };
    const after = derivation.derive(T0 + 1_000);
    expect(Object.fromEntries(counts)).toEqual({ work: 1, acme: 2 });
    // The same as deriving everything anew (as the app compares states: Work's list of my shifts reaches as far as
    // when it was derived, a second earlier, which only makes a run's end more cautious).
    expect(stateEquals(after, combinedDerivation(parts).derive(T0 + 1_000))).toBe(true);
    // Nothing changed: nothing derived.
    derivation.derive(T0 + 2_000);
    expect(Object.fromEntries(counts)).toEqual({ work: 1, acme: 2 });
    // Time alone changes Work's state (Alice hands over to Bob at 16:00, or the data turns stale first).
    const changes = nextStateChangeAt(work.current.snapshot, T0, work.current.settings);
    expect(changes).not.toBeNull();
    const later = derivation.derive(changes!);
    expect(counts.get('work')).toBe(2);
    expect(stateEquals(later, combinedDerivation(parts).derive(changes!))).toBe(true);
  });
});
