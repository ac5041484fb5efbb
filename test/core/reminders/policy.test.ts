// The reminder policy table (issue 27): every kind has a wording from saved data, which says what it rests on, and
// a kind without one does not compile. The summary after quiet time says so too for lines whose data went stale.
import { describe, expect, it } from 'vitest';
import { judge } from '../../../electron/core/reminders/judge';
import { summaryOf } from '../../../electron/core/reminders/held';
import { planReminders, type PlannedReminder, type ReminderKind } from '../../../electron/core/reminders/plan';
import { POLICIES, type ReminderPolicy } from '../../../electron/core/reminders/policy';
import type { HeldMessage } from '../../../electron/core/storage/fired-store';
import { details, me, ms, scheduleSnap, settingsWith, shift, snapshotOf } from '../support/fixtures';

const NOW = '2026-03-10T12:00:00Z';
const SAVED_AT = ms('2026-03-10T17:55:00Z'); // 18:55 in Berlin
const opts = { localZone: 'Europe/Berlin' };
const QUIET = { enabled: true, start: '22:00', end: '07:00', days: [] };

/** One of each shift kind, as the planner makes them: my shift 03:00–11:00 Berlin starts during quiet hours. */
function planned(): PlannedReminder[] {
  const s = scheduleSnap('sch_n', [shift('2026-03-11T02:00:00Z', '2026-03-11T10:00:00Z', me)], {
    details: details('Night desk', 'Europe/Berlin', [me]),
    shiftsFrom: '2026-03-10T00:00:00Z',
    shiftsTo: '2026-03-24T00:00:00Z',
    shiftsFetchedAt: NOW,
  });
  return planReminders({
    snapshot: snapshotOf([s], { coverageFetchedAt: NOW }),
    nowMs: ms(NOW),
    settings: settingsWith({ schedules: [{ id: 'sch_n' }], quietHours: QUIET }),
    localZone: 'Europe/Berlin',
  });
}

const notice = (kind: 'coverage' | 'change' | 'correction'): PlannedReminder => ({
  key: `${kind}:x`,
  atMs: ms(NOW),
  kind,
  untilMs: ms(NOW) + 3_600_000,
  notification: {
    id: `${kind}:x`,
    title: 'Coverage request from Alice Doe',
    body: 'Night desk Thu 03:00–11:00',
    target: 'status',
  },
});

function sample(kind: ReminderKind): PlannedReminder {
  if (kind === 'coverage' || kind === 'change' || kind === 'correction') return notice(kind);
  const r = planned().find((x) => x.kind === kind);
  if (!r) throw new Error(`no ${kind} planned`);
  return r;
}

const SAYS_SAVED = /^According to saved data from (10 Mar, )?18:55[,:] /;

describe('the policy table', () => {
  it.each(Object.keys(POLICIES) as ReminderKind[])(
    '%s: from saved data, on time and late, says what it rests on',
    (kind) => {
      const r = sample(kind);
      const policy: ReminderPolicy = POLICIES[kind];
      for (const when of ['onTime', 'late'] as const) {
        const say = { r, nowMs: r.atMs + (when === 'late' ? 30 * 60_000 : 0), opts };
        expect(policy[when].saved({ ...say, savedAtMs: SAVED_AT }).body).toMatch(SAYS_SAVED);
        expect(policy[when].fresh(say).body).not.toMatch(/saved data/);
      }
    },
  );

  it('the judge words every shift kind from saved data when its data is saved data, on time and caught up', () => {
    const plan = planned();
    const kinds = new Set<ReminderKind>();
    for (const r of plan) {
      for (const lateMs of [0, 20 * 60_000]) {
        const ctx = { nowMs: r.atMs + lateMs, graceMs: 60_000, opts, held: false, savedDataAtMs: () => SAVED_AT };
        for (const o of judge([r], ctx)) {
          if (!o.show) continue;
          kinds.add(r.kind);
          expect(o.show.body, `${r.key} +${lateMs / 60_000} min`).toMatch(SAYS_SAVED);
        }
      }
    }
    expect([...kinds].sort()).toEqual(['end', 'heads-up', 'lead', 'start']);
  });

  it('a kind added without a saved-data wording does not compile', () => {
    const withoutSaved = { ...POLICIES.lead, onTime: { fresh: POLICIES.lead.onTime.fresh } };
    // @ts-expect-error every wording says how it speaks from saved data
    const bad: ReminderPolicy = withoutSaved;
    // @ts-expect-error a new kind needs its own policy
    const table: Record<ReminderKind | 'digest', ReminderPolicy> = POLICIES;
    expect([bad, table]).toHaveLength(2);
  });
});

describe('the summary after quiet time', () => {
  const held: HeldMessage = {
    key: 'shift:sch_n:2026-03-12T02:00:00Z:lead1440',
    kind: 'lead',
    title: 'On call in 1 d',
    body: 'Night desk Thu 03:00–11:00',
    atMs: ms('2026-03-11T02:00:00Z'),
    untilMs: ms('2026-03-12T10:00:00Z'),
    scheduleId: 'sch_n',
    group: 'shift:sch_n:2026-03-12T02:00:00Z',
    startsAtMs: ms('2026-03-12T02:00:00Z'),
  };
  const at7 = ms('2026-03-11T06:00:00Z');

  it('a line held from fresh data whose data is saved data by 07:00 says so', () => {
    const summary = summaryOf([held], at7, { opts, stillTrue: () => true, savedDataAtMs: () => SAVED_AT });
    expect(summary?.body).toBe(
      'On call in 20 h (according to saved data from 10 Mar, 18:55): Night desk Thu 03:00–11:00',
    );
  });

  it('from fresh data the line is plain', () => {
    const summary = summaryOf([held], at7, { opts, stillTrue: () => true, savedDataAtMs: () => undefined });
    expect(summary?.body).toBe('On call in 20 h: Night desk Thu 03:00–11:00');
  });
});
