// What "Take over now" / "Hand back" offer per schedule, as plain data from the snapshot and now; and caches
// written before take-overs existed still load.
import { describe, expect, it } from 'vitest';
import { SnapshotSchema, type CreatedOverride } from '../../../electron/core/model/snapshot';
import { takeOverOptions } from '../../../electron/core/state/take-over';
import { deriveState } from '../../../electron/core/state/derive';
import {
  alice,
  bob,
  carol,
  deriveInput,
  details,
  me,
  ms,
  scheduleSnap,
  settingsWith,
  shift,
  snapshotOf,
} from '../support/fixtures';

/** The schedule's source status: read a minute ago, or saved since a failed refresh. */
const FRESH = { kind: 'fresh', at: '2026-03-25T11:59:00Z' } as const;
const SAVED = { kind: 'stale', since: '2026-03-25T11:00:00Z', reason: 'offline' } as const;

const NOW = ms('2026-03-25T12:00:00Z');
const ID = 'sch_a';

const takeOver = (extra: Partial<CreatedOverride> = {}): CreatedOverride => ({
  id: 'ovr_1',
  scheduleId: ID,
  start: '2026-03-25T10:00:00Z',
  end: '2026-03-26T08:00:00Z',
  createdAt: '2026-03-25T10:00:00Z',
  kind: 'take-over',
  replaced: [{ id: carol.id, name: carol.name, email: carol.email }],
  ...extra,
});

/** Carol until 10:00, me (taken over) until tomorrow 08:00, then Alice. */
const afterTakeOver = (overrides: CreatedOverride[]) =>
  snapshotOf(
    [
      scheduleSnap(ID, [
        shift('2026-03-25T08:00:00Z', '2026-03-25T10:00:00Z', carol),
        shift('2026-03-25T10:00:00Z', '2026-03-26T08:00:00Z', me),
        shift('2026-03-26T08:00:00Z', '2026-03-27T08:00:00Z', alice),
      ]),
    ],
    { createdOverrides: overrides },
  );

describe('takeOverOptions', () => {
  it('offers to take over from whoever is on call now, until their shift ends, and nothing to hand back', () => {
    const snap = snapshotOf([
      scheduleSnap(ID, [
        shift('2026-03-25T08:00:00Z', '2026-03-26T08:00:00Z', bob, carol),
        shift('2026-03-26T08:00:00Z', '2026-03-27T08:00:00Z', alice),
      ]),
    ]);
    expect(takeOverOptions(snap, ID, NOW, ' Me@Example.com ', FRESH)).toEqual({
      scheduleId: ID,
      takeOver: {
        from: [expect.objectContaining({ email: bob.email }), expect.objectContaining({ email: carol.email })],
        until: '2026-03-26T08:00:00Z',
      },
      handBack: null,
    });
  });

  it('offers no take-over where I am on call, nobody is, there is no data, or my e-mail is not set', () => {
    const mine = snapshotOf([scheduleSnap(ID, [shift('2026-03-25T08:00:00Z', '2026-03-26T08:00:00Z', me, bob)])]);
    const nobody = snapshotOf([scheduleSnap(ID, [shift('2026-03-25T13:00:00Z', '2026-03-26T08:00:00Z', bob)])]);
    const bobs = snapshotOf([scheduleSnap(ID, [shift('2026-03-25T08:00:00Z', '2026-03-26T08:00:00Z', bob)])]);
    expect(takeOverOptions(mine, ID, NOW, me.email, FRESH).takeOver).toBeNull();
    expect(takeOverOptions(nobody, ID, NOW, me.email, FRESH).takeOver).toBeNull();
    expect(takeOverOptions(snapshotOf([]), ID, NOW, me.email, FRESH).takeOver).toBeNull();
    expect(takeOverOptions(bobs, ID, NOW, '', FRESH).takeOver).toBeNull();
  });

  it('offers to hand back to the replaced person, until my take-over ends, while it runs and the schedule shows me', () => {
    expect(takeOverOptions(afterTakeOver([takeOver()]), ID, NOW, me.email, FRESH)).toEqual({
      scheduleId: ID,
      takeOver: null,
      handBack: { to: [{ id: carol.id, name: carol.name, email: carol.email }], until: '2026-03-26T08:00:00Z' },
    });
  });

  it('offers no hand back after it was handed back, once the window is over, for a quick override, or when the schedule no longer shows me', () => {
    const snap = afterTakeOver([takeOver()]);
    expect(
      takeOverOptions(afterTakeOver([takeOver({ handedBackAt: '2026-03-25T11:00:00Z' })]), ID, NOW, me.email, FRESH)
        .handBack,
    ).toBeNull();
    expect(takeOverOptions(snap, ID, ms('2026-03-26T09:00:00Z'), me.email, FRESH).handBack).toBeNull();
    expect(
      takeOverOptions(afterTakeOver([takeOver({ kind: undefined })]), ID, NOW, me.email, FRESH).handBack,
    ).toBeNull();
    const overridden = {
      ...snap,
      schedules: [scheduleSnap(ID, [shift('2026-03-25T10:00:00Z', '2026-03-26T08:00:00Z', bob)])],
    };
    expect(takeOverOptions(overridden, ID, NOW, me.email, FRESH).handBack).toBeNull();
  });

  it('hands back only up to where someone else already changed my take-over window', () => {
    const snap = afterTakeOver([takeOver()]);
    const cut = {
      ...snap,
      schedules: [
        scheduleSnap(ID, [
          shift('2026-03-25T10:00:00Z', '2026-03-25T20:00:00Z', me),
          shift('2026-03-25T20:00:00Z', '2026-03-26T08:00:00Z', bob),
        ]),
      ],
    };
    expect(takeOverOptions(cut, ID, NOW, me.email, FRESH).handBack?.until).toBe('2026-03-25T20:00:00Z');
  });

  // adv48 r21: an offer its write would refuse as "changed since you planned it" is never made from a fresh read.
  it('offers no hand back where the rest of my take-over is no longer me with those it kept, or I am on past it', () => {
    const withSnap = (...shifts: ReturnType<typeof shift>[]) => ({
      ...afterTakeOver([takeOver({ kept: [], offUntil: '2026-03-26T12:00:00Z' })]),
      schedules: [scheduleSnap(ID, shifts)],
    });
    const mine = withSnap(shift('2026-03-25T10:00:00Z', '2026-03-26T08:00:00Z', me));
    expect(takeOverOptions(mine, ID, NOW, me.email, FRESH).handBack?.until).toBe('2026-03-26T08:00:00Z');
    const partner = withSnap(
      shift('2026-03-25T10:00:00Z', '2026-03-25T14:00:00Z', me),
      shift('2026-03-25T14:00:00Z', '2026-03-25T16:00:00Z', me, alice),
      shift('2026-03-25T16:00:00Z', '2026-03-26T08:00:00Z', me),
    );
    const gap = withSnap(
      shift('2026-03-25T10:00:00Z', '2026-03-25T14:00:00Z', me),
      shift('2026-03-25T16:00:00Z', '2026-03-26T08:00:00Z', me),
    );
    const onPast = withSnap(
      shift('2026-03-25T10:00:00Z', '2026-03-26T08:00:00Z', me),
      shift('2026-03-26T08:00:00Z', '2026-03-26T10:00:00Z', me, alice),
    );
    for (const snap of [partner, gap, onPast])
      expect(takeOverOptions(snap, ID, NOW, me.email, FRESH).handBack).toBeNull();
  });

  it('offers nothing on data it cannot vouch for: "Take over from Bob until 17:00" would state a guess', () => {
    const bobs = snapshotOf([scheduleSnap(ID, [shift('2026-03-25T08:00:00Z', '2026-03-26T08:00:00Z', bob)])]);
    expect(takeOverOptions(bobs, ID, NOW, me.email, SAVED)).toEqual({ scheduleId: ID, takeOver: null, handBack: null });
    expect(takeOverOptions(afterTakeOver([takeOver()]), ID, NOW, me.email, SAVED).handBack).toBeNull();
  });

  it('offers no "Take over from Bob until …" where a stretch before that end was sent unreadable (Bob may not be alone)', () => {
    const bobs = [shift('2026-03-25T08:00:00Z', '2026-03-26T08:00:00Z', bob)];
    const holed = snapshotOf([
      scheduleSnap(ID, bobs, { shiftHoles: [{ from: '2026-03-25T15:00:00Z', to: '2026-03-25T16:00:00Z' }] }),
    ]);
    expect(takeOverOptions(holed, ID, NOW, me.email, FRESH).takeOver).toBeNull();
    // The same read without the hole offers it: the hole, not the data, withholds it.
    expect(takeOverOptions(snapshotOf([scheduleSnap(ID, bobs)]), ID, NOW, me.email, FRESH).takeOver?.until).toBe(
      '2026-03-26T08:00:00Z',
    );
  });

  it('offers no hand back "until tomorrow 08:00" where the time before it was sent unreadable', () => {
    const snap = afterTakeOver([takeOver()]);
    const holed = {
      ...snap,
      schedules: snap.schedules.map((x) => ({
        ...x,
        shiftHoles: [{ from: '2026-03-25T20:00:00Z', to: '2026-03-25T21:00:00Z' }],
      })),
    };
    expect(takeOverOptions(holed, ID, NOW, me.email, FRESH).handBack).toBeNull();
  });

  it('in the state, a schedule whose last refresh failed offers neither, while a fresh one does', () => {
    const fetched = { detailsFetchedAt: '2026-03-25T11:59:00Z', shiftsFetchedAt: '2026-03-25T11:59:00Z' };
    const shifts = [shift('2026-03-25T08:00:00Z', '2026-03-26T08:00:00Z', bob)];
    const snapshot = snapshotOf([
      scheduleSnap(ID, shifts, { ...fetched, details: details('Platform', 'Europe/Berlin', [bob, me]) }),
      scheduleSnap('sch_b', shifts, {
        ...fetched,
        details: details('Payments', 'Europe/Berlin', [bob, me]),
        problem: { kind: 'network', message: 'offline', at: '2026-03-25T11:59:30Z' },
      }),
    ]);
    const settings = settingsWith({ schedules: [{ id: ID }, { id: 'sch_b' }] });
    const state = deriveState(deriveInput({ snapshot, settings, nowMs: NOW, localZone: 'Europe/Berlin' }));
    expect(
      state.schedules.map((s) => [s.status.kind, s.takeOverOptions?.takeOver?.from.map((p) => p.email) ?? null]),
    ).toEqual([
      ['fresh', [bob.email]],
      ['stale', null],
    ]);
  });
});

describe('the cache', () => {
  it('loads a cache written before take-overs (no kind/replaced) and keeps the new fields', () => {
    const old = {
      ...snapshotOf([]),
      createdOverrides: [{ id: 'ovr_1', scheduleId: ID, start: 'a', end: 'b', createdAt: 'c' }],
    };
    expect(SnapshotSchema.safeParse(JSON.parse(JSON.stringify(old))).success).toBe(true);
    const now = afterTakeOver([takeOver({ handedBackAt: '2026-03-25T11:00:00Z' })]);
    const read = SnapshotSchema.safeParse(JSON.parse(JSON.stringify(now)));
    expect(read.success && read.data.createdOverrides[0]).toEqual(takeOver({ handedBackAt: '2026-03-25T11:00:00Z' }));
  });
});
