// The settings window's state (SettingsEdit) with a fake main: changes wait until saved (dirty, discard), a bad value
// is stopped before sending, the service's problems land on their fields, and the OS's word on the shortcut shows.
import { accountIdOf } from '../../electron/shared/accounts';
import { SettingsPatchSchema } from '../../electron/shared/settings';
import { shortcutStatus } from '../../electron/shared/shortcut-words';
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
    () => new runes.subject.SettingsEdit(() => model.value, { invoke: bridge.invoke, clock }),
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
    // Said on their fields alone, as the form's own check would (the focus goes to the first): no second line.
    expect(await edit.save()).toBe('invalid');
    expect(bridge.sent('settings:update')).toMatchObject([{ accounts: [{ id: 'main', email: 'cy@example.com' }] }]);
    expect(edit.errors).toEqual({ 'account:main.email': 'Unknown e-mail.', globalShortcut: 'Taken.' });
    expect([edit.answer, edit.dirty]).toEqual([null, true]);
    edit.shortcutChanged();
    expect(edit.errors).toEqual({ 'account:main.email': 'Unknown e-mail.' });
  });

  it("a shortcut that clashes with every app's keys is said in main's words and stops the save", async () => {
    // Main's answer as main makes it (shared/shortcut-words.ts), not a copy of its words.
    const bridge = fakeBridge({
      'shortcut:status': (asked) => ({ ok: true, value: shortcutStatus(undefined, asked, false) }),
    });
    const { edit } = make(bridge);
    edit.values.globalShortcut = 'CommandOrControl+C';
    edit.shortcutChanged();
    await expect
      .poll(() => edit.conflict)
      .toBe('Ctrl+C is copy in almost every app. Add Shift or Alt, e.g. Ctrl+Shift+C.');
    expect(await edit.save()).toBe('invalid');
    expect(edit.errors).toEqual({ globalShortcut: edit.conflict });
    expect(bridge.sent('settings:update')).toEqual([]);
    // Recorded again before main answered: Save asks main first, for the shortcut it saves.
    edit.values.globalShortcut = 'Shift+K';
    expect(await edit.save()).toBe('invalid');
    expect(edit.errors.globalShortcut).toBe(
      'Shift+K would take that key from your typing in every app. Add Ctrl or Alt.',
    );
    expect(bridge.sent('settings:update')).toEqual([]);
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

describe("one account's mute and pause in Settings", () => {
  const acme = {
    id: accountIdOf('acme'),
    label: 'Acme',
    baseUrl: 'https://acme.example',
    email: '',
    schedules: [],
    pausedUntil: '2026-05-04T12:00:00Z',
  };
  const two = { ...appState().settings, accounts: [...appState().settings.accounts, acme] };
  /** The accounts of the one settings save sent, as main reads them. */
  const accountsSent = (bridge: ReturnType<typeof fakeBridge>) => {
    const sent = bridge.sent('settings:update');
    expect(sent).toHaveLength(1);
    return SettingsPatchSchema.parse(sent[0]).accounts ?? [];
  };
  const saving = () => fakeBridge({ 'settings:update': (patch) => ({ ok: true, value: { ...two, ...patch } }) });

  function opened(bridge = saving()) {
    const made = make(bridge);
    made.model.value = appState({ settings: two });
    made.edit.discard();
    return made;
  }

  it('"Mute reminders" mutes that account alone when saved, not before', async () => {
    const { edit, bridge } = opened();
    expect([edit.mutedOf('main'), edit.dirty]).toEqual([false, false]);
    edit.setMuted('main', true);
    expect([edit.mutedOf('main'), edit.mutedOf('acme'), edit.dirty]).toEqual([true, false, true]);
    expect(bridge.sent('settings:update')).toEqual([]);
    await edit.save();
    expect(accountsSent(bridge).map((a) => [a.id, a.muted === true])).toEqual([
      ['main', true],
      ['acme', false],
    ]);
  });

  it('shows the pause with its end, and "Resume" ends it when saved (other accounts untouched)', async () => {
    const { edit, bridge } = opened();
    expect(edit.pauseOf('main')).toBeUndefined();
    // 12:00 UTC in this machine's zone, as the tray says it.
    const until = new Date('2026-05-04T12:00:00Z').toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
    expect(edit.pauseOf('acme')?.until).toContain(until);
    expect(edit.pauseOf('acme')?.resumed).toBe(false);
    edit.setResume('acme', true);
    expect([edit.pauseOf('acme')?.resumed, edit.dirty]).toEqual([true, true]);
    await edit.save();
    expect(accountsSent(bridge).map((a) => [a.id, a.pausedUntil ?? null])).toEqual([
      ['main', null],
      ['acme', null],
    ]);
  });

  it('a mute or pause made in the tray while Settings is open is shown, is no unsaved change, and is kept by Save', async () => {
    const { edit, model, bridge } = opened();
    const fromTray = { ...two, accounts: two.accounts.map((a) => (a.id === 'main' ? { ...a, muted: true } : a)) };
    model.value = appState({ settings: fromTray });
    expect([edit.mutedOf('main'), edit.dirty]).toEqual([true, false]);
    edit.values.accounts[1]!.label = 'Acme EU';
    await edit.save();
    expect(accountsSent(bridge).map((a) => [a.id, a.muted === true, a.pausedUntil ?? null])).toEqual([
      ['main', true, null],
      ['acme', false, '2026-05-04T12:00:00Z'],
    ]);
  });
});
