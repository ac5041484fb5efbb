// A simulated week in three zones across the Europe DST change, with the real simulator over loopback: every
// planned reminder fires exactly once, at its instant; a restart mid-week repeats none and loses none; a sleep
// over a shift start gives one "since" message.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness, type Shown } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { expectedReminders, myBlocks, type Expected } from '../support/truth';
import { HOUR } from '../../support/time';

const IDS = ['sch_berlin', 'sch_newyork', 'sch_tokyo'];
const START = Date.parse('2026-03-25T00:00:00Z');
const END = Date.parse('2026-04-01T00:00:00Z');

let h: Harness | undefined;
async function setup(): Promise<{ h: Harness; expected: Expected[] }> {
  h = await createHarness({ startMs: START, seed: threeZoneSeed() });
  // A relaxed cadence keeps a simulated week fast; reminders are judged by the clock, not by polling.
  await seedSettings(h, {
    email: ME,
    scheduleIds: IDS,
    refresh: { idleIntervalSec: 1800, nearIntervalSec: 300, nearWindowMin: 30 },
  });
  const blocks = await myBlocks(h.sim, IDS, ME, START - 2 * 24 * HOUR, END + 3 * 24 * HOUR);
  // Leave the first hour out: the engine's own start-up catch-up is judged separately.
  return { h, expected: expectedReminders(blocks, START + HOUR, END) };
}

function shiftNotices(shown: Shown[], afterMs: number): Shown[] {
  return shown.filter((n) => n.id.startsWith('shift:') && n.atMs > afterMs);
}

function expectExactlyOnceAtInstant(shown: Shown[], expected: Expected[]): void {
  const ids = shown.map((n) => n.id);
  expect(new Set(ids).size).toBe(ids.length); // nothing twice
  for (const e of expected) {
    const hits = shown.filter((n) => n.id === e.id);
    expect(hits, e.id).toHaveLength(1);
    expect(Math.abs(hits[0]!.atMs - e.atMs), e.id).toBeLessThanOrEqual(1_000);
  }
  expect(shown.map((n) => n.id).sort()).toEqual(expected.map((e) => e.id).sort());
}

describe('engine: a week in three zones across DST', () => {
  it('fires every planned reminder exactly once, at its instant', async () => {
    const { h, expected } = await setup();
    expect(expected.length).toBeGreaterThan(20);
    // The Berlin handoff stays at 09:00 local: 08:00Z before the change, 07:00Z after it.
    expect(expected.map((e) => e.id)).toContain('shift:sch_berlin:2026-03-26T08:00:00Z:start');
    expect(expected.map((e) => e.id)).toContain('shift:sch_berlin:2026-03-30T07:00:00Z:start');
    const engine = h.engine({ alarms: false });
    await engine.start();
    await h.clock.advanceTo(END);
    expectExactlyOnceAtInstant(shiftNotices(h.notifier.shown, START + HOUR), expected);
    const start = h.notifier.shown.find((n) => n.id === 'shift:sch_berlin:2026-03-30T07:00:00Z:start');
    expect(start?.title).toBe('On call now');
    expect(engine.getState().sync.kind).toBe('ok');
  }, 120_000);

  it('repeats none and loses none across a restart mid-week', async () => {
    const { h, expected } = await setup();
    let engine: Engine = h.engine({ alarms: false });
    await engine.start();
    await h.clock.advanceTo(Date.parse('2026-03-28T13:37:00Z'));
    await engine.stop();
    engine = h.engine({ alarms: false });
    await engine.start();
    await h.clock.advanceTo(END);
    expectExactlyOnceAtInstant(shiftNotices(h.notifier.shown, START + HOUR), expected);
  }, 120_000);
});

describe('engine: sleep over a shift start', () => {
  it('gives one accurate "since" message on resume, never a stale "starts in 15 min"', async () => {
    const { h, expected } = await setup();
    const engine = h.engine({ alarms: false });
    await engine.start();
    const start = expected.find((e) => e.id.endsWith(':start') && e.atMs > START + 30 * HOUR)!;
    const group = start.id.replace(/:start$/, '');
    await h.clock.advanceTo(start.atMs - 20 * 60_000);
    const before = h.notifier.shown.length;
    h.clock.sleep(2 * HOUR); // lid closed 20 min before the start, opened 1 h 40 min after it
    engine.power('resume');
    await h.clock.advance(1_000);
    const mine = h.notifier.shown.slice(before).filter((n) => n.id.startsWith(group));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.body).toMatch(/^You have been on call for .+ since \d\d:\d\d/);
    await h.clock.advance(6 * HOUR);
    // Nothing more for that shift's start afterwards (no late "on call in 15 min", no second "on call now").
    expect(h.notifier.shown.slice(before).filter((n) => n.id.startsWith(group) && !n.id.endsWith(':end'))).toHaveLength(
      1,
    );
  }, 60_000);
});
