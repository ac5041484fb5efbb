// adv52 r35 #1: the data folder is a link whose target is missing at start; the target comes back while the app runs.
// Before, hours later the status line, the tray tooltip and nine notices still said "which is missing" and "nothing
// is saved until it is back" (the wording was looked at again only at a write, and with the settings unread the app
// writes none), and a settings change answered a bare ok (the form says "Settings saved.") though nothing was saved.
import { readFile, rename, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { createFsFileStore } from '../../../electron/core/storage/fs-file-store';
import { trayTooltip } from '../../../electron/core/state/tray-menu';
import { ME, threeZoneSeed } from '../support/seeds';
import { ms } from '../../support/time';

const syncText = (st: { sync: { kind: string } }): string => ('message' in st.sync ? String(st.sync.message) : '');

it('once the data folder link is back, nothing says it is missing, a restart is asked for, and a change says it is not saved', async () => {
  const h = await createHarness({ startMs: ms('2026-03-25T10:00:00Z'), seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
  const e1 = h.engine();
  await e1.start();
  await h.clock.advance(60_000);
  await e1.stop();
  const real = `${h.dir}-mnt`;
  await rename(h.dir, real);
  await symlink(real, h.dir);
  await rename(real, `${real}-away`);
  const e2 = h.engine({ files: createFsFileStore(h.dir, { now: () => h.clock.now() }) });
  await e2.start();
  await h.clock.advance(20 * 60_000);
  const missing = `the data folder is a link to ${real}, which is missing`;
  // While the target is missing, that is what is said (the state this test then sees replaced).
  expect(syncText(e2.getState())).toContain(missing);
  await rename(`${real}-away`, real);
  const settingsBefore = await readFile(join(real, 'settings.json'), 'utf8');
  await h.clock.advance(6 * 3600_000);
  // The look at the folder is real file I/O the fake clock doesn't wait for: it may land just after the advance (a
  // loaded machine), so its outcome is waited for in real time (as data-folder-link-missing does).
  await vi.waitFor(() => expect(syncText(e2.getState())).not.toContain(missing), { timeout: 5_000 });
  const st = e2.getState();
  const shown = [syncText(st), trayTooltip(st, h.clock.now(), 'UTC'), ...st.notices.map((n) => n.message)];
  expect(shown.filter((t) => t.includes('which is missing'))).toEqual([]);
  expect(shown.filter((t) => t.includes('nothing is saved until'))).toEqual([]);
  expect(syncText(st)).toMatch(/data folder is back: restart the app to load your settings/);
  expect(st.notices.filter((n) => /data folder is back/.test(n.message))).toHaveLength(1);
  expect(st.notices.map((n) => n.message).join('\n')).toMatch(/not saved/);
  // A change now: in force until the app quits, answered as not saved, and the file at the target left as it was.
  const r = await e2.handlers['settings:update']({
    quietHours: { ...st.settings.quietHours, enabled: true, start: '22:00', end: '07:00' },
  });
  expect(r.ok).toBe(false);
  expect(r.ok ? '' : r.error.message).toMatch(/applies until the app quits and is not saved/);
  expect(e2.getState().settings.quietHours.enabled).toBe(true);
  await h.clock.advance(60_000);
  expect(await readFile(join(real, 'settings.json'), 'utf8')).toBe(settingsBefore);
  await e2.stop();
  await rm(h.dir);
  await rm(real, { recursive: true, force: true });
}, 90_000);
