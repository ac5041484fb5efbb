// A newer version's per-entry field (fix52ac left it): an older app read an entry of cache.json, reminders.json,
// escalations.json, alarm-runs.json or calendar-export.json with a field it doesn't know, dropped the field and wrote
// the file back without it, with no copy and no word (only unknown top-level fields were counted). Now counted as
// the top-level ones are: the file kept aside once as it was, said once; the app's own fields that its schemas strip
// on purpose are never counted. Real engine, simulator, fake clock, a real data folder. Failed before: no notice.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeStands, MIN, MY_START, withNtfy } from '../support/phone-engine-rig';

afterEach(closeStands);

const FILES = ['cache.json', 'reminders.json', 'escalations.json', 'alarm-runs.json', 'calendar-export.json'];
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Adds a newer version's field to the first entry (of a list or a map) the file holds. */
function tamperFirstEntry(file: string, o: Record<string, unknown>): void {
  for (const value of Object.values(o)) {
    const entries = Array.isArray(value) ? value : isObject(value) ? Object.values(value) : [];
    const first: unknown = entries[0];
    if (isObject(first)) {
      first.newerEntryField = { note: 'kept by v99' };
      return;
    }
  }
  throw new Error(`${file}: no entry to tamper`);
}

async function restartedWithEntryField() {
  const { h, engine, make } = await withNtfy();
  await h.clock.advance(60_000);
  await engine.calendar(30);
  await engine.stop();
  for (const file of FILES) {
    const o = JSON.parse((await h.files.read(file)) ?? 'null') as Record<string, unknown>;
    tamperFirstEntry(file, o);
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

describe('a newer version’s field inside an entry', () => {
  it('is kept aside once with the file as it was and said once; what is understood is kept', async () => {
    const r = await restartedWithEntryField();
    const first = await r.start();
    expect(first.ringing).toBe(true);
    for (const file of FILES) {
      const said = first.notices.filter((m) => m.includes('written by a newer version of the app') && m.includes(file));
      expect(said, file).toHaveLength(1);
      const copies = await r.copies(file);
      expect(copies, file).toHaveLength(1);
      expect(await readFile(join(r.h.dir, copies[0] ?? ''), 'utf8'), file).toContain('kept by v99');
      expect((await r.h.files.read(file)) ?? '', file).not.toContain('newerEntryField');
    }
    const second = await r.start();
    expect(second.notices.filter((m) => m.includes('newer version'))).toEqual([]);
    for (const file of FILES) expect(await r.copies(file), file).toHaveLength(1);
  }, 30_000);
});
