import { describe, expect, it } from 'vitest';
import { MemoryFileStore } from '../support/memory-file-store';
import { me } from '../support/fixtures';
import { T0, harness, weekSnapshot, type Shown } from '../support/week';
import { MIN } from '../../support/time';

const END_OF_WEEK = Date.parse('2026-04-03T12:00:00Z');

/** Independently of the planner: every instant a reminder is owed for my shifts in the week snapshot. */
function expectedInstants(): number[] {
  const instants: number[] = [];
  for (const s of weekSnapshot().schedules) {
    const horizonEnd = Date.parse(s.shiftsTo ?? '');
    for (const sh of s.shifts) {
      if (!sh.users.some((u) => u.email === me.email)) continue;
      const start = Date.parse(sh.start);
      const end = Date.parse(sh.end);
      instants.push(start - 1440 * MIN, start - 15 * MIN, start);
      if (end < horizonEnd) instants.push(end);
    }
  }
  return instants.sort((a, b) => a - b);
}

function at(shown: readonly Shown[], iso: string): Shown[] {
  return shown.filter((s) => Math.abs(s.atMs - Date.parse(iso)) <= 1000);
}

describe('a week of reminders in three zones with a DST change', () => {
  it('shows every planned reminder exactly once, at its instant', async () => {
    const h = await harness();
    await h.runUntil(END_OF_WEEK);
    const expected = expectedInstants();
    expect(expected.length).toBeGreaterThan(20);
    expect(h.shown.map((s) => s.atMs)).toEqual(expected);
    const ids = h.shown.map((s) => s.n.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('follows Berlin through the spring-forward night: a 23-hour shift ends at 09:00 summer time', async () => {
    const h = await harness();
    await h.runUntil(END_OF_WEEK);
    // 09:00 CET on 28 March is 08:00Z; 09:00 CEST on 29 March is 07:00Z.
    expect(at(h.shown, '2026-03-28T08:00:00Z').map((s) => s.n.title)).toEqual(['On call now']);
    const ended = at(h.shown, '2026-03-29T07:00:00Z');
    expect(ended.map((s) => s.n.body)).toEqual(['Platform primary Sat 09:00 – Sun 09:00 is over. Alice takes over.']);
    expect(at(h.shown, '2026-03-28T07:45:00Z').map((s) => s.n.title)).toEqual(['On call in 15 min']);
  });

  it('names the schedule and local times, with the schedule zone where it differs', async () => {
    const h = await harness();
    await h.runUntil(END_OF_WEEK);
    // Payments (New York) 09:00 EDT on 27 March is 14:00 in Berlin (still winter time there).
    const lead = at(h.shown, '2026-03-27T12:45:00Z')[0]?.n;
    expect(lead).toMatchObject({
      title: 'On call in 15 min',
      body: 'Payments Fri 14:00 – Sat 14:00 (Fri 09:00 – Sat 09:00 New York)',
    });
    // Data pipeline (Kolkata, +05:30) 09:30 IST on 27 March is 05:00 in Berlin.
    const start = at(h.shown, '2026-03-27T04:00:00Z')[0]?.n;
    expect(start).toMatchObject({ title: 'On call now', body: 'Data pipeline until 17:00 (21:30 Kolkata)' });
  });

  it('after a restart mid-week with the same fired keys, repeats nothing and loses nothing', async () => {
    const files = new MemoryFileStore();
    const first = await harness(undefined, files);
    const restartAt = Date.parse('2026-03-28T07:50:00Z'); // between a 15-min lead and its shift start
    await first.runUntil(restartAt);
    first.scheduler.stop();
    const second = await harness(undefined, files, first.clock.now());
    await second.runUntil(END_OF_WEEK);
    const all = [...first.shown, ...second.shown].map((s) => s.atMs);
    expect(all).toEqual(expectedInstants());
    expect(first.shown.length).toBeGreaterThan(0);
    expect(second.shown.length).toBeGreaterThan(0);
  });

  it('says nothing before my first reminder is due', async () => {
    const h = await harness();
    await h.runUntil(T0 + 12 * 60 * MIN);
    expect(h.shown.filter((s) => s.atMs < expectedInstants()[0]!)).toEqual([]);
  });
});
