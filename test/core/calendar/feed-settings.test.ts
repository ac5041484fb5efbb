// The feed's settings are additive: a file from before loads with the feed off, and a bad feed value costs only
// that value.
import { describe, expect, it } from 'vitest';
import { loadSettings } from '../../../electron/core/storage/settings-store';
import { MemoryFileStore } from '../support/memory-file-store';

async function load(json: object) {
  const files = new MemoryFileStore();
  files.files.set('settings.json', JSON.stringify(json));
  return loadSettings(files);
}

describe('calendar feed settings', () => {
  it('are off, on the default port and without a token in a file written before they existed', async () => {
    const loaded = await load({
      version: 1,
      baseUrl: 'https://oncall.example.com',
      email: 'me@example.com',
      schedules: [{ id: 'sch_a' }],
    });
    expect(loaded.notice).toBeUndefined();
    expect(loaded.settings.calendarFeed).toEqual({ enabled: false, port: 47_615, token: '' });
    expect(loaded.settings.accounts.map((a) => a.email)).toEqual(['me@example.com']);
  });

  it('reset only a bad port or token, keeping the rest', async () => {
    const loaded = await load({
      version: 1,
      email: 'me@example.com',
      calendarFeed: { enabled: true, port: 80, token: 'short' },
    });
    expect(loaded.settings.calendarFeed).toEqual({ enabled: true, port: 47_615, token: '' });
    expect(loaded.settings.accounts.map((a) => a.email)).toEqual(['me@example.com']);
    expect(loaded.notice?.message).toMatch(/calendarFeed\.port/);
    expect(loaded.notice?.message).toMatch(/calendarFeed\.token/);
  });
});
