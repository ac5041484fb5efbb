// adv49 round 6, finding 4, with two accounts: the combined sync status keeps what happened only when every account
// says it (both slow: "Not answering" / "did not answer in time"), and claims no cause when they differ (one slow, one
// refused: neither "Offline" nor "Not answering" for both). Real combineStates and status formatter.
import { describe, expect, it } from 'vitest';
import { formatStatus } from '../../../electron/cli/status-format';
import { combineStates, type AccountState } from '../../../electron/core/state/combine';
import { OFFLINE_WORDS } from '../../../electron/core/state/status';
import { accountIdOf } from '../../../electron/shared/accounts';
import type { AppState, OfflineCause } from '../../../electron/shared/view-state';
import { accountView, appState, schedule } from '../../renderer/support/state';

const NOW_MS = Date.parse('2026-05-04T08:00:00Z');

function accountState(id: string, label: string, cause: OfflineCause): AccountState {
  const account = { id: accountIdOf(id), label, baseUrl: `https://${id}.example.com`, email: 'bob@example.com' };
  const sync: AppState['sync'] = { kind: 'offline', cause, message: OFFLINE_WORDS[cause], saved: null };
  const base = appState({
    accounts: [accountView({ id: accountIdOf(id), label, sync })],
    schedules: [schedule({ accountId: accountIdOf(id) })],
    sync,
  });
  const withSchedules = { ...account, schedules: [{ id: 'sch_platform' }] };
  return { account: withSchedules, state: { ...base, settings: { ...base.settings, accounts: [withSchedules] } } };
}

function combined(a: OfflineCause, b: OfflineCause): AppState {
  const work = accountState('work', 'Work', a);
  const acme = accountState('acme', 'Acme', b);
  return combineStates([work, acme], { ...work.state.settings, accounts: [work.account, acme.account] }, []);
}

describe('two accounts that could not be read', () => {
  it('both slow: the combined status is "not answering", each named as not answering in time', () => {
    const both = combined('timeout', 'timeout');
    expect(both.sync).toMatchObject({ kind: 'offline', cause: 'timeout' });
    const text = formatStatus(both, { nowMs: NOW_MS, localZone: 'Europe/Berlin' });
    expect(text).toMatch(/Sync: not answering: Work: The service did not answer in time.*Acme: The service did not/);
    expect(text).not.toMatch(/Cannot reach|offline/i);
  });

  it('one slow, one refused: no one cause is claimed for both', () => {
    const both = combined('timeout', 'refused');
    expect(both.sync.kind === 'offline' ? both.sync.cause : 'not offline').toBeUndefined();
    const text = formatStatus(both, { nowMs: NOW_MS, localZone: 'Europe/Berlin' });
    expect(text).toMatch(/Sync: not synced: Work: The service did not answer in time.*Acme: Cannot reach the service/);
  });
});
