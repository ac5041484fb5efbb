// Independent check of rankCandidates, written from the requirement text (issue: people picker for "Cover…"):
// free here first, then free elsewhere among watched schedules, member before viewer, day before night
// (22:00–07:00 local is night), then fewer recent hours, then name. Expected values are worked out by hand below.
import { describe, expect, it } from 'vitest';
import { UserSchema } from '../../../electron/api/schemas';
import { rankCandidates } from '../../../electron/core/state/candidates';
import { CandidateSchema } from '../../../electron/shared/ipc-contract';
import { details, scheduleSnap, settingsWith, shift, snapshotOf, user } from '../support/fixtures';
import { ms } from '../../support/time';

const withZone = (name: string, zone: string, extra: Record<string, unknown> = {}) =>
  UserSchema.parse({ ...user(name), time_zone: zone, ...extra });

describe('rankCandidates (independent)', () => {
  it('London spring-forward: a 2h UTC window reads as 3 local hours across the 01:00 UTC jump', () => {
    // UK springs forward Sun 29 Mar 2026 at 01:00 UTC (01:00 GMT -> 02:00 BST).
    // Window 00:30Z–02:30Z: start 00:30 GMT = 00:30 local; end 02:30Z = 03:30 BST. Both inside 22:00–07:00 -> night.
    // Now 00:00Z = 00:00 GMT on the 29th in London = same local date as the start -> no weekday prefix.
    const lena = withZone('Lena', 'Europe/London');
    const snap = snapshotOf([scheduleSnap('S1', [], { details: details('Primary', 'UTC', [lena]) })]);
    const [c] = rankCandidates({
      otherAccounts: [],
      snapshot: snap,
      settings: settingsWith({}),
      scheduleId: 'S1',
      window: { startMs: ms('2026-03-29T00:30:00Z'), endMs: ms('2026-03-29T02:30:00Z') },
      nowMs: ms('2026-03-29T00:00:00Z'),
    });
    expect(CandidateSchema.parse(c)).toBeTruthy();
    expect(c?.zone).toBe('Europe/London');
    expect(c?.localWindow).toBe('00:30–03:30 in London, night');
    expect(c?.night).toBe(true);
  });

  it('an evening window (18:00–22:00 as the picker shows it, its seconds past 22:00) is not "night"; an hour of night is', () => {
    // Berlin is UTC+2 on Mon 4 May 2026. "Next 4 h" from 18:00:30 ends 22:00:30: half a minute of 22:00–07:00.
    const lena = withZone('Lena', 'Europe/Berlin');
    const snap = snapshotOf([scheduleSnap('S1', [], { details: details('Primary', 'UTC', [lena]) })]);
    const rank = (start: string, end: string) =>
      rankCandidates({
        otherAccounts: [],
        snapshot: snap,
        settings: settingsWith({}),
        scheduleId: 'S1',
        window: { startMs: ms(start), endMs: ms(end) },
        nowMs: ms('2026-05-04T15:00:00Z'),
      })[0];
    const evening = rank('2026-05-04T16:00:30Z', '2026-05-04T20:00:30Z');
    expect(evening?.localWindow).toBe('18:00–22:00 in Berlin');
    expect(evening?.night).toBe(false);
    // 20:00–23:00: an hour of it at night (22:00–23:00), as the load counts a night.
    const late = rank('2026-05-04T18:00:00Z', '2026-05-04T21:00:00Z');
    expect(late?.localWindow).toBe('20:00–23:00 in Berlin, night');
    expect(late?.night).toBe(true);
    // A short window at night is night, however short.
    const short = rank('2026-05-04T23:00:00Z', '2026-05-04T23:30:00Z');
    expect(short?.localWindow).toBe('Tue 01:00–01:30 in Berlin, night');
  });

  it('Sydney autumn DST end: 02:00 AEDT to 03:00 AEST for a 2h window', () => {
    // Sydney falls back Sun 5 Apr 2026 at 03:00 AEDT (16:00Z on the 4th) -> 02:00 AEST.
    // Window 15:00Z–17:00Z: start 15:00Z+11 = 02:00 (5 Apr); end 17:00Z+10 = 03:00. Night.
    // Now 14:00Z = 01:00 AEDT 5 Apr -> same local date, no weekday prefix.
    const sam = withZone('Sam', 'Australia/Sydney');
    const snap = snapshotOf([scheduleSnap('S1', [], { details: details('Primary', 'UTC', [sam]) })]);
    const [c] = rankCandidates({
      otherAccounts: [],
      snapshot: snap,
      settings: settingsWith({}),
      scheduleId: 'S1',
      window: { startMs: ms('2026-04-04T15:00:00Z'), endMs: ms('2026-04-04T17:00:00Z') },
      nowMs: ms('2026-04-04T14:00:00Z'),
    });
    // 02:00 falls in the repeated hour there, so it names its offset (03:00 AEST comes once).
    expect(c?.localWindow).toBe('02:00 GMT+11 – 03:00 in Sydney, night');
    expect(c?.night).toBe(true);
  });

  it('free-at-night here beats on-call-elsewhere in daytime; on call here ranks last', () => {
    // Window 2026-05-01 16:00Z–18:00Z.
    // Erin (Tokyo, +9): 01:00–03:00 on Sat 2 May -> night; free everywhere.
    // Dan (London, BST +1): 17:00–19:00 -> day; on call on watched schedule "Secondary" during the window.
    // Fay (London): day; on call on this schedule during the window.
    // Expected: Erin (free here+elsewhere), Dan (free here, busy elsewhere), Fay (busy here).
    // Now 10:00Z = 19:00 Fri 1 May in Tokyo; window starts on Sat 2 May there -> weekday "Sat" prefixed.
    const erin = withZone('Erin', 'Asia/Tokyo');
    const dan = withZone('Dan', 'Europe/London');
    const fay = withZone('Fay', 'Europe/London');
    const snap = snapshotOf([
      scheduleSnap('S1', [shift('2026-05-01T12:00:00Z', '2026-05-02T00:00:00Z', fay)], {
        details: details('Primary', 'UTC', [dan, erin, fay]),
      }),
      scheduleSnap('S2', [shift('2026-05-01T15:00:00Z', '2026-05-01T20:00:00Z', dan)], {
        details: details('Secondary', 'UTC', [dan]),
      }),
    ]);
    const out = rankCandidates({
      otherAccounts: [],
      snapshot: snap,
      settings: settingsWith({}),
      scheduleId: 'S1',
      window: { startMs: ms('2026-05-01T16:00:00Z'), endMs: ms('2026-05-01T18:00:00Z') },
      nowMs: ms('2026-05-01T10:00:00Z'),
    });
    expect(out.map((c) => c.name)).toEqual(['Erin', 'Dan', 'Fay']);
    const [e, d, f] = out;
    expect(e?.night).toBe(true);
    expect(e?.localWindow).toMatch(/^Sat\b.*01:00–03:00 in Tokyo, night$/);
    expect(d?.night).toBe(false);
    // Only night is marked in the format ("…, night"); a daytime window carries no suffix.
    expect(d?.localWindow).toBe('17:00–19:00 in London');
    expect(d?.onCallElsewhere).toEqual(['Secondary']);
    expect(d?.onCallHere).toBe(false);
    expect(f?.onCallHere).toBe(true);
    expect(f?.onCallElsewhere).toEqual([]);
  });

  it('window across local midnight; recent hours over [hoursFrom, now) across schedules; ties by name', () => {
    // Window 2026-06-10 03:00Z–05:00Z; New York EDT (-4): 23:00–01:00, start on Tue 9 Jun local -> night.
    // Now 2026-06-09 20:00Z = 16:00 on 9 Jun in New York -> same date, no weekday prefix.
    // now-30d = 2026-05-10T20:00Z; reads start 2026-05-20 (S1) and 2026-05-15 (S2): latest = 2026-05-20T00:00Z.
    // Gina: S1 05-19 00:00 -> 05-21 00:00 clipped to 24h; S2 06-05 00:00–03:00 = 3h -> 27h.
    // Hank: S1 06-01 00:00–04:00 = 4h, plus 06-09 18:00–22:00 clipped at now 20:00 = 2h -> 6h.
    // Ivy, Jack: 0h -> name order. Expected: Ivy, Jack, Hank, Gina.
    const gina = withZone('Gina', 'America/New_York');
    const hank = withZone('Hank', 'America/New_York');
    const ivy = withZone('Ivy', 'America/New_York');
    const jack = withZone('Jack', 'America/New_York');
    const snap = snapshotOf([
      scheduleSnap(
        'S1',
        [
          shift('2026-05-19T00:00:00Z', '2026-05-21T00:00:00Z', gina),
          shift('2026-06-01T00:00:00Z', '2026-06-01T04:00:00Z', hank),
          shift('2026-06-09T18:00:00Z', '2026-06-09T22:00:00Z', hank),
        ],
        { details: details('Primary', 'UTC', [jack, gina, ivy, hank]), shiftsFrom: '2026-05-20T00:00:00Z' },
      ),
      scheduleSnap('S2', [shift('2026-06-05T00:00:00Z', '2026-06-05T03:00:00Z', gina)], {
        details: details('Secondary', 'UTC', [gina]),
        shiftsFrom: '2026-05-15T00:00:00Z',
      }),
    ]);
    const out = rankCandidates({
      otherAccounts: [],
      snapshot: snap,
      settings: settingsWith({}),
      scheduleId: 'S1',
      window: { startMs: ms('2026-06-10T03:00:00Z'), endMs: ms('2026-06-10T05:00:00Z') },
      nowMs: ms('2026-06-09T20:00:00Z'),
    });
    expect(out.map((c) => c.name)).toEqual(['Ivy', 'Jack', 'Hank', 'Gina']);
    expect(out.map((c) => c.recentHours)).toEqual([0, 0, 6, 27]);
    for (const c of out) {
      expect(c?.hoursFrom).toBe('2026-05-20T00:00:00.000Z');
      expect(c?.localWindow).toBe('Tue 23:00 – Wed 01:00 in New York, night');
      expect(c?.night).toBe(true);
    }
  });

  it('invalid zone says so; a viewer ranks after members even when the member is at night', () => {
    // Window 2026-05-01 16:00Z–18:00Z. Max (Tokyo): 01:00–03:00 night, member.
    // Lee (London): 17:00–19:00 day, seat viewer -> after every member. Kim: 'Mars/Olympus' -> zone null.
    const max = withZone('Max', 'Asia/Tokyo');
    const lee = withZone('Lee', 'Europe/London', { seat: 'viewer' });
    const kim = withZone('Kim', 'Mars/Olympus');
    const snap = snapshotOf([scheduleSnap('S1', [], { details: details('Primary', 'UTC', [lee, kim, max]) })]);
    const out = rankCandidates({
      otherAccounts: [],
      snapshot: snap,
      settings: settingsWith({}),
      scheduleId: 'S1',
      window: { startMs: ms('2026-05-01T16:00:00Z'), endMs: ms('2026-05-01T18:00:00Z') },
      nowMs: ms('2026-05-01T10:00:00Z'),
    });
    expect(out.at(-1)?.name).toBe('Lee');
    const byName = Object.fromEntries(out.map((c) => [c.name, c]));
    expect(byName['Kim']?.zone).toBeNull();
    expect(byName['Kim']?.localWindow).toBeNull();
    expect(byName['Kim']?.night).toBeNull();
    expect(byName['Kim']?.detail).toContain('time zone unknown');
    expect(byName['Lee']?.viewer).toBe(true);
    expect(byName['Lee']?.detail).toContain('viewer seat, unlikely');
    expect(byName['Max']?.viewer).toBe(false);
    expect(byName['Max']?.detail).not.toContain('viewer seat');
    expect(byName['Max']?.detail).not.toContain('time zone unknown');
  });
});
