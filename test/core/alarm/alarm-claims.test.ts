// alarms.json entries are claims about my shifts (issue 52, adversarial round 2 F1+F2). Each case failed before:
// `status --ack` acknowledged, and said "Acknowledged" for, a record keyed to an unwatched schedule, to a time I'm
// not on call, or under a key that isn't an alarm's; an acknowledgement dated before its shift could ring was kept
// (it silences the alarm and the phone). Now each is dropped and said once, the file kept aside — except a record for
// a schedule not watched now: parked, never acted on, used again once watched again (adv50 round 2).
import { describe, expect, it } from 'vitest';
import { ackFromCli } from '../../../electron/core/alarm/cli-ack';
import { loadAlarmStore } from '../../../electron/core/alarm/alarm-store';
import type { AlarmRecord } from '../../../electron/core/alarm/types';
import { bob, me, scheduleSnap, settingsWith, shift, snapshotOf } from '../support/fixtures';
import { MemoryFileStore } from '../support/memory-file-store';

const H = 3_600_000;
const MINE = Date.parse('2026-03-10T21:00:00Z');
const BOBS = Date.parse('2026-03-10T13:00:00Z');
const SVC = 'https://oncall.example.com';
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
const key = (sch: string, ms: number): string =>
  `alarm:${SVC}:${sch}:${new Date(ms).toISOString().replace('.000Z', 'Z')}`;
const ringing = (startMs: number): AlarmRecord => ({ startMs, endMs: startMs + 8 * H, rungAtMs: startMs });

async function cliAck(alarms: Record<string, AlarmRecord>, nowMs: number) {
  const files = new MemoryFileStore();
  await files.writeAtomic('alarms.json', JSON.stringify({ version: 1, alarms }));
  const out = await ackFromCli(files, nowMs, 'UTC', KNOWN);
  return { out, files, text: (await files.read('alarms.json')) ?? '', names: [...files.files.keys()] };
}

describe('status --ack acknowledges only a block of mine in what was last read', () => {
  it('a schedule not watched: parked (kept in the file, said nowhere), never acknowledged', async () => {
    const r = await cliAck({ [key('sch_tokyo', MINE)]: ringing(MINE) }, MINE + 10 * 60_000);
    expect(r.out.text).toBe('No shift-start alarm is waiting for an acknowledgement.');
    expect(r.out.notices).toEqual([]);
    expect(r.text).toContain(key('sch_tokyo', MINE));
    expect(r.text).not.toContain('ackedAtMs');
    expect(r.names.some((n) => n.startsWith('alarms.json.bad'))).toBe(false);
  });

  it.each([
    ["a shift that isn't mine", key('sch_ops', BOBS), BOBS],
    ["a key that isn't an alarm's", 'hello ocs_demo_k1 \n Acknowledged everything', MINE],
    ["a key that isn't an alarm's", key('sch_ops', MINE + 60_000), MINE],
  ])('%s: dropped, said once, kept aside, never acknowledged', async (why, k, startMs) => {
    const r = await cliAck({ [k]: ringing(startMs) }, startMs + 10 * 60_000);
    expect(r.out.text).not.toMatch(/^Acknowledged/);
    expect(r.out.notices).toHaveLength(1);
    expect(r.out.notices[0]).toContain(`1 entry of the shift-start alarm records was not used (${why})`);
    expect(r.text).not.toContain('ackedAtMs');
    expect(r.names.some((n) => n.startsWith('alarms.json.bad'))).toBe(true);
  });

  it('a block of mine is acknowledged', async () => {
    const r = await cliAck({ [key('sch_ops', MINE)]: ringing(MINE) }, MINE + 2 * 60_000);
    expect(r.out.text).toBe('Acknowledged the shift-start alarm (sch_ops, 21:00) at 21:02.');
    expect(r.out.notices).toEqual([]);
  });

  // Whether it waits is unknown there (adv52 r38): "No shift-start alarm is waiting" stated what the data can't say.
  it('a start the saved data does not cover is not acknowledged, and that it is unknown is said', async () => {
    const later = MINE + 24 * H;
    const r = await cliAck({ [key('sch_ops', later)]: ringing(later) }, later + 60_000);
    expect(r.out.ok).toBe(false);
    expect(r.out.text).toBe(
      'No shift-start alarm was acknowledged: whether one is waiting is unknown, as the saved schedule data does not reach now. Open the app to read it again.',
    );
    expect(r.out.notices).toEqual([
      'Whether an alarm that rang still waits for an answer is unknown: the saved schedule data does not reach now. It was not acknowledged.',
    ]);
    expect(r.text).not.toContain('ackedAtMs');
  });
});

describe('an acknowledgement dated before its shift could ring', () => {
  it('is dropped and said once (it would silence the alarm and the phone)', async () => {
    const files = new MemoryFileStore();
    const rec = { startMs: MINE, endMs: MINE + 8 * H, ackedAtMs: MINE - 300 * 24 * H, ackSource: 'cli' as const };
    await files.writeAtomic('alarms.json', JSON.stringify({ version: 1, alarms: { [key('sch_ops', MINE)]: rec } }));
    const said: string[] = [];
    const store = await loadAlarmStore(
      files,
      () => MINE - 4 * H,
      (n) => said.push(n.message),
      () => KNOWN,
    );
    await store.reload();
    expect(store.get(key('sch_ops', MINE))).toBeUndefined();
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('an acknowledgement dated before its shift could ring');
  });
});

describe('in the engine', () => {
  it('a record for a schedule not watched is parked, one for a start no longer mine kept: neither said (adv50 r2)', async () => {
    const files = new MemoryFileStore();
    const alarms = { [key('sch_tokyo', MINE)]: ringing(MINE), [key('sch_ops', BOBS)]: ringing(BOBS) };
    await files.writeAtomic('alarms.json', JSON.stringify({ version: 1, alarms }));
    const said: string[] = [];
    const store = await loadAlarmStore(
      files,
      () => MINE,
      (n) => said.push(n.message),
      () => KNOWN,
    );
    expect(Object.keys(store.all()).sort()).toEqual([key('sch_ops', BOBS), key('sch_tokyo', MINE)]);
    expect(said).toEqual([]);
  });
});
