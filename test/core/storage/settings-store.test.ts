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

  it('keeps the other settings when one value is invalid, names it, backs up the file and writes the repaired one', async () => {
    const files = new MemoryFileStore();
    const original = JSON.stringify({
      version: 1,
      baseUrl: 'https://oncall.example.com',
      email: 'me@example.com',
      theme: 'purple',
      schedules: [{ id: 'sch_a' }],
    });
    files.files.set('settings.json', original);
    const loaded = await loadSettings(files);
    expect(loaded.settings).toMatchObject({
      baseUrl: 'https://oncall.example.com',
      email: 'me@example.com',
      theme: 'system',
      schedules: [{ id: 'sch_a' }],
    });
    expect(loaded.notice?.message).toMatch(
      /invalid and were reset to their defaults: theme \(.*\)\. Your other settings were kept\./,
    );
    expect(loaded.notice?.message).toContain('kept as /data/settings.json.bad-1');
    expect(files.files.get('settings.json.bad-1')).toBe(original);
    expect((await loadSettings(files)).notice).toBeUndefined();
    expect((await loadSettings(files)).settings.email).toBe('me@example.com');
  });

  it('drops only the bad entry of the schedule list, and resets only the bad reminder option', async () => {
    const files = new MemoryFileStore();
    const schedules = [{ id: 'sch_a' }, { id: 'not-a-schedule' }, { id: 'sch_b' }];
    files.files.set(
      'settings.json',
      JSON.stringify({ version: 1, email: 'me@example.com', schedules, reminders: { atEnd: 'yes', atStart: false } }),
    );
    const loaded = await loadSettings(files);
    expect(loaded.settings.schedules).toEqual([{ id: 'sch_a' }, { id: 'sch_b' }]);
    expect(loaded.settings.reminders).toMatchObject({ atStart: false, atEnd: true });
    expect(loaded.notice?.message).toContain('schedules.1 (id must look like sch_…)');
    expect(loaded.notice?.message).toContain('reminders.atEnd');
  });

  it('removes a schedule listed twice in a hand-edited file, keeps the first, and says which', async () => {
    const files = new MemoryFileStore();
    const schedules = [{ id: 'sch_a', name: 'Platform' }, { id: 'sch_b' }, { id: 'sch_a' }];
    files.files.set('settings.json', JSON.stringify({ version: 1, email: 'me@example.com', schedules }));
    const loaded = await loadSettings(files);
    expect(loaded.settings.schedules).toEqual([{ id: 'sch_a', name: 'Platform' }, { id: 'sch_b' }]);
    expect(loaded.notice?.message).toContain('schedules.2 (sch_a is listed twice)');
    expect((await loadSettings(files)).notice).toBeUndefined();
  });

  it('reads a valid file saved with a UTF-8 byte-order mark, without a notice', async () => {
    const files = new MemoryFileStore();
    files.files.set(
      'settings.json',
      '\uFEFF' + JSON.stringify({ version: 1, email: 'me@example.com', schedules: [{ id: 'sch_a' }] }),
    );
    const loaded = await loadSettings(files);
    expect(loaded.notice).toBeUndefined();
    expect(loaded.settings).toMatchObject({ email: 'me@example.com', schedules: [{ id: 'sch_a' }] });
    expect(files.files.has('settings.json.bad-1')).toBe(false);
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
    files.files.set(
      'settings.json',
      JSON.stringify({
        baseUrl: 'https://oncall.example.com',
        email: 'me@example.com',
        scheduleIds: ['sch_a', 'sch_b'],
      }),
    );
    const loaded = await loadSettings(files);
    expect(loaded.migratedFrom).toBe(0);
    expect(loaded.notice).toBeUndefined();
    expect(loaded.settings).toMatchObject({
      version: 1,
      baseUrl: 'https://oncall.example.com',
      schedules: [{ id: 'sch_a' }, { id: 'sch_b' }],
    });
    expect(loaded.settings.reminders.leadTimesMin).toEqual([1440, 15]);
    const rewritten: unknown = JSON.parse(files.files.get('settings.json') ?? '');
    expect(rewritten).toMatchObject({ version: 1, schedules: [{ id: 'sch_a' }, { id: 'sch_b' }] });
  });

  it('applies a patch and rejects one that breaks a cross-field rule', () => {
    const current = defaultSettings();
    const patched = applySettingsPatch(current, { email: 'me@example.com' });
    expect(patched.ok && patched.value.email).toBe('me@example.com');
    const bad = applySettingsPatch(current, {
      refresh: { idleIntervalSec: 60, nearIntervalSec: 120, nearWindowMin: 30 },
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.message).toContain('refresh.nearIntervalSec');
  });
});
