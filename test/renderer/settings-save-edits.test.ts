// Settings: a change typed while a save is on its way is the user's newest input. The saved settings that come back
// are of the values sent: they never replace what was typed since (it used to vanish, under "Settings saved.").
import { describe, expect, it } from 'vitest';
import type { Settings } from '../../electron/shared/settings';
import { fakeBridge, later } from './support/fake-bridge';
import { loadRunes, rendererFile } from './support/runes';
import { appState } from './support/state';

const runes = await loadRunes<typeof import('../../renderer/src/lib/settings-edit.svelte')>(
  rendererFile('lib/settings-edit.svelte.ts'),
);

describe('an edit made while saving', () => {
  it('stays in the form, unsaved, when the save of the values before it is answered', async () => {
    const model = runes.box(appState());
    const answer = later<{ ok: true; value: Settings }>();
    const bridge = fakeBridge({ 'settings:update': () => answer.promise });
    const clock = { nowMs: Date.parse('2026-05-04T08:00:00Z'), locale: 'en-GB' };
    const { value: edit } = runes.inRoot(
      () => new runes.subject.SettingsEdit(() => model.value, { invoke: bridge.invoke, clock }),
    );
    // As Settings does when it opens: main is asked about the shortcut, so Save sends at once what it was pressed on.
    await edit.checkShortcut();
    const before = edit.values.horizonDays;
    edit.values.accounts[0]!.email = 'cy@example.com';
    const saving = edit.save();
    edit.values.horizonDays = before === '45' ? '60' : '45';
    const typed = edit.values.horizonDays;
    const saved = model.value.settings;
    const value = { ...saved, accounts: saved.accounts.map((a) => ({ ...a, email: 'cy@example.com' })) };
    answer.resolve({ ok: true, value });
    model.value = appState({ settings: value });
    expect(await saving).toBe('answered');
    expect([edit.answer?.text, edit.values.accounts[0]?.email, edit.values.horizonDays, edit.dirty]).toEqual([
      'Settings saved.',
      'cy@example.com',
      typed,
      true,
    ]);
  });
});
