// My calendar through the real engine against the simulator (three zones, the Europe DST change of 2026-03-29),
// read back by an independent parser (ical.js): every block once with the right instants, UIDs that survive a
// second run and an override that moves a block, a removed block gone.
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const START = Date.parse('2026-03-25T10:00:00Z');
const DAYS = 14;
const ALICE = 'alice@example.com';

interface Ev {
  uid: string;
  summary: string;
  start: string;
  end: string;
  sequence: number;
  description: string;
}

function parse(text: string): Ev[] {
  const cal = ICAL.Component.fromString(text);
  return cal.getAllSubcomponents('vevent').map((c) => {
    const e = new ICAL.Event(c);
    return {
      uid: e.uid,
      summary: e.summary,
      start: e.startDate.toJSDate().toISOString(),
      end: e.endDate.toJSDate().toISOString(),
      sequence: e.sequence,
      description: e.description,
    };
  });
}

/** My blocks worked out from the seed's rule by hand, with luxon: `count` turns of `lengthDays`, every `everyDays`. */
function expected(
  zone: string,
  firstLocal: string,
  everyDays: number,
  lengthDays: number,
  count: number,
): [string, string][] {
  const first = DateTime.fromISO(firstLocal, { zone });
  return Array.from({ length: count }, (_, i) => {
    const start = first.plus({ days: i * everyDays });
    return [start.toUTC().toISO() ?? '', start.plus({ days: lengthDays }).toUTC().toISO() ?? ''];
  });
}

const of = (events: Ev[], name: string): [string, string][] =>
  events.filter((e) => e.summary === `On call: ${name}`).map((e) => [e.start, e.end]);

let h: Harness | undefined;
async function started(): Promise<{ h: Harness; engine: Engine }> {
  h = await createHarness({ startMs: START, seed: threeZoneSeed() });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork', 'sch_tokyo'] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  return { h, engine };
}

async function cover(engine: Engine, start: string, end: string, email: string): Promise<void> {
  const result = await engine.handlers['override:create']({
    scheduleId: 'sch_berlin',
    window: { kind: 'custom', start, end },
    emails: [email],
  });
  expect(result.ok && result.value.status).toBe('created');
  // The write asks for a refresh of the schedule; let it land.
  await h?.clock.advance(1_000);
}

describe('my calendar from the engine', () => {
  it('has each of my blocks once, at the right instants across the DST change and in other zones', async () => {
    const { engine } = await started();
    const events = parse(await engine.calendar(DAYS));
    // Berlin: me every other day, 09:00 local; the block of 28 March lasts 23 hours (clocks go forward).
    expect(of(events, 'Berlin primary')).toEqual(expected('Europe/Berlin', '2026-03-20T09:00', 2, 1, 10));
    expect(of(events, 'Berlin primary')).toContainEqual(['2026-03-28T08:00:00.000Z', '2026-03-29T07:00:00.000Z']);
    expect(of(events, 'New York payments')).toEqual(expected('America/New_York', '2026-03-21T08:00', 3, 1, 6));
    expect(of(events, 'Tokyo data')).toEqual(expected('Asia/Tokyo', '2026-03-22T10:00', 4, 2, 5));
    expect(events).toHaveLength(21);
    expect(new Set(events.map((e) => e.uid)).size).toBe(21);
    const dst = events.find((e) => e.start === '2026-03-28T08:00:00.000Z');
    expect(dst?.description).toContain('Your time (Berlin): Sat 28 Mar 2026, 09:00 – Sun 29 Mar 2026, 09:00');
    expect(dst?.description).toContain('Before you: Alice Doe');
    expect(dst?.description).toContain('After you: Alice Doe');
    const ny = events.find((e) => e.summary === 'On call: New York payments');
    expect(ny?.description).toMatch(/Schedule time \(New York\): Sat 21 Mar 2026, 08:00 /);
  });

  it('keeps every UID across runs, and the UID of a block an override shortens or extends', async () => {
    const { h, engine } = await started();
    const first = parse(await engine.calendar(DAYS));
    expect(parse(await engine.calendar(DAYS))).toEqual(first);
    await engine.stop();
    const again = h.engine();
    await again.start();
    await h.clock.advance(1_000);
    expect(parse(await again.calendar(DAYS)).map((e) => e.uid)).toEqual(first.map((e) => e.uid));

    const monday = first.find((e) => e.start === '2026-03-30T07:00:00.000Z');
    const thursday = first.find((e) => e.start === '2026-03-26T08:00:00.000Z');
    await cover(again, '2026-03-30T07:00:00Z', '2026-03-30T10:00:00Z', ALICE); // Alice takes my first 3 hours
    await cover(again, '2026-03-27T08:00:00Z', '2026-03-27T12:00:00Z', ME); // I stay 4 hours longer
    const after = parse(await again.calendar(DAYS));
    // An edit's SEQUENCE: the seconds since 2026 at the edit (above 0, and never back after a restored record).
    const edited = Math.floor((h.clock.now() - Date.parse('2026-01-01T00:00:00Z')) / 1000);
    const moved = after.find((e) => e.uid === monday?.uid);
    expect(moved).toMatchObject({
      start: '2026-03-30T10:00:00.000Z',
      end: '2026-03-31T07:00:00.000Z',
      sequence: edited,
    });
    expect(after.find((e) => e.uid === thursday?.uid)).toMatchObject({
      start: '2026-03-26T08:00:00.000Z',
      end: '2026-03-27T12:00:00.000Z',
      sequence: edited,
    });
    expect(after).toHaveLength(first.length);
    const untouched = after.filter((e) => e.summary !== 'On call: Berlin primary');
    expect(untouched).toEqual(first.filter((e) => e.summary !== 'On call: Berlin primary'));
  });

  it('drops a block someone else takes over entirely, and only that one', async () => {
    const { engine } = await started();
    const first = parse(await engine.calendar(DAYS));
    const gone = first.find((e) => e.start === '2026-04-01T07:00:00.000Z');
    expect(gone).toBeDefined();
    await cover(engine, '2026-04-01T07:00:00Z', '2026-04-02T07:00:00Z', ALICE);
    const after = parse(await engine.calendar(DAYS));
    expect(after.map((e) => e.uid)).toEqual(first.filter((e) => e !== gone).map((e) => e.uid));
  });
});
