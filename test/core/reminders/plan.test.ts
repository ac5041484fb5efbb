import { describe, expect, it } from 'vitest';
import { planReminders, type PlanInput } from '../../../electron/core/reminders/plan';
import type { Snapshot } from '../../../electron/core/model/snapshot';
import {
  alice,
  bob,
  coverage,
  details,
  me,
  ms,
  scheduleSnap,
  settingsWith,
  shift,
  snapshotOf,
} from '../support/fixtures';
import { harness, weekSettings } from '../support/week';

const NOW = '2026-03-02T08:00:00Z';
const HORIZON = { shiftsFrom: '2026-03-02T00:00:00Z', shiftsTo: '2026-03-16T00:00:00Z', shiftsFetchedAt: NOW };
const platformDetails = details('Platform primary', 'Europe/Berlin', [me, alice, bob]);

function snap(
  shifts = [shift('2026-03-04T08:00:00Z', '2026-03-04T16:00:00Z', me)],
  extra: Partial<Snapshot> = {},
): Snapshot {
  return snapshotOf([scheduleSnap('sch_p', shifts, { details: platformDetails, ...HORIZON })], {
    coverageFetchedAt: NOW,
    ...extra,
  });
}

function plan(patch: Partial<PlanInput> = {}) {
  const settings = settingsWith({ schedules: [{ id: 'sch_p' }] });
  return planReminders({
    snapshot: snap(),
    previous: snap(),
    nowMs: ms(NOW),
    settings,
    localZone: 'Europe/Berlin',
    ...patch,
  });
}

describe('planning my shift reminders', () => {
  it('plans each lead time, the start and the end, with stable keys', () => {
    const first = plan();
    expect(first.map((r) => [r.kind, new Date(r.atMs).toISOString()])).toEqual([
      ['lead', '2026-03-03T08:00:00.000Z'],
      ['lead', '2026-03-04T07:45:00.000Z'],
      ['start', '2026-03-04T08:00:00.000Z'],
      ['end', '2026-03-04T16:00:00.000Z'],
    ]);
    expect(plan({ nowMs: ms(NOW) + 3_600_000 }).map((r) => r.key)).toEqual(first.map((r) => r.key));
  });

  it('respects the toggles', () => {
    const base = settingsWith({ schedules: [{ id: 'sch_p' }] });
    const quiet = {
      ...base,
      reminders: { leadTimesMin: [60], atStart: false, atEnd: false, coverageRequests: false, shiftChanges: false },
    };
    const asking = coverage('cov_1', alice, [
      { start: '2026-03-05T08:00:00Z', end: '2026-03-05T16:00:00Z', scheduleId: 'sch_p' },
    ]);
    const items = plan({
      settings: quiet,
      snapshot: snap(undefined, { coverageRequests: [asking] }),
      previous: snap([]),
    });
    expect(items.map((r) => [r.kind, new Date(r.atMs).toISOString()])).toEqual([['lead', '2026-03-04T07:00:00.000Z']]);
  });

  it('a week with only start reminders shows starts only', async () => {
    const h = await harness(weekSettings({ leadTimesMin: [], atEnd: false }));
    await h.runUntil(Date.parse('2026-04-03T00:00:00Z'));
    expect(new Set(h.shown.map((s) => s.n.title))).toEqual(new Set(['On call now']));
    expect(h.shown.length).toBe(8);
  });

  it('uses the e-mail case-insensitively and ignores unwatched schedules', () => {
    expect(plan({ settings: settingsWith({ email: 'ME@EXAMPLE.com', schedules: [{ id: 'sch_p' }] }) })).toHaveLength(4);
    expect(plan({ settings: settingsWith({ schedules: [{ id: 'sch_other' }] }) })).toEqual([]);
  });
});

describe('per-schedule reminder choices', () => {
  it('a schedule with its own choice follows it; the others keep the default', () => {
    const twoSchedules = snapshotOf(
      [
        scheduleSnap('sch_p', [shift('2026-03-04T08:00:00Z', '2026-03-04T16:00:00Z', me)], {
          details: platformDetails,
          ...HORIZON,
        }),
        scheduleSnap('sch_q', [shift('2026-03-05T08:00:00Z', '2026-03-05T16:00:00Z', me)], {
          details: details('Payments', 'Europe/Berlin', [me, alice]),
          ...HORIZON,
        }),
      ],
      { coverageFetchedAt: NOW },
    );
    const onlyStart = { leadTimesMin: [], atStart: true, atEnd: false, coverageRequests: false, shiftChanges: false };
    const settings = settingsWith({ schedules: [{ id: 'sch_p', reminders: onlyStart }, { id: 'sch_q' }] });
    const items = plan({ settings, snapshot: twoSchedules, previous: twoSchedules });
    const kinds = (id: string) => items.filter((r) => r.shift?.scheduleId === id).map((r) => r.kind);
    expect(kinds('sch_p')).toEqual(['start']);
    expect(kinds('sch_q')).toEqual(['lead', 'lead', 'start', 'end']);
  });
});

describe('planning coverage reminders', () => {
  const asking = (id: string, who = alice) =>
    coverage(id, who, [
      {
        start: '2026-03-05T08:00:00Z',
        end: '2026-03-05T16:00:00Z',
        scheduleId: 'sch_p',
        scheduleName: 'Platform primary',
      },
    ]);

  it('announces each new request asking me once, by id, and not my own', () => {
    const items = plan({
      snapshot: snap(undefined, { coverageRequests: [asking('cov_1'), coverage('cov_mine', me, [])] }),
    }).filter((r) => r.kind === 'coverage');
    expect(items.map((r) => r.key)).toEqual(['coverage:cov_1']);
    expect(items[0]?.notification).toMatchObject({
      title: 'Coverage request from Alice',
      body: 'Platform primary Thu 09:00–17:00: holiday',
      target: 'coverage',
    });
  });

  it('on the first sync after install sums up what was waiting in one message that settles each id', () => {
    const items = plan({
      previous: undefined,
      snapshot: snap(undefined, { coverageRequests: [asking('cov_1'), asking('cov_2', bob)] }),
    }).filter((r) => r.kind === 'coverage');
    expect(items).toHaveLength(1);
    expect(items[0]?.settles).toEqual(['coverage:cov_1', 'coverage:cov_2']);
    expect(items[0]?.notification.title).toBe('2 coverage requests are waiting');
  });
});

describe('planning shift-change reminders', () => {
  const before = snap([
    shift('2026-03-04T08:00:00Z', '2026-03-04T16:00:00Z', me),
    shift('2026-03-06T08:00:00Z', '2026-03-06T16:00:00Z', me),
  ]);
  const changes = (after: Snapshot, previous: Snapshot = before) =>
    plan({ snapshot: after, previous }).filter((r) => r.kind === 'change');

  it('tells me when someone removed or moved my upcoming shift', () => {
    const after = snap([
      shift('2026-03-04T08:00:00Z', '2026-03-04T16:00:00Z', alice),
      shift('2026-03-06T10:00:00Z', '2026-03-06T16:00:00Z', me),
    ]);
    expect(changes(after).map((r) => r.notification.body)).toEqual([
      'Alice is covering your Platform primary shift Wed 09:00–17:00: you are no longer on call then.',
      'Platform primary: now Fri 11:00–17:00 (was Fri 09:00–17:00, 2 h shorter) — on call in 4 d 2 h.',
    ]);
  });

  it('says nothing for overrides I created myself, for unchanged data, or for shifts that just entered the horizon', () => {
    const after = snap(
      [
        shift('2026-03-04T08:00:00Z', '2026-03-04T16:00:00Z', alice),
        shift('2026-03-06T08:00:00Z', '2026-03-06T16:00:00Z', me),
      ],
      {
        // Made after the old data was read: the change is mine.
        createdOverrides: [
          {
            id: 'ovr_1',
            scheduleId: 'sch_p',
            start: '2026-03-04T08:00:00Z',
            end: '2026-03-04T16:00:00Z',
            createdAt: '2026-03-02T08:01:00Z',
          },
        ],
      },
    );
    expect(changes(after)).toEqual([]);
    expect(changes(snap(before.schedules[0]?.shifts))).toEqual([]);
    const shorter = snapshotOf([
      scheduleSnap('sch_p', [], { details: platformDetails, ...HORIZON, shiftsTo: '2026-03-05T00:00:00Z' }),
    ]);
    const grown = snap([shift('2026-03-10T08:00:00Z', '2026-03-10T16:00:00Z', me)]);
    expect(changes(grown, shorter)).toEqual([]);
  });

  it("a change notice takes the place of the reminders already due by the schedule's own lead times, not the default's", () => {
    // Platform reminds 3 h and 30 min ahead (the default: 1 d and 15 min). I am added at 08:00 to a shift at 10:00:
    // its 07:00 reminder (3 h ahead) is already due, and the notice says it; a catch-up after it would say it twice.
    const own = { leadTimesMin: [180, 30], atStart: true, atEnd: true, coverageRequests: true, shiftChanges: true };
    const settings = settingsWith({ schedules: [{ id: 'sch_p', reminders: own }] });
    const after = snap([
      ...(before.schedules[0]?.shifts ?? []),
      shift('2026-03-02T10:00:00Z', '2026-03-02T12:00:00Z', me),
    ]);
    const items = plan({ settings, snapshot: after, previous: before });
    const notice = items.find((r) => r.kind === 'change');
    expect(notice?.notification.body).toMatch(/added to Platform primary/);
    const group = 'shift:sch_p:2026-03-02T10:00:00Z';
    // Independently: the 3 h lead of that shift fell due at 07:00, before the notice; the 30 min one has not.
    expect(notice?.replaces).toContain(`${group}:lead180`);
    expect(notice?.replaces ?? []).not.toContain(`${group}:lead30`);
    expect(notice?.replaces?.some((k) => /:lead(1440|15)$/.test(k))).toBe(false);
  });

  it('tells me when I was added to a shift inside the known horizon', () => {
    const after = snap([
      ...(before.schedules[0]?.shifts ?? []),
      shift('2026-03-08T08:00:00Z', '2026-03-08T16:00:00Z', me),
    ]);
    expect(changes(after).map((r) => r.notification.body)).toEqual([
      'You were added to Platform primary Sun 09:00–17:00 — on call in 6 d.',
    ]);
  });

  it('reads a bridge between two of my shifts as one longer shift, never as a removal', () => {
    // Someone puts me on the gap between Wed 17:00 and Fri 09:00: one block Wed 09:00 – Fri 17:00.
    const after = snap([shift('2026-03-04T08:00:00Z', '2026-03-06T16:00:00Z', me)]);
    const bodies = changes(after).map((r) => r.notification.body);
    expect(bodies).toEqual([
      'Platform primary: now Wed 09:00 – Fri 17:00 (was Wed 09:00–17:00 and Fri 09:00–17:00) — on call in 2 d.',
    ]);
    expect(bodies.join(' ')).not.toMatch(/removed/);
  });

  it('an override I made before the old data was read does not hide a later change others make over it', () => {
    const mine = {
      id: 'ovr_1',
      scheduleId: 'sch_p',
      start: '2026-03-04T08:00:00Z',
      end: '2026-03-04T16:00:00Z',
      createdAt: '2026-03-01T12:00:00Z',
    };
    const previous = snap(before.schedules[0]?.shifts, { createdOverrides: [mine] });
    const after = snap(
      [
        shift('2026-03-04T08:00:00Z', '2026-03-04T16:00:00Z', alice),
        shift('2026-03-06T08:00:00Z', '2026-03-06T16:00:00Z', me),
      ],
      { createdOverrides: [mine] },
    );
    expect(changes(after, previous).map((r) => r.notification.title)).toEqual(['Your shift was removed']);
  });
});
