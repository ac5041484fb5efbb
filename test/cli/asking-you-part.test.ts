// adv47 round 9, #4: `status` named under "asking you" the first shift of a coverage request, on a schedule I am
// not on ("Ivan Petrov: Parental leave — Data Tokyo … (+1 more)"), while the popover named the shift that asks me
// (Platform primary). One statement, shared/asked-of-me.ts, names the part that asks me first on both.
import { describe, expect, it } from 'vitest';
import { formatStatus } from '../../electron/cli/status-format';
import { accountIdOf } from '../../electron/shared/accounts';
import { askRows } from '../../renderer/src/lib/glance';
import { ada, appState, cy, schedule } from '../renderer/support/state';

const nowMs = Date.parse('2026-05-04T08:00:00Z');
// Me (bob) in Platform's rotation; Data Tokyo is Ada's alone. Cy's leave asks Tokyo first (5 May), Platform later.
const state = appState({
  schedules: [
    schedule(),
    schedule({ id: 'sch_tokyo', scheduleId: 'sch_tokyo', name: 'Data Tokyo', users: [ada], next: null }),
  ],
  coverage: {
    mine: [],
    status: { kind: 'fresh', at: '2026-05-04T07:58:00Z' },
    askingMe: [
      {
        accountId: accountIdOf('main'),
        id: 'cov_leave',
        requester: cy,
        reason: 'Parental leave',
        status: 'pending',
        shifts: [
          {
            start: '2026-05-05T08:00:00Z',
            end: '2026-05-05T20:00:00Z',
            scheduleId: 'sch_tokyo',
            scheduleName: 'Data Tokyo',
          },
          {
            start: '2026-05-12T07:00:00Z',
            end: '2026-05-12T15:00:00Z',
            scheduleId: 'sch_platform',
            scheduleName: 'Platform primary',
          },
        ],
      },
    ],
  },
});

describe('a coverage request under "asking you"', () => {
  it('names first the shift that asks me, in `status` as in the popover', () => {
    const text = formatStatus(state, { nowMs, localZone: 'Europe/Berlin' });
    const line = text.split('\n').find((l) => l.includes('Parental leave')) ?? '';
    expect(line).toContain('Cy: Parental leave — Platform primary');
    expect(line).not.toContain('Data Tokyo');
    expect(line).toContain('(+1 more)');
    const rows = askRows(state, { nowMs, locale: 'en-GB', localZone: 'Europe/Berlin' });
    expect(rows.map((r) => r.scheduleName)).toEqual(['Platform primary']);
  });
});
