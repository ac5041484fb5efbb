// alarms.json read back is a claim (issue 52): a record that fails the clock is dropped and said once, and the
// alarm and the phone still ring. Failed before: an acknowledgement dated a year ahead silenced both.
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAlarmStore } from '../../../electron/core/alarm/alarm-store';
import { alarmRecordProblem } from '../../../electron/core/alarm/alarm-records';
import type { Notice } from '../../../electron/core/storage/settings-store';
import { createFsFileStore } from '../../../electron/core/storage/fs-file-store';
import { alarmRig, KEY, MIN, T, TOPIC } from '../support/alarm-phone-rig';

const YEAR = 365 * 24 * 60 * MIN;
const shift = { startMs: T, endMs: T + 480 * MIN };

describe('alarm records read back', () => {
  it('an acknowledgement dated a year ahead does not silence the shift-start alarm or the phone', async () => {
    const r = await alarmRig({
      alarms: { version: 1, alarms: { [KEY]: { ...shift, ackedAtMs: T + YEAR, ackSource: 'cli' } } },
    });
    await r.clock.advanceTo(T + 10 * MIN);
    const rings = [...r.rings];
    const phone = r.s.rang(TOPIC).length;
    await r.close();
    expect(rings).toEqual([T]);
    expect(phone).toBe(1);
  });

  it('a dropped record is said once, the file kept aside and the records that hold kept', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'alarm-records-'));
    const good = { ...shift, rungAtMs: T, ackedAtMs: T + MIN, ackSource: 'tray' };
    const bad = { ...shift, ackedAtMs: T + YEAR };
    await writeFile(join(dir, 'alarms.json'), JSON.stringify({ version: 1, alarms: { [KEY]: good, other: bad } }));
    const notices: Notice[] = [];
    const files = createFsFileStore(dir, { now: () => T + 5 * MIN });
    const store = await loadAlarmStore(
      files,
      () => T + 5 * MIN,
      (n) => notices.push(n),
    );
    await store.reload();
    await store.reload();
    expect(Object.keys(store.all())).toEqual([KEY]);
    expect(notices).toHaveLength(1);
    const kept = (await readdir(dir)).filter((n) => n.startsWith('alarms.json.bad'));
    expect(kept).toHaveLength(1);
    expect(notices[0]?.message).toContain(kept[0]);
    expect(notices[0]?.message).toContain('an acknowledgement dated ahead of the clock');
  });

  it('checks each time against the clock and the shift', () => {
    const now = T + 10 * MIN;
    expect(alarmRecordProblem({ ...shift, rungAtMs: T, ackedAtMs: T + MIN }, now)).toBeUndefined();
    expect(alarmRecordProblem({ ...shift, rungAtMs: T - 5 * MIN }, now)).toBeUndefined();
    expect(alarmRecordProblem({ ...shift, rungAtMs: T - 10 * YEAR }, now)).toBeDefined();
    expect(alarmRecordProblem({ ...shift, rungAtMs: T + YEAR }, now)).toBeDefined();
    expect(alarmRecordProblem({ ...shift, snoozedUntilMs: T + YEAR }, now)).toBeDefined();
    expect(alarmRecordProblem({ startMs: T, endMs: T }, now)).toBeDefined();
    expect(alarmRecordProblem({ startMs: Number.NaN, endMs: T }, now)).toBeDefined();
  });
});
