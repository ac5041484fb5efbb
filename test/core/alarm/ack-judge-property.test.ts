// `status --ack` acknowledges an alarm iff, by the blocks as last read, it rang, is unanswered and its shift runs now
// (adv52 r38). Generated: my block's end as read and the end saved in the record apart (cut short or extended after
// the ring), a block of mine on another schedule carrying my on-call time on into the start (no alarm of its own: the
// run's first start stands for it), the record's state, and where the read ends (before now: whether it waits is
// unknown, nothing acknowledged, said so). Expected from the blocks alone, never from the record's end. Failed before:
// the record's end decided (worlds where it and the block's end disagree about now).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ackFromCli } from '../../../electron/core/alarm/cli-ack';
import type { AlarmRecord } from '../../../electron/core/alarm/types';
import type { Shift } from '../../../electron/api/schemas';
import { bob, me, scheduleSnap, settingsWith, shift, snapshotOf } from '../support/fixtures';
import { MemoryFileStore } from '../support/memory-file-store';
import { z } from 'zod';

const MIN = 60_000;
const H = 60 * MIN;
const START = Date.parse('2026-03-10T09:00:00Z');
const SVC = 'https://oncall.example.com';
const iso = (ms: number): string => new Date(ms).toISOString();
const KEY = `alarm:${SVC}:sch_x:${iso(START).replace('.000Z', 'Z')}`;
const RecordsSchema = z.object({
  alarms: z.record(z.string(), z.object({ ackedAtMs: z.number().optional(), ackSource: z.string().optional() })),
});

const world = fc.record({
  nowAfterMin: fc.integer({ min: 1, max: 12 * 60 }),
  readEndMin: fc.integer({ min: 15, max: 12 * 60 }),
  recordEndMin: fc.integer({ min: 15, max: 12 * 60 }),
  preceded: fc.boolean(),
  state: fc.constantFrom('rung', 'acked', 'passed', 'unrung'),
  // Where the last read of the schedules ends (an old cache): often past every other time, sometimes before now.
  readToMin: fc.oneof(fc.constant(14 * 60), fc.integer({ min: 15, max: 14 * 60 })),
});
type World = typeof world extends fc.Arbitrary<infer W> ? W : never;

function recordOf(w: World): AlarmRecord {
  const base = { startMs: START, endMs: START + w.recordEndMin * MIN };
  if (w.state === 'unrung') return base;
  if (w.state === 'passed') return { ...base, passedAtMs: START };
  if (w.state === 'acked') return { ...base, rungAtMs: START, ackedAtMs: START + MIN, ackSource: 'window' };
  return { ...base, rungAtMs: START };
}

/** The shifts as a read ending at `toMs` has them: cut there. */
const readTo = (toMs: number, shifts: Shift[]): Shift[] =>
  shifts
    .filter((x) => Date.parse(x.start) < toMs)
    .map((x) => (Date.parse(x.end) > toMs ? { ...x, end: iso(toMs) } : x));

function knownOf(w: World) {
  const mineEnd = START + w.readEndMin * MIN;
  const toMs = START + w.readToMin * MIN;
  const x = readTo(toMs, [
    shift(iso(START - 5 * H), iso(START), bob),
    shift(iso(START), iso(mineEnd), me),
    shift(iso(mineEnd), iso(START + 14 * H), bob),
  ]);
  const y = readTo(toMs, [
    shift(iso(START - 5 * H), iso(START - 4 * H), bob),
    shift(iso(START - 4 * H), iso(START), w.preceded ? me : bob),
    shift(iso(START), iso(START + 14 * H), bob),
  ]);
  const read = { shiftsFrom: iso(START - 5 * H), shiftsTo: iso(toMs) };
  const settings = settingsWith({ baseUrl: SVC, schedules: [{ id: 'sch_x' }, { id: 'sch_y' }] });
  return [{ settings, snapshot: snapshotOf([scheduleSnap('sch_x', x, read), scheduleSnap('sch_y', y, read)]) }];
}

describe('status --ack judges what waits as the tray does, from my blocks as last read', () => {
  it('acknowledges iff the alarm rang, is unanswered and its block as read runs now (not the record’s end)', async () => {
    await fc.assert(
      fc.asyncProperty(world, async (w) => {
        const nowMs = START + w.nowAfterMin * MIN;
        const files = new MemoryFileStore();
        const rec = recordOf(w);
        await files.writeAtomic('alarms.json', JSON.stringify({ version: 1, alarms: { [KEY]: rec } }));
        const out = await ackFromCli(files, nowMs, 'UTC', knownOf(w));
        // Independently: where the read doesn't reach now, whether a rung, unanswered alarm waits is unknown; else a
        // start carried on by a block of mine ending there is no start, and my block as read [START, START +
        // readEnd) runs at now or not.
        const reaches = nowMs < START + w.readToMin * MIN;
        const unknown = w.state === 'rung' && !reaches;
        const waits = w.state === 'rung' && reaches && !w.preceded && nowMs < START + w.readEndMin * MIN;
        const after = RecordsSchema.parse(JSON.parse((await files.read('alarms.json')) ?? '{}')).alarms[KEY];
        expect(out.ok).toBe(!unknown);
        expect(out.acked?.map((a) => a.key) ?? []).toEqual(waits ? [KEY] : []);
        if (waits) expect(after).toMatchObject({ ackedAtMs: nowMs, ackSource: 'cli' });
        else expect(after?.ackedAtMs).toBe(rec.ackedAtMs);
        expect(out.text === 'No shift-start alarm is waiting for an acknowledgement.').toBe(!waits && !unknown);
      }),
    );
  });
});
