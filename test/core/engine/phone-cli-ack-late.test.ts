// `status --ack` shortly before the phone alert with the app running (adv50 r46 #1): real engine, simulator, fake
// clock and the loopback ntfy stand-in. The alarm rings at 09:00 and the phone alert is booked on ntfy for 09:03
// (N = 3); the terminal acknowledges at 09:02:50 while the app runs. Failed before: the app took the terminal's ack in
// at its next 15 s read of alarms.json, after ntfy had delivered, so the phone rang; and the app then recorded the
// reason as "the app wasn't running to cancel it". Now alarms.json is read each second in the last 30 s before a
// phone alert is due, and an ack too late to cancel even so is recorded as that, never as the app not running.
import { afterEach, describe, expect, it } from 'vitest';
import { ackFromCli, alarmKnowledgeOf } from '../../../electron/core/alarm/cli-ack';
import { loadRecordSigner } from '../../../electron/core/storage/record-key';
import { stillRingLines } from '../../../electron/shared/still-ring-text';
import { bookedAfterAck } from '../../../electron/cli/status-ack-booked';
import { alertsOn, closeStands, HOUR, MIN, MY_START, TOPIC, withNtfy } from '../support/phone-engine-rig';

afterEach(closeStands);
const ZONE = 'Europe/Berlin';
const DUE = MY_START + 3 * MIN;

/** The app runs from before 09:00; the terminal acknowledges `before` ms before the 09:03 alert. */
async function ackedBefore(before: number) {
  const { h, s, engine } = await withNtfy();
  await h.clock.advanceTo(DUE - before);
  expect(engine.getState().alarm).toMatchObject({ ringing: true });
  const signer = await loadRecordSigner(h.secrets, () => undefined, false);
  const known = await alarmKnowledgeOf(h.files, h.clock.now());
  const cli = await ackFromCli(h.files, h.clock.now(), ZONE, known, undefined, signer);
  expect(cli.ok).toBe(true);
  const lines = await bookedAfterAck(h.files, h.clock.now(), ZONE, cli.acked ?? [], known, signer);
  await h.clock.advanceTo(MY_START + HOUR);
  expect(engine.getState().alarm).toMatchObject({ ringing: false, ackSource: 'cli' });
  const phone = engine.getState().phone;
  const said = stillRingLines(phone, { nowMs: h.clock.now(), localZone: ZONE });
  const rang = alertsOn(s, TOPIC).map((m) => m.deliverMs);
  await h.clock.runWhileAdvancing(engine.stop());
  return { lines, said, rang, stillRing: phone?.stillRing ?? [] };
}

describe('status --ack shortly before the booked phone alert, the app running', () => {
  it.each([20_000, 10_000, 2_000])(
    'acked %i ms before 09:03: the app cancels it, the phone does not ring',
    async (before) => {
      const { lines, said, rang } = await ackedBefore(before);
      expect(lines).toHaveLength(1);
      expect(rang).toEqual([]);
      expect(said).toEqual([]);
    },
    30_000,
  );

  it('acked 300 ms before 09:03: too late to cancel, recorded as that (never "the app wasn’t running")', async () => {
    const { lines, said, rang, stillRing } = await ackedBefore(300);
    expect(lines).toEqual([
      'Your phone may still ring at 10:03 (09:03 UTC) for the Ops shift: it is due too soon for the app to cancel it.',
    ]);
    expect(rang).toEqual([DUE]);
    expect(said).toEqual([
      expect.stringMatching(/^Your phone may have rung at 10:03 .*Ops shift — you had acknowledged it/),
    ]);
    expect(stillRing).toEqual([
      expect.objectContaining({
        why: 'acknowledged',
        error: 'acknowledged too late to cancel it: 0 s before the alert',
      }),
    ]);
    expect(JSON.stringify(stillRing)).not.toMatch(/wasn.t running/);
  }, 30_000);
});
