// adv52 r44 #1: settings.json removed while the app ran (a sync tool, a cleanup, an empty folder mounted over the
// data folder): nothing was said, the account showed OK, settings.json was never written back (other records were),
// and the next start had no accounts ("Add your API key to start."). Now the minute's look at the records the app
// holds covers settings.json too: a removed one is said once and written back from memory, without the key (the key
// stays in the keychain), so the next start has the accounts it had.
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { createHarness, seedSettings } from '../support/engine-harness';
import { API_KEY, ME, threeZoneSeed } from '../support/seeds';

const M = 60_000;
const T0 = Date.parse('2026-03-26T06:00:00Z');
const SAID = 'settings.json was removed while the app ran; the app wrote your settings and accounts back.';
const AccountsSchema = z.object({ accounts: z.array(z.unknown()) });

it('a settings.json removed while running is said once, written back without the key, and read at the next start (failed before)', async () => {
  const h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
  const seeded = AccountsSchema.parse(JSON.parse(await readFile(join(h.dir, 'settings.json'), 'utf8'))).accounts;
  const e1 = h.engine({});
  await h.clock.runWhileAdvancing(e1.start(), 1000, 60);
  await h.clock.advance(30 * M);
  await rm(join(h.dir, 'settings.json'));
  await h.clock.advance(3 * M);
  const said = e1.getState().notices.filter((n) => n.message.includes('settings.json'));
  expect(said.map((n) => n.message)).toEqual([SAID]);
  const back = await readFile(join(h.dir, 'settings.json'), 'utf8');
  expect(back).not.toContain(API_KEY);
  expect(AccountsSchema.parse(JSON.parse(back)).accounts).toEqual(seeded);
  // Said once: the next looks find the file the app wrote.
  await h.clock.advance(10 * M);
  expect(e1.getState().notices.filter((n) => n.message.includes('settings.json'))).toHaveLength(1);
  await e1.stop();

  const e2 = h.engine({});
  await h.clock.runWhileAdvancing(e2.start(), 1000, 60);
  await h.clock.advance(2 * M);
  const s2 = e2.getState();
  expect(s2.accounts.map((a) => a.id)).toEqual(['main']);
  expect(s2.sync.kind).not.toBe('needs_setup');
  await e2.stop();
  await h.close();
}, 120_000);
