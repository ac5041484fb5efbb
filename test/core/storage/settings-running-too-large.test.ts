// adv52 r29: with settings.json judged by the rule every file follows (outside-edits.ts), a settings.json grown past
// what the app ever writes (1 MB) while it runs can't be read to compare; it is still no file the app wrote, so it is
// kept aside (its masked beginning) and said before the app's save, as the settings' own check did before.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { jsonObject } from '../../support/json';

const START = Date.parse('2026-03-04T12:00:00Z');
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('settings.json grown too large to read while the app runs', () => {
  it("is kept aside and said before the app's next save", async () => {
    h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    const e = h.engine();
    await e.start();
    await h.clock.advance(5_000);
    const path = join(h.dir, 'settings.json');
    const grown = { ...jsonObject(await readFile(path, 'utf8')), padding: 'x'.repeat(2 * 1024 * 1024) };
    await writeFile(path, JSON.stringify(grown));
    await h.clock.advance(1_000);
    expect((await h.clock.runWhileAdvancing(e.handlers['settings:update']({ startAtLogin: false }))).ok).toBe(true);
    const kept = (await readdir(h.dir)).filter((n) => n.startsWith('settings.json.bad-'));
    expect(kept).toHaveLength(1);
    const said = e.getState().notices.filter((n) => n.message.includes('changed outside the app while it ran'));
    expect(said).toHaveLength(1);
    expect(said[0]?.message).toContain('larger than the app ever writes it');
    expect(said[0]?.message).toContain(`kept as ${join(h.dir, kept[0] ?? '')}`);
    expect(jsonObject(await readFile(path, 'utf8'))).toMatchObject({ startAtLogin: false });
    await h.clock.runWhileAdvancing(e.stop());
  }, 60_000);
});
