// settings.json's record of the test notification's answer (notificationTest) is a claim (issue 52, adv52 r59 #1):
// dated ahead of the clock, it was never given this week, so it is dropped on load, said once in the settings
// notice, and the original file kept aside; a real answer, or one a clock step ahead, is kept without a word.
import { describe, expect, it } from 'vitest';
import { loadSettings, saveSettings } from '../../../electron/core/storage/settings-store';
import { defaultSettings, type NotificationTest } from '../../../electron/shared/settings';
import { MemoryFileStore } from '../support/memory-file-store';
import { ms } from '../support/fixtures';

const NOW = ms('2026-03-28T06:00:00Z');

async function stored(test: NotificationTest) {
  const files = new MemoryFileStore();
  await saveSettings(files, { ...defaultSettings(), startAtLogin: true, notificationTest: test });
  return files;
}

describe('the test notification answer read back from settings.json', () => {
  it.each([
    ['seen, dated 2099', { at: '2099-01-01T00:00:00Z', seen: true }],
    ["didn't appear, dated tomorrow", { at: '2026-03-29T06:00:00.000Z', seen: false }],
    ['sent, dated two minutes ahead', { at: '2026-03-28T06:02:00.000Z', seen: null }],
    ['dated before the app existed', { at: '1999-12-31T00:00:00Z', seen: true }],
    ['a time the app does not write', { at: 'yesterday', seen: true }],
  ])('%s: dropped, said once, the original kept aside', async (_, test) => {
    const files = await stored(test);
    const original = files.files.get('settings.json');
    const loaded = await loadSettings(files, NOW);
    expect(loaded.settings.notificationTest).toBeNull();
    // The rest of the file is kept.
    expect(loaded.settings.startAtLogin).toBe(true);
    expect(loaded.notice?.message).toContain(
      "notificationTest (a test notification answered at a time that can't be true)",
    );
    expect(loaded.notice?.message).toContain('The old file was kept as /data/settings.json.bad-1.');
    expect(files.files.get('settings.json.bad-1')).toBe(original);
    // Written back without it: the next start says nothing more.
    const again = await loadSettings(files, NOW + 1000);
    expect(again.notice).toBeUndefined();
    expect(again.settings.notificationTest).toBeNull();
  });

  it.each([
    ['answered yesterday', { at: '2026-03-27T09:00:00.000Z', seen: true }],
    ['sent just now', { at: '2026-03-28T06:00:00.000Z', seen: null }],
    ['a clock step ahead (under a minute)', { at: '2026-03-28T06:00:50.000Z', seen: false }],
  ])('%s: kept without a word', async (_, test) => {
    const files = await stored(test);
    const loaded = await loadSettings(files, NOW);
    expect(loaded.settings.notificationTest).toEqual(test);
    expect(loaded.notice).toBeUndefined();
    expect([...files.files.keys()]).toEqual(['settings.json']);
  });

  it('read without a clock (the CLI, which never writes the running app’s file), nothing is judged', async () => {
    const files = await stored({ at: '2099-01-01T00:00:00Z', seen: true });
    const loaded = await loadSettings(files);
    expect(loaded.notice).toBeUndefined();
    expect([...files.files.keys()]).toEqual(['settings.json']);
  });
});
