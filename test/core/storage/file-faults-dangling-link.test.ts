// The fault harness's file cases, a dangling link (adv52 r32): each file the engine reads back replaced by a link to a
// file that is missing (a synced or mounted folder not there yet), over real files. For each: the link is said as a
// link to a missing file wherever the file is read (never read as "no file": a first start, a record that is empty),
// it is never replaced or removed (its target may come back), nothing is made at its target, and no key is told.
import { lstat, mkdir, readFile, readdir, readlink, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { calendarFeedUrl } from '../../../electron/shared/settings';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { createFsFileStore } from '../../../electron/core/storage/fs-file-store';
import { ms } from '../../support/time';

/** The files the engine reads back (file-faults.test.ts's FILES). */
const FILES = [
  'settings.json',
  'cache.json',
  'reminders.json',
  'handoff.json',
  'handoff-current.json',
  'calendar-export.json',
  'calendar-feed.json',
];

/** A port free on loopback now, for the calendar feed. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** Turns the feed on and asks it once, as a calendar app does (a few tries while its server starts listening). */
async function feedOnce(e: Engine, port: number): Promise<void> {
  expect((await e.handlers['settings:update']({ calendarFeed: { enabled: true, port, token: '' } })).ok).toBe(true);
  const url = calendarFeedUrl(e.getState().settings.calendarFeed);
  expect(url).toBeDefined();
  for (let i = 0; i < 100; i++) {
    const answer = await fetch(url ?? '').catch(() => undefined);
    if (answer?.ok) return void (await answer.text());
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the feed never answered');
}

const missing = async (path: string): Promise<boolean> =>
  stat(path).then(
    () => false,
    () => true,
  );

describe('the fault harness: a file read back as a link to a missing file', () => {
  it.each(FILES)(
    '%s: said as that link where read, never replaced, nothing made at its target',
    async (name) => {
      const h = await createHarness({ startMs: ms('2026-03-25T10:00:00Z'), seed: threeZoneSeed(), files: 'fs' });
      await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
      const first = h.engine();
      await first.start();
      await h.clock.advance(60_000);
      await first.stop();
      const link = join(h.dir, name);
      const target = join(`${h.dir}-away`, name);
      await rm(link, { force: true });
      await symlink(target, link);

      const e = h.engine();
      await e.start();
      await h.clock.advance(20 * 60_000);
      await e.calendar(14);
      // The feed's record is read when the feed serves: turned on, and asked once as a calendar app does.
      if (name === 'calendar-feed.json') await feedOnce(e, await freePort());
      await e.handlers['handoff:get'](null);
      await e.handlers['settings:update']({ theme: 'dark' });
      await h.clock.advance(20 * 60_000);
      const st = e.getState();
      const told = [...st.notices.map((n) => n.message), JSON.stringify(st.sync)].join('\n');
      await e.stop();

      expect(told).toContain(`${name} is a link to ${target}, which is missing`);
      expect(told).not.toContain(h.sim.apiKey);
      expect((await lstat(link)).isSymbolicLink()).toBe(true);
      expect(await readlink(link)).toBe(target);
      expect(await missing(target)).toBe(true);
    },
    30_000,
  );

  it.each(FILES)(
    '%s: its target appears while the app runs: what appears is never written over nor lost (kept aside if refused, adv52 r34)',
    async (name) => {
      const h = await createHarness({ startMs: ms('2026-03-25T10:00:00Z'), seed: threeZoneSeed(), files: 'fs' });
      await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
      const first = h.engine();
      await first.start();
      await h.clock.advance(60_000);
      await first.stop();
      // What appears: the app's own file from the run before when there is one, else another install's.
      const link = join(h.dir, name);
      const away = `${h.dir}-away`;
      const appears = await readFile(link, 'utf8').catch(() => '{"version":1,"from":"another install"}\n');
      await rm(link, { force: true });
      await symlink(join(away, name), link);

      const e = h.engine();
      await e.start();
      await h.clock.advance(60_000);
      await mkdir(away);
      await writeFile(join(away, name), appears);
      await e.calendar(14);
      if (name === 'calendar-feed.json') await feedOnce(e, await freePort());
      await e.handlers['handoff:get'](null);
      await e.handlers['settings:update']({ theme: 'dark' });
      await h.clock.advance(40 * 60_000);
      const st = e.getState();
      const told = [...st.notices.map((n) => n.message), JSON.stringify(st.sync)].join('\n');
      await e.stop();
      const now = await readFile(join(away, name), 'utf8').catch(() => '(gone)');
      const kept = [...(await readdir(away)), ...(await readdir(h.dir))].filter((n) => n.startsWith(`${name}.bad-`));
      await rm(away, { recursive: true, force: true });

      // Unread, it is left as it is; read and refused (another install's), it is kept aside, link and all, first.
      const still = await readlink(link).catch(() => undefined);
      expect(now === appears || kept.length > 0).toBe(true);
      expect(still === join(away, name) || kept.length > 0).toBe(true);
      expect(told).not.toContain(h.sim.apiKey);
    },
    30_000,
  );

  it("a link higher up the data folder's path, its target missing: said as that link, never a first start", async () => {
    const h = await createHarness({ startMs: ms('2026-03-25T10:00:00Z'), seed: threeZoneSeed(), files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
    const first = h.engine();
    await first.start();
    await h.clock.advance(60_000);
    await first.stop();
    // ~/.config (`above`) is a link to a synced folder not mounted yet; the data folder lies below it.
    const above = `${h.dir}-above`;
    const synced = `${h.dir}-synced`;
    await mkdir(synced);
    await rename(h.dir, join(synced, 'OnCall Tray'));
    await mkdir(h.dir);
    await symlink(synced, above);
    await rename(synced, `${synced}-away`);

    const e = h.engine({ files: createFsFileStore(join(above, 'OnCall Tray'), { now: () => h.clock.now() }) });
    await e.start();
    await h.clock.advance(20 * 60_000);
    await e.handlers['settings:update']({ theme: 'dark' });
    const st = e.getState();
    const told = [...st.notices.map((n) => n.message), JSON.stringify(st.sync)].join('\n');
    await e.stop();
    await rm(above, { force: true });
    await rm(`${synced}-away`, { recursive: true, force: true });

    expect(st.sync.kind).not.toBe('needs_setup');
    expect(told).toContain(`${above} is a link to ${synced}, which is missing`);
    expect(told).not.toContain(h.sim.apiKey);
    expect(await missing(synced)).toBe(true);
  }, 30_000);
});
