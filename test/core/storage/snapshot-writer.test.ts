import { describe, expect, it } from 'vitest';
import { createSnapshotWriter, REFRESH_ONLY_WRITE_MS } from '../../../electron/core/storage/snapshot-writer';
import { emptySnapshot } from '../../../electron/core/model/snapshot';
import { MemoryFileStore } from '../support/memory-file-store';
import { alice, scheduleSnap, shift, snapshotOf } from '../support/fixtures';
import { jsonObject } from '../../support/json';

describe('offline cache writer', () => {
  it('writes new content at once, a refresh that changed only fetch times at most every 30 min, and all on flush', async () => {
    const files = new MemoryFileStore();
    let nowMs = 0;
    const writer = createSnapshotWriter(files, () => nowMs);
    const shifts = [shift('2026-03-02T08:00:00Z', '2026-03-03T08:00:00Z', alice)];
    const first = snapshotOf([scheduleSnap('sch_a', shifts, { shiftsFetchedAt: '2026-03-02T08:00:00Z' })]);
    writer.schedule(first);
    await writer.flush();
    expect(files.writes).toBe(1);
    nowMs += 60_000;
    const confirmed = { ...first, schedules: [{ ...first.schedules[0]!, shiftsFetchedAt: '2026-03-02T08:01:00Z' }] };
    writer.schedule(confirmed);
    await Promise.resolve();
    expect(files.writes).toBe(1);
    writer.schedule({ ...confirmed, coverageRequests: [...emptySnapshot().coverageRequests] });
    await Promise.resolve();
    expect(files.writes).toBe(2);
    nowMs += REFRESH_ONLY_WRITE_MS;
    writer.schedule({ ...confirmed });
    await writer.flush();
    expect(files.writes).toBe(3);
    writer.schedule({ ...confirmed, coverageFetchedAt: 'later' });
    await writer.flush();
    expect(files.writes).toBe(4);
    expect(jsonObject(files.files.get('cache.json') ?? '{}')['coverageFetchedAt']).toBe('later');
  });
});
