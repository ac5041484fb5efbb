// `status` says which account's reminders are muted or paused (and until when), beside its sync; a single service
// muted or paused says so on a line of its own. A pause that has ended is no longer said.
import { describe, expect, it } from 'vitest';
import { formatStatus } from '../../electron/cli/status-format';
import { accountIdOf } from '../../electron/shared/accounts';
import type { AppState } from '../../electron/shared/view-state';
import { accountView, appState } from '../renderer/support/state';

const NOW = Date.parse('2026-05-04T08:00:00Z'); // 10:00 Berlin
const o = { nowMs: NOW, localZone: 'Europe/Berlin' };

function twoAccounts(acme: object): AppState {
  const base = appState();
  const account = (id: string, label: string, over: object = {}) => ({
    id: accountIdOf(id),
    label,
    baseUrl: `https://${id}.example.com`,
    email: 'bob@example.com',
    schedules: [],
    ...over,
  });
  return {
    ...base,
    settings: { ...base.settings, accounts: [account('work', 'Work'), account('acme', 'Acme', acme)] },
    accounts: [
      accountView({ id: accountIdOf('work'), label: 'Work', address: 'https://work.example.com' }),
      accountView({ id: accountIdOf('acme'), label: 'Acme', address: 'https://acme.example.com' }),
    ],
  };
}

describe('status says an account’s reminders are muted or paused', () => {
  it('paused until 12:00: on its line, with the time; the other account’s line says nothing of it', () => {
    const text = formatStatus(twoAccounts({ pausedUntil: '2026-05-04T10:00:00Z' }), o);
    expect(text).toContain('  Acme (acme, https://acme.example.com) — ok · reminders paused until 12:00');
    expect(text).toContain('  Work (work, https://work.example.com) — ok\n');
  });

  it('muted: said; a pause already over: not said', () => {
    expect(formatStatus(twoAccounts({ muted: true }), o)).toContain('— ok · reminders muted');
    expect(formatStatus(twoAccounts({ pausedUntil: '2026-05-04T07:59:00Z' }), o)).not.toContain('paused');
  });

  it('a single service paused: a line of its own', () => {
    const base = appState();
    const settings = {
      ...base.settings,
      accounts: base.settings.accounts.map((a) => ({ ...a, pausedUntil: '2026-05-04T10:00:00Z' })),
    };
    expect(formatStatus({ ...base, settings }, o)).toMatch(/^Reminders paused until 12:00$/m);
  });
});
