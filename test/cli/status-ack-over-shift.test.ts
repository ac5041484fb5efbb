// `status --ack` judges "is an alarm waiting" from my blocks as last read, as the tray does, never from the end saved
// in the alarm record (adv52 r38). Failed before: a block cut short after the ring (over as read, the record still
// saying 8 h) was "Acknowledged" and written; a block extended after the ring (running as read, the record's end
// passed) was "No shift-start alarm is waiting" while the tray showed it rung and unanswered.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emptySnapshot } from '../../electron/core/model/snapshot';
import { runStatus } from './support/run-status';

const HOUR = 3_600_000;
const iso = (ms: number): string => new Date(ms).toISOString();
const key = (start: number): string => `alarm:https://x:sch_x:${iso(start).replace('.000Z', 'Z')}`;
const me = { id: 'usr_me', name: 'Me', email: 'me@example.com' };
const olga = { id: 'usr_o', name: 'Olga', email: 'olga@example.com' };

/** settings.json watching sch_x as me; with `mineEndMs`, a cache read a minute ago: my block [start, mineEnd), then
 *  Olga's until start + 10 h (the read covers the whole stretch). */
async function seed(dir: string, startMs: number, mineEndMs: number | undefined, recordEndMs: number): Promise<void> {
  const account = { id: 'main', label: 'Work', baseUrl: 'https://x', email: me.email, schedules: [{ id: 'sch_x' }] };
  await writeFile(join(dir, 'settings.json'), JSON.stringify({ version: 2, accounts: [account] }));
  if (mineEndMs !== undefined) {
    const shifts = [
      { start: iso(startMs), end: iso(mineEndMs), users: [me] },
      ...(mineEndMs < startMs + 10 * HOUR
        ? [{ start: iso(mineEndMs), end: iso(startMs + 10 * HOUR), users: [olga] }]
        : []),
    ];
    const schedule = {
      id: 'sch_x',
      details: null,
      detailsFetchedAt: null,
      shifts,
      shiftsFrom: iso(startMs - HOUR),
      shiftsTo: iso(startMs + 10 * HOUR),
      shiftsFetchedAt: iso(Date.now() - 60_000),
      shiftHoles: [],
      problem: null,
      notFound: false,
    };
    await writeFile(join(dir, 'cache.json'), JSON.stringify({ ...emptySnapshot(), schedules: [schedule] }));
  }
  const rec = { startMs, endMs: recordEndMs, rungAtMs: startMs };
  const origins = [{ address: 'https://x', email: me.email }];
  await writeFile(join(dir, 'alarms.json'), JSON.stringify({ version: 1, alarms: { [key(startMs)]: rec }, origins }));
}

const RecordsSchema = z.object({
  alarms: z.record(z.string(), z.object({ ackedAtMs: z.number().optional(), ackSource: z.string().optional() })),
});
const recordAfter = async (dir: string, start: number) =>
  RecordsSchema.parse(JSON.parse(await readFile(join(dir, 'alarms.json'), 'utf8'))).alarms[key(start)];

async function ackWith(mineEnd: (start: number) => number | undefined, recordEnd: (start: number) => number) {
  const dir = await mkdtemp(join(tmpdir(), 'status-ack-over-'));
  // My block started 2 h ago (whole seconds, as the service sends).
  const start = Math.floor((Date.now() - 2 * HOUR) / 1000) * 1000;
  await seed(dir, start, mineEnd(start), recordEnd(start));
  const before = Date.now();
  const run = await runStatus(['--ack', '--data-dir', dir]);
  return { run, before, after: Date.now(), rec: await recordAfter(dir, start) };
}

describe('status --ack: what waits is judged from my blocks as last read, not the record’s saved end', () => {
  it('control: block over as read, record end the same: nothing waits, nothing written', async () => {
    const { run, rec } = await ackWith(
      (s) => s + HOUR,
      (s) => s + HOUR,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('No shift-start alarm is waiting for an acknowledgement.\n');
    expect(rec?.ackedAtMs).toBeUndefined();
  }, 60_000);

  it('block cut short after the ring (over as read, the record says 8 h): nothing waits, nothing written', async () => {
    const { run, rec } = await ackWith(
      (s) => s + HOUR,
      (s) => s + 8 * HOUR,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('No shift-start alarm is waiting for an acknowledgement.\n');
    expect(rec?.ackedAtMs).toBeUndefined();
  }, 60_000);

  it('block extended after the ring (runs 6 h more as read, the record ended 1 h after its start): acknowledged', async () => {
    const { run, rec, before, after } = await ackWith(
      (s) => s + 8 * HOUR,
      (s) => s + HOUR,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Acknowledged the shift-start alarm \(sch_x, /);
    expect(rec?.ackSource).toBe('cli');
    expect(rec?.ackedAtMs).toBeGreaterThanOrEqual(before);
    expect(rec?.ackedAtMs).toBeLessThanOrEqual(after);
  }, 60_000);

  it('no saved schedule data: whether it waits is unknown, said so, nothing acknowledged, exit 4', async () => {
    const { run, rec } = await ackWith(
      () => undefined,
      (s) => s + 8 * HOUR,
    );
    expect(run.code).toBe(4);
    expect(run.stdout).toBe('');
    expect(run.stderr).not.toMatch(/No shift-start alarm is waiting/);
    expect(run.stderr).toMatch(/whether one is waiting is unknown/);
    expect(rec?.ackedAtMs).toBeUndefined();
  }, 60_000);
});
