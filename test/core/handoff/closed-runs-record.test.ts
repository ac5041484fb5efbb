// The record of closed and ended hand-off runs (closed-runs.ts, adv52 r57 #1): signed per entry, bounded, and a run
// sent on by a Retry after it ended is taken out again, so the next start resumes it as before.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CLOSED_RUNS_FILE, KEEP_MS, MAX_RUNS, endOf, recordEnd } from '../../../electron/core/handoff/closed-runs';
import { runSaver } from '../../../electron/core/handoff/run-saver';
import { signerOf } from '../../../electron/core/storage/record-key';
import type { HandoffItem, HandoffRun } from '../../../electron/shared/handoff';
import { accountIdOf } from '../../../electron/shared/accounts';
import { MemoryFileStore } from '../support/memory-file-store';

const NOW = Date.parse('2026-03-24T10:00:00Z');
const signer = signerOf(randomBytes(32), false);

const run = (id: string, state: HandoffItem['state']): HandoffRun => ({
  version: 1,
  id,
  createdAt: '2026-03-24T09:00:00Z',
  items: [
    {
      id: 'sch_a|x',
      accountId: accountIdOf('main'),
      scheduleId: 'sch_a',
      scheduleName: 'Platform',
      timeZone: 'Europe/Berlin',
      start: '2026-03-26T08:00:00Z',
      end: '2026-03-26T16:00:00Z',
      email: 'bob@example.com',
      others: [],
      name: 'Bob',
      state,
      message: '',
    },
  ],
});

describe('closed-runs-record', () => {
  it('a closed run is found as closed; another key, an entry too old or beyond the last MAX_RUNS is not', async () => {
    const files = new MemoryFileStore();
    await recordEnd(files, signer, 'old', 'ended', NOW - KEEP_MS - 1);
    await recordEnd(files, signer, 'r1', 'closed', NOW);
    expect(await endOf(files, signer, 'r1', NOW)).toBe('closed');
    expect(await endOf(files, signer, 'old', NOW)).toBeUndefined();
    expect(await endOf(files, signerOf(randomBytes(32), false), 'r1', NOW)).toBeUndefined();
    for (let i = 0; i < MAX_RUNS; i++) await recordEnd(files, signer, `n${i}`, 'ended', NOW);
    expect(await endOf(files, signer, 'r1', NOW)).toBeUndefined();
    const record = JSON.parse(files.files.get(CLOSED_RUNS_FILE) ?? '{}') as { runs: unknown[] };
    expect(record.runs).toHaveLength(MAX_RUNS);
  });

  it('a run that ended is recorded before its file is removed, and taken out when a Retry sends it on', async () => {
    const files = new MemoryFileStore();
    const saver = runSaver(files, (id, how) => recordEnd(files, signer, id, how, NOW));
    await saver.save(run('r2', 'refused'));
    expect(await endOf(files, signer, 'r2', NOW)).toBe('ended');
    await saver.save(run('r2', 'pending'));
    expect(await endOf(files, signer, 'r2', NOW)).toBeUndefined();
    await saver.remove(run('r2', 'pending'));
    expect(await endOf(files, signer, 'r2', NOW)).toBe('closed');
  });
});
