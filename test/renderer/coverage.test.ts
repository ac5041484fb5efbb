import { describe, expect, it } from 'vitest';
import { coverageItems, coverParams, groupShifts, pageOf } from '../../renderer/src/lib/coverage';
import type { CoverageView } from '../../electron/shared/view-state';
import { accountView, ada, appState, bob } from './support/state';
import { accountIdOf } from '../../electron/shared/accounts';

const CTX = { nowMs: Date.parse('2026-03-27T10:00:00Z'), locale: 'en-GB', localZone: 'UTC' };

function request(id: string, start: string, over: Partial<CoverageView> = {}): CoverageView {
  return {
    accountId: accountIdOf('main'),
    id,
    requester: ada,
    reason: 'Dentist',
    status: 'pending',
    shifts: [
      { start: '2026-05-09T07:00:00Z', end: '2026-05-09T15:00:00Z', scheduleId: 'sch_db', scheduleName: 'Databases' },
      { start, end: '2026-05-08T15:00:00Z', scheduleId: 'sch_platform', scheduleName: 'Platform primary' },
      {
        start: '2026-05-10T07:00:00Z',
        end: '2026-05-10T15:00:00Z',
        scheduleId: 'sch_platform',
        scheduleName: 'Platform primary',
      },
    ],
    ...over,
  };
}

describe('coverage requests list', () => {
  it("groups a request's shifts by schedule, earliest first", () => {
    const groups = groupShifts(request('cov_1', '2026-05-08T07:00:00Z'));
    expect(groups.map((g) => [g.scheduleName, g.shifts.length])).toEqual([
      ['Platform primary', 2],
      ['Databases', 1],
    ]);
  });

  it('lists pending requests asking me first (soonest first), then mine', () => {
    const state = appState({
      coverage: {
        askingMe: [
          request('cov_late', '2026-05-08T09:00:00Z'),
          request('cov_soon', '2026-05-08T07:00:00Z'),
          request('cov_done', '2026-05-08T07:00:00Z', { status: 'covered' }),
        ],
        mine: [request('cov_mine', '2026-05-06T07:00:00Z', { requester: bob })],
        status: { kind: 'fresh', at: '2026-05-04T07:58:00Z' },
      },
    });
    expect(coverageItems(state, CTX).map((i) => [i.request.id, i.mine])).toEqual([
      ['cov_soon', false],
      ['cov_late', false],
      ['cov_mine', true],
    ]);
  });

  it('pages the list and keeps the page in range when it shrinks', () => {
    const items = [1, 2, 3, 4, 5, 6, 7];
    expect(pageOf(items, 3)).toEqual({ items: [7], page: 3, pageCount: 3 });
    expect(pageOf(items.slice(0, 2), 3)).toEqual({ items: [1, 2], page: 1, pageCount: 1 });
    expect(pageOf([], 1)).toEqual({ items: [], page: 1, pageCount: 1 });
  });

  it('opens quick override on that shift, for me', () => {
    const [group] = groupShifts(request('cov_1', '2026-05-08T07:00:00Z'));
    expect(group && coverParams(group, group.shifts[0]!)).toEqual({
      scheduleId: 'sch_platform',
      scheduleName: 'Platform primary',
      start: '2026-05-08T07:00:00Z',
      end: '2026-05-08T15:00:00Z',
      who: 'me',
    });
    expect(group && coverParams(group, group.shifts[0]!, 'cov_1').requestId).toBe('cov_1');
  });

  it('names each schedule with its account while there are several, and not with one', () => {
    const acme = request('cov_9', '2026-05-08T07:00:00Z', { accountId: accountIdOf('acme'), requester: bob });
    const asking = { mine: [], askingMe: [acme], status: { kind: 'fresh' as const, at: '2026-05-04T07:58:00Z' } };
    const two = appState({
      accounts: [accountView({ label: 'Work' }), accountView({ id: accountIdOf('acme'), label: 'Acme' })],
      coverage: asking,
    });
    expect(coverageItems(two, CTX)[0]?.groups.map((g) => g.scheduleName)).toEqual([
      'Acme · Platform primary',
      'Acme · Databases',
    ]);
    const one = appState({ coverage: asking });
    expect(coverageItems(one, CTX)[0]?.groups.map((g) => g.scheduleName)).toEqual(['Platform primary', 'Databases']);
  });
});
