// Issue 47 (adv47 r34): over a hole the service's fresh answer (current_oncall_shift, next_oncall_shift) is a
// statement about its own span, and the reminders rest on it there, not on the saved read kept beneath it. My shift
// tomorrow is sent unreadable and, meanwhile, given to Alice: the last read that covered it had me, the service's
// answer names Alice over it. No "On call" reminder may come for it from the saved read once the answer says whose
// it is. Real engine, simulator over loopback, fake clock; what is expected comes from the seed and the override
// this test makes.
import { describe, expect, it } from 'vitest';
import { timelineModel } from '../../../renderer/src/lib/timeline';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { HOUR, MIN } from '../../support/time';

const SID = 'sch_ops';
// Eight-hour shifts from 04:00 UTC, Alice, me, Bob in turn: mine are 12:00–20:00 UTC every day.
const seed = seedOf([
  {
    id: SID,
    name: 'Ops',
    zone: 'Etc/UTC',
    rotationStart: '2026-03-01T04:00:00Z',
    userIds: ['usr_alice', 'usr_me', 'usr_bob'],
    length: { amount: 8, unit: 'hours' },
  },
]);
const START = Date.parse('2026-03-21T06:00:00Z');
const MINE = { fromMs: Date.parse('2026-03-22T12:00:00Z'), toMs: Date.parse('2026-03-22T20:00:00Z') };
const GROUP = 'shift:sch_ops:2026-03-22T12:00:00Z';
const CHANGED_AT = Date.parse('2026-03-21T07:10:00Z');
/** From the seed: the shift before mine starts eight hours earlier; from then on the answer names mine as its next. */
const NAMED_FROM = MINE.fromMs - 8 * HOUR;

describe("the service's answer over a kept read (issue 47)", () => {
  it('my shift sent unreadable and given to Alice: once the answer names her there, no reminder of mine comes', async () => {
    const h = await createHarness({ startMs: START, seed });
    await seedSettings(h, { email: ME, scheduleIds: [SID] });
    const engine = h.engine({ localZone: 'Etc/UTC', alarms: false });
    await engine.start();
    await h.clock.advanceTo(CHANGED_AT);
    h.sim.unreadable.add(SID, MINE);
    h.sim.state.addOverride(SID, { startMs: MINE.fromMs, endMs: MINE.toMs, userIds: ['usr_alice'] }, h.clock.now());
    // Just before my shift: the week says Alice there (the answer's), not me from the saved read.
    await h.clock.advanceTo(MINE.fromMs - 14 * MIN);
    const row = timelineModel(engine.getState(), {
      nowMs: h.clock.now(),
      locale: 'en-GB',
      localZone: 'Etc/UTC',
    }).rows.find((r) => r.id.endsWith(SID));
    const at = row?.segments.find((x) => x.startMs <= MINE.fromMs && MINE.fromMs < x.endMs);
    expect(at?.kind).toBe('person');
    expect(at?.text).toContain('Alice');
    expect(at?.text).not.toContain('(you)');
    // No shift reminder of mine from the saved read once the answer names the span (lead, start, end).
    await h.clock.advanceTo(MINE.toMs + 5 * MIN);
    const mineShown = h.notifier.shown.filter((n) => n.id.startsWith(GROUP) && n.atMs >= NAMED_FROM);
    expect(mineShown.map((n) => `${new Date(n.atMs).toISOString()} ${n.title} | ${n.body}`)).toEqual([]);
    await engine.stop();
  }, 120_000);
});
