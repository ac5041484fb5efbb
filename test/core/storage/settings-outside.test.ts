// Issue 52, round 8 (F7): a hand edit of settings.json while the app ran was silently overwritten by the app's next
// save (quiet hours and a ticked schedule lost, nothing said). Before writing, the file is compared with what the
// app last read or wrote: the outside version is kept aside and said once; the app's settings are saved.
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const T0 = Date.parse('2026-03-26T05:00:00Z');
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('settings.json edited by hand while the app runs', () => {
  it("is kept aside before the app's next save, and said once", async () => {
    h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
    const e = h.engine({ alarms: false });
    await h.clock.runWhileAdvancing(e.start(), 1000, 60);
    // The app's own saves raise nothing: no backup, no notice.
    expect((await e.handlers['settings:update']({ startAtLogin: true })).ok).toBe(true);
    expect((await readdir(h.dir)).some((f) => f.startsWith('settings.json.bad-'))).toBe(false);
    const path = join(h.dir, 'settings.json');
    const edited = JSON.parse(await readFile(path, 'utf8')) as { accounts: { schedules: { id: string }[] }[] };
    edited.accounts[0]?.schedules.push({ id: 'sch_tokyo' });
    const editedText = JSON.stringify(edited);
    await writeFile(path, editedText);
    await h.clock.advance(10 * 60_000);
    expect((await e.handlers['settings:update']({ startAtLogin: false })).ok).toBe(true);
    const backups = (await readdir(h.dir)).filter((f) => f.startsWith('settings.json.bad-'));
    expect(backups).toHaveLength(1);
    expect(await readFile(join(h.dir, backups[0] ?? ''), 'utf8')).toBe(editedText);
    const said = e
      .getState()
      .notices.filter((n) => n.message.includes('settings.json was changed outside the app while it ran'));
    expect(said).toHaveLength(1);
    expect(said[0]?.message).toContain(`your edit was kept as ${join(h.dir, backups[0] ?? '')}`);
    // The app's settings were saved; a further save of its own keeps nothing more aside.
    expect(await readFile(path, 'utf8')).toContain('"startAtLogin": false');
    expect((await e.handlers['settings:update']({ startAtLogin: true })).ok).toBe(true);
    expect((await readdir(h.dir)).filter((f) => f.startsWith('settings.json.bad-'))).toHaveLength(1);
    await e.stop();
  }, 20_000);
});
