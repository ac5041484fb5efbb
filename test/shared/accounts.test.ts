// The account helpers every surface names schedules and accounts with: refs (the main account keeps its plain ids),
// the headless key variable, the address as shown (no user info, query or fragment), a new account's id, and the
// "Work · …" naming only while there are several accounts.
import { describe, expect, it } from 'vitest';
import {
  accountIdOf,
  accountKeyVariable,
  cacheFileName,
  displayAddress,
  isRecordKeyOf,
  keychainEntries,
  MAIN_ACCOUNT_ID,
  misnamedKeyVariables,
  newAccountId,
  parseAccountId,
  parseRef,
  recordKeyPrefix,
  refParts,
  requestRef,
  sameService,
  scheduleRef,
  teamRef,
  withAccount,
} from '../../electron/shared/accounts';

describe('accounts', () => {
  it('names a schedule by its account, the main account by its plain id, and reads both back', () => {
    expect(scheduleRef(MAIN_ACCOUNT_ID, 'sch_a')).toBe('sch_a');
    expect(scheduleRef(accountIdOf('acme'), 'sch_a')).toBe('acme:sch_a');
    expect(refParts('sch_a')).toEqual({ accountId: 'main', scheduleId: 'sch_a' });
    expect(refParts('acme-eu:sch_a')).toEqual({ accountId: 'acme-eu', scheduleId: 'sch_a' });
  });

  it('names requests and teams always with their account (the main one too), and refuses a ref of no account', () => {
    const acme = accountIdOf('acme');
    expect(requestRef(MAIN_ACCOUNT_ID, 'cov_1')).toBe('main:cov_1');
    expect(requestRef(acme, 'cov_1')).not.toBe(requestRef(MAIN_ACCOUNT_ID, 'cov_1'));
    expect(teamRef(acme, 'tea:x')).toBe('acme:tea:x');
    expect(parseRef('team', teamRef(acme, 'tea:x'))).toEqual({ accountId: 'acme', id: 'tea:x' });
    expect(parseRef('request', 'cov_1')).toBeNull();
    expect(parseRef('schedule', 'sch_a')).toEqual({ accountId: 'main', id: 'sch_a' });
    expect(parseRef('schedule', 'Not An Id:sch_a')).toBeNull();
    expect(parseRef('team', 'acme:')).toBeNull();
    expect(parseAccountId('Acme')).toBeNull();
    expect(parseAccountId('a'.repeat(33))).toBeNull();
    expect(() => accountIdOf('')).toThrow();
  });

  it('keeps the main account unprefixed in the records, cache and keychain a single-service version wrote', () => {
    const acme = accountIdOf('acme');
    expect([recordKeyPrefix(MAIN_ACCOUNT_ID), recordKeyPrefix(acme)]).toEqual(['', '@acme/']);
    expect([isRecordKeyOf('start|sch_a', MAIN_ACCOUNT_ID), isRecordKeyOf('start|sch_a', acme)]).toEqual([true, false]);
    expect([isRecordKeyOf('@acme/start', MAIN_ACCOUNT_ID), isRecordKeyOf('@acme/start', acme)]).toEqual([false, true]);
    expect([cacheFileName(MAIN_ACCOUNT_ID), cacheFileName(acme)]).toEqual(['cache.json', 'cache-acme.json']);
    expect(keychainEntries(MAIN_ACCOUNT_ID, 'h.example')).toEqual({ own: 'main@h.example', legacy: 'h.example' });
    expect(keychainEntries(acme, 'h.example')).toEqual({ own: 'acme@h.example', legacy: null });
  });

  it('names a key variable no account reads, with the spelling meant when there is one', () => {
    const ids = [accountIdOf('acme'), accountIdOf('acme-eu')];
    expect(
      misnamedKeyVariables(
        ['ONCALL_API_KEY_acme', 'ONCALL_API_KEY_ACME-EU', 'ONCALL_API_KEY_ACME', 'ONCALL_API_KEY_X', 'PATH'],
        ids,
      ),
    ).toEqual([
      { name: 'ONCALL_API_KEY_acme', meant: 'ONCALL_API_KEY_ACME' },
      { name: 'ONCALL_API_KEY_ACME-EU', meant: 'ONCALL_API_KEY_ACME_EU' },
      { name: 'ONCALL_API_KEY_X', meant: null },
    ]);
  });

  it('tells the same service (address and e-mail) from another', () => {
    const work = { baseUrl: 'https://oncall.example.com/api/', email: 'Bob@example.com' };
    expect(sameService(work, { baseUrl: 'https://ONCALL.example.com/api', email: 'bob@example.com ' })).toBe(true);
    expect(sameService(work, { baseUrl: 'https://oncall.example.com/api', email: 'ann@example.com' })).toBe(false);
    expect(sameService({ baseUrl: '', email: '' }, { baseUrl: '', email: '' })).toBe(false);
    // Loopback names are one host (adv50 round 4: two names rang the alarm twice); another port is another service.
    const local = { baseUrl: 'http://127.0.0.1:8080', email: 'bob@example.com' };
    for (const other of ['http://localhost:8080', 'http://LOCALHOST:8080/', 'http://[::1]:8080'])
      expect(sameService(local, { baseUrl: other, email: 'bob@example.com' })).toBe(true);
    expect(sameService(local, { baseUrl: 'http://localhost:8081', email: 'bob@example.com' })).toBe(false);
    expect(sameService(local, { baseUrl: 'https://localhost:8080', email: 'bob@example.com' })).toBe(false);
  });

  it('gives each account its key variable, upper-cased, other characters as _', () => {
    expect(accountKeyVariable(accountIdOf('work'))).toBe('ONCALL_API_KEY_WORK');
    expect(accountKeyVariable(accountIdOf('acme-eu'))).toBe('ONCALL_API_KEY_ACME_EU');
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
