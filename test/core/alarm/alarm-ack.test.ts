// Acknowledging a shift-start alarm: the first acknowledgement, from any source, settles it for good (kept on disk:
// a restart never re-rings it), later ones are told "already"; a snooze rings again after five minutes and is not
// an acknowledgement; `status --ack` from another process (its own store on the same file) is taken in; the
// popover's words say "acknowledged 22:01" or "not acknowledged".
import { describe, expect, it } from 'vitest';
import { ackText } from '../../../electron/core/alarm/ack-text';
import { ackFromCli } from '../../../electron/core/alarm/cli-ack';
import { loadAlarmStore } from '../../../electron/core/alarm/alarm-store';
import { createAlarmEngine } from '../../../electron/core/alarm/engine';
import { AckSourceSchema, type AlarmTarget } from '../../../electron/core/alarm/types';
import { FakeClock, flush } from '../support/fake-clock';
import { bob, me, scheduleSnap, settingsWith, shift, snapshotOf } from '../support/fixtures';
import { MemoryFileStore } from '../support/memory-file-store';
import { MAIN_ACCOUNT_ID } from '../../../electron/shared/accounts';

const MIN = 60_000;
const START = Date.parse('2026-03-10T21:00:00Z');
const target: AlarmTarget = {
  key: `alarm:https://oncall.example.com:sch_ops:2026-03-10T21:00:00Z`,
  accountId: MAIN_ACCOUNT_ID,
  atMs: START,
  startMs: START,
  endMs: START + 8 * 60 * MIN,
  scheduleId: 'sch_ops',
  scheduleName: 'Ops',
  scheduleZone: 'Europe/Berlin',
  fromNames: ['Bob'],
};

/** The app's knowledge: sch_ops watched, my block starting at START in the saved data. */
const KNOWN = [
  {
    settings: settingsWith({ schedules: [{ id: 'sch_ops' }] }),
    snapshot: snapshotOf([
      scheduleSnap('sch_ops', [
        shift('2026-03-10T13:00:00Z', '2026-03-10T21:00:00Z', bob),
        shift('2026-03-10T21:00:00Z', '2026-03-11T05:00:00Z', me),
      ]),
    ]),
  },
];

async function rig(files = new MemoryFileStore(), clock = new FakeClock(START - 10 * MIN)) {
  const store = await loadAlarmStore(files, () => clock.now());
  const rings: number[] = [];
  const silenced: string[] = [];
  const acked: string[] = [];
  const engine = createAlarmEngine({
    clock,
    store,
    ring: () => rings.push(clock.now()),
    silence: (key) => silenced.push(key),
    acknowledged: (_t, rec) => acked.push(rec.ackSource ?? '?'),
  });
  engine.setTargets([target]);
  return { files, clock, store, engine, rings, silenced, acked };
}

describe('acknowledging the alarm', () => {
  it.each(AckSourceSchema.options)('from %s: settles it once; a restart never rings it again', async (source) => {
    const r = await rig();
    await r.clock.advance(10 * MIN);
    expect(r.rings).toEqual([START]);
    expect(await r.engine.ack(target.key, source)).toBe('acknowledged');
    expect(await r.engine.ack(target.key, 'tray')).toBe('already');
    expect(r.acked).toEqual([source]);
    expect(r.silenced).toEqual([target.key]);
    expect(ackText(r.store.get(target.key), { nowMs: r.clock.now(), localZone: 'Europe/Berlin' })).toBe(
      'acknowledged 22:00',
    );
    await r.engine.settled();
    r.engine.stop();
    // Restarted, then a second account on the same service plans the same alarm: nothing rings.
    const again = await rig(r.files, r.clock);
    await again.clock.advance(30 * MIN);
    expect(again.rings).toEqual([]);
    again.engine.stop();
  });

  it('a snooze is not an acknowledgement: it rings again after 5 min, until acknowledged', async () => {
    const r = await rig();
    await r.clock.advance(10 * MIN);
    expect(ackText(r.store.get(target.key), { nowMs: r.clock.now() })).toBe('not acknowledged');
    expect(await r.engine.snooze(target.key)).toBe('snoozed');
    await r.clock.advance(5 * MIN);
    expect(r.rings).toEqual([START, START + 5 * MIN]);
    expect(r.store.get(target.key)?.ackedAtMs).toBeUndefined();
    await r.engine.ack(target.key, 'window');
    await r.clock.advance(30 * MIN);
    expect(r.rings).toHaveLength(2);
    r.engine.stop();
  });

  it('acknowledged before it rings (from the tray, at 5 min to go): it never rings', async () => {
    const r = await rig();
    expect(await r.engine.ack(target.key, 'tray')).toBe('acknowledged');
    await r.clock.advance(60 * MIN);
    expect(r.rings).toEqual([]);
    r.engine.stop();
  });

  it('`status --ack` from another process (its own store, same file) is taken in, and the app does not undo it', async () => {
    const r = await rig();
    await r.clock.advance(10 * MIN);
    await r.engine.settled();
    const cli = await loadAlarmStore(r.files, () => r.clock.now());
    const rec = cli.get(target.key);
    expect(rec?.rungAtMs).toBe(START);
    await cli.update(target.key, {
      startMs: START,
      endMs: target.endMs,
      ...rec,
      ackedAtMs: START + MIN,
      ackSource: 'cli',
    });
    // The app writes next (a snooze it had in memory); the file keeps the acknowledgement.
    await r.engine.snooze(target.key);
    await r.store.reload();
    expect(r.store.get(target.key)).toMatchObject({ ackedAtMs: START + MIN, ackSource: 'cli' });
    await r.clock.advance(10 * MIN);
    await flush();
    expect(r.rings).toEqual([START]);
    r.engine.stop();
  });

  it('an unknown alarm is not acknowledged (and says so)', async () => {
    const r = await rig();
    expect(await r.engine.ack('alarm:nope', 'cli')).toBe('unknown');
    r.engine.stop();
  });

  it('`status --ack` acknowledges what rang and says so; the app takes it in and rings no more', async () => {
    const r = await rig();
    expect((await ackFromCli(r.files, r.clock.now(), 'Europe/Berlin', KNOWN)).text).toBe(
      'No shift-start alarm is waiting for an acknowledgement.',
    );
    await r.clock.advance(10 * MIN);
    await r.engine.snooze(target.key);
    expect((await ackFromCli(r.files, START + 2 * MIN, 'Europe/Berlin', KNOWN)).text).toBe(
      'Acknowledged the shift-start alarm (sch_ops, 22:00) at 22:02.',
    );
    // The snooze ends: the engine reads the file first, finds the acknowledgement, and stays silent.
    await r.clock.advance(10 * MIN);
    await flush();
    expect(r.rings).toEqual([START]);
    expect(ackText(r.store.get(target.key), { nowMs: r.clock.now(), localZone: 'Europe/Berlin' })).toBe(
      'acknowledged 22:02',
    );
    r.engine.stop();
  });
});
