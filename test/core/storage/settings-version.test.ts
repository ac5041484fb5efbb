// Issue 34 (case 3): a settings file whose `version` is missing, unknown or newer is never read as the oldest format
// nor thrown away: it is backed up, what can be read is kept (accounts, quiet hours), and a notice says so; writing
// an upgrade back never stops the app (a data folder that can't be written runs with a notice).
import { describe, expect, it } from 'vitest';
import { loadSettings } from '../../../electron/core/storage/settings-store';
import { MemoryFileStore } from '../support/memory-file-store';
import { createHarness } from '../support/engine-harness';
import type { FileStore } from '../../../electron/core/ports';
import { serviceSeed } from '../../support/two-service-seeds';

const work = {
  id: 'work',
  label: 'Work',
  baseUrl: 'https://oncall.example.com',
  email: 'me@example.com',
  schedules: [{ id: 'sch_a' }],
};
const acme = { ...work, id: 'acme', label: 'Acme', baseUrl: 'https://acme.example.com' };
const quiet = { enabled: true, start: '22:00', end: '07:00', days: [] };

async function loaded(file: object) {
  const files = new MemoryFileStore();
  const text = JSON.stringify(file);
  files.files.set('settings.json', text);
  const result = await loadSettings(files);
  const backups = [...files.files.entries()].filter(([name]) => name.startsWith('settings.json.bad'));
  return { result, files, text, backups };
}

describe('settings files of a doubtful version', () => {
  it('accounts without a version: every account and app-wide setting kept, the file backed up, and said', async () => {
    const { result, backups, text } = await loaded({ accounts: [work, acme], quietHours: quiet });
    expect(result.settings.accounts.map((a) => a.id)).toEqual(['work', 'acme']);
    expect(result.settings.quietHours).toMatchObject({ enabled: true, start: '22:00' });
    expect(backups.map(([, t]) => t)).toEqual([text]);
    expect(result.notice?.message).toMatch(/has no version.*2 accounts and the app-wide settings were kept/);
    expect(result.notice?.message).toContain('The old file was kept as /data/settings.json.bad-1.');
  });

  it('an unknown version: read by its shape, kept, backed up, and said', async () => {
    const { result, backups } = await loaded({ version: '2.0', accounts: [work], quietHours: quiet });
    expect(result.settings.accounts.map((a) => a.id)).toEqual(['work']);
    expect(result.settings.quietHours.enabled).toBe(true);
    expect(backups).toHaveLength(1);
    expect(result.notice?.message).toContain('version ("2.0") is not one this app knows');
  });

  it('a newer version: what this version understands is kept, the original backed up, and said', async () => {
    const { result, backups, files } = await loaded({ version: 7, accounts: [work], quietHours: quiet, future: 1 });
    expect(result.settings.accounts.map((a) => a.id)).toEqual(['work']);
    expect(result.settings.quietHours.enabled).toBe(true);
    expect(backups[0]?.[1]).toContain('"future":1');
    expect(result.notice?.message).toContain('written by a newer version of the app (format 7)');
    expect(JSON.parse(files.files.get('settings.json') ?? '{}')).toMatchObject({ version: 2, accounts: [work] });
  });

  it('a single-service file without a version keeps its schedules (never read as the early shape)', async () => {
    const { result } = await loaded({ baseUrl: work.baseUrl, email: work.email, schedules: [{ id: 'sch_a' }] });
    expect(result.settings.accounts[0]?.schedules).toEqual([{ id: 'sch_a' }]);
    expect(result.notice?.message).toContain('has no version');
  });

  it('the unversioned early shape keeps its app-wide settings through the upgrade', async () => {
    const { result } = await loaded({
      baseUrl: work.baseUrl,
      email: work.email,
      scheduleIds: ['sch_a'],
      quietHours: quiet,
    });
    expect(result.settings.accounts[0]?.schedules).toEqual([{ id: 'sch_a' }]);
    expect(result.settings.quietHours.enabled).toBe(true);
    expect(result.notice).toBeUndefined();
  });
});

describe('an upgrade whose write-back fails', () => {
  it('starts the app anyway with the upgraded settings, and says the file could not be written', async () => {
    const harness = await createHarness({
      startMs: Date.parse('2026-03-04T12:00:00Z'),
      seed: serviceSeed('ocs_key_12345678', ['alice', 'bob']),
    });
    try {
      const refused = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
      const files: FileStore = {
        read: (name) => harness.files.read(name),
        writeAtomic: async () => Promise.reject(refused),
        backup: async () => Promise.reject(refused),
        remove: (name) => harness.files.remove(name),
      };
      const v1 = { version: 1, baseUrl: harness.sim.url, email: 'me@example.com', schedules: [{ id: 'sch_a' }] };
      await harness.files.writeAtomic('settings.json', JSON.stringify(v1));
      const engine = harness.engine({ files });
      await engine.start();
      const state = engine.getState();
      expect(state.settings.accounts.map((a) => [a.id, a.schedules])).toEqual([['main', [{ id: 'sch_a' }]]]);
      expect(state.notices.map((n) => n.message).join('\n')).toContain(
        'upgraded to the current format, but the upgraded file could not be written (EACCES)',
      );
      await engine.stop();
    } finally {
      await harness.close();
    }
  }, 60_000);
});
