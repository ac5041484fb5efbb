// The app's runs vouch for its alarm records (adv52 r9 #4), over generated histories (fast-check; FC_RUNS=n): the app
// starts and stops at generated times and rings and acknowledges alarms while it runs; between runs a record is
// forged or restored with a ring dated while the app was not running (its dates all passed, so no clock check can
// tell). After a last restart every record the app made is kept as it was (no second ring of a start the user
// acknowledged), every forged one is dropped, and it is said once, with the file kept aside.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadAlarmStore } from '../../../electron/core/alarm/alarm-store';
import type { FileStore } from '../../../electron/core/ports';
import type { Notice } from '../../../electron/core/storage/settings-store';

const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 40);
const MIN = 60_000;
const T0 = Date.parse('2026-03-11T00:00:00Z');

/** A data folder in memory: enough of the file store for the alarm records. */
function memoryFolder() {
  const files = new Map<string, string>();
  const kept: string[] = [];
  const store: FileStore = {
    read: (n) => Promise.resolve(files.get(n)),
    writeAtomic: (n, t) => (files.set(n, t), Promise.resolve()),
    backup: (n) => {
      const name = `${n}.bad-${kept.length}`;
      kept.push(name);
      files.set(name, files.get(n) ?? '');
      files.delete(n);
      return Promise.resolve(name);
    },
    remove: (n) => (files.delete(n), Promise.resolve()),
  };
  return { files, kept, store };
}

/** Each run: minutes after the last one stopped, its length, whether the app rings and acknowledges in it, and
 *  whether a record is forged after it stops (minutes into the gap that follows). */
const history = fc.array(
  fc.record({
    gapMin: fc.integer({ min: 2, max: 600 }),
    lenMin: fc.integer({ min: 1, max: 600 }),
    ring: fc.option(fc.integer({ min: 0, max: 599 }), { nil: undefined }),
    forge: fc.option(fc.integer({ min: 1, max: 599 }), { nil: undefined }),
  }),
  { minLength: 1, maxLength: 6 },
);

describe('alarm records vouched for by the runs of the app', () => {
  it("keeps the app's own records across restarts and drops every ring dated while it was not running", async () => {
    await fc.assert(
      fc.asyncProperty(history, async (runs) => {
        const folder = memoryFolder();
        const notices: Notice[] = [];
        let now = T0;
        const own: Record<string, number> = {};
        let forged: string[] = [];
        const dropped = (all: object) => forged.every((k) => !(k in all));
        for (const [i, run] of runs.entries()) {
          now += run.gapMin * MIN;
          const store = await loadAlarmStore(
            folder.store,
            () => now,
            (n) => notices.push(n),
            undefined,
            false,
            true,
          );
          expect(dropped(store.all())).toBe(true);
          forged = [];
          const stopMs = now + run.lenMin * MIN;
          if (run.ring !== undefined) {
            now += Math.min(run.ring, run.lenMin) * MIN;
            const key = `alarm:own:${i}`;
            own[key] = now;
            const shift = { startMs: now, endMs: now + 480 * MIN };
            await store.update(key, { ...shift, rungAtMs: now });
            await store.update(key, { ...shift, rungAtMs: now, ackedAtMs: now, ackSource: 'tray' });
          }
          now = stopMs;
          await store.settled();
          // Stopped: a record is put in with a ring (and acknowledgement) while no run of the app was going.
          const next = runs[i + 1];
          if (run.forge !== undefined && run.forge < (next?.gapMin ?? 600)) {
            const at = now + run.forge * MIN;
            const key = `alarm:forged:${i}`;
            forged.push(key);
            const file = JSON.parse(folder.files.get('alarms.json') ?? '{"version":1,"alarms":{}}') as {
              alarms: Record<string, object>;
            };
            file.alarms[key] = { startMs: at, endMs: at + 480 * MIN, rungAtMs: at, ackedAtMs: at, ackSource: 'tray' };
            folder.files.set('alarms.json', JSON.stringify(file));
          }
        }
        now += 600 * MIN;
        notices.length = 0;
        const last = await loadAlarmStore(
          folder.store,
          () => now,
          (n) => notices.push(n),
          undefined,
          false,
          true,
        );
        const all = last.all();
        for (const [key, atMs] of Object.entries(own)) {
          expect(all[key]?.rungAtMs).toBe(atMs);
          expect(all[key]?.ackedAtMs).toBe(atMs);
        }
        for (const key of forged) expect(all[key]).toBeUndefined();
        const said = notices.filter((n) => /a ring while the app was not running/.test(n.message));
        expect(said.length).toBe(forged.length > 0 ? 1 : 0);
        // A forged record seen at an earlier start was kept aside then; what is left now is said and kept once more.
        expect(notices).toHaveLength(said.length);
      }),
      { numRuns: NUM_RUNS, seed: 52 },
    );
  });
});
