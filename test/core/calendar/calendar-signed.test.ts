// The calendar's record is signed (issue 52, adv52 r10–11): an entry with a made-up `readMs` (and `modifiedMs`,
// `unconfirmedSinceMs` in the app's own order, so no time check can tell) for a time now in a hole, or far past
// anything read, is never published as "On call … kept as last read": without the app's MAC it is dropped, said once,
// and the record kept aside; the app's own entries keep publishing. Real engine, simulator, fake clock; fast-check
// over generated forged entries and MACs (FC_RUNS). Failed before: the forged entries were published.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { anchorUid } from '../../../electron/core/calendar/published-record';
import { UNSIGNED } from '../../../electron/core/storage/record-key';
import { createHarness, type Harness } from '../support/engine-harness';
import { serviceSeed } from '../../support/two-service-seeds';

const FC_RUNS = Number(process.env['FC_RUNS'] ?? 10);
const KEY = 'ocs_work_key_1111';
const DAY = 86_400_000;
const T0 = Date.parse('2026-03-04T19:00:00Z');
const HOLE = { fromMs: Date.parse('2026-03-04T20:00:00Z'), toMs: Date.parse('2026-03-08T20:00:00Z') };
const RECORD = 'calendar-export.json';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

type RecordFile = { version: 1; events: Record<string, { scheduleId: string }>; macs?: Record<string, string> };

async function rig() {
  const h = await createHarness({ startMs: T0, seed: serviceSeed(KEY, ['alice', 'bob']) });
  harness = h;
  const account = { id: 'work', label: 'Work', baseUrl: h.sim.url, email: 'alice@example.com' };
  const settings = { version: 2, startAtLogin: true, accounts: [{ ...account, schedules: [{ id: 'sch_primary' }] }] };
  await h.files.writeAtomic('settings.json', JSON.stringify(settings));
  await h.secrets.set(`work@${new URL(h.sim.url).host}`, KEY);
  const engine = h.engine({ alarms: false, localZone: 'Europe/Berlin' });
  await engine.start();
  await h.clock.advance(2 * 60_000);
  await engine.calendar(14);
  const real = JSON.parse((await h.files.read(RECORD)) ?? '{}') as RecordFile;
  h.sim.unreadable.add('sch_primary', HOLE);
  await engine.handlers['sync:refresh'](null);
  await h.clock.advance(60_000);
  return { h, engine, real, ref: Object.values(real.events)[0]?.scheduleId ?? 'none' };
}

const uidsOf = (ics: string): string[] => [...ics.matchAll(/^UID:(.+)$/gm)].map((m) => (m[1] ?? '').trim());

describe('the calendar record signed with the record key', () => {
  it('a forged entry with a faked readMs is never published, and is said once', async () => {
    const { h, engine, real, ref } = await rig();
    const realUids = Object.keys(real.events);
    expect(Object.keys(real.macs ?? {}).sort()).toEqual([...realUids].sort());
    const forged = fc.record({
      startMs: fc.oneof(
        fc.integer({ min: HOLE.fromMs, max: HOLE.toMs - 2 * 3_600_000 }),
        fc.integer({ min: T0 + 20 * DAY, max: T0 + 80 * DAY }),
      ),
      lengthMs: fc.integer({ min: 3_600_000, max: DAY }),
      ageMs: fc.integer({ min: 60_000, max: 30 * DAY }),
      unconfirmed: fc.boolean(),
      mac: fc.oneof(
        fc.constant<string | undefined>(undefined),
        fc.constant('copied'),
        fc.stringMatching(/^[0-9a-f]{64}$/),
      ),
    });
    await fc.assert(
      fc.asyncProperty(forged, async (f) => {
        const startMs = Math.round(f.startMs / 60_000) * 60_000;
        const uid = anchorUid(ref, 'alice@example.com', startMs);
        const readMs = h.clock.now() - f.ageMs;
        const entry = {
          scheduleId: ref,
          startMs,
          endMs: startMs + f.lengthMs,
          digest: 'a'.repeat(32),
          sequence: 0,
          modifiedMs: readMs,
          readMs,
          ...(f.unconfirmed ? { unconfirmedSinceMs: readMs + 1 } : {}),
        };
        const mac = f.mac === 'copied' ? Object.values(real.macs ?? {})[0] : f.mac;
        const record = {
          version: 1,
          events: { ...real.events, [uid]: entry },
          macs: { ...real.macs, ...(mac === undefined ? {} : { [uid]: mac }) },
        };
        await h.files.writeAtomic(RECORD, JSON.stringify(record));
        const ics = await engine.calendar(90);
        expect(uidsOf(ics)).not.toContain(uid);
        // The app's own events, kept as last read through the hole, are still published.
        expect(uidsOf(ics).filter((u) => realUids.includes(u)).length).toBeGreaterThan(0);
        const key = h.secrets.entries.get('oncall-tray-record-key') ?? '';
        for (const n of engine.getState().notices) expect(n.message).not.toContain(key);
        for (const name of [RECORD, `${RECORD}.bad-1`, 'settings.json'])
          expect((await h.files.read(name)) ?? '').not.toContain(key);
      }),
      { numRuns: FC_RUNS, seed: 5212 },
    );
    const said = engine.getState().notices.filter((n) => n.message.includes(UNSIGNED));
    expect(said).toHaveLength(1);
    expect(said[0]?.message).toMatch(/The file was kept as /);
  }, 60_000);
});
