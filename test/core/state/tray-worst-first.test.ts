// Adversarial round 11 (issue 49), F2: the tray listed the accounts' problems in account order ("Work: Couldn't read
// some shifts…" before "Acme: The service rejected the API key…"), so the "N more problems" fold, which keeps the
// first, could bury a rejected key. Now the tray orders them as the popover does: a rejected key, then what failed,
// then offline, then a part unread; each with its own fix.
import { describe, expect, it } from 'vitest';
import { buildTrayMenu, type TrayMenuItem } from '../../../electron/core/state/tray-menu';
import { accountIdOf, scheduleRef } from '../../../electron/shared/accounts';
import type { AppState, SyncStatus } from '../../../electron/shared/view-state';
import { accountView, appState, schedule } from '../../renderer/support/state';
import { errorSync, partialSync } from '../../support/sync-status';

const NOW = Date.parse('2026-05-04T08:00:00Z');
const ACCOUNTS = [
  ['work', 'Work'],
  ['acme', 'Acme'],
  ['beta', 'Beta'],
  ['gamma', 'Gamma'],
] as const;

function accounts(syncs: readonly SyncStatus[]): AppState {
  const base = appState();
  const all = ACCOUNTS.slice(0, syncs.length);
  return {
    ...base,
    sync: partialSync('Some accounts could not be read', null),
    settings: {
      ...base.settings,
      accounts: all.map(([id, label]) => ({
        id: accountIdOf(id),
        label,
        baseUrl: `https://${id}.example.com`,
        email: 'bob@example.com',
        schedules: [{ id: 'sch_0' }],
        pausedUntil: null,
      })),
    },
    accounts: all.map(([id, label], i) =>
      accountView({
        id: accountIdOf(id),
        label,
        address: `https://${id}.example.com`,
        sync: syncs[i] ?? { kind: 'ok' },
      }),
    ),
    schedules: all.map(([id]) =>
      schedule({ id: scheduleRef(accountIdOf(id), 'sch_0'), scheduleId: 'sch_0', accountId: accountIdOf(id) }),
    ),
  };
}

const rejected: SyncStatus = {
  kind: 'key_rejected',
  message: 'The service rejected the API key. Enter a new key in Settings to resume syncing.',
};
const offline: SyncStatus = { kind: 'offline', message: 'Cannot reach the service.', saved: null };
const holes = partialSync("Couldn't read some shifts of Database", null);
const failed = errorSync('The service answered with an error', null);

/** The problem items at the top level, "Account: …", in the order shown. */
const problemLabels = (items: readonly TrayMenuItem[]): string[] =>
  items.flatMap((i) =>
    (i.type === 'action' || i.type === 'label') && /^(Work|Acme|Beta|Gamma): /.test(i.label) ? [i.label] : [],
  );

describe('the tray says the worst problem first, as the popover does', () => {
  it('a hole in Work, a rejected key in Acme, a failed read in Beta, Gamma offline: key, failed, offline, hole', () => {
    const menu = buildTrayMenu(accounts([holes, rejected, failed, offline]), NOW, 'Europe/Berlin', { locale: 'en-GB' });
    expect(problemLabels(menu).map((l) => l.split(':')[0])).toEqual(['Acme', 'Beta', 'Gamma', 'Work']);
    const key = menu.find((i) => i.type === 'action' && i.label.startsWith('Acme: The service rejected'));
    expect(key && key.type === 'action' ? key.action : undefined).toBe('open-settings');
  });

  it('with other problems (shortcut, login, two holes), the rejected key is the first problem at the top level', () => {
    const menu = buildTrayMenu(accounts([holes, holes, rejected]), NOW, 'Europe/Berlin', {
      locale: 'en-GB',
      shortcutProblem: 'Shortcut Alt+O is unavailable',
      loginProblem: 'Start at login waits for approval in System Settings',
    });
    const top = menu.filter((i) => i.type !== 'separator');
    const said = top.map((i) => ('label' in i ? i.label : '')).join('\n');
    const first = problemLabels(top)[0];
    expect(first, said).toMatch(/^Beta: The service rejected/);
  });
});
