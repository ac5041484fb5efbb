// adv52 r43 #1: an older copy of calendar-export.json restored between runs (a backup restore, a synced folder's
// conflict copy). Failed before: the SEQUENCE of a block already imported at 3 went back to 1, then 2 at the next
// edit, which a calendar app holding 3 ignores (RFC 5546), so the user's calendar kept a start no longer true. An
// edit's SEQUENCE now comes from the edit's time too (sequence-clock.ts), so no record can make it go back.
import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const START = Date.parse('2026-03-25T10:00:00Z');
const DAYS = 14;
const ALICE = 'alice@example.com';
const RECORD = 'calendar-export.json';

const parse = (text: string) =>
  ICAL.Component.fromString(text)
    .getAllSubcomponents('vevent')
    .map((c) => {
      const e = new ICAL.Event(c);
      return {
        uid: e.uid,
        start: e.startDate.toJSDate().toISOString(),
        end: e.endDate.toJSDate().toISOString(),
        sequence: e.sequence,
      };
    });

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function cover(engine: Engine, start: string, end: string, email: string) {
  const r = await engine.handlers['override:create']({
    scheduleId: 'sch_berlin',
    window: { kind: 'custom', start, end },
    emails: [email],
  });
  expect(r.ok && r.value.status).toBe('created');
  await h?.clock.advance(1_000);
}

describe('an older calendar-export.json restored between runs', () => {
  it('the next edit of a block is still published under a SEQUENCE above any the calendar holds', async () => {
    h = await createHarness({ startMs: START, seed: threeZoneSeed() });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork', 'sch_tokyo'] });
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(1_000);
    const first = parse(await engine.calendar(DAYS));
    const monday = first.find((e) => e.start === '2026-03-30T07:00:00.000Z')!;
    const older = await h.files.read(RECORD); // the copy a backup or a synced folder keeps
    await cover(engine, '2026-03-30T07:00:00Z', '2026-03-30T09:00:00Z', ALICE);
    const e1 = parse(await engine.calendar(DAYS)).find((e) => e.uid === monday.uid)!;
    await h.clock.advance(60 * 60_000);
    await cover(engine, '2026-03-30T09:00:00Z', '2026-03-30T11:00:00Z', ALICE);
    parse(await engine.calendar(DAYS));
    await h.clock.advance(60 * 60_000);
    await cover(engine, '2026-03-30T11:00:00Z', '2026-03-30T12:00:00Z', ALICE);
    const e2 = parse(await engine.calendar(DAYS)).find((e) => e.uid === monday.uid)!;
    expect(e2.sequence).toBeGreaterThan(e1.sequence);
    await engine.stop();

    await h.files.writeAtomic(RECORD, older!); // the older copy comes back
    await h.clock.advance(60 * 60_000);
    const again = h.engine();
    await again.start();
    await h.clock.advance(1_000);
    const e3 = parse(await again.calendar(DAYS)).find((e) => e.uid === monday.uid)!;
    expect(e3.start).toBe(e2.start); // the same block, read the same
    await cover(again, '2026-03-30T12:00:00Z', '2026-03-30T13:00:00Z', ALICE); // Alice now takes 6 h
    const e4 = parse(await again.calendar(DAYS)).find((e) => e.uid === monday.uid)!;
    // A calendar app holding SEQUENCE e2.sequence ignores any update with a SEQUENCE not above it.
    expect(e4.start).toBe('2026-03-30T13:00:00.000Z');
    expect(e4.sequence).toBeGreaterThan(e2.sequence);
  }, 60_000);
});
