// adv52 r34 #2. The data folder is a link whose target is missing at start ("nothing is saved until it is back; nothing
// there is lost"); the folder comes back while running; the user adds an account. reminders.json at the target was
// never read this run, so it is not written over from this run's record (read-first.ts): no "already shown" or
// "mine" entry is lost, and the next start does not show the main account's reminder a second time.
import { readFile, rename, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { createHarness, seedSettings } from '../support/engine-harness';
import { createFsFileStore } from '../../../electron/core/storage/fs-file-store';
import { ME, threeZoneSeed } from '../support/seeds';
import { ms } from '../../support/time';

/** The keys of a reminders record's `fired` map, parsed at the edge like any file read back. */
const firedKeys = (text: string): string[] => {
  const parsed = z.object({ fired: z.record(z.string(), z.unknown()) }).safeParse(JSON.parse(text));
  return parsed.success ? Object.keys(parsed.data.fired) : [];
};

it('data folder link back while running, then account:add: reminders.json at the target, never read, is kept', async () => {
  const h = await createHarness({ startMs: ms('2026-03-25T10:00:00Z'), seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin'] });
  const e1 = h.engine();
  await e1.start();
  await h.clock.advance(60_000);
  await e1.stop();
  const shownRun1 = h.notifier.shown.map((n) => `${n.title} | ${n.body}`);
  const real = `${h.dir}-mnt`;
  await rename(h.dir, real);
  await symlink(real, h.dir);
  const remBefore = await readFile(join(real, 'reminders.json'), 'utf8');
  await rename(real, `${real}-away`);
  const e2 = h.engine({ files: createFsFileStore(h.dir, { now: () => h.clock.now() }) });
  await e2.start();
  await h.clock.advance(60_000);
  await rename(`${real}-away`, real);
  await h.clock.advance(20 * 60_000);
  await e2.handlers['account:add']({
    label: 'Work',
    baseUrl: h.sim.url,
    email: ME,
    key: h.sim.apiKey,
    schedules: ['sch_berlin'],
  });
  await h.clock.advance(5 * 60_000);
  await e2.stop();
  const remAfter = await readFile(join(real, 'reminders.json'), 'utf8');
  const k0 = firedKeys(remBefore);
  const k1 = firedKeys(remAfter);
  const lost = k0.filter((k) => !k1.includes(k));
  // Next start, folder in place, settings.json unchanged (main only).
  const before3 = h.notifier.shown.length;
  const e3 = h.engine();
  await e3.start();
  await h.clock.advance(2 * 60_000);
  const shown3 = h.notifier.shown.slice(before3).map((n) => `${n.title} | ${n.body}`);
  await e3.stop();
  await rm(h.dir);
  await rm(real, { recursive: true, force: true });
  expect(k0.length).toBeGreaterThan(0);
  expect(lost).toEqual([]);
  const body = (s: string) => s.split(' | ')[1];
  expect(shownRun1.length).toBeGreaterThan(0);
  expect(shown3.filter((s) => shownRun1.map(body).includes(body(s)))).toEqual([]);
}, 60_000);
