// adv52 r29 #1: settings.json rewritten outside the app while it runs, in a form the loader "repairs" (a newer
// version's file, a setting this version doesn't know, a value out of range), was overwritten silently by the app's
// next save: the check compared the repaired settings with the app's, and what repair drops never showed. The file
// on disk is now compared with what the app last read or wrote, so each is kept aside and said, by its kind.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { jsonObject } from '../../support/json';

const START = Date.parse('2026-03-04T12:00:00Z');
type Edit = (o: Record<string, unknown>) => Record<string, unknown>;
const HOURS = { from: '09:00', to: '17:00' };

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const CASES: readonly { name: string; edit: Edit; kind: string }[] = [
  {
    name: 'a newer version of the app (synced folder)',
    edit: (o) => ({ ...o, version: 3, workHours: HOURS }),
    kind: 'by a newer version of the app (format 3)',
  },
  {
    name: 'a setting this version does not know, typed by hand',
    edit: (o) => ({ ...o, workHours: HOURS }),
    kind: '1 entry that are not settings of this app',
  },
  {
    name: 'a value this version resets (horizonDays 9999)',
    edit: (o) => ({ ...o, horizonDays: 9999 }),
    kind: 'horizonDays (',
  },
];

describe('settings.json changed outside the app while it runs, in a form the loader would repair', () => {
  for (const { name, edit, kind } of CASES) {
    it(`${name}: kept aside before the app's next save and said once, by its kind`, async () => {
      h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
      await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
      const e = h.engine();
      await e.start();
      await h.clock.advance(5_000);
      const path = join(h.dir, 'settings.json');
      const editText = JSON.stringify(edit(jsonObject(await readFile(path, 'utf8'))), null, 2);
      await h.files.writeAtomic('settings.json', editText);
      await h.clock.advance(1_000);
      const r = await h.clock.runWhileAdvancing(e.handlers['settings:update']({ startAtLogin: false }));
      expect(r.ok).toBe(true);
      const kept = (await readdir(h.dir)).filter((n) => n.startsWith('settings.json.bad-'));
      expect(kept).toHaveLength(1);
      // The other install's (or the hand edit's) file, whole: nothing of it was lost.
      expect(await readFile(join(h.dir, kept[0] ?? ''), 'utf8')).toBe(editText);
      const said = e.getState().notices.filter((n) => n.message.includes('changed outside the app while it ran'));
      expect(said).toHaveLength(1);
      expect(said[0]?.message).toContain(kind);
      expect(said[0]?.message).toContain(`kept as ${join(h.dir, kept[0] ?? '')}`);
      // The app's settings are what is on disk now.
      expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ version: 2, startAtLogin: false });
      // Its own next save keeps nothing more aside and says nothing more.
      expect((await h.clock.runWhileAdvancing(e.handlers['settings:update']({ startAtLogin: true }))).ok).toBe(true);
      expect((await readdir(h.dir)).filter((n) => n.startsWith('settings.json.bad-'))).toHaveLength(1);
      await h.clock.runWhileAdvancing(e.stop());
    }, 60_000);
  }
});
