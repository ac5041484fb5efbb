// A settings file with values over their size limits (written by hand, or by a hostile program) is treated like
// any other file with bad values: the original is kept as a backup, each oversized value is reset, the notice
// names the field and its limit, and everything else stays. A schedule whose cached name is too long is kept
// without the name (it comes back at the next sync); only an entry whose id is too long goes.
import { describe, expect, it } from 'vitest';
import { createSettingsHolder } from '../../../electron/core/engine/settings';
import { loadSettings } from '../../../electron/core/storage/settings-store';
import { defaultSettings } from '../../../electron/shared/settings';
import { MemoryFileStore } from '../support/memory-file-store';
import { MAIN_ACCOUNT_ID } from '../../../electron/shared/accounts';

const MB = 1_000_000;

describe('settings.json with oversized values', () => {
  it('resets each one with a notice naming the field and its limit, keeps the rest and a backup', async () => {
    const files = new MemoryFileStore();
    const account = {
      id: 'main',
      label: 'Work',
      baseUrl: 'https://oncall.example.com',
      email: `${'e'.repeat(10 * MB)}@example.com`,
      schedules: [
        { id: 'sch_a', name: 'n'.repeat(100_000) },
        { id: `sch_${'i'.repeat(MB)}` },
        { id: 'sch_b', name: 'Payments' },
      ],
    };
    const original = JSON.stringify({
      version: 2,
      accounts: [account],
      globalShortcut: 'CommandOrControl+Shift+K',
      notificationTest: { at: '2'.repeat(10 * MB), seen: true },
    });
    files.files.set('settings.json', original);
    const loaded = await loadSettings(files);
    const kept = {
      id: 'main',
      label: 'Work',
      baseUrl: 'https://oncall.example.com',
      email: '',
      schedules: [{ id: 'sch_a' }, { id: 'sch_b', name: 'Payments' }],
    };
    expect(loaded.settings).toEqual({
      ...defaultSettings(),
      accounts: [kept],
      globalShortcut: 'CommandOrControl+Shift+K',
    });
    const notice = loaded.notice?.message ?? '';
    expect(notice).toContain('accounts.0 (E-mail is too long: at most 254 characters.)');
    expect(notice).toContain('accounts.0.schedules.0 (Schedule name is too long: at most 200 characters.)');
    expect(notice).toContain('accounts.0.schedules.1 (Schedule id is too long: at most 128 characters.)');
    expect(notice).toContain('notificationTest.at (Test notification time is too long: at most 40 characters.)');
    expect(notice.length).toBeLessThan(1000);
    expect(files.files.get('settings.json.bad-1')).toBe(original);
    const rewritten = files.files.get('settings.json') ?? '';
    expect(rewritten.length).toBeLessThan(2000);
    expect(JSON.parse(rewritten)).toEqual(loaded.settings);
  });
});

describe('settings:update with an oversized value, past the IPC edge', () => {
  it('is refused naming the field and its limit; nothing is written and nothing changes', async () => {
    const files = new MemoryFileStore();
    const changes: unknown[] = [];
    const holder = createSettingsHolder({
      initial: defaultSettings(),
      files,
      persist: true,
      changed: (before, after) => void changes.push([before, after]),
    });
    const answer = await holder.update({
      account: { id: MAIN_ACCOUNT_ID, schedules: [{ id: 'sch_a', name: 'n'.repeat(201) }] },
    });
    expect(answer).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(JSON.stringify(answer)).toContain('Schedule name is too long: at most 200 characters.');
    expect(files.writes).toBe(0);
    expect(changes).toEqual([]);
    expect(holder.stored()).toEqual(defaultSettings());
  });
});
