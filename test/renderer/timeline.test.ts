// The week timeline's model: each schedule's known timeline (sent in the state) drawn over seven local days: every
// person read, uncovered only where the data says nobody, unknown wherever it doesn't know (a hole, past the read,
// not loaded; never drawn as uncovered), local day ticks over a DST week in New York, stale rows marked, mine first.
import { describe, expect, it } from 'vitest';
import { localMidnight, timelineModel, type TimelineRow } from '../../renderer/src/lib/timeline';
import { ada, appState, bob, cy, schedule, mainSettings } from './support/state';
import type { ScheduleView } from '../../electron/shared/view-state';
import { accountIdOf } from '../../electron/shared/accounts';

const iso = (ms: number) => new Date(ms).toISOString();
const kinds = (row: TimelineRow | undefined) =>
  (row?.segments ?? []).map(
    (s) => `${s.kind}:${s.people.map((p) => p.id).join('+')}:${iso(s.startMs)}-${iso(s.endMs)}`,
  );

// Thursday 5 March 2026, 10:00 in New York; New York's clocks go forward on Sunday 8 March at 02:00.
const ctx = { nowMs: Date.parse('2026-03-05T15:00:00Z'), locale: 'en-GB', localZone: 'America/New_York' };
const nyBase: Partial<ScheduleView> = {
  id: 'sch_pay',
  name: 'Payments US',
  timeZone: 'America/New_York',
  status: { kind: 'fresh', at: '2026-03-05T14:58:00Z' },
  known: { from: '2026-02-26T00:00:00Z', to: '2026-03-10T00:00:00Z', holes: [] },
  now: { users: [ada], start: '2026-03-05T14:00:00Z', end: '2026-03-05T22:00:00Z' }, // 09:00–17:00 EST
  next: { users: [bob], start: '2026-03-06T14:00:00Z', end: '2026-03-06T22:00:00Z' }, // Fri 09:00–17:00 EST
  users: [ada, bob, cy],
};
const ny = schedule(nyBase);

describe('the week', () => {
  it('spans seven local days from today’s midnight, with a day tick at each local midnight across the DST change', () => {
    const model = timelineModel(appState({ schedules: [ny] }), ctx);
    expect(iso(model.startMs)).toBe('2026-03-05T05:00:00.000Z'); // Thu 00:00 EST
    expect(iso(model.endMs)).toBe('2026-03-12T04:00:00.000Z'); // Thu 00:00 EDT: 7 days less an hour
    expect(model.ticks.map((t) => iso(t.ms))).toEqual([
      '2026-03-05T05:00:00.000Z',
      '2026-03-06T05:00:00.000Z',
      '2026-03-07T05:00:00.000Z',
      '2026-03-08T05:00:00.000Z',
      '2026-03-09T04:00:00.000Z',
      '2026-03-10T04:00:00.000Z',
      '2026-03-11T04:00:00.000Z',
    ]);
    // Issue 47: named as the formatter names a day (failed before: "Today", worded by the timeline itself).
    expect(model.ticks.map((t) => t.label)).toEqual(['Thu', 'Fri', 'Sat', 'Sun', 'Mon', 'Tue', 'Wed']);
    expect(localMidnight(Date.parse('2026-03-08T12:00:00Z'), 'America/New_York', 1)).toBe(
      Date.parse('2026-03-09T04:00:00Z'),
    );
  });

  it('draws every stretch the timeline holds: each person read in the week, nobody as uncovered, unknown past it', () => {
    // As the core sends it: Ada, nobody, Bob (me), Cy over the weekend, Bob again on Monday 09:00–17:00 EDT (after the
    // change: 13:00Z–21:00Z), then nobody up to where the read ends (Tue 00:00Z).
    const span = (kind: 'people' | 'nobody', start: string, end: string, users = [] as (typeof ada)[]) => ({
      kind,
      start,
      end,
      users,
    });
    const week = schedule({
      ...nyBase,
      timeline: [
        span('nobody', '2026-02-26T00:00:00Z', '2026-03-05T14:00:00Z'),
        span('people', '2026-03-05T14:00:00Z', '2026-03-05T22:00:00Z', [ada]),
        span('nobody', '2026-03-05T22:00:00Z', '2026-03-06T14:00:00Z'),
        span('people', '2026-03-06T14:00:00Z', '2026-03-06T22:00:00Z', [bob]),
        span('people', '2026-03-06T22:00:00Z', '2026-03-09T13:00:00Z', [cy]),
        span('people', '2026-03-09T13:00:00Z', '2026-03-09T21:00:00Z', [bob]),
        span('nobody', '2026-03-09T21:00:00Z', '2026-03-10T00:00:00Z'),
      ],
    });
    const [row] = timelineModel(appState({ schedules: [week] }), ctx).rows;
    expect(kinds(row)).toEqual([
      'uncovered::2026-03-05T05:00:00.000Z-2026-03-05T14:00:00.000Z',
      'person:usr_ada:2026-03-05T14:00:00.000Z-2026-03-05T22:00:00.000Z',
      'uncovered::2026-03-05T22:00:00.000Z-2026-03-06T14:00:00.000Z',
      'person:usr_bob:2026-03-06T14:00:00.000Z-2026-03-06T22:00:00.000Z',
      'person:usr_cy:2026-03-06T22:00:00.000Z-2026-03-09T13:00:00.000Z',
      'person:usr_bob:2026-03-09T13:00:00.000Z-2026-03-09T21:00:00.000Z',
      'uncovered::2026-03-09T21:00:00.000Z-2026-03-10T00:00:00.000Z',
      'unknown::2026-03-10T00:00:00.000Z-2026-03-12T04:00:00.000Z', // past the read
    ]);
    const monday = row?.segments[5];
    expect(monday).toMatchObject({ mine: true, partial: false, label: 'BS' });
    expect(monday?.text).toBe('Bob Stone (you), Mon 09:00–17:00');
    expect(row?.segments[4]?.text).toBe('Cy, Fri 17:00 – Mon 09:00');
    expect(row?.segments[1]).toMatchObject({ mine: false, label: 'AL', text: 'Ada Lovelace, 09:00–17:00' });
    expect(row?.segments[7]?.text).toMatch(/^unknown: not read this far ahead, /);
    // A stable colour per person.
    expect(row?.segments[3]?.hue).toBe(row?.segments[5]?.hue);
  });

  it('never draws unknown time as uncovered: a hole, the end of the known range, a schedule not loaded', () => {
    const holed = schedule({
      ...nyBase,
      known: {
        from: '2026-02-26T00:00:00Z',
        to: '2026-03-06T10:00:00Z',
        holes: [{ from: '2026-03-06T00:00:00Z', to: '2026-03-06T02:00:00Z' }],
      },
    });
    const [row] = timelineModel(appState({ schedules: [holed] }), ctx).rows;
    const gap = row?.segments.filter(
      (s) => s.startMs >= Date.parse('2026-03-05T22:00:00Z') && s.endMs <= Date.parse('2026-03-06T14:00:00Z'),
    );
    expect(gap?.map((s) => `${s.kind} ${iso(s.startMs)}`)).toEqual([
      'uncovered 2026-03-05T22:00:00.000Z',
      'unknown 2026-03-06T00:00:00.000Z', // the hole
      'uncovered 2026-03-06T02:00:00.000Z',
      'unknown 2026-03-06T10:00:00.000Z', // past the known range
    ]);
    for (const status of [{ kind: 'loading' as const }, { kind: 'error' as const, reason: 'HTTP 500' }]) {
      const [r] = timelineModel(
        appState({ schedules: [schedule({ ...nyBase, status, known: null, now: null, next: null })] }),
        ctx,
      ).rows;
      expect(r?.segments.map((s) => s.kind)).toEqual(['unknown']);
    }
    // Nobody in the whole read, known to Tue: uncovered to the end of the data, unknown after.
    const empty = schedule({ ...nyBase, now: null, next: null });
    const [e] = timelineModel(appState({ schedules: [empty] }), ctx).rows;
    expect(kinds(e)).toEqual([
      'uncovered::2026-03-05T05:00:00.000Z-2026-03-10T00:00:00.000Z',
      'unknown::2026-03-10T00:00:00.000Z-2026-03-12T04:00:00.000Z',
    ]);
  });

  it('tells a shift cut by the week by its true end and the day it began', () => {
    const long = schedule({
      ...nyBase,
      now: { users: [cy], start: '2026-03-02T14:00:00Z', end: '2026-03-05T22:00:00Z' },
    });
    const [row] = timelineModel(appState({ schedules: [long] }), ctx).rows;
    expect(row?.segments[0]).toMatchObject({
      kind: 'person',
      startMs: Date.parse('2026-03-05T05:00:00Z'),
      text: 'Cy, until 17:00 (since Mon 2 Mar)',
    });
  });

  it('draws saved data but marks the row stale, and puts my schedules first', () => {
    const other = schedule({
      id: 'sch_other',
      name: 'Other',
      users: [ada],
      now: { users: [ada], start: '2026-03-05T00:00:00Z', end: '2026-03-06T00:00:00Z' },
      next: null,
    });
    const stale = schedule({ ...nyBase, status: { kind: 'stale', since: '2026-03-05T12:00:00Z', reason: 'offline' } });
    const model = timelineModel(
      appState({
        schedules: [other, stale],
        settings: mainSettings({ schedules: [{ id: 'sch_other' }, { id: 'sch_pay' }] }),
      }),
      ctx,
    );
    expect(model.rows.map((r) => [r.name, r.stale])).toEqual([
      ['Payments US', true],
      ['Other', false],
    ]);
    expect(model.rows[0]?.segments.some((s) => s.kind === 'person')).toBe(true);
  });

  it('groups the rows by account in the user’s order (like the cards), though my schedule on Acme comes first', () => {
    const base = appState();
    const [work] = base.accounts;
    const acme = schedule({ accountId: accountIdOf('acme'), id: 'acme:sch_platform', meOnCall: true });
    const state = appState({
      accounts: [
        { ...work!, label: 'Work' },
        { ...work!, id: 'acme', label: 'Acme' },
      ],
      schedules: [schedule({ id: 'sch_data', name: 'Data' }), acme, schedule()],
      settings: {
        ...base.settings,
        accounts: [
          { ...base.settings.accounts[0]!, label: 'Work' },
          { ...base.settings.accounts[0]!, id: 'acme', label: 'Acme', email: ada.email },
        ],
      },
    });
    const rows = timelineModel(state, ctx).rows.map((r) => [r.accountId, r.name]);
    expect(rows).toEqual([
      ['main', 'Work · Data'],
      ['main', 'Work · Platform primary'],
      ['acme', 'Acme · Platform primary'],
    ]);
  });
});
