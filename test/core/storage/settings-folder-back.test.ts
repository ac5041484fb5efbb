// adv52 r29 #2: the data folder vanished while the app ran and came back holding a settings.json (restored from a
// backup, re-synced) that watches one more schedule. The app's re-save of the settings it held, once the folder was
// there again, wrote straight over it: no copy, nothing said. The re-save now goes through the same outside-edit
// check as every save: the file it did not write is kept aside, said once naming the copy, and the app's settings
// (the ones in force) are what is saved.
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, PLATFORM_ID, opsPlatformSeed } from '../support/seeds';
import { SettingsSchema } from '../../../electron/shared/settings';

const START = Date.parse('2026-03-04T12:00:00Z');
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('a data folder that comes back holding a settings.json', () => {
  it("keeps that settings.json aside and says so before the app's re-save writes its own", async () => {
    h = await createHarness({ startMs: START, seed: opsPlatformSeed(), files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
    const e = h.engine();
    await e.start();
    await h.clock.advance(5_000);
    const path = join(h.dir, 'settings.json');
    const read = SettingsSchema.parse(JSON.parse(await readFile(path, 'utf8')));
    const [first, ...others] = read.accounts;
    if (first === undefined) throw new Error('the seeded settings hold an account');
    const restored = {
      ...read,
      accounts: [{ ...first, schedules: [...first.schedules, { id: PLATFORM_ID }] }, ...others],
    };
    await rm(h.dir, { recursive: true, force: true });
    // Straight after: a minute later the app's retry of a record it owes (owed-records.ts) would make the folder again,
    // as the next write after a failed one does (fs-file-store.ts), and the change would be saved.
    await h.clock.advance(1_000);
    const failed = await h.clock.runWhileAdvancing(e.handlers['settings:update']({ startAtLogin: false }));
    expect(failed.ok).toBe(false);
    await mkdir(h.dir, { recursive: true });
    const restoredText = JSON.stringify(restored, null, 2);
    await writeFile(path, restoredText);
    // The app's next routine write finds the folder back; the settings it holds are saved again.
    await h.clock.advance(6 * 60_000);
    const kept = (await readdir(h.dir)).filter((n) => n.startsWith('settings.json.bad-'));
    expect(kept).toHaveLength(1);
    expect(await readFile(join(h.dir, kept[0] ?? ''), 'utf8')).toBe(restoredText);
    const said = e.getState().notices.filter((n) => n.message.includes('settings.json was changed outside the app'));
    expect(said).toHaveLength(1);
    expect(said[0]?.message).toContain(`kept as ${join(h.dir, kept[0] ?? '')}`);
    // True about what is in force: the app's settings (one schedule), as saved now; the restored ones are the copy.
    const held = e.getState();
    const onDisk = SettingsSchema.parse(JSON.parse(await readFile(path, 'utf8')));
    expect(onDisk.accounts[0]?.schedules.map((s) => s.id)).toEqual([OPS_ID]);
    expect(held.notices.some((n) => n.message.includes("the app's settings were saved"))).toBe(true);
    await h.clock.runWhileAdvancing(e.stop());
  }, 120_000);
});
