// How the popover names several services: nothing changes with one account; with several every schedule row names
// its account, cards group by account in the user's order, and an account that is not fresh says its problem.
import { describe, expect, it } from 'vitest';
import { accountSyncText } from '../../renderer/src/lib/account-texts';
import { myEmailFor } from '../../electron/shared/people-names';
import { accountHeading, withAccount } from '../../renderer/src/lib/accounts';
import { groupByAccount } from '../../renderer/src/lib/card-groups';
import { askRows } from '../../renderer/src/lib/glance';
import { myShiftRows } from '../../renderer/src/lib/my-shift-rows';
import { myStateLine } from '../../renderer/src/lib/status-model';
import { timelineModel } from '../../renderer/src/lib/timeline';
import { accountView, ada, appState, cy, schedule } from './support/state';
import { accountIdOf } from '../../electron/shared/accounts';
import { partialSync } from '../support/sync-status';

const ctx = { nowMs: Date.parse('2026-05-04T08:00:00Z'), locale: 'en-GB', localZone: 'Europe/Berlin' };
const work = accountView({ id: accountIdOf('main'), label: 'Work' });
const acme = accountView({ id: accountIdOf('acme'), label: 'Acme', email: 'cy@example.com' });
// The same schedule id on both services, with other people: told apart by the ref and the account.
const platform = schedule({ name: 'Platform primary' });
const acmePlatform = schedule({
  id: 'acme:sch_platform',
  accountId: accountIdOf('acme'),
  scheduleId: 'sch_platform',
  name: 'Platform primary',
  now: { users: [cy], start: '2026-05-04T07:00:00Z', end: '2026-05-04T15:00:00Z' },
  users: [cy],
});
const shift = (accountId: string, scheduleId: string) => ({
  accountId,
  scheduleId,
  scheduleName: 'Platform primary',
  start: '2026-05-05T07:00:00Z',
  end: '2026-05-05T15:00:00Z',
  endBasis: { kind: 'fresh' as const, readAt: null },
  basis: { kind: 'fresh' as const, readAt: null },
});

function twoAccounts(over: Parameters<typeof appState>[0] = {}) {
  const base = appState();
  const main = base.settings.accounts[0]!;
  return appState({
    settings: {
      ...base.settings,
      accounts: [
        { ...main, label: 'Work' },
        { id: 'acme', label: 'Acme', baseUrl: 'https://acme.example', email: 'cy@example.com', schedules: [] },
      ],
    },
    accounts: [work, acme],
    schedules: [platform, acmePlatform],
    ...over,
  });
}

describe('one account', () => {
  it('names nothing: rows, status line and the timeline read as before', () => {
    const state = appState({ me: { onCallNow: [], nextShift: shift('main', 'sch_platform'), shifts: [] } });
    expect(withAccount(state, 'main', 'Platform primary')).toBe('Platform primary');
    expect(myStateLine(state, ctx).detail).toMatch(/^Platform primary · \w{3} 09:00–/);
    expect(timelineModel(state, ctx).rows.map((r) => r.name)).toEqual(['Platform primary']);
  });
});

describe('several accounts', () => {
  it('names the account on my shifts, the status line, the week rows', () => {
    const mine = [shift('main', 'sch_platform'), shift('acme', 'acme:sch_platform')];
    const state = twoAccounts({ me: { onCallNow: [], nextShift: mine[1]!, shifts: mine } });
    expect(myShiftRows(state, ctx).map((r) => r.scheduleName)).toEqual([
      'Work · Platform primary',
      'Acme · Platform primary',
    ]);
    expect(myStateLine(state, ctx).detail).toMatch(/^Acme · Platform primary · \w{3} 09:00–/);
    expect(
      timelineModel(state, ctx)
        .rows.map((r) => r.name)
        .sort(),
    ).toEqual(['Acme · Platform primary', 'Work · Platform primary']);
  });

  it('finds me by each account’s own e-mail (Cy on Acme, Bob on Work)', () => {
    const state = twoAccounts();
    expect(myEmailFor(state, 'acme:sch_platform')).toBe('cy@example.com');
    expect(myEmailFor(state, 'sch_platform')).toBe('bob@example.com');
    const rows = timelineModel(state, ctx).rows;
    const acmeRow = rows.find((r) => r.id === 'acme:sch_platform');
    expect(acmeRow?.segments.some((s) => s.text.includes('Cy (you)'))).toBe(true);
    const workText = rows.find((r) => r.id === 'sch_platform')?.segments.map((s) => s.text) ?? [];
    expect([workText.some((t) => t.includes('Bob Stone (you)')), workText.some((t) => t.includes('Cy (you)'))]).toEqual(
      [true, false],
    );
  });

  it('groups the cards by account in the user’s order, with the problem in the heading when not fresh', () => {
    const rejected = accountView({
      id: accountIdOf('acme'),
      label: 'Acme',
      sync: { kind: 'key_rejected', message: 'Rejected.' },
    });
    const state = twoAccounts({ accounts: [rejected, work] });
    const groups = groupByAccount(state, [platform, acmePlatform]);
    expect(groups.map((g) => [g.heading, g.problem, g.schedules.map((s) => s.id)])).toEqual([
      ['Acme: key rejected', true, ['acme:sch_platform']],
      ['Work', false, ['sch_platform']],
    ]);
  });

  it('says each kind of trouble in a few words, and "Up to date" only when fresh', () => {
    const saved = '2026-05-04T07:00:00Z';
    expect(
      accountHeading(accountView({ label: 'Acme', sync: { kind: 'offline', cause: 'refused', message: 'x', saved } })),
    ).toBe('Acme: offline, showing saved data');
    expect(
      accountHeading(
        accountView({ label: 'Acme', sync: { kind: 'offline', cause: 'refused', message: 'x', saved: null } }),
      ),
    ).toBe('Acme: offline');
    expect(accountSyncText(accountView({ sync: partialSync("Couldn't refresh Ops (timeout)") }))).toBe(
      "Couldn't refresh Ops (timeout)",
    );
    expect(accountSyncText(accountView())).toBe('Up to date');
  });

  it('names the account on a request that asks me, and carries the ref to the override form', () => {
    const request = {
      accountId: accountIdOf('acme'),
      id: 'cov_1',
      requester: ada,
      reason: 'Dentist',
      status: 'pending',
      shifts: [{ scheduleId: 'acme:sch_platform', scheduleName: 'Platform primary', start: 'x', end: 'y' }].map(
        (s) => ({ ...s, start: '2026-05-06T07:00:00Z', end: '2026-05-06T15:00:00Z' }),
      ),
    };
    const state = twoAccounts({
      coverage: { mine: [], askingMe: [request], status: { kind: 'fresh', at: '2026-05-04T07:58:00Z' } },
    });
    const [row] = askRows(state, ctx);
    expect([row?.scheduleName, row?.params.scheduleId]).toEqual(['Acme · Platform primary', 'acme:sch_platform']);
  });
});
