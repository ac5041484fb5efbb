// The glance's wording as plain data: my shifts (DST, another zone), the day words, "You", uncovered, my schedules
// first, the asks-you rows and their override route, counts that agree, the one stale line.
import { describe, expect, it } from 'vitest';
import { accountIdOf } from '../../electron/shared/accounts';
import type { AppState } from '../../electron/shared/view-state';
import { staleLines } from '../../renderer/src/lib/stale-lines';
import {
  askRows,
  countsText,
  includesMe,
  nextBlockLine,
  orderedSchedules,
  showingSavedData,
  staleLine,
  uncoveredText,
} from '../../renderer/src/lib/glance';
import { myShiftRows } from '../../renderer/src/lib/my-shift-rows';
import { dayWord } from '../../renderer/src/lib/zone-words';
import { coverageBadge } from '../../renderer/src/lib/status-model';
import { withAsksWords } from '../../electron/core/state/asks-words';
import { accountView, ada, appState, bob, cy, schedule } from './support/state';
import { partialSync } from '../support/sync-status';

// Friday 27 March 2026, 11:00 in Berlin; Berlin's clocks go forward on Sunday 29 March at 02:00.
const ctx = { nowMs: Date.parse('2026-03-27T10:00:00Z'), locale: 'en-GB', localZone: 'Europe/Berlin' };
const shift = (scheduleId: string, scheduleName: string, start: string, end: string) => ({
  accountId: accountIdOf('main'),
  scheduleId,
  scheduleName,
  start,
  end,
  endBasis: { kind: 'fresh' as const, readAt: null },
  basis: { kind: 'fresh' as const, readAt: null },
});

describe('day words', () => {
  it('says the weekday within a week either side (today too) and the date further away, as every surface does', () => {
    expect(dayWord(Date.parse('2026-03-27T20:00:00Z'), ctx)).toBe('Fri');
    expect(dayWord(Date.parse('2026-03-28T08:00:00Z'), ctx)).toBe('Sat');
    expect(dayWord(Date.parse('2026-03-30T08:00:00Z'), ctx)).toBe('Mon');
    expect(dayWord(Date.parse('2026-04-06T08:00:00Z'), ctx)).toBe('Mon 6 Apr');
  });
});

describe('my shifts', () => {
  const berlin = schedule({ id: 'sch_platform', name: 'Platform primary', timeZone: 'Europe/Berlin' });
  const ny = schedule({ id: 'sch_pay', name: 'Payments US', timeZone: 'America/New_York' });
  const state = appState({
    schedules: [berlin, ny],
    me: {
      onCallNow: [shift('sch_pay', 'Payments US', '2026-03-27T06:00:00Z', '2026-03-27T14:00:00Z')],
      nextShift: shift('sch_platform', 'Platform primary', '2026-03-28T08:00:00Z', '2026-03-29T07:00:00Z'),
      shifts: [
        shift('sch_pay', 'Payments US', '2026-03-27T06:00:00Z', '2026-03-27T14:00:00Z'),
        // Sat 09:00 – Sun 09:00 Berlin across the change to summer time: a day on the calendar, 23 real hours.
        shift('sch_platform', 'Platform primary', '2026-03-28T08:00:00Z', '2026-03-29T07:00:00Z'),
        shift('sch_platform', 'Platform primary', '2026-04-06T07:00:00Z', '2026-04-13T07:00:00Z'),
      ],
    },
  });

  it('lists every block with local start – end, its length, the day, and the running one first and marked', () => {
    const rows = myShiftRows(state, ctx);
    expect(rows.map((r) => [r.day, r.span, r.length, r.scheduleName, r.running])).toEqual([
      ['Now', '07:00–15:00', '8 h', 'Payments US', true],
      ['Sat', 'Sat 09:00 – Sun 09:00', '1 d (23 h: clocks change)', 'Platform primary', false],
      ['Mon 6 Apr', '6 Apr, 09:00 – 13 Apr, 09:00', '7 d', 'Platform primary', false],
    ]);
  });

  it("adds the schedule's own time only where its zone differs", () => {
    const [pay, platform] = myShiftRows(state, ctx);
    expect(pay?.zone).toBe('(02:00–10:00 New York)');
    expect(platform?.zone).toBeUndefined();
  });

  it('names start and end of my next block in the main line', () => {
    expect(
      nextBlockLine(shift('sch_platform', 'Platform primary', '2026-03-28T22:05:00Z', '2026-04-04T21:05:00Z'), ctx),
    ).toBe('On call 28 Mar, 23:05 – 4 Apr, 23:05, 7 d (6 d 23 h: clocks change)');
  });
});

describe('rows and schedules', () => {
  it('tags every row I am in with "You" and puts my schedules first, otherwise keeping the order', () => {
    const other = schedule({
      id: 'sch_other',
      name: 'Other',
      users: [ada],
      now: { users: [ada], start: '2026-03-27T06:00:00Z', end: '2026-03-27T20:00:00Z' },
      next: null,
    });
    const mine = schedule({ id: 'sch_mine', name: 'Mine', users: [ada, bob] });
    const state = appState({ schedules: [other, mine] });
    expect(orderedSchedules(state).map((s) => s.name)).toEqual(['Mine', 'Other']);
    expect(includesMe(state, mine, mine.next)).toBe(true); // bob (me) is next
    expect(includesMe(state, mine, mine.now)).toBe(false);
  });

  it('warns when nobody is on call, until when', () => {
    const known = { from: '2026-03-20T00:00:00Z', to: '2026-04-10T00:00:00Z', holes: [] };
    const gap = schedule({
      known,
      now: null,
      next: { users: [cy], start: '2026-03-28T21:09:00Z', end: '2026-03-29T21:09:00Z' },
    });
    expect(uncoveredText(gap, ctx)).toBe('Uncovered until Sat 22:09');
    // Saved shifts that end before now say nothing about now: not "uncovered".
    const ended = schedule({ known: { ...known, to: '2026-03-25T00:00:00Z' }, now: null, next: null });
    expect(uncoveredText(ended, ctx)).toBeUndefined();
    expect(uncoveredText(schedule(), ctx)).toBeUndefined();
    expect(uncoveredText(schedule({ now: null, status: { kind: 'error', reason: 'x' } }), ctx)).toBeUndefined();
  });
});

describe('who needs me', () => {
  const request = {
    accountId: accountIdOf('main'),
    id: 'cov_1',
    requester: ada,
    reason: 'Dentist',
    status: 'pending',
    shifts: [
      {
        scheduleId: 'sch_elsewhere',
        scheduleName: 'Elsewhere',
        start: '2026-03-28T08:00:00Z',
        end: '2026-03-28T16:00:00Z',
        endBasis: { kind: 'fresh' as const, readAt: null },
        basis: { kind: 'fresh' as const, readAt: null },
      },
      {
        scheduleId: 'sch_platform',
        scheduleName: 'Platform primary',
        start: '2026-03-30T07:00:00Z',
        end: '2026-03-30T15:00:00Z',
        endBasis: { kind: 'fresh' as const, readAt: null },
        basis: { kind: 'fresh' as const, readAt: null },
      },
    ],
  };

  it('offers one action on the shift that asks me, carrying the request for the override form', () => {
    const state = appState({
      coverage: {
        mine: [],
        askingMe: [request],
        coveredByMe: [],
        status: { kind: 'fresh', at: '2026-03-27T09:59:00Z' },
      },
    });
    const [row] = askRows(state, ctx);
    expect(row).toMatchObject({ who: 'Ada Lovelace', reason: 'Dentist', when: 'Mon 09:00–17:00' });
    expect(row?.params).toEqual({
      scheduleId: 'sch_platform',
      scheduleName: 'Platform primary',
      start: '2026-03-30T07:00:00Z',
      end: '2026-03-30T15:00:00Z',
      who: 'me',
      requestId: 'cov_1',
    });
  });

  it('puts the soonest asked shift first across accounts, not the first account’s request', () => {
    const base = appState();
    const acmeAccount = { ...base.settings.accounts[0]!, id: accountIdOf('acme'), label: 'Acme' };
    const acmeSchedule = schedule({ accountId: accountIdOf('acme'), id: 'acme:sch_platform', name: 'Payments' });
    const acmeShift = { ...request.shifts[0]!, scheduleId: 'acme:sch_platform', scheduleName: 'Payments' };
    const sooner = { ...acmeShift, start: '2026-03-28T07:00:00Z', end: '2026-03-28T15:00:00Z' };
    const acmeRequest = { ...request, accountId: accountIdOf('acme'), requester: cy, shifts: [sooner] };
    const state = appState({
      settings: { ...base.settings, accounts: [...base.settings.accounts, acmeAccount] },
      accounts: [...base.accounts, accountView({ id: accountIdOf('acme'), label: 'Acme' })],
      schedules: [...base.schedules, acmeSchedule],
      coverage: {
        mine: [],
        askingMe: [request, acmeRequest],
        coveredByMe: [],
        status: { kind: 'fresh', at: '2026-03-27T09:59:00Z' },
      },
    });
    expect(askRows(state, ctx).map((r) => [r.who, r.params.start])).toEqual([
      ['Cy', '2026-03-28T07:00:00Z'],
      ['Ada Lovelace', '2026-03-30T07:00:00Z'],
    ]);
  });

  it('counts the same everywhere: covered requests leave the count and the badge', () => {
    const mineReq = { ...request, id: 'cov_2', requester: bob };
    // Worded by main as it derives (core/state/asks-words.ts); the popover shows its words.
    const worded = (st: ReturnType<typeof appState>) => withAsksWords(st, Date.parse('2026-03-27T10:00:00Z'), 'UTC');
    const state = worded(
      appState({
        coverage: {
          mine: [mineReq],
          askingMe: [request],
          coveredByMe: [{ ...request, id: 'cov_3' }],
          status: { kind: 'fresh', at: '2026-03-27T09:59:00Z' },
        },
      }),
    );
    expect(countsText(state, { nowMs: Date.parse('2026-03-27T10:00:00Z'), locale: 'en-GB', localZone: 'UTC' })).toBe(
      'asking you (1) · 1 yours · 1 covered by you ✓',
    );
    expect(coverageBadge(state)).toBe('1');
    const allCovered = worded(
      appState({
        coverage: {
          mine: [],
          askingMe: [],
          coveredByMe: [request],
          status: { kind: 'fresh', at: '2026-03-27T09:59:00Z' },
        },
      }),
    );
    expect(coverageBadge(allCovered)).toBeUndefined();
    expect(askRows(allCovered, ctx)).toEqual([]);
  });
});

describe('stale and broken: one line', () => {
  it('says "saved data" once: the main line is marked, so the offline line says from when, not "saved data" again', () => {
    const stale = schedule({
      status: { kind: 'stale', since: '2026-03-27T09:05:00Z', reason: 'Cannot reach the service.' },
    });
    const state = appState({
      schedules: [stale],
      sync: { kind: 'offline', cause: 'refused', message: 'Cannot reach the service.', saved: '2026-03-27T09:05:00Z' },
    });
    expect(staleLine(state, ctx)).toEqual({
      tone: 'warning',
      text: 'Offline · last updated 10:05',
      action: 'retry',
    });
    expect(showingSavedData(state)).toBe(true);
    // The main line not marked (nothing of mine rests on saved data): the offline line says it.
    const fresh = schedule({ id: 'sch_fresh' });
    const mine = { ...state.me, onCallNow: [], nextShift: null };
    const unmarked = appState({ ...state, me: mine, schedules: [fresh, { ...stale, id: 'sch_other' }] });
    expect(showingSavedData(unmarked)).toBe(true);
    const none = appState({ ...state, me: mine, schedules: [fresh] });
    expect(showingSavedData(none)).toBe(false);
    expect(staleLine(none, ctx)?.text).toBe('Offline · showing saved data from 10:05');
    expect(staleLine(appState(), ctx)).toBeUndefined();
    expect(showingSavedData(appState())).toBe(false);
  });
});

describe('the stale line’s fix for a rejected key (adv49 r5 #2)', () => {
  const acme = accountIdOf('acme');
  const rejected = { kind: 'key_rejected' as const, message: 'The service rejected the API key.' };
  const twoAccounts = (acmeSync: AppState['sync'], mainSync: AppState['sync']): AppState =>
    appState({
      accounts: [accountView({ sync: mainSync }), accountView({ id: acme, label: 'Acme', sync: acmeSync })],
      sync: partialSync('Acme: The service rejected the API key', null),
    });

  it('offers "Enter new key…" on that account, not Retry, when another account’s key is rejected', () => {
    const line = staleLine(twoAccounts(rejected, { kind: 'ok' }), ctx);
    expect(line?.action).toBe('settings');
    expect(line?.newKey).toEqual({ account: acme });
  });

  it('says each account’s problem on its own line with its own fix, the rejected key first', () => {
    const offline = {
      kind: 'offline' as const,
      cause: 'refused' as const,
      message: 'Cannot reach the service.',
      saved: null,
    };
    const lines = staleLines(twoAccounts(rejected, offline), ctx);
    expect(lines.map((l) => [l.text.split(':')[0], l.action, l.newKey])).toEqual([
      ['Acme', 'settings', { account: acme }],
      [expect.any(String), 'retry', undefined],
    ]);
    expect(staleLine(twoAccounts({ kind: 'ok' }, offline), ctx)?.newKey).toBeUndefined();
  });
});

describe('one line per problem when their fixes differ (adv49 r13 #5)', () => {
  const gone = "The service doesn't have schedule Platform";
  const holes = 'Coverage requests could not be refreshed';
  const sync = {
    ...partialSync(`${gone}; ${holes.toLowerCase()}`, null),
    apart: [
      { clause: gone, fix: 'settings' as const, saved: null },
      { clause: holes, fix: 'retry' as const, saved: '2026-03-27T09:05:00Z' },
    ],
  };

  it('says each with its own action: Open settings for the missing schedule, Retry for the rest', () => {
    const lines = staleLines(appState({ sync }), ctx);
    expect(lines.map((l) => l.action)).toEqual(['settings', 'retry']);
    expect(lines[0]?.text).toContain(gone);
    expect(lines[0]?.text).not.toContain(holes);
    expect(lines[1]?.text).toContain(holes);
    expect(lines[1]?.text).not.toContain(gone);
  });

  it('names the account on each of its lines when several accounts are in trouble', () => {
    const acme = accountIdOf('acme');
    const offline = { kind: 'offline' as const, message: 'Cannot reach the service.', saved: null };
    const state = appState({
      accounts: [accountView({ sync: offline }), accountView({ id: acme, label: 'Acme', sync })],
      sync,
    });
    const acmeLines = staleLines(state, ctx).filter((l) => l.text.startsWith('Acme: '));
    expect(acmeLines.map((l) => l.action)).toEqual(['settings', 'retry']);
  });
});

describe("my shifts' Swap button names", () => {
  const state = appState({
    schedules: [schedule({ id: 'sch_platform', name: 'Platform primary', timeZone: 'Europe/Berlin' })],
    me: {
      onCallNow: [],
      nextShift: null,
      shifts: [
        shift('sch_platform', 'Platform primary', '2026-03-27T18:00:00Z', '2026-03-27T20:00:00Z'),
        shift('sch_platform', 'Platform primary', '2026-03-28T08:00:00Z', '2026-03-29T07:00:00Z'),
        shift('sch_platform', 'Platform primary', '2026-04-06T07:00:00Z', '2026-04-13T07:00:00Z'),
      ],
    },
  });

  it('names the day once: the window alone where it names its day, the day before a window of times only', () => {
    expect(myShiftRows(state, ctx).map((r) => r.swapLabel)).toEqual([
      'Swap your Platform primary shift Fri 19:00–21:00',
      'Swap your Platform primary shift Sat 09:00 – Sun 09:00',
      'Swap your Platform primary shift 6 Apr, 09:00 – 13 Apr, 09:00',
    ]);
  });
});
