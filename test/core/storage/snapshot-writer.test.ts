import { describe, expect, it } from 'vitest';
import { createSnapshotWriter, REFRESH_ONLY_WRITE_MS } from '../../../electron/core/storage/snapshot-writer';
import { emptySnapshot } from '../../../electron/core/model/snapshot';
import { MemoryFileStore } from '../support/memory-file-store';
import { alice, scheduleSnap, shift, snapshotOf } from '../support/fixtures';
import { jsonObject } from '../../support/json';
import { originOf } from '../../../electron/core/storage/cache-origin';
import { loadSnapshot, saveSnapshot } from '../../../electron/core/storage/cache';

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

describe('the cache stamp (whose data it is, issue 52 round 4)', () => {
  it('is written with the data, and a new stamp (the e-mail edited) is written at once', async () => {
    const files = new MemoryFileStore();
    let settings = { baseUrl: 'HTTP://Oncall.Example:8080/api/?token=secret#x', email: ' Alice@Example.com ' };
    const writer = createSnapshotWriter(
      files,
      () => 0,
      undefined,
      'cache.json',
      () => originOf(settings),
    );
    const snapshot = snapshotOf([scheduleSnap('sch_a', [])]);
    writer.schedule(snapshot);
    await writer.flush();
    // The address as shown: nothing of a query, fragment or user info (they can hold a key) lands on disk.
    expect(jsonObject(files.files.get('cache.json') ?? '{}')['origin']).toEqual({
      address: 'http://oncall.example:8080/api',
      email: 'alice@example.com',
    });
    settings = { ...settings, email: 'bob@example.com' };
    writer.schedule(snapshot);
    await writer.flush();
    expect(files.writes).toBe(2);
    expect(files.files.get('cache.json')).toContain('bob@example.com');
  });

  it('is checked on load: another one drops the file (kept aside), none is taken once, a bad one is another', async () => {
    const files = new MemoryFileStore();
    const mine = originOf({ baseUrl: 'http://a.example/', email: 'me@example.com' });
    const snapshot = snapshotOf([scheduleSnap('sch_a', [])]);
    await saveSnapshot(files, snapshot, 'cache.json', mine);
    expect((await loadSnapshot(files, 'cache.json', undefined, undefined, mine)).snapshot).toBeDefined();
    const other = { ...mine, address: 'http://b.example' };
    const dropped = await loadSnapshot(files, 'cache.json', undefined, undefined, other);
    expect(dropped.snapshot).toBeUndefined();
    expect(dropped.notice?.message).toContain('another service address or user');
    expect(files.files.has('cache.json.bad-1')).toBe(true);
    await saveSnapshot(files, snapshot, 'cache.json');
    const old = await loadSnapshot(files, 'cache.json', undefined, undefined, mine);
    expect([old.snapshot !== undefined, old.unstamped, old.notice]).toEqual([true, true, undefined]);
    files.files.set('cache.json', JSON.stringify({ ...snapshot, origin: 'http://a.example' }));
    expect((await loadSnapshot(files, 'cache.json', undefined, undefined, mine)).snapshot).toBeUndefined();
  });
});
