// Adding a service through a fake main: the order the engine needs (account, key, schedule checks, schedules),
// what was typed kept on a failure with the field at fault named, and a retry that does not add the account twice.
import { describe, expect, it } from 'vitest';
import type { Settings } from '../../electron/shared/settings';
import { fakeBridge, type FakeBridge } from './support/fake-bridge';
import { loadRunes, rendererFile } from './support/runes';
import { appState } from './support/state';

const runes = await loadRunes<typeof import('../../renderer/src/lib/account-add.svelte')>(
  rendererFile('lib/account-add.svelte.ts'),
);

const typed = {
  label: 'Acme',
  baseUrl: 'http://127.0.0.1:4010',
  key: 'ocs_acme',
  email: 'cy@example.com',
  schedules: 'sch_platform sch_missing',
};

/** A main that saves what it is sent and knows one schedule (sch_platform) on the new service. */
function main(): FakeBridge & { settings: () => Settings } {
  let settings = appState().settings;
  const bridge = fakeBridge({
    'settings:update': (patch) => {
      if (patch.accounts) settings = { ...settings, accounts: patch.accounts };
      const change = patch.account;
      if (change)
        settings = {
          ...settings,
          accounts: settings.accounts.map((a) => (a.id === change.id ? { ...a, ...change } : a)),
        };
      return { ok: true, value: settings };
    },
    'key:set': () => ({ ok: true, value: { storage: 'keychain' } }),
    'schedule:check': ({ input }) =>
      input === 'sch_platform'
        ? { ok: true, value: { id: input, name: 'Platform primary', timeZone: 'Europe/Berlin' } }
        : { ok: false, error: { kind: 'not_found', message: 'Not found on this service.' } },
  });
  return { ...bridge, settings: () => settings };
}

function make(bridge: ReturnType<typeof main>) {
  const model = runes.box(appState());
  const { value } = runes.inRoot(() => new runes.subject.AddAccount(() => model.value, { invoke: bridge.invoke }));
  return { add: value, model };
}

describe('add another service', () => {
  it('saves the account, then its key, then checks each schedule on it; a missing one keeps the form', async () => {
    const bridge = main();
    const { add, model } = make(bridge);
    Object.assign(add.values, typed);
    expect(await add.submit()).toBe('failed');
    expect(bridge.calls.map((c) => c.channel)).toEqual([
      'settings:update',
      'key:set',
      'schedule:check',
      'schedule:check',
    ]);
    expect(bridge.sent('settings:update')[0]).toEqual({
      accounts: [
        ...appState().settings.accounts,
        { id: 'acme', label: 'Acme', baseUrl: typed.baseUrl, email: typed.email, schedules: [] },
      ],
    });
    expect(bridge.sent('key:set')).toEqual([{ accountId: 'acme', key: 'ocs_acme' }]);
    expect(bridge.sent('schedule:check')).toEqual([
      { accountId: 'acme', input: 'sch_platform' },
      { accountId: 'acme', input: 'sch_missing' },
    ]);
    expect(add.errors).toEqual({ schedules: 'sch_missing: Not found on this service.' });
    expect(add.values).toEqual(typed);
    expect(add.answer).toEqual({
      ok: false,
      text: 'Acme is saved, but not its schedules yet: fix them and add again.',
    });

    // Fixed and sent again: the saved account is updated, not added a second time.
    model.value = appState({ settings: bridge.settings() });
    add.values.schedules = 'sch_platform';
    expect(await add.submit()).toBe('added');
    const updates = bridge.sent('settings:update').slice(1);
    expect(updates).toEqual([
      { account: { id: 'acme', label: 'Acme', baseUrl: typed.baseUrl, email: typed.email } },
      { account: { id: 'acme', schedules: [{ id: 'sch_platform', name: 'Platform primary' }] } },
    ]);
    expect(bridge.settings().accounts.map((a) => a.id)).toEqual(['main', 'acme']);
    expect([add.added?.id, add.answer, add.values.key]).toEqual([
      'acme',
      { ok: true, text: 'Added Acme with 1 schedule.' },
      '',
    ]);
  });

  it('stops an incomplete form before sending anything', async () => {
    const bridge = main();
    const { add } = make(bridge);
    Object.assign(add.values, { ...typed, key: '' });
    expect(await add.submit()).toBe('invalid');
    expect([Object.keys(add.errors), bridge.calls]).toEqual([['key'], []]);
  });

  it('puts a refused key on the key field and keeps what was typed', async () => {
    const bridge = main();
    const refusing = fakeBridge({
      'settings:update': (p) => bridge.invoke('settings:update', p),
      'key:set': () => ({ ok: false, error: { kind: 'keychain', message: 'The keychain is locked.' } }),
    });
    const { add } = make({ ...refusing, settings: bridge.settings });
    Object.assign(add.values, typed);
    expect(await add.submit()).toBe('failed');
    expect([add.errors, add.values.key]).toEqual([{ key: 'The keychain is locked.' }, 'ocs_acme']);
  });
});
