// A block of mine shortened at the front after its alarm was acknowledged (issue 50, adv50 round 38): at 09:02 the
// app learns Bob covered the first minutes of my 09:00–17:00 after the fact. The acknowledgement belongs to the
// block, so its continuation keeps it: no second alarm, no phone alert, "acknowledged 09:01" stays. Real engine,
// simulator, fake clock, loopback ntfy stand-in. Failed before: a second alarm at the new start, a phone alert 3 min
// after it, and the alarm "not acknowledged". A block of mine after a gap that was mine earlier still rings.
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { OPS_ID } from '../support/seeds';
import { alertsOn, closeStands, HOUR, laptopAlarms, MIN, MY_START, TOPIC, withNtfy } from '../support/phone-engine-rig';

afterEach(closeStands);

const ACK_MS = MY_START + MIN;
const FIRST_RING = 'On call now — Ops | Your shift 10:00–18:00 (09:00–17:00 UTC). Bob Stone hands over to you.';

async function acked() {
  const r = await withNtfy();
  await r.h.clock.advanceTo(MY_START + 30_000);
  expect(laptopAlarms(r.h)).toHaveLength(1);
  await r.h.clock.advanceTo(ACK_MS);
  const key = r.engine.getState().alarm?.key ?? '';
  expect(await r.h.clock.runWhileAdvancing(r.engine.alarmIntent({ kind: 'ack', key }))).toEqual({ ok: true });
  return r;
}

async function refresh(h: Awaited<ReturnType<typeof withNtfy>>['h'], engine: Engine): Promise<void> {
  await h.clock.runWhileAdvancing(
    (async () => {
      await engine.handlers['sync:refresh'](null);
      await engine.alarmsSettled();
    })(),
  );
}

/** What the user met until `untilMs`: the laptop alarms, the phone alerts, today's bookings after the ack. */
async function seenUntil(r: Awaited<ReturnType<typeof withNtfy>>, engine: Engine, untilMs: number) {
  await r.h.clock.advanceTo(untilMs);
  const alarm = engine.getState().alarm;
  return {
    laptopAlarms: laptopAlarms(r.h).map((n) => `${n.title} | ${n.body}`),
    phoneRang: alertsOn(r.s, TOPIC).map((m) => new Date(m.deliverMs).toISOString()),
    bookedToday: r.s.ntfy.filter((m) => m.postedMs > ACK_MS && m.deliverMs < MY_START + 12 * HOUR).length,
    ackedAt: alarm?.ackedAt ?? null,
  };
}

const expected = { laptopAlarms: [FIRST_RING], phoneRang: [], bookedToday: 0, ackedAt: new Date(ACK_MS).toISOString() };

describe('shift-start alarm: the first minutes of an acknowledged block given away after the fact', () => {
  it.each([1, 10, 60])(
    '%i min given away at 09:02: nothing rings again, still acknowledged',
    async (gapMin) => {
      const r = await acked();
      await r.h.clock.advanceTo(MY_START + 2 * MIN);
      r.h.sim.state.addOverride(
        OPS_ID,
        { startMs: MY_START, endMs: MY_START + gapMin * MIN, userIds: ['usr_bob'] },
        r.h.clock.now(),
      );
      await refresh(r.h, r.engine);
      expect(await seenUntil(r, r.engine, MY_START + (gapMin + 30) * MIN)).toEqual(expected);
      await r.h.clock.runWhileAdvancing(r.engine.stop());
    },
    60_000,
  );

  it.each([false, true])(
    'a restart between (shrunk while closed: %s): the ack survives the new start',
    async (closed) => {
      const r = await acked();
      await r.h.clock.runWhileAdvancing(r.engine.stop());
      await r.h.clock.advanceTo(MY_START + 2 * MIN);
      const given = () =>
        r.h.sim.state.addOverride(
          OPS_ID,
          { startMs: MY_START, endMs: MY_START + 10 * MIN, userIds: ['usr_bob'] },
          r.h.clock.now(),
        );
      if (closed) given();
      const again = r.make();
      await again.start();
      await r.h.clock.advance(MIN);
      await r.h.clock.runWhileAdvancing(again.alarmsSettled());
      if (!closed) {
        given();
        await refresh(r.h, again);
      }
      expect(await seenUntil(r, again, MY_START + 40 * MIN)).toEqual(expected);
      await r.h.clock.runWhileAdvancing(again.stop());
    },
    60_000,
  );

  it('a block of mine again after an hour given away mid-shift (and the first part over) still rings', async () => {
    const r = await acked();
    await r.h.clock.advanceTo(MY_START + 2 * MIN);
    r.h.sim.state.addOverride(
      OPS_ID,
      { startMs: MY_START + 3 * HOUR, endMs: MY_START + 4 * HOUR, userIds: ['usr_bob'] },
      r.h.clock.now(),
    );
    await refresh(r.h, r.engine);
    await r.h.clock.advanceTo(MY_START + 4 * HOUR + 30_000);
    expect(laptopAlarms(r.h).map((n) => n.title)).toEqual(['On call now — Ops', 'On call now — Ops']);
    await r.h.clock.runWhileAdvancing(r.engine.stop());
  }, 60_000);

  it('a new block after the acknowledged one (the day given away, 17:30–19:00 mine) rings at 17:30', async () => {
    const r = await acked();
    await r.h.clock.advanceTo(MY_START + 2 * MIN);
    const { state } = r.h.sim;
    state.addOverride(OPS_ID, { startMs: MY_START, endMs: MY_START + 8 * HOUR, userIds: ['usr_bob'] }, r.h.clock.now());
    const newMs = MY_START + 8 * HOUR + 30 * MIN;
    state.addOverride(OPS_ID, { startMs: newMs, endMs: MY_START + 10 * HOUR, userIds: ['usr_me'] }, r.h.clock.now());
    await refresh(r.h, r.engine);
    await r.h.clock.advanceTo(newMs + 30_000);
    // The spans each alarm rang for, in the schedule's zone (UTC), as its body states them.
    const spans = laptopAlarms(r.h).map((n) => /\((\d\d:\d\d–\d\d:\d\d) UTC\)/.exec(n.body)?.[1]);
    expect(spans).toEqual(['09:00–17:00', '17:30–19:00']);
    await r.h.clock.runWhileAdvancing(r.engine.stop());
  }, 60_000);
});
