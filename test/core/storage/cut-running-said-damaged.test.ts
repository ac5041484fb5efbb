// adv52 r44 #2: a record cut short while the app ran was said under two rules: reminders.json as "could not be read
// (it was damaged while the app ran …)", but cache.json, last-run.json and reminders-saved.json as "changed outside
// the app while it ran (another install's, or a hand edit)", a cause that isn't true of a half-written file. Now one
// rule: a file that is not JSON at all is said as damaged, kept aside, and the app's own written again.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const M = 60_000;
const T0 = Date.parse('2026-03-26T06:00:00Z');
const CUT_AT = Date.parse('2026-03-26T07:40:00Z');
const FILES = ['cache.json', 'last-run.json', 'reminders-saved.json', 'reminders.json'];

it.each(FILES)(
  '%s cut in half while running is said as damaged, kept aside, written again (failed before)',
  async (file) => {
    const h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
    const e = h.engine({});
    await h.clock.runWhileAdvancing(e.start(), 1000, 60);
    await h.clock.advanceTo(CUT_AT);
    const whole = await readFile(join(h.dir, file), 'utf8');
    const cut = whole.slice(0, Math.floor(whole.length / 2));
    await writeFile(join(h.dir, file), cut);
    await h.clock.advance(60 * M);
    const kept = (await readdir(h.dir)).filter((n) => n.startsWith(`${file}.bad-`));
    expect(kept).toHaveLength(1);
    expect(await readFile(join(h.dir, kept[0] ?? ''), 'utf8')).toBe(cut);
    const said = e.getState().notices.filter((n) => n.message.startsWith(`${file} `));
    expect(said.map((n) => n.message)).toEqual([
      `${file} could not be read (it was damaged while the app ran: it is no longer what the app saved), so the app ` +
        `wrote what it holds. It was kept as ${join(h.dir, kept[0] ?? '')}.`,
    ]);
    expect(JSON.parse(await readFile(join(h.dir, file), 'utf8'))).toBeTruthy();
    await e.stop();
    await h.close();
  },
  120_000,
);
