// A settings file the disk won't read (here a folder stands where it should be) while the key is in the keychain:
// the app says the settings file can't be read and what to do, never "Add your API key to start." (the key is
// there; the accounts that use it are in the file), and it never writes defaults over the file.
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { ms } from '../../support/time';

it('an unreadable settings file is said as such, not as "add your API key", and is not written over', async () => {
  const h = await createHarness({ startMs: ms('2026-03-25T10:00:00Z'), seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
  await rm(join(h.dir, 'settings.json'));
  await mkdir(join(h.dir, 'settings.json'));
  const e = h.engine({ serveCalendarFeed: false });
  await e.start();
  await h.clock.advance(1000);
  const st = e.getState();
  expect(JSON.stringify(st.notices)).toMatch(/could not be read \(a folder stands where the file should be\)/);
  expect(st.sync.kind).toBe('error');
  expect(JSON.stringify(st.sync)).not.toMatch(/API key/);
  expect(JSON.stringify(st.sync)).toMatch(/settings file can't be read.*settings\.json.*restart/);
  // A change made now is kept in memory only: the folder with the user's settings is left as it is.
  const changed = await e.handlers['settings:update']({ theme: 'dark' });
  // Answered as not saved (adv52 r35 #1: a bare ok read "Settings saved."), and in force until the app quits.
  expect(changed.ok ? '' : changed.error.message).toMatch(/applies until the app quits and is not saved/);
  expect(e.getState().settings.theme).toBe('dark');
  expect((await stat(join(h.dir, 'settings.json'))).isDirectory()).toBe(true);
  expect((await readdir(h.dir)).filter((f) => f.startsWith('settings.json'))).toEqual(['settings.json']);
  await e.stop();
});
