import { describe, expect, it } from 'vitest';
import { applySettingsPatch, loadSettings, saveSettings } from '../../../electron/core/storage/settings-store';
import { defaultSettings } from '../../../electron/shared/settings';
import { MemoryFileStore } from '../support/memory-file-store';

describe('settings store', () => {
  it('uses defaults without a notice when there is no file yet', async () => {
    const loaded = await loadSettings(new MemoryFileStore());
    expect(loaded.settings).toEqual(defaultSettings());
    expect(loaded.notice).toBeUndefined();
  });

  it('round-trips saved settings', async () => {
    const files = new MemoryFileStore();
    const settings = { ...defaultSettings(), email: 'me@example.com', schedules: [{ id: 'sch_a1', name: 'Platform' }] };
    await saveSettings(files, settings);
    expect((await loadSettings(files)).settings).toEqual(settings);
  });

  it('backs up a corrupt (non-JSON) file, uses defaults and says where the copy is', async () => {
    const files = new MemoryFileStore();
    files.files.set('settings.json', '{"version": 1, "email": "me@exa');
    const loaded = await loadSettings(files);
    expect(loaded.settings).toEqual(defaultSettings());
    expect(loaded.notice?.message).toContain('not valid JSON');
    expect(loaded.notice?.message).toContain('/data/settings.json.bad-1');
    expect(files.files.get('settings.json.bad-1')).toBe('{"version": 1, "email": "me@exa');
  });

  it('backs up a file with an invalid value and names the field', async () => {
    const files = new MemoryFileStore();
    files.files.set('settings.json', JSON.stringify({ version: 1, schedules: [{ id: 'not-a-schedule' }] }));
    const loaded = await loadSettings(files);
    expect(loaded.settings.schedules).toEqual([]);
    expect(loaded.notice?.message).toContain('schedules.0.id');
    expect(files.files.has('settings.json')).toBe(false);
  });

  it('refuses a file from a newer version rather than guessing', async () => {
    const files = new MemoryFileStore();
    files.files.set('settings.json', JSON.stringify({ version: 7, email: 'me@example.com' }));
    const loaded = await loadSettings(files);
    expect(loaded.notice?.message).toContain('newer version');
    expect(loaded.settings.email).toBe('');
  });

  it('migrates the unversioned early shape and writes the upgraded file back', async () => {
    const files = new MemoryFileStore();
    files.files.set('settings.json', JSON.stringify({ baseUrl: 'https://oncall.example.com', email: 'me@example.com', scheduleIds: ['sch_a', 'sch_b'] }));
    const loaded = await loadSettings(files);
    expect(loaded.migratedFrom).toBe(0);
    expect(loaded.notice).toBeUndefined();
    expect(loaded.settings).toMatchObject({ version: 1, baseUrl: 'https://oncall.example.com', schedules: [{ id: 'sch_a' }, { id: 'sch_b' }] });
    expect(loaded.settings.reminders.leadTimesMin).toEqual([1440, 15]);
    const rewritten: unknown = JSON.parse(files.files.get('settings.json') ?? '');
    expect(rewritten).toMatchObject({ version: 1, schedules: [{ id: 'sch_a' }, { id: 'sch_b' }] });
  });

  it('applies a patch and rejects one that breaks a cross-field rule', () => {
    const current = defaultSettings();
    const patched = applySettingsPatch(current, { email: 'me@example.com' });
    expect(patched.ok && patched.value.email).toBe('me@example.com');
    const bad = applySettingsPatch(current, { refresh: { idleIntervalSec: 60, nearIntervalSec: 120, nearWindowMin: 30 } });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.message).toContain('refresh.nearIntervalSec');
  });
});
