// The settings window's state (SettingsEdit) with a fake main: changes wait until saved (dirty, discard), a bad value
// is stopped before sending, the service's problems land on their fields, and the OS's word on the shortcut shows.
import { accountIdOf } from '../../electron/shared/accounts';
import { describe, expect, it } from 'vitest';
import { fakeBridge } from './support/fake-bridge';
import { loadRunes, rendererFile } from './support/runes';
import { appState, mainSettings } from './support/state';

const runes = await loadRunes<typeof import('../../renderer/src/lib/settings-edit.svelte')>(
  rendererFile('lib/settings-edit.svelte.ts'),
);

function make(bridge = fakeBridge({})) {
  const model = runes.box(appState());
  const clock = { nowMs: Date.parse('2026-05-04T08:00:00Z'), locale: 'en-GB' };
  const { value } = runes.inRoot(
    () => new runes.subject.SettingsEdit(() => model.value, { invoke: bridge.invoke, clock, mac: false }),
  );
  return { edit: value, model, bridge };
}

describe('settings', () => {
  it('a change is unsaved until saved; Discard puts the saved settings back', () => {
    const { edit } = make();
    expect(edit.dirty).toBe(false);
    edit.values.accounts[0]!.email = 'cy@example.com';
    expect(edit.dirty).toBe(true);
    edit.discard();
    expect([edit.dirty, edit.values.accounts[0]?.email]).toEqual([false, 'bob@example.com']);
  });

  it('stops a bad address before sending, and says which field', async () => {
    const { edit, bridge } = make();
    edit.values.accounts[0]!.baseUrl = 'not an address';
    expect(await edit.save()).toBe('invalid');
    expect(Object.keys(edit.errors)).toEqual(['account:main.baseUrl']);
    expect(edit.problemId('other')).toBeUndefined();
    expect(bridge.calls).toEqual([]);
  });

  it("puts the service's problems on their fields and keeps the edit; a shortcut change clears its own", async () => {
    const bridge = fakeBridge({
      'settings:update': () => ({
        ok: false,
        error: {
          kind: 'validation',
          message: 'Not saved.',
          problems: [
            { field: 'accounts.0.email', message: 'Unknown e-mail.' },
            { field: 'globalShortcut', message: 'Taken.' },
          ],
        },
      }),
    });
    const { edit } = make(bridge);
    edit.values.accounts[0]!.email = 'cy@example.com';
    expect(await edit.save()).toBe('answered');
    expect(bridge.sent('settings:update')).toMatchObject([{ accounts: [{ id: 'main', email: 'cy@example.com' }] }]);
    expect(edit.errors).toEqual({ 'account:main.email': 'Unknown e-mail.', globalShortcut: 'Taken.' });
    expect([edit.answer, edit.dirty]).toEqual([{ ok: false, text: 'Not saved.' }, true]);
    edit.shortcutChanged();
    expect(edit.errors).toEqual({ 'account:main.email': 'Unknown e-mail.' });
  });

  it('saved: the answer becomes the form, and the shortcut refused by the OS is said', async () => {
    const saved = mainSettings({ email: 'cy@example.com' });
    const bridge = fakeBridge({
      'settings:update': () => ({ ok: true, value: saved }),
      'shortcut:status': () => ({ ok: true, value: { problem: 'In use by another app.' } }),
    });
    const { edit, model } = make(bridge);
    edit.values.accounts[0]!.email = 'cy@example.com';
    await edit.save();
    model.value = appState({ settings: saved });
    expect([edit.answer, edit.dirty, edit.shortcutUnavailable]).toEqual([
      { ok: true, text: 'Settings saved.' },
      false,
      true,
    ]);
  });

  it('moves a service up and down (saved with the rest), and removes one at once, keeping the others’ edits', async () => {
    const base = appState().settings;
    const acme = { id: accountIdOf('acme'), label: 'Acme', baseUrl: 'https://acme.example', email: '', schedules: [] };
    const two = { ...base, accounts: [...base.accounts, acme] };
    const bridge = fakeBridge({
      'settings:update': (patch) => ({ ok: true, value: { ...two, accounts: patch.accounts ?? two.accounts } }),
    });
    const { edit, model } = make(bridge);
    model.value = appState({ settings: two });
    edit.discard();
    edit.move('acme', -1);
    expect([edit.values.accounts.map((a) => a.id), edit.dirty]).toEqual([['acme', 'main'], true]);
    edit.move('acme', -1); // already first: nothing moves
    expect(edit.values.accounts.map((a) => a.id)).toEqual(['acme', 'main']);
    edit.values.accounts[1]!.email = 'cy@example.com'; // an unsaved edit of the service that stays
    expect(await edit.remove('acme')).toBe(true);
    // The list sent is the saved one without Acme: the unsaved e-mail is not slipped in, and stays here unsaved.
    expect(bridge.sent('settings:update')).toEqual([{ accounts: base.accounts }]);
    expect(edit.values.accounts.map((a) => [a.id, a.email])).toEqual([['main', 'cy@example.com']]);
    expect(edit.removal).toEqual({ ok: true, text: 'Removed Acme: its key and saved data are deleted.' });
  });
});
