import { describe, expect, it } from 'vitest';
import { appDataDir, userDataDir } from '../../electron/core/storage/app-paths';
import { readOnlyOverlay } from '../../electron/cli/overlay-files';
import { parseStatusArgs } from '../../electron/cli/status-args';
import { MemoryFileStore } from '../core/support/memory-file-store';

describe('status command line', () => {
  it('reads repeatable schedules and the overrides', () => {
    const parsed = parseStatusArgs([
      '--schedule',
      'sch_a',
      '--schedule',
      'sch_b',
      '--email',
      'me@example.com',
      '--base-url',
      'https://x.example',
      '--json',
    ]);
    expect(parsed).toEqual({
      ok: true,
      args: {
        demo: false,
        json: true,
        help: false,
        schedules: ['sch_a', 'sch_b'],
        email: 'me@example.com',
        baseUrl: 'https://x.example',
        summary: false,
        ics: false,
        ack: false,
      },
    });
  });

  it('--ack acknowledges the ringing shift-start alarm', () => {
    const parsed = parseStatusArgs(['--ack']);
    expect(parsed.ok && parsed.args.ack).toBe(true);
  });

  it('names the flag that is wrong', () => {
    expect(parseStatusArgs(['--email', 'nope'])).toEqual({ ok: false, message: '--email: must be an e-mail address' });
    expect(parseStatusArgs(['--what']).ok).toBe(false);
  });
});

describe('app data folder (same as Electron userData), on any host', () => {
  it('on linux: $XDG_CONFIG_HOME or ~/.config', () => {
    expect(appDataDir('linux', {}, '/home/u')).toBe('/home/u/.config');
    expect(appDataDir('linux', { XDG_CONFIG_HOME: '/x' }, '/home/u')).toBe('/x');
    expect(userDataDir('linux', {}, '/home/u')).toBe('/home/u/.config/OnCall Tray');
  });

  it('on darwin: ~/Library/Application Support', () => {
    expect(appDataDir('darwin', {}, '/Users/u')).toBe('/Users/u/Library/Application Support');
    expect(userDataDir('darwin', {}, '/Users/u')).toBe('/Users/u/Library/Application Support/OnCall Tray');
  });

  it('on win32: %APPDATA%, else AppData\\Roaming, with Windows separators', () => {
    expect(appDataDir('win32', { APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, 'C:\\Users\\u')).toBe(
      'C:\\Users\\u\\AppData\\Roaming',
    );
    expect(appDataDir('win32', {}, 'C:\\Users\\u')).toBe('C:\\Users\\u\\AppData\\Roaming');
    expect(userDataDir('win32', { APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, 'C:\\Users\\u')).toBe(
      'C:\\Users\\u\\AppData\\Roaming\\OnCall Tray',
    );
  });
});

describe('status files overlay', () => {
  it('reads the app files but never changes them', async () => {
    const disk = new MemoryFileStore();
    disk.files.set('settings.json', '{"version":1}');
    const overlay = readOnlyOverlay(disk);
    await overlay.writeAtomic('reminders.json', '{}');
    await overlay.backup('settings.json');
    expect(await overlay.read('reminders.json')).toBe('{}');
    expect(await overlay.read('settings.json')).toBeUndefined();
    expect([...disk.files.keys()]).toEqual(['settings.json']);
    expect(disk.writes).toBe(0);
  });

  it('writes through only the files it is told to (the calendar export record)', async () => {
    const disk = new MemoryFileStore();
    const overlay = readOnlyOverlay(disk, ['calendar-export.json']);
    await overlay.writeAtomic('calendar-export.json', '{"version":1,"events":{}}');
    await overlay.writeAtomic('cache.json', '{}');
    expect([...disk.files.keys()]).toEqual(['calendar-export.json']);
  });
});
