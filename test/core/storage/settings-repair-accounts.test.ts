// A hand-edited settings file with several accounts: one bad value costs that value, never an account's schedules
// or another account. An account whose name can't be used is named by its id.
import { describe, expect, it } from 'vitest';
import { loadSettings } from '../../../electron/core/storage/settings-store';
import { MemoryFileStore } from '../support/memory-file-store';

const account = (id: string, extra: object = {}) => ({
  id,
  label: id.toUpperCase(),
  baseUrl: `https://${id}.example.com`,
  email: `me@${id}.example.com`,
  schedules: [{ id: 'sch_primary' }, { id: 'sch_secondary' }],
  ...extra,
});

async function load(file: object) {
  const files = new MemoryFileStore();
  await files.writeAtomic('settings.json', JSON.stringify(file));
  return loadSettings(files);
}

describe('settings file with several accounts, repaired value by value', () => {
  it('an unusable account name becomes its id; its schedules and the other account stay', async () => {
    const loaded = await load({ version: 2, accounts: [account('work', { label: 'x'.repeat(500) }), account('acme')] });
    expect(loaded.settings.accounts.map((a) => [a.id, a.label, a.schedules.length])).toEqual([
      ['work', 'work', 2],
      ['acme', 'ACME', 2],
    ]);
    expect(loaded.notice?.message).toContain('accounts.0 (Account name is too long: at most 40 characters.)');
  });

  it('a bad schedule of one account drops that schedule only, named down to it', async () => {
    const bad = account('acme', { schedules: [{ id: 'sch_primary' }, { id: 'nope' }] });
    const loaded = await load({ version: 2, accounts: [account('work'), bad] });
    expect(loaded.settings.accounts.map((a) => a.schedules.map((s) => s.id))).toEqual([
      ['sch_primary', 'sch_secondary'],
      ['sch_primary'],
    ]);
    expect(loaded.notice?.message).toContain('accounts.1.schedules.1 (id must look like sch_…)');
  });

  it('the same account id twice keeps the first account', async () => {
    const loaded = await load({ version: 2, accounts: [account('work'), account('work', { label: 'Other' })] });
    expect(loaded.settings.accounts.map((a) => a.label)).toEqual(['WORK']);
    expect(loaded.notice?.message).toContain('work is used twice');
  });
});
