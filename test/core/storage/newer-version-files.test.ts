// A file written by a newer version of the app (adv52 round 18 #1): an older app (a rollback, two installs on a
// synced folder) read cache.json, reminders.json, escalations.json, alarm-runs.json and calendar-export.json with a
// field it doesn't know, dropped the field and rewrote the file, with no copy and no word: the newer version's data
// was destroyed in silence (only settings.json kept a copy). And a `version` from the future was told as "damaged",
// "not the app's" or "could not be read". Now every record file: kept aside once as it was, said once as "written by a
// newer version of the app", what is understood kept. Real engine, simulator, fake clock, a real data folder.
// Failed before: no notice, no backup, and the wrong words for version 99.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeStands, MIN, MY_START, withNtfy } from '../support/phone-engine-rig';

afterEach(closeStands);

const FILES = ['cache.json', 'reminders.json', 'escalations.json', 'alarm-runs.json', 'calendar-export.json'];

async function restartedWith(tamper: (o: Record<string, unknown>) => void) {
  const { h, engine, make } = await withNtfy();
  await h.clock.advance(60_000);
  await engine.calendar(30);
  await engine.stop();
  for (const file of FILES) {
    const o = JSON.parse((await h.files.read(file)) ?? 'null') as Record<string, unknown>;
    expect(o, file).not.toBeNull();
    tamper(o);
    await h.files.writeAtomic(file, JSON.stringify(o));
  }
  const start = async () => {
    const again = make();
    await h.clock.runWhileAdvancing(again.start(), 1000, 30);
    await h.clock.runWhileAdvancing(again.alarmsSettled());
    await again.calendar(30);
    await h.clock.advance(5_000);
    const notices = again.getState().notices.map((n) => n.message);
    await h.clock.advanceTo(MY_START + 10 * MIN);
    const ringing = again.getState().alarm?.ringing === true;
    await again.stop();
    return { notices, ringing };
  };
  const copies = async (file: string) => (await readdir(h.dir)).filter((f) => f.startsWith(`${file}.bad-`));
  return { h, start, copies };
}

describe('a file from a newer version of the app', () => {
  it('an unknown field is kept aside once with the file as it was and said once; what is understood is kept', async () => {
    const r = await restartedWith((o) => {
      o.newerFeature = { snoozeUntilMs: MY_START + 600 * MIN, note: 'kept by v99' };
    });
    const first = await r.start();
    expect(first.ringing).toBe(true);
    for (const file of FILES) {
      const said = first.notices.filter((m) => m.includes('written by a newer version of the app') && m.includes(file));
      expect(said, file).toHaveLength(1);
      const copies = await r.copies(file);
      expect(copies, file).toHaveLength(1);
      expect(await readFile(join(r.h.dir, copies[0] ?? ''), 'utf8'), file).toContain('kept by v99');
      expect((await r.h.files.read(file)) ?? '', file).not.toContain('newerFeature');
    }
    // Said once: the next start finds nothing newer, makes no copy.
    const second = await r.start();
    expect(second.notices.filter((m) => m.includes('newer version'))).toEqual([]);
    for (const file of FILES) expect(await r.copies(file), file).toHaveLength(1);
  }, 30_000);

  it('a version from the future is said as a newer version’s, never as damaged or not the app’s', async () => {
    const r = await restartedWith((o) => {
      o.version = 99;
    });
    const { notices, ringing } = await r.start();
    expect(ringing).toBe(true);
    for (const file of FILES) {
      const said = notices.filter((m) => m.includes(file));
      expect(said, file).toHaveLength(1);
      expect(said[0], file).toContain('written by a newer version of the app (format 99)');
      expect(said[0], file).not.toMatch(/damaged|not the app's|could not be read/);
      expect(await r.copies(file), file).toHaveLength(1);
    }
  }, 30_000);
});
