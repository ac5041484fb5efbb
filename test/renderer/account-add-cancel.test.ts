// Adding a service, cancelled while main checks it: the form starts blank next time, with no problem of the service
// that was cancelled marked on its empty fields (they used to come back in red, under "Acme was not added").
import { describe, expect, it } from 'vitest';
import type { Failure } from '../../electron/shared/failure';
import { fakeBridge, later } from './support/fake-bridge';
import { loadRunes, rendererFile } from './support/runes';
import { appState } from './support/state';

const runes = await loadRunes<typeof import('../../renderer/src/lib/account-add.svelte')>(
  rendererFile('lib/account-add.svelte.ts'),
);

describe('Cancel while a service is being checked', () => {
  it('its refusal marks nothing on the blank form', async () => {
    const answer = later<Failure>();
    const bridge = fakeBridge({ 'account:add': () => answer.promise });
    const model = runes.box(appState());
    const { value: add } = runes.inRoot(
      () => new runes.subject.AddAccount(() => model.value, { invoke: bridge.invoke }),
    );
    Object.assign(add.values, {
      label: 'Acme',
      baseUrl: 'http://127.0.0.1:4010',
      key: 'ocs_acme',
      email: 'cy@example.com',
      schedules: 'sch_platform',
    });
    const adding = add.submit();
    add.reset();
    answer.resolve({
      ok: false,
      error: { kind: 'validation', message: 'Refused.', problems: [{ field: 'key', message: 'The key was refused.' }] },
    });
    expect(await adding).toBe('failed');
    expect([add.values.label, add.errors, add.answer, add.busy]).toEqual(['', {}, null, false]);
  });
});
