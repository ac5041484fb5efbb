// The phone's "I'm on it" given while the app is not running, then the front of the block given away, then a cold
// start (issue 50, adv50 round 40 #1). The app is quit at 08:55 (stopped, not suspended); the booked alert rings on
// the phone at 09:03 and I tap "I'm on it" at 09:04; at 09:06 the service records Bob over the first minutes of my
// 09:00–17:00; the app is started at 09:30. This run never had the 09:00 start: the block the tap answered is the
// one the app recorded as mine (reminders.json), matched by the same rule as after a wake (front-acks.ts).
// Real engine, simulator, fake clock, loopback ntfy stand-in. Failed before: a loud late alarm "On call since 10:10",
// "not acknowledged", and the phone paged again at 09:33. The control: nothing given away.
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { OPS_ID } from '../support/seeds';
import { alertsOn, closeStands, laptopAlarms, MIN, MY_START, TOPIC, withNtfy } from '../support/phone-engine-rig';

afterEach(closeStands);

const TAP_MS = MY_START + 4 * MIN;
const COLD_MS = MY_START + 30 * MIN;
const at = (min: number) => MY_START + min * MIN;
const iso = (ms: number) => new Date(ms).toISOString();

type Rig = Awaited<ReturnType<typeof withNtfy>>;

/** Quit at 08:55; the phone's tap at 09:04; `given` at 09:06 (the service's change); started cold at 09:30. */
async function quitTapped(given: (r: Rig) => void): Promise<{ r: Rig; e: Engine }> {
  const r = await withNtfy();
  const { h, s } = r;
  await h.clock.advanceTo(at(-5));
  await h.clock.runWhileAdvancing(r.engine.stop());
  await h.clock.advanceTo(TAP_MS);
  const rang = alertsOn(s, TOPIC);
  expect(rang.map((m) => m.deliverMs)).toEqual([at(3)]);
  await s.tapAction(rang[0]!);
  await h.clock.advanceTo(at(6));
  given(r);
  await h.clock.advanceTo(COLD_MS);
  const e = r.make();
  await e.start();
  await h.clock.advance(40_000);
  await h.clock.runWhileAdvancing(e.alarmsSettled());
  return { r, e };
}

/** Bob over each [from, to) (minutes from 09:00), recorded by the service at once. */
const giveBob =
  (...spans: [number, number][]) =>
  (r: Rig) => {
    for (const [from, to] of spans)
      r.h.sim.state.addOverride(OPS_ID, { startMs: at(from), endMs: at(to), userIds: ['usr_bob'] }, r.h.clock.now());
  };

/** What the user met until `untilMs`: the spans the laptop's alarms rang for (in the schedule's zone, UTC, as their
 *  body states them), the phone's alerts (when they rang), the alarm's acknowledgement. */
async function seenUntil(r: Rig, e: Engine, untilMs: number) {
  await r.h.clock.advanceTo(untilMs);
  const a = e.getState().alarm;
  return {
    laptop: laptopAlarms(r.h).map((n) => /\((\d\d:\d\d–\d\d:\d\d) UTC\)/.exec(n.body)?.[1]),
    phone: alertsOn(r.s, TOPIC).map((m) => iso(m.deliverMs)),
    ackedAt: a?.ackedAt ?? null,
    ackSource: a?.ackSource ?? null,
  };
}

// One alert (the booking that rang at 09:03), nothing on the laptop, acknowledged at the tap from the phone.
const held = { laptop: [], phone: [iso(at(3))], ackedAt: iso(TAP_MS), ackSource: 'phone' };

describe('phone "I\'m on it" while the app is quit, the front of the block given away, then a cold start', () => {
  it('control (nothing given away): acknowledged from the phone, nothing rings at start', async () => {
    const { r, e } = await quitTapped(() => undefined);
    expect(await seenUntil(r, e, at(120))).toEqual(held);
    await r.h.clock.runWhileAdvancing(e.stop());
  }, 60_000);

  it.each([10, 20])(
    'first %i min given away at 09:06: the tap holds for the block, no alarm, no second page',
    async (gapMin) => {
      const { r, e } = await quitTapped(giveBob([0, gapMin]));
      expect(await seenUntil(r, e, at(120))).toEqual(held);
      await r.h.clock.runWhileAdvancing(e.stop());
    },
    60_000,
  );

  it('the front and the end given away (09:00–09:10, 16:00–17:00): the tap holds to the new end', async () => {
    const { r, e } = await quitTapped(giveBob([0, 10], [420, 480]));
    expect(await seenUntil(r, e, at(8 * 60 + 30))).toEqual(held);
    await r.h.clock.runWhileAdvancing(e.stop());
  }, 60_000);

  it('the front given away and the block split at 12:00–13:00: the tap holds to 12:00; 13:00 is a new block and rings', async () => {
    const { r, e } = await quitTapped(giveBob([0, 10], [180, 240]));
    expect(await seenUntil(r, e, at(239))).toEqual(held);
    // Mine again at 13:00 after Bob's hour: a block of its own, which rings as a running app rings it (carry.ts).
    const after = await seenUntil(r, e, at(240 + 30));
    expect(after.laptop).toEqual(['13:00–17:00']);
    expect(after.phone).toEqual([iso(at(3)), iso(at(243))]);
    await r.h.clock.runWhileAdvancing(e.stop());
  }, 60_000);

  it('the whole block given away and a new one of mine at 17:30: the tap was not for it, it rings', async () => {
    const newMs = at(8 * 60 + 30);
    const { r, e } = await quitTapped((x) => {
      giveBob([0, 8 * 60])(x);
      x.h.sim.state.addOverride(
        OPS_ID,
        { startMs: newMs, endMs: newMs + 90 * MIN, userIds: ['usr_me'] },
        x.h.clock.now(),
      );
    });
    const seen = await seenUntil(r, e, newMs + 10 * MIN);
    expect(seen.laptop).toEqual(['17:30–19:00']);
    expect(seen.phone).toEqual([iso(at(3)), iso(newMs + 3 * MIN)]);
    expect(seen.ackedAt).toBeNull();
    await r.h.clock.runWhileAdvancing(e.stop());
  }, 60_000);
});
