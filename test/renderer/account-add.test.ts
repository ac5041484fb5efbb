// Adding a service through a fake main: one request (account:add) that carries what was typed (an incomplete form
// too: main checks it, see account-main-checks.test.ts), and a refusal's problems put on their fields with what was
// typed kept (main saved nothing).
import { accountIdOf } from '../../electron/shared/accounts';
import { describe, expect, it } from 'vitest';
import { fakeBridge } from './support/fake-bridge';
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

function make(bridge: ReturnType<typeof fakeBridge>) {
  const model = runes.box(appState());
  const { value } = runes.inRoot(() => new runes.subject.AddAccount(() => model.value, { invoke: bridge.invoke }));
  return value;
}

describe('add another service', () => {
  it('asks main once to check and add; a refused schedule is named on its field and what was typed stays', async () => {
    const bridge = fakeBridge({
      'account:add': () => ({
        ok: false,
        error: {
          kind: 'validation',
          message: 'Please fix: sch_missing: Not found.',
          problems: [{ field: 'schedules', message: 'sch_missing: Not found on this service.' }],
        },
      }),
    });
    const add = make(bridge);
    Object.assign(add.values, typed);
    expect(await add.submit()).toBe('failed');
    expect(bridge.calls.map((c) => c.channel)).toEqual(['account:add']);
    expect(bridge.sent('account:add')).toEqual([{ ...typed, schedules: ['sch_platform', 'sch_missing'] }]);
    expect(add.errors).toEqual({ schedules: 'sch_missing: Not found on this service.' });
    expect(add.values).toEqual(typed);
    expect(add.answer).toEqual({ ok: false, text: 'Acme was not added: fix what is marked and add again.' });
  });

  it('says it was added, and clears the form (the key too)', async () => {
    const account = {
      id: accountIdOf('acme'),
      label: 'Acme',
      baseUrl: typed.baseUrl,
      email: typed.email,
      schedules: [{ id: 'sch_platform', name: 'Platform primary' }],
    };
    const add = make(fakeBridge({ 'account:add': () => ({ ok: true, value: account }) }));
    Object.assign(add.values, { ...typed, schedules: 'sch_platform' });
    expect(await add.submit()).toBe('added');
    expect([add.added?.id, add.answer, add.values.key]).toEqual([
      'acme',
      { ok: true, text: 'Added Acme with 1 schedule.' },
      '',
    ]);
  });

  it('puts a refused key on the key field and keeps what was typed', async () => {
    const add = make(
      fakeBridge({
        'account:add': () => ({
          ok: false,
          error: {
            kind: 'validation',
            message: 'x',
            problems: [{ field: 'key', message: 'The service refused this key.' }],
          },
        }),
      }),
    );
    Object.assign(add.values, typed);
    expect(await add.submit()).toBe('failed');
    expect([add.errors, add.values.key]).toEqual([{ key: 'The service refused this key.' }, 'ocs_acme']);
  });
});
