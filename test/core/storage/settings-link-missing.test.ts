// settings.json as a link (a dotfiles manager, a synced file) whose target is missing at start (adv52 r32 #1): before,
// the app read it as "no file" ("Add your API key to start.", no notice) and its first settings save replaced the
// link with a file of defaults, so the accounts at the target were never read again. Now the link is said as a link
// to a missing file, never replaced, and a restart once the target is back reads the accounts.
import { lstat, mkdir, readFile, readlink, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { ms } from '../../support/time';
import { SettingsSchema } from '../../../electron/shared/settings';

/** What the sync line says (empty when all is well). */
const syncText = (st: { sync: { kind: string } }): string => ('message' in st.sync ? String(st.sync.message) : '');

it('settings.json linked to a missing file: said as such, never "Add your API key"; the link is never replaced', async () => {
  const h = await createHarness({ startMs: ms('2026-03-25T10:00:00Z'), seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
  // The user keeps settings.json in a synced folder and links it into the data folder.
  const synced = `${h.dir}-sync`;
  const target = join(synced, 'settings.json');
  await mkdir(synced, { recursive: true });
  await writeFile(target, await readFile(join(h.dir, 'settings.json'), 'utf8'));
  await rm(join(h.dir, 'settings.json'));
  await symlink(target, join(h.dir, 'settings.json'));
  const seeded = SettingsSchema.parse(JSON.parse(await readFile(target, 'utf8'))).accounts.map((a) => a.id);

  // The synced folder is not there at start.
  await rename(synced, `${synced}-away`);
  const e = h.engine();
  await e.start();
  await h.clock.advance(60_000);
  const st = e.getState();
  const said = `settings.json is a link to ${target}, which is missing`;
  expect(syncText(st)).not.toMatch(/API key/);
  expect(syncText(st)).toContain(`Your settings file can't be read (${said})`);
  expect(st.notices.map((n) => n.message).join('\n')).toContain(`could not be read (${said})`);
  // A change now is held in memory only: the link stays a link to the same place.
  // Answered as not saved (adv52 r35 #1: a bare ok read "Settings saved."), and in force until the app quits.
  const changed = await e.handlers['settings:update']({ theme: 'dark' });
  expect(changed.ok ? '' : changed.error.message).toMatch(/applies until the app quits and is not saved/);
  expect(e.getState().settings.theme).toBe('dark');
  await h.clock.advance(60_000);
  expect((await lstat(join(h.dir, 'settings.json'))).isSymbolicLink()).toBe(true);
  expect(await readlink(join(h.dir, 'settings.json'))).toBe(target);
  await e.stop();

  // Target back: the next start reads the accounts through the link.
  await rename(`${synced}-away`, synced);
  const again = h.engine();
  await again.start();
  await h.clock.advance(60_000);
  expect(seeded.length).toBeGreaterThan(0);
  expect(again.getState().settings.accounts.map((a) => a.id)).toEqual(seeded);
  expect(syncText(again.getState())).not.toMatch(/API key|can't be read/);
  await again.stop();
  await rm(synced, { recursive: true, force: true });
}, 60_000);
