// The phone's "I'm on it" given while the laptop sleeps, then the front of the block given away (issue 50, adv50
// round 39 #1). Asleep 08:55–09:30; the booked alert rings on the phone at 09:03 and I tap "I'm on it" at 09:04; at
// 09:06 the service records Bob over the first minutes of my 09:00–17:00. On waking the app plans my start at the
// new time before it hears the answer: the answer is to the 09:00 alert, and it belongs to the block (carry.ts).
// Real engine, simulator, fake clock, loopback ntfy stand-in. Failed before: a loud late alarm "On call since
// 10:10", "not acknowledged", and the phone paged again at 09:33. The control: nothing given away.
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { OPS_ID } from '../support/seeds';
import { alertsOn, closeStands, laptopAlarms, MIN, MY_START, TOPIC, withNtfy } from '../support/phone-engine-rig';

afterEach(closeStands);

const TAP_MS = MY_START + 4 * MIN;
const WAKE_MS = MY_START + 30 * MIN;

type Rig = Awaited<ReturnType<typeof withNtfy>>;

/** Asleep from 08:55; the phone's tap at 09:04; `given` at 09:06 (the service's change); awake at 09:30. */
async function asleepTapped(given: (r: Rig) => void): Promise<Rig> {
  const r = await withNtfy();
  const { h, s, engine } = r;
  await h.clock.advanceTo(MY_START - 5 * MIN);
  h.clock.sleep(TAP_MS - h.clock.now());
  const rang = alertsOn(s, TOPIC);
  expect(rang.map((m) => m.deliverMs)).toEqual([MY_START + 3 * MIN]);
  await s.tapAction(rang[0]!);
  h.clock.sleep(2 * MIN);
  given(r);
  h.clock.sleep(WAKE_MS - h.clock.now());
  engine.power('resume');
  await h.clock.advance(40_000);
  await h.clock.runWhileAdvancing(engine.alarmsSettled());
  return r;
}

const giveBob = (startMs: number, endMs: number) => (r: Rig) =>
  r.h.sim.state.addOverride(OPS_ID, { startMs, endMs, userIds: ['usr_bob'] }, r.h.clock.now());

/** What the user met until `untilMs`: the laptop's alarms, the phone's alerts (when they rang), the alarm's ack. */
async function seenUntil(r: Rig, engine: Engine, untilMs: number) {
  await r.h.clock.advanceTo(untilMs);
  const a = engine.getState().alarm;
  return {
    laptop: laptopAlarms(r.h).map((n) => `${n.title} | ${n.body}`),
    phone: alertsOn(r.s, TOPIC).map((m) => new Date(m.deliverMs).toISOString()),
    ackedAt: a?.ackedAt ?? null,
    ackSource: a?.ackSource ?? null,
  };
}

// One alert (the booking that rang at 09:03), nothing on the laptop, acknowledged at the tap from the phone.
const expected = {
  laptop: [],
  phone: [new Date(MY_START + 3 * MIN).toISOString()],
  ackedAt: new Date(TAP_MS).toISOString(),
  ackSource: 'phone',
};

describe('phone "I\'m on it" while asleep, then the front of the block given away', () => {
  it('control (nothing given away): acknowledged from the phone, nothing rings at wake', async () => {
    const r = await asleepTapped(() => undefined);
    expect(await seenUntil(r, r.engine, MY_START + 2 * 60 * MIN)).toEqual(expected);
    await r.h.clock.runWhileAdvancing(r.engine.stop());
  }, 60_000);

  it.each([10, 20])(
    'first %i min given away at 09:06: the tap holds for the block',
    async (gapMin) => {
      const r = await asleepTapped(giveBob(MY_START, MY_START + gapMin * MIN));
      expect(await seenUntil(r, r.engine, MY_START + 2 * 60 * MIN)).toEqual(expected);
      await r.h.clock.runWhileAdvancing(r.engine.stop());
    },
    60_000,
  );

  it('a restart after the wake: the acknowledgement carried is read back, nothing rings', async () => {
    const r = await asleepTapped(giveBob(MY_START, MY_START + 10 * MIN));
    await r.h.clock.runWhileAdvancing(r.engine.stop());
    await r.h.clock.advance(MIN);
    const again = r.make();
    await again.start();
    await r.h.clock.advance(MIN);
    await r.h.clock.runWhileAdvancing(again.alarmsSettled());
    expect(await seenUntil(r, again, MY_START + 2 * 60 * MIN)).toEqual(expected);
    await r.h.clock.runWhileAdvancing(again.stop());
  }, 60_000);

  it('the whole block given away and a new one of mine at 17:30: the tap was not for it, it rings', async () => {
    const newMs = MY_START + 8 * 60 * MIN + 30 * MIN;
    const r = await asleepTapped((x) => {
      giveBob(MY_START, MY_START + 8 * 60 * MIN)(x);
      x.h.sim.state.addOverride(
        OPS_ID,
        { startMs: newMs, endMs: newMs + 90 * MIN, userIds: ['usr_me'] },
        x.h.clock.now(),
      );
    });
    await r.h.clock.advanceTo(newMs + 30_000);
    // The spans each alarm rang for, in the schedule's zone (UTC), as its body states them.
    const spans = laptopAlarms(r.h).map((n) => /\((\d\d:\d\d–\d\d:\d\d) UTC\)/.exec(n.body)?.[1]);
    expect(spans).toEqual(['17:30–19:00']);
    await r.h.clock.runWhileAdvancing(r.engine.stop());
  }, 60_000);
});
