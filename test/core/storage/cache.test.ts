import { describe, expect, it } from 'vitest';
import { FIRED_RETENTION_MS, loadSnapshot, openFiredStore, saveSnapshot } from '../../../electron/core/storage/cache';
import { alice, scheduleSnap, shift, snapshotOf } from '../support/fixtures';
import { MemoryFileStore } from '../support/memory-file-store';

describe('snapshot cache', () => {
  it('round-trips the snapshot with its horizon shifts', async () => {
    const files = new MemoryFileStore();
    const snapshot = snapshotOf([
      scheduleSnap('sch_a', [shift('2026-03-02T08:00:00Z', '2026-03-02T16:00:00Z', alice)]),
    ]);
    await saveSnapshot(files, snapshot);
    // Read back, the coverage list is saved data (never announced as new) until a fresh read (issue 52).
    expect((await loadSnapshot(files)).snapshot).toEqual({ ...snapshot, coverageSaved: true });
  });

  it('ignores and backs up a corrupt or outdated cache', async () => {
    const files = new MemoryFileStore();
    files.files.set('cache.json', '{"version":1,"schedules":[');
    const corrupt = await loadSnapshot(files);
    expect(corrupt.snapshot).toBeUndefined();
    expect(corrupt.notice?.message).toContain('cache.json.bad-1');
    files.files.set('cache.json', JSON.stringify({ version: 0, schedules: [] }));
    expect((await loadSnapshot(files)).snapshot).toBeUndefined();
    expect(files.files.has('cache.json.bad-2')).toBe(true);
  });
});

describe('fired reminder keys', () => {
  it('remembers keys across a reopen and prunes those long past', async () => {
    const files = new MemoryFileStore();
    let now = Date.parse('2026-03-02T08:00:00Z');
    const store = await openFiredStore(files, { now: () => now });
    await store.add([
      { key: 'old', untilMs: now },
      { key: 'recent', untilMs: now + 3 * 86_400_000 },
    ]);
    now += FIRED_RETENTION_MS + 60_000;
    const reopened = await openFiredStore(files, { now: () => now });
    expect(reopened.has('old')).toBe(false);
    expect(reopened.has('recent')).toBe(true);
  });

  it('keeps every key when adds race (writes are serialised)', async () => {
    const files = new MemoryFileStore();
    const store = await openFiredStore(files, { now: () => 0 });
    await Promise.all(['a', 'b', 'c'].map((key) => store.add([{ key, untilMs: 1 }])));
    const reopened = await openFiredStore(files, { now: () => 0 });
    expect(reopened.keys().sort()).toEqual(['a', 'b', 'c']);
  });
});

describe('an unreadable reminders record', () => {
  it('is backed up and reported, since reminders already shown may be shown again', async () => {
    const files = new MemoryFileStore();
    files.files.set('reminders.json', '{"version":1,"fired":{"a":');
    const notices: string[] = [];
    const store = await openFiredStore(files, { now: () => 0, onNotice: (n) => notices.push(n.message) });
    expect(store.keys()).toEqual([]);
    expect(notices).toEqual([
      'The record of reminders already shown could not be read (kept as /data/reminders.json.bad-1): some reminders may be shown again.',
    ]);
  });

  it('is not reported when it is simply absent (first start)', async () => {
    const notices: string[] = [];
    await openFiredStore(new MemoryFileStore(), { now: () => 0, onNotice: (n) => notices.push(n.message) });
    expect(notices).toEqual([]);
  });
});
