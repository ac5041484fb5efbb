// Several accounts' states combined (issue 30): one account whose coverage list couldn't be loaded never hides the
// others' requests, and "none pending" is never said while it lasts; schedules are named by their refs; my next
// shift is the earliest over all; the sync status is the most urgent account's, named.
import { describe, expect, it } from 'vitest';
import { combineStates, type AccountState } from '../../../electron/core/state/combine';
import { accountIdOf } from '../../../electron/shared/accounts';
import { formatStatus } from '../../../electron/cli/status-format';
import { coverageIssuesText } from '../../../electron/shared/knowledge';
import type { AppState, CoverageView } from '../../../electron/shared/view-state';
import { accountView, ada, appState, schedule } from '../../renderer/support/state';

const AT = '2026-05-04T07:58:00Z';
const NOW_MS = Date.parse('2026-05-04T08:00:00Z');

function request(accountId: string): CoverageView {
  return {
    accountId: accountIdOf(accountId),
    id: 'cov_1',
    requester: ada,
    reason: 'Dentist',
    status: 'pending',
    shifts: [
      {
        start: '2026-05-05T07:00:00Z',
        end: '2026-05-05T15:00:00Z',
        scheduleId: 'sch_platform',
        scheduleName: 'Platform primary',
      },
    ],
  };
}

/** One account's own state, as its session derives it (its schedules under their own ids). */
function accountState(id: string, label: string, over: Partial<AppState> = {}): AccountState {
  const account = {
    id: accountIdOf(id),
    label,
    baseUrl: `https://${id}.example.com`,
    email: 'bob@example.com',
    schedules: [{ id: 'sch_platform' }],
  };
  const base = appState({
    accounts: [accountView({ id: accountIdOf(id), label })],
    schedules: [schedule({ accountId: accountIdOf(id) })],
  });
  return { account, state: { ...base, settings: { ...base.settings, accounts: [account] }, ...over } };
}

const settingsOf = (pairs: AccountState[]): AppState['settings'] => ({
  ...pairs[0]!.state.settings,
  accounts: pairs.map((p) => p.account),
});

describe('combining accounts', () => {
  it('an account whose requests couldn’t be loaded is named, and the other’s requests stay listed', () => {
    const work = accountState('work', 'Work', {
      coverage: {
        mine: [],
        askingMe: [request('work')],
        coveredByMe: [],
        issues: [],
        status: { kind: 'fresh', at: AT },
      },
    });
    const acme = accountState('acme', 'Acme', {
      coverage: {
        mine: [],
        askingMe: [],
        coveredByMe: [],
        issues: [],
        status: { kind: 'error', reason: 'Could not reach the on-call service. Check your connection.' },
      },
    });
    const both = combineStates([work, acme], settingsOf([work, acme]), []);
    expect(both.coverage.askingMe.map((c) => c.accountId)).toEqual(['work']);
    expect(both.coverage.status.kind).toBe('fresh');
    // The reason said whole, as the sentence it was made (issue 47: it was cut into "(… Check your connection)").
    expect(coverageIssuesText(both)).toBe(
      "Acme's requests couldn't be loaded: Could not reach the on-call service. Check your connection.",
    );
    const text = formatStatus(both, { nowMs: NOW_MS, localZone: 'Europe/Berlin' });
    expect(text).toContain("Acme's requests couldn't be loaded");
    expect(text).toMatch(/asking you \(1; Acme's list unknown\):\n {2}Ada Lovelace: Dentist — Work · Platform primary/);
    expect(text).not.toContain('none pending');
    // Schedules by their refs, the account named.
    expect(both.schedules.map((s) => s.id)).toEqual(['work:sch_platform', 'acme:sch_platform']);
  });

  it('with no account’s list known, the status says so, naming the least known account', () => {
    const failed = (id: string, label: string): AccountState => {
      const status = id === 'acme' ? { kind: 'error' as const, reason: 'Timed out.' } : { kind: 'loading' as const };
      return accountState(id, label, { coverage: { mine: [], askingMe: [], coveredByMe: [], issues: [], status } });
    };
    const both = combineStates(
      [failed('work', 'Work'), failed('acme', 'Acme')],
      settingsOf([failed('work', 'Work'), failed('acme', 'Acme')]),
      [],
    );
    expect(both.coverage.status).toEqual({ kind: 'error', reason: 'Acme: Timed out.' });
    expect(both.coverage.issues).toEqual([]);
  });

  it('an unloaded list is told as the pair’s account’s, not as the state’s first account’s', () => {
    const work = accountState('work', 'Work');
    const acme = accountState('acme', 'Acme');
    // The session's state carries no account view of its own (or another's): the pair says whose it is.
    const acmeState: AppState = {
      ...acme.state,
      accounts: [],
      coverage: { ...acme.state.coverage, status: { kind: 'error', reason: 'Timed out.' } },
    };
    const both = combineStates([work, { ...acme, state: acmeState }], settingsOf([work, acme]), []);
    expect(both.coverage.issues.map((i) => [i.accountId, i.why])).toEqual([
      ['acme', "Acme's requests couldn't be loaded: Timed out."],
    ]);
  });
  it('says where a key lives only per account: never the first account’s storage for all', () => {
    const keychain = { hasKey: true, keyStorage: 'keychain' as const, demo: false };
    const work = accountState('work', 'Work', { setup: keychain });
    const acme = accountState('acme', 'Acme', {
      setup: { ...keychain, keyStorage: 'memory' },
      accounts: [accountView({ id: accountIdOf('acme'), label: 'Acme', keyStorage: 'memory' })],
    });
    const both = combineStates([work, acme], settingsOf([work, acme]), []);
    expect(both.setup.keyStorage).toBeUndefined();
    expect(both.accounts.map((a) => [a.id, a.keyStorage])).toEqual([
      ['work', 'keychain'],
      ['acme', 'memory'],
    ]);
  });
});
