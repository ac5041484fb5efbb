// Who could cover, over several accounts (issue 34 case 10): another account's schedule where the person's shifts
// over the window are unreadable makes "free" unknown there, named with its account; hours on two accounts at once
// count once in the recent hours.
import { describe, expect, it } from 'vitest';
import { rankCandidates } from '../../../electron/core/state/candidates';
import { details, me, scheduleSnap, settingsWith, shift, snapshotOf, user } from '../support/fixtures';

const WINDOW = { startMs: Date.parse('2026-03-08T07:00:00Z'), endMs: Date.parse('2026-03-08T09:00:00Z') };
const NOW = Date.parse('2026-03-08T05:00:00Z');
const ben = { ...user('Ben'), time_zone: 'Europe/Berlin' };
// The same Ben on Acme, his e-mail in another case.
const benOnAcme = { ...ben, id: 'usr_other', email: ben.email.toUpperCase() };
const range = { shiftsFrom: '2026-03-05T00:00:00Z', shiftsTo: '2026-03-20T00:00:00Z' };

const work = scheduleSnap('sch_plat', [shift('2026-03-06T00:00:00Z', '2026-03-06T08:00:00Z', ben)], {
  ...range,
  details: details('Platform', 'Europe/Berlin', [ben, me]),
});

function rank(acmeSchedule: ReturnType<typeof scheduleSnap>) {
  return rankCandidates({
    snapshot: snapshotOf([work]),
    otherAccounts: [{ label: 'Acme', snapshot: snapshotOf([acmeSchedule]), settings: settingsWith({}) }],
    settings: settingsWith({ schedules: [{ id: 'sch_plat' }] }),
    scheduleId: 'sch_plat',
    window: WINDOW,
    nowMs: NOW,
  });
}

describe('who could cover, over the other accounts', () => {
  it('says "not known whether free on Acme · Payments" when Acme’s shifts over the window are unreadable', () => {
    const [c] = rank(
      scheduleSnap('sch_plat', [], {
        ...range,
        details: details('Payments', 'Europe/Berlin', [benOnAcme]),
        shiftHoles: [{ from: '2026-03-08T06:00:00Z', to: '2026-03-08T12:00:00Z' }],
      }),
    );
    expect(c).toMatchObject({ name: 'Ben', onCallElsewhere: [], unknownOn: ['Acme · Payments'] });
    expect(c?.detail).toContain('not known whether free on Acme · Payments');
  });

  it('counts 8 h on call for both accounts at once as 8 h, not 16', () => {
    const [c] = rank(
      scheduleSnap('sch_plat', [shift('2026-03-06T00:00:00Z', '2026-03-06T08:00:00Z', benOnAcme)], {
        ...range,
        details: details('Payments', 'Europe/Berlin', [benOnAcme]),
      }),
    );
    expect(c).toMatchObject({ name: 'Ben', onCallElsewhere: [], unknownOn: [], recentHours: 8 });
  });
});
