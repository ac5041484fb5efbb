// A script's or demo's address, e-mail or schedules are for one account, never "the first": with several accounts
// left they apply to none (so Work's key is never sent to an address given for Acme; `status` refuses the
// arguments first, naming the accounts), and demo data is the main account's whatever the list's order.
import { describe, expect, it } from 'vitest';
import { effectiveSettings } from '../../../electron/core/engine/settings';
import { accountIdOf, MAIN_ACCOUNT_ID } from '../../../electron/shared/accounts';
import { defaultSettings, type Account, type Settings } from '../../../electron/shared/settings';

const account = (id: string, label: string): Account => ({
  id: accountIdOf(id),
  label,
  baseUrl: `https://${id}.example.com`,
  email: `me@${id}.example.com`,
  schedules: [{ id: `sch_${id}` }],
});
const stored = (...accounts: Account[]): Settings => ({ ...defaultSettings(), accounts });
const addressOf = (s: Settings): Record<string, string> => Object.fromEntries(s.accounts.map((a) => [a.id, a.baseUrl]));

describe('overrides of a service reach one account only', () => {
  it('with two accounts and no --account, neither account takes the given address', () => {
    const s = effectiveSettings(stored(account('work', 'Work'), account('acme', 'Acme')), {
      baseUrl: 'https://elsewhere.example.com',
    });
    expect(addressOf(s)).toEqual({ work: 'https://work.example.com', acme: 'https://acme.example.com' });
  });

  it('with --account acme, Acme takes the address and Work is not watched', () => {
    const s = effectiveSettings(stored(account('work', 'Work'), account('acme', 'Acme')), {
      accountIds: ['acme'],
      baseUrl: 'https://elsewhere.example.com',
    });
    expect(addressOf(s)).toEqual({ acme: 'https://elsewhere.example.com' });
  });

  it('with one stored account, that account takes them (what a single-service script always did)', () => {
    const s = effectiveSettings(stored(account('work', 'Work')), { email: 'other@work.example.com' });
    expect(s.accounts.map((a) => [a.id, a.email])).toEqual([['work', 'other@work.example.com']]);
  });

  it('demo data is the main account’s even when another account is listed first', () => {
    const main = { ...account('main', 'Main'), id: MAIN_ACCOUNT_ID };
    const s = effectiveSettings(stored(account('work', 'Work'), main), {
      demo: true,
      baseUrl: 'http://127.0.0.1:9',
      scheduleIds: ['sch_demo'],
    });
    expect(s.accounts.map((a) => [a.id, a.label, a.baseUrl])).toEqual([['main', 'Main', 'http://127.0.0.1:9']]);
  });
});
