// Handing a window to the right person (issue 22): the picker's suggestions ranked by who is free then, here and on
// the other watched schedules, their seat, and their local hours in the window (from their own zone, across a DST
// change; an unknown zone said so), then hours carried lately over the range the read shifts cover. Expected
// local hours are worked out by hand below, not by the code under test.
import { describe, expect, it } from 'vitest';
import { UserSchema } from '../../../electron/api/schemas';
import { rankCandidates } from '../../../electron/core/state/candidates';
import { details, me, scheduleSnap, settingsWith, shift, snapshotOf, user } from '../support/fixtures';

// New York springs forward on Sun 8 Mar 2026 at 02:00 EST (07:00 UTC): 07:00–09:00 UTC is 03:00–05:00 EDT there.
const WINDOW = { startMs: Date.parse('2026-03-08T07:00:00Z'), endMs: Date.parse('2026-03-08T09:00:00Z') };
const NOW = Date.parse('2026-03-08T05:00:00Z');

const erin = { ...user('Erin'), time_zone: 'America/New_York' };
const kenji = { ...user('Kenji'), time_zone: 'Asia/Tokyo' };
const vera = { ...user('Vera'), time_zone: 'Asia/Tokyo', seat: 'viewer' };
// What the service sent, read as the app reads it: a zone that isn't one is no zone.
const pat = UserSchema.parse({ ...user('Pat'), time_zone: 'Not/AZone' });
const dora = { ...user('Dora'), time_zone: 'Europe/Berlin' };
const carl = { ...user('Carl'), time_zone: 'Europe/Berlin' };

/** Both schedules read a minute ago: fresh, so "free" needs no note of what it rests on. */
const READ = { detailsFetchedAt: '2026-03-08T04:59:00Z', shiftsFetchedAt: '2026-03-08T04:59:00Z' };

function world() {
  const platform = scheduleSnap(
    'sch_plat',
    [
      // Carl is on call here during the window; Kenji carried 24 h a few days ago.
      shift('2026-03-05T00:00:00Z', '2026-03-06T00:00:00Z', kenji),
      shift('2026-03-08T00:00:00Z', '2026-03-09T00:00:00Z', carl),
    ],
    { ...READ, details: details('Platform', 'Europe/Berlin', [erin, kenji, vera, pat, dora, carl, me]) },
  );
  // Dora is on call on Payments during the window.
  // Read over the same range as Platform (sync reads every schedule from the same day on).
  const payments = scheduleSnap('sch_pay', [shift('2026-03-08T06:00:00Z', '2026-03-08T12:00:00Z', dora)], {
    ...READ,
    details: details('Payments', 'Europe/Berlin', [dora]),
    shiftsFrom: '2026-03-05T00:00:00Z',
  });
  return snapshotOf([platform, payments]);
}

describe('who could cover a window', () => {
  const ranked = rankCandidates({
    otherAccounts: [],
    snapshot: world(),
    settings: settingsWith({ schedules: [{ id: 'sch_plat' }, { id: 'sch_pay' }] }),
    scheduleId: 'sch_plat',
    window: WINDOW,
    nowMs: NOW,
  });
  const byName = new Map(ranked.map((c) => [c.name, c]));

  it('puts people free then and awake first, and those on call, at night or viewers after them', () => {
    // Free and daytime: Kenji (16:00 Tokyo) and Pat (zone unknown counts as not night); fewer recent hours first
    // among equals: Pat 0 h, Kenji 24 h. Then night (Erin, 03:00 New York), a viewer (Vera), on call elsewhere
    // (Dora), on call here (Carl). Me, though free and on the schedule, is not a candidate: someone else covers.
    expect(ranked.map((c) => c.name)).toEqual(['Pat', 'Kenji', 'Erin', 'Vera', 'Dora', 'Carl']);
  });

  it('never offers me, however my e-mail is written in the settings or by the service', () => {
    const shouting = { ...me, email: 'ME@Example.com' };
    const snapshot = snapshotOf([
      scheduleSnap('sch_pay', [], { details: details('Payments', 'Europe/Berlin', [dora, shouting, carl]) }),
    ]);
    for (const email of [' me@example.com ', 'Me@EXAMPLE.com']) {
      const names = rankCandidates({
        otherAccounts: [],
        snapshot,
        settings: settingsWith({ email, schedules: [{ id: 'sch_pay' }] }),
        scheduleId: 'sch_pay',
        window: WINDOW,
        nowMs: NOW,
      }).map((c) => c.name);
      expect(names.sort()).toEqual(['Carl', 'Dora']);
    }
  });

  it('says their local hours in the window from their own zone, across the DST change', () => {
    expect(byName.get('Erin')?.localWindow).toBe('03:00–05:00 in New York, night');
    expect(byName.get('Kenji')?.localWindow).toBe('16:00–18:00 in Tokyo');
    expect(byName.get('Pat')?.zone).toBeNull();
    expect(byName.get('Pat')?.detail).toMatch(/^time zone unknown · /);
  });

  it('names where else they are on call, their hours over the range read, and a viewer seat', () => {
    expect(byName.get('Dora')?.onCallElsewhere).toEqual(['Payments']);
    expect(byName.get('Carl')?.onCallHere).toBe(true);
    expect(byName.get('Kenji')?.recentHours).toBe(24);
    // The read shifts reach back to 5 Mar 00:00: the hours cover those 3 days and 5 hours, not 30 days.
    expect(byName.get('Kenji')?.hoursFrom).toBe('2026-03-05T00:00:00.000Z');
    expect(byName.get('Kenji')?.detail).toBe('16:00–18:00 in Tokyo · 24 h on call in the last 3 d');
    expect(byName.get('Vera')?.detail).toMatch(/viewer seat, unlikely$/);
  });

  it('counts a short window that only touches 22:00 as night', () => {
    // 20:50–21:10 UTC is 21:50–22:10 in Berlin (CET, +1): ten minutes of it are night.
    const [only] = rankCandidates({
      otherAccounts: [],
      snapshot: snapshotOf([scheduleSnap('sch_pay', [], { details: details('Payments', 'Europe/Berlin', [dora]) })]),
      settings: settingsWith({ schedules: [{ id: 'sch_pay' }] }),
      scheduleId: 'sch_pay',
      window: { startMs: Date.parse('2026-03-08T20:50:00Z'), endMs: Date.parse('2026-03-08T21:10:00Z') },
      nowMs: NOW,
    });
    expect(only?.night).toBe(true);
    expect(only?.localWindow).toBe('21:50–22:10 in Berlin, night');
  });

  it('says which schedules its hours leave out when their shifts were never read', () => {
    const snapshot = world();
    const unread = scheduleSnap('sch_data', [], { details: details('Data', 'Europe/Berlin', []), shiftsFrom: null });
    const [first] = rankCandidates({
      otherAccounts: [],
      snapshot: { ...snapshot, schedules: [...snapshot.schedules, unread] },
      settings: settingsWith({ schedules: [{ id: 'sch_plat' }, { id: 'sch_pay' }, { id: 'sch_data' }] }),
      scheduleId: 'sch_plat',
      window: WINDOW,
      nowMs: NOW,
    });
    expect(first?.detail).toMatch(/ h on call in the last 3 d \(Data not read\)/);
  });
});
