// The account helpers every surface names schedules and accounts with: refs (the main account keeps its plain ids),
// the headless key variable, the address as shown (no user info, query or fragment), a new account's id, and the
// "Work · …" naming only while there are several accounts.
import { describe, expect, it } from 'vitest';
import {
  accountKeyVariable,
  displayAddress,
  newAccountId,
  refParts,
  scheduleRef,
  withAccount,
} from '../../electron/shared/accounts';

describe('accounts', () => {
  it('names a schedule by its account, the main account by its plain id, and reads both back', () => {
    expect(scheduleRef('main', 'sch_a')).toBe('sch_a');
    expect(scheduleRef('acme', 'sch_a')).toBe('acme:sch_a');
    expect(refParts('sch_a')).toEqual({ accountId: 'main', scheduleId: 'sch_a' });
    expect(refParts('acme-eu:sch_a')).toEqual({ accountId: 'acme-eu', scheduleId: 'sch_a' });
  });

  it('gives each account its key variable, upper-cased, other characters as _', () => {
    expect(accountKeyVariable('work')).toBe('ONCALL_API_KEY_WORK');
    expect(accountKeyVariable('acme-eu')).toBe('ONCALL_API_KEY_ACME_EU');
  });

  it('shows an address without user info, query or fragment, and says so when it is no URL', () => {
    expect(displayAddress('https://me:hunter2@oncall.example.com/api?token=x#frag')).toBe(
      'https://oncall.example.com/api',
    );
    expect(displayAddress('')).toBe('');
    expect(displayAddress('not a url')).toBe('an address that is not a URL');
  });

  it('makes a new id from the name, unique, never "main"', () => {
    expect(newAccountId('Acme EU', [])).toBe('acme-eu');
    expect(newAccountId('Acme EU', ['acme-eu'])).toBe('acme-eu-2');
    expect(newAccountId('Main', [])).toBe('main-2');
    expect(newAccountId('!!!', [])).toBe('account');
  });

  it('names the account only while there are several', () => {
    const one = { accounts: [{ id: 'work', label: 'Work' }] };
    const two = { accounts: [...one.accounts, { id: 'acme', label: 'Acme' }] };
    expect(withAccount(one, 'work', 'Platform')).toBe('Platform');
    expect(withAccount(two, 'acme', 'Platform')).toBe('Acme · Platform');
  });
});
