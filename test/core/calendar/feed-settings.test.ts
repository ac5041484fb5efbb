// The feed's settings are additive: a file from before loads with the feed off, and a bad feed value costs only
// that value.
import { describe, expect, it } from 'vitest';
import { newFeedToken } from '../../../electron/core/calendar/feed-control';
import { loadSettings } from '../../../electron/core/storage/settings-store';
import { madeFeedToken } from '../../../electron/shared/settings';
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

describe('a feed token the app never makes', () => {
  // Failed before: the format check let 22 × "A" (or any 22+ characters of the alphabet) through as the feed's secret.
  it.each([
    ['22 × A', 'A'.repeat(22)],
    ['43 × A', 'A'.repeat(43)],
    ['a word', 'myCalendarFeedIsHereOkay'],
    ['43 characters, an end no 32 bytes give', 'feedTokenFeedTokenFeedToken0123456789abcdef'],
  ])('is refused as not made by this app, kept aside, and said once (%s)', async (_name, token) => {
    const files = new MemoryFileStore();
    files.files.set('settings.json', JSON.stringify({ version: 1, calendarFeed: { enabled: true, token } }));
    const loaded = await loadSettings(files);
    expect(loaded.settings.calendarFeed).toEqual({ enabled: true, port: 47_615, token: '' });
    expect(loaded.notice?.message).toMatch(/calendarFeed\.token \(not a token this app made/);
    expect(loaded.notice?.message).not.toContain(token);
    const kept = [...files.files.keys()].filter((n) => n.startsWith('settings.json.bad-'));
    expect(kept).toHaveLength(1);
    expect(files.files.get(kept[0] ?? '')).not.toContain(token);
  });

  it('is never refused when the app made it', () => {
    for (let i = 0; i < 2000; i++) expect(madeFeedToken(newFeedToken())).toBe(true);
  });
});
