// The data folder as a link (to a synced or mounted folder) whose target is missing at start (adv52 r32 #2): before,
// "Add your API key to start." and a notice false three ways ("kept while the app runs", "lost at the next start",
// "the app makes it again"). Now: the settings at the link's target can't be reached, nothing is saved until it is
// back, nothing is lost; nothing is made or written through the link meanwhile.
import { readdir, readFile, rename, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { createFsFileStore } from '../../../electron/core/storage/fs-file-store';
import { ME, threeZoneSeed } from '../support/seeds';
import { ms } from '../../support/time';

/** What the sync line says (empty when all is well). */
const syncText = (st: { sync: { kind: string } }): string => ('message' in st.sync ? String(st.sync.message) : '');

it('a data folder linked to a missing folder is said as such, not as a first start, and nothing is lost', async () => {
  const h = await createHarness({ startMs: ms('2026-03-25T10:00:00Z'), seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
  const e1 = h.engine();
  await e1.start();
  await h.clock.advance(60_000);
  await e1.stop();
  const real = `${h.dir}-mnt`;
  await rename(h.dir, real);
  await symlink(real, h.dir);
  const files = (await readdir(real)).sort();
  const before = await Promise.all(files.map((f) => readFile(join(real, f), 'utf8')));
  await rename(real, `${real}-away`);

  const e2 = h.engine({ files: createFsFileStore(h.dir, { now: () => h.clock.now() }) });
  await e2.start();
  await h.clock.advance(20 * 60_000);
  const st = e2.getState();
  const notices = st.notices.map((n) => n.message).join('\n');
  const said = `the data folder is a link to ${real}, which is missing`;
  expect(syncText(st)).not.toMatch(/API key/);
  expect(syncText(st)).toContain(said);
  expect(notices).toContain(said);
  expect(notices).toMatch(/nothing is saved until it is back/);
  expect(`${notices}\n${syncText(st)}`).not.toMatch(/kept while the app runs|lost at the next start|makes it again/);
  expect(notices).not.toContain(h.sim.apiKey);
  // The target comes back while the app runs: what the app says is a restart reads it; nothing was lost meanwhile.
  await rename(`${real}-away`, real);
  await h.clock.advance(20 * 60_000);
  // Read again now (the `st` above is from before the target came back): the line says it is back, not missing. The
  // look at the folder is real file I/O the fake clock doesn't wait for: it may land just after the advance (a loaded
  // CI machine), so the line is waited for in real time.
  await vi.waitFor(() => expect(syncText(e2.getState())).toMatch(/data folder is back: restart the app/), {
    timeout: 5_000,
  });
  expect(syncText(e2.getState())).not.toContain(said);
  await e2.stop();
  // Nothing at the target was written over while the app ran on defaults, before or after the target came back.
  expect(await Promise.all(files.map((f) => readFile(join(real, f), 'utf8')))).toEqual(before);
  const e3 = h.engine({ files: createFsFileStore(h.dir, { now: () => h.clock.now() }) });
  await e3.start();
  await h.clock.advance(60_000);
  expect(e3.getState().settings.accounts).toHaveLength(1);
  await e3.stop();
  await rm(h.dir);
  await rm(real, { recursive: true, force: true });
}, 60_000);
