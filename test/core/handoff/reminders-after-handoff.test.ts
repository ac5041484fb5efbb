// Issue 37, "after any of these": my Fri shift starts at 09:00 (Berlin) and "On call in 15 min" was already shown
// when I hand it off (away mode's "Create all", or a swap). The write lands; from then on no "On call now" and no
// "Shift ended" come for that time, the reminder already shown is corrected exactly once with who covers it, later
// reads and a restart repeat nothing, and My shifts, the schedule's timeline and my calendar show Bob there.
// Real engine, simulator behind a loopback proxy, fake clock.
import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import type { Harness, Shown } from '../support/engine-harness';
import { oneService } from './support/one-service';
import { MIN } from '../../support/time';

// Daily from Mon 2 March 08:00 UTC (09:00 Berlin): Alice (me) on even days, Bob on odd ones.
const MY_FRI = { start: '2026-03-06T08:00:00Z', end: '2026-03-07T08:00:00Z' };
const BOB_SAT = { start: '2026-03-07T08:00:00Z', end: '2026-03-08T08:00:00Z' };
// Fri 08:40 Berlin: my shift starts in 20 min.
const START = Date.parse(MY_FRI.start) - 20 * MIN;

let current: Awaited<ReturnType<typeof oneService>> | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

/** Started, and past the 15-min lead of my Fri shift: returns what was shown by then. */
async function leadShown() {
  current = await oneService(START, () => 'pass');
  await current.start();
  const h = current.harness;
  await h.clock.advanceTo(Date.parse(MY_FRI.start) - 14 * MIN);
  const lead = h.notifier.shown.filter((n) => n.title === 'On call in 15 min');
  expect(lead.map((n) => n.body)).toEqual(['Platform primary Fri 09:00 – Sat 09:00']);
  return { h, engine: current.engine };
}

const line = (n: Shown) => `${n.title}: ${n.body}`;
const corrections = (h: Harness) => h.notifier.shown.filter((n) => /after all/.test(n.title)).map(line);
const onCallNow = (h: Harness, iso: string) =>
  h.notifier.shown.filter((n) => n.title === 'On call now' && Math.abs(n.atMs - Date.parse(iso)) < 10 * MIN);
const endedAt = (h: Harness, iso: string) =>
  h.notifier.shown.filter((n) => n.title === 'Shift ended' && Math.abs(n.atMs - Date.parse(iso)) < 10 * MIN);

/** The handed-off window as every surface shows it: not mine, Bob's on the timeline, not in my calendar. */
async function shownAsBobs(engine: Engine, w: { start: string; end: string }) {
  const [a, b] = [Date.parse(w.start), Date.parse(w.end)];
  const state = engine.getState();
  const overlaps = (x: { start: string; end: string }) => Date.parse(x.start) < b && Date.parse(x.end) > a;
  expect(state.me.shifts.filter(overlaps)).toEqual([]);
  const timeline = state.schedules.find((s) => s.id === 'sch_primary')!.timeline.filter(overlaps);
  expect(timeline.map((t) => t.users.map((u) => u.email))).toEqual([['bob@example.com']]);
  const cal = ICAL.Component.fromString(await engine.calendar(7));
  const events = cal.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
  expect(events.filter((e) => overlaps({ start: iso(e.startDate), end: iso(e.endDate) }))).toEqual([]);
}
const iso = (t: ICAL.Time) => t.toJSDate().toISOString();

/** Away mode over Fri–Sat: my one shift there, Bob for it, "Create all"; it lands. */
async function handOff(h: Harness, engine: Engine) {
  const plan = await h.clock.runWhileAdvancing(
    engine.handlers['handoff:plan']({ range: { from: '2026-03-06', to: '2026-03-07' } }),
  );
  if (!plan.ok) throw new Error(plan.error.message);
  expect(plan.value.rows.map((r) => [Date.parse(r.start), Date.parse(r.end)])).toEqual([
    [Date.parse(MY_FRI.start), Date.parse(MY_FRI.end)],
  ]);
  const items = plan.value.rows.map((r) => ({
    scheduleId: r.scheduleId,
    start: r.start,
    end: r.end,
    email: 'bob@example.com',
  }));
  const run = await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }));
  expect(run.ok && run.value.run?.items.map((i) => i.state)).toEqual(['handed_off']);
}

describe('reminders after handing my shift off', () => {
  it('away mode: the lead already shown is corrected once, nothing more is said for that time, even after a restart', async () => {
    const { h, engine } = await leadShown();
    await handOff(h, engine);
    await h.clock.advance(2 * MIN);
    expect(corrections(h)).toEqual([
      'Not on call at 09:00 after all: Bob Person covers Platform primary Fri 09:00 – Sat 09:00 instead of you.',
    ]);
    await shownAsBobs(engine, MY_FRI);

    // Past the start and the end of the time handed off: nothing said for it, no second correction.
    await h.clock.advanceTo(Date.parse(MY_FRI.end) + 15 * MIN);
    expect(onCallNow(h, MY_FRI.start)).toEqual([]);
    expect(endedAt(h, MY_FRI.end)).toEqual([]);
    expect(corrections(h)).toHaveLength(1);

    // A restart: nothing about that time is told again.
    const before = h.notifier.shown.length;
    await engine.stop();
    const again = h.engine({ client: { timeoutMs: 1_000 } });
    await again.start();
    await h.clock.advance(30 * MIN);
    const aboutFri = (n: Shown) => [MY_FRI.start, `end:${MY_FRI.end}`, 'correction:'].some((k) => n.id.includes(k));
    expect(h.notifier.shown.filter(aboutFri)).toHaveLength(2);
    expect(h.notifier.shown.slice(before).filter(aboutFri).map(line)).toEqual([]);
  }, 60_000);

  it("a swap: my Fri is corrected once and never announced; Bob's Sat, mine now, gets its reminders", async () => {
    const { h, engine } = await leadShown();
    const swap = await h.clock.runWhileAdvancing(
      engine.handlers['swap:create']({
        mine: { scheduleId: 'sch_primary', ...MY_FRI },
        theirs: { scheduleId: 'sch_primary', ...BOB_SAT, email: 'bob@example.com' },
      }),
    );
    if (!swap.ok) throw new Error(swap.error.message);
    expect(swap.value.text).toMatch(/^Swapped: /);
    await h.clock.advance(2 * MIN);
    expect(corrections(h)).toEqual([
      'Not on call at 09:00 after all: Bob Person covers Platform primary Fri 09:00 – Sat 09:00 instead of you.',
    ]);
    await shownAsBobs(engine, MY_FRI);
    const mine = engine.getState().me.shifts.map((s) => [s.start, s.end]);
    expect(mine[0]?.[0]).toBe(BOB_SAT.start);

    await h.clock.advanceTo(Date.parse(BOB_SAT.start) + 5 * MIN);
    expect(onCallNow(h, MY_FRI.start)).toEqual([]);
    expect(endedAt(h, MY_FRI.end)).toEqual([]);
    // Bob's Saturday is mine now: its lead and its start come, once each.
    const sat = h.notifier.shown.filter((n) => n.atMs > Date.parse(MY_FRI.end) - 30 * MIN).map(line);
    // Its start is told once, by the loud alarm (issue 50): no separate "On call now" beside it.
    expect(sat.slice(1)).toEqual([
      'On call now — Platform primary: Your shift Sat 09:00 – Mon 09:00. Bob Person hands over to you.',
    ]);
    expect(sat[0]).toBe('On call in 15 min: Platform primary Sat 09:00 – Mon 09:00');
    expect(corrections(h)).toHaveLength(1);
  }, 60_000);

  it('handed off before any reminder of it was shown: nothing to correct, and nothing is said about it', async () => {
    current = await oneService(START, () => 'pass');
    await current.start();
    const { harness: h, engine } = current;
    await handOff(h, engine);
    await h.clock.advanceTo(Date.parse(MY_FRI.end) + 15 * MIN);
    // Only my next shift's day-before reminder: nothing about Friday.
    expect(h.notifier.shown.map(line)).toEqual(['On call in 1 d: Platform primary Sun 09:00 – Mon 09:00']);
  }, 60_000);
});
