// issue 52 (fix52rem2 #2): reminders-saved.json, the stamp of the last save of the reminders record, is a file the
// app reads back like any other: one that can't be read as its form, or isn't signed by the app, proves nothing (no
// reminder is taken as handled from it), is kept aside and said once, never with its content.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { INJECTED } from './support/file-damage';

const M = 60_000;
const T0 = Date.parse('2026-03-26T06:00:00Z');
const START = Date.parse('2026-03-26T08:00:00Z');
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const STAMP = 'reminders-saved.json';
const stampSaid = (notices: readonly string[]): string[] =>
  notices.filter((m) => m.toLowerCase().includes('the record of when reminders were last saved'));

/** Runs the app to START + 2 min, damages the stamp with `damage` (given the app's own), then starts twice more;
 *  answers each restart's notices and the folder's names after the first restart. */
async function restartsWith(damage: (own: string) => string) {
  h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
  const e1 = h.engine({ alarms: false });
  await h.clock.runWhileAdvancing(e1.start(), 1000, 60);
  await h.clock.advanceTo(START + 2 * M);
  await e1.stop();
  const own = await readFile(join(h.dir, STAMP), 'utf8');
  await writeFile(join(h.dir, STAMP), damage(own));
  const runs: string[][] = [];
  let names: string[] = [];
  for (let run = 0; run < 2; run++) {
    await h.clock.advance(M);
    const e = h.engine({ alarms: false });
    await h.clock.runWhileAdvancing(e.start(), 1000, 60);
    await h.clock.advance(M);
    runs.push(e.getState().notices.map((n) => n.message));
    await e.stop();
    if (run === 0) names = await readdir(h.dir);
  }
  return { runs, names, own };
}

it.each([
  ['cut short', (own: string) => own.slice(0, Math.floor(own.length / 2))],
  ['wrong shape', () => JSON.stringify({ version: 1, savedAtMs: INJECTED })],
  ['not signed by the app', () => JSON.stringify({ version: 1, savedAtMs: START + 30 * M, owed: [] })],
])(
  'a stamp %s is kept aside and said once, without its content',
  async (_, damage) => {
    const { runs, names } = await restartsWith(damage);
    expect(stampSaid(runs[0] ?? [])).toHaveLength(1);
    expect(stampSaid(runs[1] ?? [])).toHaveLength(0);
    expect(names.filter((n) => n.startsWith('reminders-saved') && n !== STAMP).length).toBeGreaterThan(0);
    expect((runs[0] ?? []).join('\n')).not.toContain(INJECTED);
  },
  120_000,
);
