import { describe, expect, it } from 'vitest';
import { applySettingsPatch, loadSettings, saveSettings } from '../../../electron/core/storage/settings-store';
import { defaultSettings, type Account } from '../../../electron/shared/settings';
import { MemoryFileStore } from '../support/memory-file-store';
import { MAIN_ACCOUNT_ID, accountIdOf } from '../../../electron/shared/accounts';

const main = (over: Partial<Account> = {}): Account => ({
  id: MAIN_ACCOUNT_ID,
  label: 'oncall.example.com',
  baseUrl: 'https://oncall.example.com',
  email: 'me@example.com',
  schedules: [],
  ...over,
});

const emails = (settings: { accounts: Account[] }) => settings.accounts.map((a) => a.email);

describe('settings store', () => {
  it('uses defaults without a notice when there is no file yet', async () => {
    const loaded = await loadSettings(new MemoryFileStore());
    expect(loaded.settings).toEqual(defaultSettings());
    expect(loaded.notice).toBeUndefined();
  });

  it('round-trips saved settings', async () => {
    const files = new MemoryFileStore();
    const settings = {
      ...defaultSettings(),
      accounts: [
        main({ schedules: [{ id: 'sch_a1', name: 'Platform' }] }),
        main({
          id: accountIdOf('acme'),
          label: 'Acme',
          baseUrl: 'https://acme.example.org',
          schedules: [{ id: 'sch_a1' }],
        }),
      ],
    };
    await saveSettings(files, settings);
    const loaded = await loadSettings(files);
    expect(loaded.settings).toEqual(settings);
    expect(loaded.migratedFrom).toBeUndefined();
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
      version: 2,
      accounts: [main({ schedules: [{ id: 'sch_a' }] })],
      theme: 'purple',
    });
    files.files.set('settings.json', original);
    const loaded = await loadSettings(files);
    expect(loaded.settings).toMatchObject({ accounts: [main({ schedules: [{ id: 'sch_a' }] })], theme: 'system' });
    expect(loaded.notice?.message).toMatch(
      /invalid and were reset to their defaults: theme \(.*\)\. Your other settings were kept\./,
    );
    expect(loaded.notice?.message).toContain('kept as /data/settings.json.bad-1');
    expect(files.files.get('settings.json.bad-1')).toBe(original);
    expect((await loadSettings(files)).notice).toBeUndefined();
    expect(emails((await loadSettings(files)).settings)).toEqual(['me@example.com']);
  });

  it('keeps aside a file with entries that are not settings (counted, never named) before they are left out (issue 52)', async () => {
    const files = new MemoryFileStore();
    // An old-format file: its upgrade is written back, which would have lost these entries silently.
    const original = JSON.stringify({ version: 1, schedules: [{ id: 'sch_a' }], accounts: 'x', 'tok\nen': 'secret' });
    files.files.set('settings.json', original);
    const loaded = await loadSettings(files);
    expect(loaded.settings.accounts.map((a) => a.schedules)).toEqual([[{ id: 'sch_a' }]]);
    expect(loaded.notice?.message).toContain('2 entries that are not settings of this app (left out)');
    expect(loaded.notice?.message).not.toMatch(/tok|secret/);
    expect(files.files.get('settings.json.bad-1')).toBe(original);
    expect((await loadSettings(files)).notice).toBeUndefined();
  });

  it('drops only the bad entry of the schedule list, and resets only the bad reminder option', async () => {
    const files = new MemoryFileStore();
    const schedules = [{ id: 'sch_a' }, { id: 'not-a-schedule' }, { id: 'sch_b' }];
    files.files.set(
      'settings.json',
      JSON.stringify({ version: 2, accounts: [main({ schedules })], reminders: { atEnd: 'yes', atStart: false } }),
    );
    const loaded = await loadSettings(files);
    expect(loaded.settings.accounts.map((a) => a.schedules)).toEqual([[{ id: 'sch_a' }, { id: 'sch_b' }]]);
    expect(loaded.settings.reminders).toMatchObject({ atStart: false, atEnd: true });
    expect(loaded.notice?.message).toContain('accounts.0.schedules.1 (id must look like sch_…)');
    expect(loaded.notice?.message).toContain('reminders.atEnd');
  });

  it('removes a schedule listed twice in a hand-edited file, keeps the first, and says which', async () => {
    const files = new MemoryFileStore();
    const schedules = [{ id: 'sch_a', name: 'Platform' }, { id: 'sch_b' }, { id: 'sch_a' }];
    files.files.set('settings.json', JSON.stringify({ version: 2, accounts: [main({ schedules })] }));
    const loaded = await loadSettings(files);
    expect(loaded.settings.accounts.map((a) => a.schedules)).toEqual([
      [{ id: 'sch_a', name: 'Platform' }, { id: 'sch_b' }],
    ]);
    expect(loaded.notice?.message).toContain('accounts.0.schedules.2 (sch_a is listed twice)');
    expect((await loadSettings(files)).notice).toBeUndefined();
  });

  it('reads a valid file saved with a UTF-8 byte-order mark, without a notice', async () => {
    const files = new MemoryFileStore();
    files.files.set(
      'settings.json',
      '\uFEFF' + JSON.stringify({ version: 2, accounts: [main({ schedules: [{ id: 'sch_a' }] })] }),
    );
    const loaded = await loadSettings(files);
    expect(loaded.notice).toBeUndefined();
    expect(loaded.settings.accounts).toEqual([main({ schedules: [{ id: 'sch_a' }] })]);
    expect(files.files.has('settings.json.bad-1')).toBe(false);
  });

  it('keeps what it can read of a file from a newer version, backed up and said (issue 34)', async () => {
    const files = new MemoryFileStore();
    files.files.set('settings.json', JSON.stringify({ version: 7, accounts: [main()] }));
    const loaded = await loadSettings(files);
    expect(loaded.notice?.message).toContain('newer version');
    expect(loaded.settings.accounts).toEqual([main()]);
    expect(files.files.has('settings.json.bad-1')).toBe(true);
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
    const upgraded = main({ schedules: [{ id: 'sch_a' }, { id: 'sch_b' }] });
    expect(loaded.settings).toMatchObject({ version: 2, accounts: [upgraded] });
    expect(loaded.settings.reminders.leadTimesMin).toEqual([1440, 15]);
    const rewritten: unknown = JSON.parse(files.files.get('settings.json') ?? '');
    expect(rewritten).toMatchObject({ version: 2, accounts: [upgraded] });
  });

  it('upgrades a single-service (v1) file to one main account named by its host, keeping every value', async () => {
    const files = new MemoryFileStore();
    const own = { leadTimesMin: [60], atStart: false, atEnd: true, coverageRequests: false, shiftChanges: true };
    const v1 = {
      version: 1,
      baseUrl: 'https://oncall.example.com',
      email: 'me@example.com',
      schedules: [
        { id: 'sch_a', name: 'Platform' },
        { id: 'sch_b', reminders: own },
      ],
      reminders: { leadTimesMin: [30], atStart: true, atEnd: false, coverageRequests: true, shiftChanges: false },
      quietHours: { enabled: true, start: '23:00', end: '06:30', days: [1, 2] },
      theme: 'dark',
      startAtLogin: true,
      horizonDays: 30,
    };
    files.files.set('settings.json', JSON.stringify(v1));
    const loaded = await loadSettings(files);
    expect(loaded.migratedFrom).toBe(1);
    expect(loaded.notice).toBeUndefined();
    const { baseUrl, email, schedules, version: _v, ...appWide } = v1;
    const expected = {
      ...defaultSettings(),
      ...appWide,
      version: 2,
      accounts: [{ id: 'main', label: 'oncall.example.com', baseUrl, email, schedules }],
    };
    expect(loaded.settings).toEqual(expected);
    // Written back as v2: the service's fields live in the account only, and the next start loads it as it is.
    const rewritten = JSON.parse(files.files.get('settings.json') ?? '') as Record<string, unknown>;
    expect(rewritten).toEqual(expected);
    expect(Object.keys(rewritten)).not.toContain('baseUrl');
    const again = await loadSettings(files);
    expect(again.migratedFrom).toBeUndefined();
    expect(again.settings).toEqual(expected);
  });

  it('upgrades a v1 file that never named a service to no account at all (onboarding still asks)', async () => {
    const files = new MemoryFileStore();
    files.files.set(
      'settings.json',
      JSON.stringify({ version: 1, baseUrl: '', email: '', schedules: [], theme: 'light' }),
    );
    const loaded = await loadSettings(files);
    expect(loaded.migratedFrom).toBe(1);
    expect(loaded.settings).toEqual({ ...defaultSettings(), theme: 'light' });
  });

  it('repairs a bad value of a v1 file after the upgrade, naming where it now lives and keeping the rest', async () => {
    const files = new MemoryFileStore();
    const original = JSON.stringify({
      version: 1,
      baseUrl: 'https://oncall.example.com',
      email: 'me@example.com',
      schedules: [{ id: 'sch_a' }, { id: 'oops' }],
    });
    files.files.set('settings.json', original);
    const loaded = await loadSettings(files);
    expect(loaded.settings.accounts).toEqual([main({ schedules: [{ id: 'sch_a' }] })]);
    expect(loaded.notice?.message).toContain('accounts.0.schedules.1 (id must look like sch_…)');
    expect(files.files.get('settings.json.bad-1')).toBe(original);
    expect(JSON.parse(files.files.get('settings.json') ?? '')).toMatchObject({
      version: 2,
      accounts: [{ id: 'main' }],
    });
  });

  it('applies a patch and rejects one that breaks a cross-field rule', () => {
    const current = defaultSettings();
    const patched = applySettingsPatch(current, { accounts: [main()] });
    expect(patched.ok && patched.value.accounts).toEqual([main()]);
    const bad = applySettingsPatch(current, {
      refresh: { idleIntervalSec: 60, nearIntervalSec: 120, nearWindowMin: 30 },
    });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.message).toContain('refresh.nearIntervalSec');
  });
});
