// adv52 r34 #1. A link higher up the data folder's path (~/.config -> a synced or late-mounted folder) whose target
// is missing when the app starts (e.g. at login, before the mount). It is said as that link, never as a first start
// ("Add your API key to start."); once the folder is there, setting up (or any settings change) is held in memory:
// the real settings.json is never moved aside nor written over, and the next start, folder mounted, has its accounts.
import { mkdir, readFile, readdir, rename, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { createFsFileStore } from '../../../electron/core/storage/fs-file-store';
import { ME, threeZoneSeed } from '../support/seeds';
import { ms } from '../../support/time';

const syncText = (st: { sync: { kind: string } }): string => ('message' in st.sync ? String(st.sync.message) : '');

for (const action of ['account:add', 'settings:update']) {
  it(`a link higher up the data folder's path, missing at start, back while running; then ${action}`, async () => {
    const h = await createHarness({ startMs: ms('2026-03-25T10:00:00Z'), seed: threeZoneSeed(), files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
    const e1 = h.engine();
    await e1.start();
    await h.clock.advance(60_000);
    await e1.stop();
    // ~/.config is a link to a synced folder; the data folder "OnCall Tray" lives below it.
    const config = `${h.dir}-config`;
    const real = `${h.dir}-synced-config`;
    await mkdir(real, { recursive: true });
    await rename(h.dir, join(real, 'OnCall Tray'));
    await mkdir(h.dir); // for the harness' cleanup
    await symlink(real, config);
    const dataDir = join(config, 'OnCall Tray');
    const settingsBefore = await readFile(join(real, 'OnCall Tray', 'settings.json'), 'utf8');
    await rename(real, `${real}-away`); // not mounted yet when the app starts
    const e = h.engine({ files: createFsFileStore(dataDir, { now: () => h.clock.now() }) });
    await e.start();
    await h.clock.advance(60_000);
    const atStart = e.getState();
    await rename(`${real}-away`, real); // mounted
    await h.clock.advance(20 * 60_000);
    if (action === 'settings:update') await e.handlers['settings:update']({ theme: 'dark' });
    else {
      const work = { label: 'Work', baseUrl: h.sim.url, email: ME, key: h.sim.apiKey, schedules: ['sch_berlin'] };
      await e.handlers['account:add'](work);
    }
    await h.clock.advance(60_000);
    await e.stop();
    const kept = (await readdir(join(real, 'OnCall Tray'))).filter((n) => n.includes('.bad-'));
    const e3 = h.engine({ files: createFsFileStore(dataDir, { now: () => h.clock.now() }) });
    await e3.start();
    await h.clock.advance(60_000);
    const next = e3.getState();
    await e3.stop();
    const after = await readFile(join(real, 'OnCall Tray', 'settings.json'), 'utf8').catch(() => '(missing)');
    await rm(config, { force: true });
    await rm(real, { recursive: true, force: true });
    // What a user should see: never a first start while their settings exist but can't be reached, and never their
    // settings file moved away so that the next start loses every account.
    expect(syncText(atStart)).not.toMatch(/Add your API key/);
    expect(syncText(atStart)).toContain(`${config} is a link to ${real}, which is missing`);
    expect(after).toBe(settingsBefore);
    expect(kept).toEqual([]);
    expect(next.settings.accounts.map((a) => a.id)).toEqual(['main']);
  }, 60_000);
}
