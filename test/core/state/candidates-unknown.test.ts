// "Who could cover" says "free" only where the timeline knows (issue 27): a person on a schedule whose shifts over the
// window were sent unreadable (a hole) is not known to be free there; the line says so and the known-free rank first.
import { describe, expect, it } from 'vitest';
import type { ScheduleSnapshot } from '../../../electron/core/model/snapshot';
import { rankCandidates } from '../../../electron/core/state/candidates';
import { details, me, scheduleSnap, settingsWith, shift, snapshotOf, user } from '../support/fixtures';

const WINDOW = { startMs: Date.parse('2026-03-08T07:00:00Z'), endMs: Date.parse('2026-03-08T09:00:00Z') };
const NOW = Date.parse('2026-03-08T05:00:00Z');
const ann = { ...user('Ann'), time_zone: 'Europe/Berlin' };
const ben = { ...user('Ben'), time_zone: 'Europe/Berlin' };
const range = { shiftsFrom: '2026-03-05T00:00:00Z', shiftsTo: '2026-03-20T00:00:00Z' };

describe('who could cover, over time the app could not read', () => {
  it('says "not known whether free" for a schedule with a hole over the window, and ranks the known-free first', () => {
    const platform = scheduleSnap('sch_plat', [shift('2026-03-05T00:00:00Z', '2026-03-06T00:00:00Z', ann)], {
      ...range,
      details: details('Platform', 'Europe/Berlin', [ann, ben, me]),
    });
    // Ann is on Payments' people; the shift there over the window came back unreadable.
    const payments = scheduleSnap('sch_pay', [], {
      ...range,
      details: details('Payments', 'Europe/Berlin', [ann]),
      shiftHoles: [{ from: '2026-03-08T06:00:00Z', to: '2026-03-08T12:00:00Z' }],
    });
    const ranked = rankCandidates({
      otherAccounts: [],
      snapshot: snapshotOf([platform, payments]),
      settings: settingsWith({ schedules: [{ id: 'sch_plat' }, { id: 'sch_pay' }] }),
      scheduleId: 'sch_plat',
      window: WINDOW,
      nowMs: NOW,
    });
    expect(ranked.map((c) => c.name)).toEqual(['Ben', 'Ann']);
    // Ann carried 24 h lately and Ben none: only the unknown puts her second, and her line says why.
    expect(ranked[1]).toMatchObject({ onCallElsewhere: [], unknownOn: ['Payments'] });
    expect(ranked[1]?.detail).toContain('not known whether free on Payments');
    expect(ranked[0]?.detail).not.toContain('not known');
  });
});

describe('who could cover, from saved data', () => {
  const platformOf = (extra: Partial<ScheduleSnapshot>) =>
    scheduleSnap('sch_plat', [shift('2026-03-05T00:00:00Z', '2026-03-06T00:00:00Z', ann)], {
      ...range,
      details: details('Platform', 'Europe/Berlin', [ann, me]),
      detailsFetchedAt: '2026-03-08T04:58:00Z',
      shiftsFetchedAt: '2026-03-08T04:58:00Z',
      ...extra,
    });
  const rank = (platform: ScheduleSnapshot) =>
    rankCandidates({
      otherAccounts: [],
      snapshot: snapshotOf([platform]),
      settings: settingsWith({ schedules: [{ id: 'sch_plat' }] }),
      scheduleId: 'sch_plat',
      window: WINDOW,
      nowMs: NOW,
    });

  it('says "free per saved data from <read time>" while the schedule can\'t be re-read, and nothing extra when fresh', () => {
    const saved = rank(
      platformOf({
        shiftsFetchedAt: '2026-03-08T02:00:00Z',
        detailsFetchedAt: '2026-03-08T02:00:00Z',
        problem: { kind: 'network', message: 'offline', at: '2026-03-08T04:59:00Z' },
      }),
    );
    // The picker gives the read time in the machine's zone (as every local time): read 02:00Z there.
    const at = new Date('2026-03-08T02:00:00Z').toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
    expect(saved[0]?.detail).toContain(`free per saved data from ${at}`);
    expect(saved[0]?.detail).not.toMatch(/not known|unknown whether/);
    const fresh = rank(platformOf({}));
    expect(fresh[0]?.detail).not.toMatch(/saved data|unknown whether|not known/);
  });

  it('says nothing of "free" for someone on call then: that is said as such', () => {
    const onCall = rank(
      platformOf({
        shifts: [shift('2026-03-08T06:00:00Z', '2026-03-08T10:00:00Z', ann)],
        problem: { kind: 'network', message: 'offline', at: '2026-03-08T04:59:00Z' },
      }),
    );
    expect(onCall[0]?.detail).toContain('on call here then');
    expect(onCall[0]?.detail).not.toContain('free per saved data');
  });
});
