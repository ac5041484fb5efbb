// The fault harness's file cases, a dangling link (adv52 r32): each file the engine reads back replaced by a link to a
// file that is missing (a synced or mounted folder not there yet), over real files. For each: the link is said as a
// link to a missing file wherever the file is read (never read as "no file": a first start, a record that is empty),
// it is never replaced or removed (its target may come back), nothing is made at its target, and no key is told.
import { lstat, readlink, rm, stat, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { calendarFeedUrl } from '../../../electron/shared/settings';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
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
});
