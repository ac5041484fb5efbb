import { describe, expect, it } from 'vitest';
import { deriveState, nextStateChangeAt, stateEquals, type DeriveInput } from '../../../electron/core/state/derive';
import type { Snapshot } from '../../../electron/core/model/snapshot';
import {
  SETUP_OK,
  alice,
  bob,
  carol,
  coverage,
  deriveInput,
  details,
  me,
  ms,
  scheduleSnap,
  settingsWith,
  shift,
  snapshotOf,
} from '../support/fixtures';

const FETCHED = '2026-03-02T07:58:00Z';
const platform = scheduleSnap(
  'sch_platform',
  [
    shift('2026-03-02T08:00:00Z', '2026-03-02T16:00:00Z', alice),
    shift('2026-03-02T16:00:00Z', '2026-03-03T00:00:00Z', bob),
    shift('2026-03-03T00:00:00Z', '2026-03-03T08:00:00Z', me),
    shift('2026-03-03T08:00:00Z', '2026-03-03T16:00:00Z', me),
    shift('2026-03-03T16:00:00Z', '2026-03-04T00:00:00Z', carol),
  ],
  {
    details: details('Platform primary', 'Europe/Berlin', [alice, bob, carol, me], {
      // Stale on purpose: it was current at fetch time only.
      current_oncall_shift: shift('2026-03-01T08:00:00Z', '2026-03-02T08:00:00Z', carol),
    }),
    detailsFetchedAt: FETCHED,
    shiftsFetchedAt: FETCHED,
  },
);
const db = scheduleSnap(
  'sch_db',
  [
    shift('2026-03-02T00:00:00Z', '2026-03-02T12:00:00Z', carol),
    shift('2026-03-02T12:00:00Z', '2026-03-02T20:00:00Z', me),
  ],
  {
    details: details('Database', 'America/New_York', [carol, me]),
    shiftsFetchedAt: FETCHED,
    detailsFetchedAt: FETCHED,
  },
);

function input(snapshot: Snapshot, nowIso: string, patch: Partial<DeriveInput> = {}): DeriveInput {
  return deriveInput({
    snapshot,
    nowMs: ms(nowIso),
    settings: settingsWith({ schedules: [{ id: 'sch_platform' }, { id: 'sch_db' }] }),
    localZone: 'Europe/Berlin',
    ...patch,
  });
}

describe('deriveState: now and next come from cached shifts', () => {
  it('names the current and next person from the shifts, not from a stale current_oncall_shift', () => {
    const state = deriveState(input(snapshotOf([platform, db]), '2026-03-02T09:00:00Z'));
    const p = state.schedules[0];
    expect(p?.name).toBe('Platform primary');
    expect(p?.timeZone).toBe('Europe/Berlin');
    expect(p?.now?.users.map((u) => u.name)).toEqual(['Alice']);
    expect(p?.now?.end).toBe('2026-03-02T16:00:00Z');
    expect(p?.next?.users.map((u) => u.name)).toEqual(['Bob']);
    expect(p?.next?.start).toBe('2026-03-02T16:00:00Z');
  });

  it('keeps advancing along the cached shifts while offline, hours after the last fetch', () => {
    const problem = { kind: 'network', message: 'No connection', at: '2026-03-02T10:00:00Z' };
    const offline = snapshotOf([
      { ...platform, problem },
      { ...db, problem },
    ]);
    const state = deriveState(input(offline, '2026-03-02T17:30:00Z'));
    const p = state.schedules[0];
    expect(p?.now?.users.map((u) => u.name)).toEqual(['Bob']);
    expect(p?.next?.users.map((u) => u.name)).toEqual(['Me']);
    expect(p?.status).toEqual({ kind: 'stale', since: FETCHED, reason: 'No connection' });
    expect(state.sync.kind).toBe('offline');
  });

  it('merges back-to-back shifts of the same person into one span', () => {
    const state = deriveState(input(snapshotOf([platform, db]), '2026-03-03T01:00:00Z'));
    const p = state.schedules[0];
    expect(p?.now).toMatchObject({ start: '2026-03-03T00:00:00Z', end: '2026-03-03T16:00:00Z' });
    expect(p?.next?.users.map((u) => u.name)).toEqual(['Carol']);
  });

  it('falls back to the details only when no shift covers now and they are still true', () => {
    const noShifts = scheduleSnap('sch_platform', [], {
      details: details('Platform primary', 'Europe/Berlin', [alice], {
        current_oncall_shift: shift('2026-03-02T08:00:00Z', '2026-03-02T16:00:00Z', alice),
      }),
      detailsFetchedAt: FETCHED,
    });
    expect(deriveState(input(snapshotOf([noShifts]), '2026-03-02T09:00:00Z')).schedules[0]?.now?.users[0]?.name).toBe(
      'Alice',
    );
    expect(deriveState(input(snapshotOf([noShifts]), '2026-03-02T17:00:00Z')).schedules[0]?.now).toBeNull();
  });
});

describe('deriveState: me', () => {
  it('finds me case-insensitively and reports where I am on call until when', () => {
    const s = input(snapshotOf([platform, db]), '2026-03-02T13:00:00Z');
    const state = deriveState({ ...s, settings: { ...s.settings, email: 'ME@Example.COM' } });
    expect(state.schedules.map((v) => v.meOnCall)).toEqual([false, true]);
    expect(state.me.onCallNow).toMatchObject([
      {
        accountId: 'main',
        scheduleId: 'sch_db',
        scheduleName: 'Database',
        start: '2026-03-02T12:00:00Z',
        end: '2026-03-02T20:00:00Z',
      },
    ]);
  });

  it('gives my next shift as the earliest over all schedules, adjacent shifts merged', () => {
    const state = deriveState(input(snapshotOf([platform, db]), '2026-03-02T09:00:00Z'));
    expect(state.me.nextShift).toMatchObject({
      accountId: 'main',
      scheduleId: 'sch_db',
      scheduleName: 'Database',
      start: '2026-03-02T12:00:00Z',
      end: '2026-03-02T20:00:00Z',
    });
    const later = deriveState(input(snapshotOf([platform, db]), '2026-03-02T13:00:00Z'));
    expect(later.me.nextShift).toMatchObject({
      accountId: 'main',
      scheduleId: 'sch_platform',
      scheduleName: 'Platform primary',
      start: '2026-03-03T00:00:00Z',
      end: '2026-03-03T16:00:00Z',
    });
  });
});

describe('deriveState: coverage', () => {
  it('splits pending requests into mine and those asking me, dropping finished ones', () => {
    const window = { start: '2026-03-05T08:00:00Z', end: '2026-03-05T16:00:00Z' };
    const requests = [
      coverage('cov_mine', me, [{ ...window, scheduleId: 'sch_db' }]),
      coverage('cov_ask', alice, [{ ...window, scheduleId: 'sch_platform' }]),
      coverage('cov_elsewhere', bob, [{ ...window, scheduleId: 'sch_other' }]),
      coverage('cov_done', alice, [{ ...window, scheduleId: 'sch_platform' }], 'accepted'),
      coverage('cov_past', alice, [
        { start: '2026-03-01T08:00:00Z', end: '2026-03-01T16:00:00Z', scheduleId: 'sch_platform' },
      ]),
    ];
    const state = deriveState(
      input(snapshotOf([platform, db], { coverageRequests: requests }), '2026-03-02T09:00:00Z'),
    );
    expect(state.coverage.mine.map((c) => c.id)).toEqual(['cov_mine']);
    expect(state.coverage.askingMe.map((c) => c.id)).toEqual(['cov_ask']);
    expect(state.coverage.askingMe[0]?.requester.name).toBe('Alice');
  });
});

describe('deriveState: statuses', () => {
  const now = '2026-03-02T08:00:00Z';

  it('shows loading, fresh, too-old, not found and error per schedule, in settings order', () => {
    const settings = settingsWith({
      schedules: [
        { id: 'sch_new', name: 'Saved name' },
        { id: 'sch_db' },
        { id: 'sch_gone' },
        { id: 'sch_bad' },
        { id: 'sch_platform' },
      ],
    });
    const gone = scheduleSnap('sch_gone', [], {
      notFound: true,
      problem: { kind: 'not_found', message: 'Schedule not found', at: now },
    });
    const bad = scheduleSnap('sch_bad', [], { problem: { kind: 'server', message: 'Server error 500', at: now } });
    const old = { ...platform, shiftsFetchedAt: '2026-03-02T07:00:00Z' };
    const state = deriveState(input(snapshotOf([db, gone, bad, old]), now, { settings }));
    expect(state.schedules.map((s) => s.name)).toEqual([
      'Saved name',
      'Database',
      'sch_gone',
      'sch_bad',
      'Platform primary',
    ]);
    expect(state.schedules.map((s) => s.status.kind)).toEqual(['loading', 'fresh', 'not_found', 'error', 'stale']);
    // Not 'ok': two sources failed, and the summary names them; neither was ever read, so nothing of theirs is saved.
    expect(state.sync).toEqual({
      kind: 'partial',
      message: "Couldn't refresh sch_gone (not found on the service), sch_bad (service error).",
      clause: "Couldn't refresh sch_gone (not found on the service), sch_bad (service error)",
      saved: null,
      // Each with its own fix: the missing one in Settings, the failing one by reading again.
      apart: [
        { clause: "Couldn't refresh sch_gone (not found on the service)", fix: 'settings', saved: null },
        { clause: "Couldn't refresh sch_bad (service error)", fix: 'retry', saved: null },
      ],
    });
    expect(state.lastSuccessAt).toBe('2026-03-02T07:00:00Z');
  });

  it('marks everything stale when served from the cache before the first sync', () => {
    const state = deriveState(input(snapshotOf([platform, db]), now, { servedFromCache: true }));
    expect(state.schedules.map((s) => s.status.kind)).toEqual(['stale', 'stale']);
  });

  it('reports needs_setup, key_rejected and error overall', () => {
    expect(deriveState(input(snapshotOf([]), now, { setup: { ...SETUP_OK, hasKey: false } })).sync.kind).toBe(
      'needs_setup',
    );
    const noSchedules = input(snapshotOf([]), now);
    expect(deriveState({ ...noSchedules, settings: { ...noSchedules.settings, schedules: [] } }).sync.kind).toBe(
      'needs_setup',
    );
    expect(deriveState(input(snapshotOf([platform], { keyRejected: true }), now)).sync.kind).toBe('key_rejected');
    const problem = { kind: 'server', message: 'Server error 503', at: now };
    const failing = snapshotOf([
      { ...platform, problem },
      { ...db, problem },
    ]);
    expect(deriveState(input(failing, now)).sync).toEqual({
      kind: 'error',
      message: 'Server error 503',
      // The client's sentence whole above; the line that goes on, in the app's words.
      clause: `Couldn't refresh ${platform.details?.name ?? ''} (service error), ${db.details?.name ?? ''} (service error)`,
      saved: FETCHED,
    });
  });
});

describe('change detection', () => {
  it('says when the state next changes by itself: at the next handoff', () => {
    const snap = snapshotOf([platform, db]);
    expect(nextStateChangeAt(snap, ms('2026-03-02T09:00:00Z'))).toBe(ms('2026-03-02T12:00:00Z'));
    expect(nextStateChangeAt(snap, ms('2026-03-02T12:00:00Z'))).toBe(ms('2026-03-02T16:00:00Z'));
    expect(nextStateChangeAt(snap, ms('2026-03-05T00:00:00Z'))).toBeNull();
  });

  it('derives equal states between boundaries and different ones across them', () => {
    const snap = snapshotOf([platform, db]);
    const a = deriveState(input(snap, '2026-03-02T09:00:00Z'));
    // Read at 07:58, the data is saved by 09:00: my load's hours not read since grow on the hour (issue 47, round 2).
    const b = deriveState(input(snap, '2026-03-02T09:59:59Z'));
    const c = deriveState(input(snap, '2026-03-02T10:00:00Z'));
    expect(stateEquals(a, b)).toBe(true);
    expect(stateEquals(a, c)).toBe(false);
  });
});

describe('deriveState: concurrent layers and extras', () => {
  it('unions people on call at once and ends "now" when the set of people changes', () => {
    const layered = scheduleSnap(
      'sch_platform',
      [
        shift('2026-03-02T08:00:00Z', '2026-03-02T16:00:00Z', alice),
        shift('2026-03-02T12:00:00Z', '2026-03-02T20:00:00Z', bob),
      ],
      {
        details: details('Platform primary', 'Europe/Berlin', [alice, bob], {
          teams: [{ id: 'tea_1', name: 'SRE', description: '' }],
        }),
        shiftsFetchedAt: FETCHED,
      },
    );
    const chat = { id: 'S1', name: 'Platform on-call', handle: 'platform-oncall' };
    const state = deriveState(
      input(snapshotOf([layered], { chatGroups: { sch_platform: chat } }), '2026-03-02T13:00:00Z'),
    );
    const p = state.schedules[0];
    expect(p?.now).toMatchObject({ start: '2026-03-02T12:00:00Z', end: '2026-03-02T16:00:00Z' });
    expect(p?.now?.users.map((u) => u.name)).toEqual(['Alice', 'Bob']);
    expect(p?.next?.users.map((u) => u.name)).toEqual(['Bob']);
    expect(p?.teams).toEqual([{ id: 'tea_1', name: 'SRE', description: '' }]);
    expect(p?.chatUserGroup).toEqual(chat);
  });

  it('knows when fresh data turns stale by age alone', () => {
    const settings = settingsWith({ schedules: [{ id: 'sch_platform' }] });
    // Read over a range that holds the fetch (nobody on call in it): only age can change the state.
    const read = { ...platform, shifts: [], shiftsFrom: '2026-03-02T00:00:00Z' };
    const snap = snapshotOf([{ ...read, details: details('Platform primary', 'Europe/Berlin', [me]) }]);
    const flip = nextStateChangeAt(snap, ms(FETCHED), settings);
    expect(flip).toBe(ms(FETCHED) + 2 * settings.refresh.idleIntervalSec * 1000 + 1);
    const at = (t: number) => deriveState({ ...input(snap, FETCHED), settings, nowMs: t }).schedules[0]?.status.kind;
    expect([at((flip ?? 0) - 2), at(flip ?? 0)]).toEqual(['fresh', 'stale']);
  });
});
