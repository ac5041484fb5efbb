// `status --ack` while the app is closed and an ntfy alert is booked on the server (adv50 round 14, finding 2): real
// engine, simulator, fake clock and the loopback ntfy stand-in. The alarm rings at 09:00, the app stops at 09:01, the
// terminal acknowledges at 09:01:30 (as electron/cli/status.ts does: ackFromCli, then bookedAfterAck). `status`
// books and cancels nothing, so the phone alert booked for 09:03 still rings unless the app runs to cancel it: the
// command says so, and the app started after 09:03 says the phone may have rung for the shift acknowledged.
// Failed before: the command said only "Acknowledged …", and the app started at 09:10 said nothing of the phone.
import { afterEach, describe, expect, it } from 'vitest';
import { ackFromCli, alarmKnowledgeOf } from '../../../electron/core/alarm/cli-ack';
import { loadRecordSigner } from '../../../electron/core/storage/record-key';
import { stillRingLines } from '../../../electron/shared/still-ring-text';
import { bookedAfterAck } from '../../../electron/cli/status-ack-booked';
import { alertsOn, closeStands, MIN, MY_START, TOPIC, withNtfy } from '../support/phone-engine-rig';

afterEach(closeStands);
const ZONE = 'Europe/Berlin';

async function ackedWhileClosed(restartMin: number) {
  const r = await withNtfy();
  const { h } = r;
  await h.clock.advanceTo(MY_START + MIN);
  expect(r.engine.getState().alarm).toMatchObject({ ringing: true });
  await h.clock.runWhileAdvancing(r.engine.stop());
  await h.clock.advanceTo(MY_START + 90_000);
  const signer = await loadRecordSigner(h.secrets, () => undefined, false);
  const known = await alarmKnowledgeOf(h.files, h.clock.now());
  const cli = await ackFromCli(h.files, h.clock.now(), ZONE, known, undefined, signer);
  expect(cli.ok).toBe(true);
  const lines = await bookedAfterAck(h.files, h.clock.now(), ZONE, cli.acked ?? [], known, signer);
  await h.clock.advanceTo(MY_START + restartMin * MIN);
  const engine = r.make();
  await engine.start();
  await h.clock.advance(40_000);
  await h.clock.runWhileAdvancing(engine.alarmsSettled());
  const said = stillRingLines(engine.getState().phone, { nowMs: h.clock.now(), localZone: ZONE });
  const rang = alertsOn(r.s, TOPIC).map((m) => m.deliverMs);
  await h.clock.runWhileAdvancing(engine.stop());
  return { cli, lines, said, rang };
}

describe('status --ack with the app closed and the phone alert booked', () => {
  it('says the phone will still ring at 10:03 unless the app runs; the app started after says it may have rung', async () => {
    const { cli, lines, said, rang } = await ackedWhileClosed(10);
    expect(cli.text).toMatch(/^Acknowledged the shift-start alarm \(Ops/);
    expect(lines).toEqual([
      'Your phone will still ring at 10:03 (09:03 UTC) for the Ops shift unless the app is running to cancel it: start the app.',
    ]);
    // Nothing cancelled it: the stand-in delivered it at 09:03.
    expect(rang).toEqual([MY_START + 3 * MIN]);
    expect(said).toEqual([
      expect.stringMatching(/^Your phone may have rung at 10:03 .*Ops shift — you had acknowledged it/),
    ]);
  }, 30_000);

  it('the app started before 09:03 cancels it: nothing rings and nothing is said after', async () => {
    const { lines, said, rang } = await ackedWhileClosed(2);
    expect(lines).toHaveLength(1);
    expect(rang).toEqual([]);
    expect(said).toEqual([]);
  }, 30_000);
});
