// The pause's promise in the tray, per account and schedule: the reminders of my next shift starting during the
// pause that still come, by that schedule's own choice (shared/start-reminders), or the rule when none starts.
import { describe, expect, it } from 'vitest';
import { pausePromise } from '../../../electron/core/state/pause-promise';
import { accountIdOf } from '../../../electron/shared/accounts';
import { defaultSettings, type Settings } from '../../../electron/shared/settings';
import type { MyShift } from '../../../electron/shared/view-state';

const NOW = Date.parse('2026-03-10T22:00:00Z'); // Tue 23:00 Berlin
const opts = { nowMs: NOW, localZone: 'Europe/Berlin' };
const PAUSED = Date.parse('2026-03-11T08:00:00Z'); // Wed 09:00
const TWO_HOURS_ONLY = { leadTimesMin: [120], atStart: false, atEnd: true, coverageRequests: true, shiftChanges: true };
const account = (id: string, schedules: Settings['accounts'][number]['schedules']) => ({
  id: accountIdOf(id),
  label: id,
  baseUrl: `https://${id}.example.com`,
  email: 'me@example.com',
  schedules,
});
const settings: Settings = {
  ...defaultSettings(),
  accounts: [account('main', [{ id: 'sch_a' }]), account('acme', [{ id: 'sch_a', reminders: TWO_HOURS_ONLY }])],
};
const shift = (accountId: string, scheduleId: string, startIso: string): MyShift => ({
  accountId: accountIdOf(accountId),
  scheduleId,
  scheduleName: 'Night desk',
  start: startIso,
  end: new Date(Date.parse(startIso) + 8 * 3_600_000).toISOString(),
  endBasis: { kind: 'fresh', readAt: null },
  basis: { kind: 'fresh', readAt: null },
});

describe('the pause says what still comes', () => {
  it('by the default choice: the 15-min reminder and "On call now"', () => {
    const shifts = [shift('main', 'sch_a', '2026-03-11T02:00:00Z')];
    expect(pausePromise({ settings, me: { shifts } }, PAUSED, opts)).toBe(
      'the 02:45 reminder and “On call now” for your Wed 03:00 shift still come',
    );
  });

  it('by the other account’s own choice for its schedule of the same id: the 2-hour reminder', () => {
    const shifts = [shift('acme', 'acme:sch_a', '2026-03-11T02:00:00Z')];
    expect(pausePromise({ settings, me: { shifts } }, PAUSED, opts)).toBe(
      'the 01:00 reminder for your Wed 03:00 shift still comes',
    );
  });

  it('a shift after the pause, or one already running, is not named: the rule is', () => {
    const shifts = [shift('main', 'sch_a', '2026-03-11T09:00:00Z'), shift('main', 'sch_a', '2026-03-10T21:00:00Z')];
    expect(pausePromise({ settings, me: { shifts } }, PAUSED, opts)).toBe(
      'the last reminder before a shift starts still comes',
    );
  });

  it('a muted or paused account’s shift promises nothing (its reminders don’t come): the next account’s does', () => {
    const shifts = [
      shift('acme', 'acme:sch_a', '2026-03-11T01:00:00Z'),
      shift('main', 'sch_a', '2026-03-11T02:00:00Z'),
    ];
    for (const silence of [{ muted: true }, { pausedUntil: '2026-03-11T09:00:00Z' }]) {
      const silenced: Settings = {
        ...settings,
        accounts: settings.accounts.map((a) => (a.id === 'acme' ? { ...a, ...silence } : a)),
      };
      expect(pausePromise({ settings: silenced, me: { shifts } }, PAUSED, opts)).toBe(
        'the 02:45 reminder and “On call now” for your Wed 03:00 shift still come',
      );
    }
  });
});

// adv47 r17 #4 (q2.ts pause two): Main muted, Work on the same service watching the same schedule speaks for the
// shift; the pause's line promised only "the last reminder" while both reminders came through Work. Failed before.
describe('a shift two accounts of one service watch, the first muted', () => {
  const same = (id: string, muted: boolean) => ({
    ...account(id, [{ id: 'sch_a' }]),
    baseUrl: 'https://x.example.com',
    muted,
  });
  it('promises what comes through the one that speaks (as with neither muted)', () => {
    const shifts = [shift('main', 'sch_a', '2026-03-11T02:00:00Z')];
    const words = (mainMuted: boolean, workMuted = false) =>
      pausePromise(
        { settings: { ...settings, accounts: [same('main', mainMuted), same('work', workMuted)] }, me: { shifts } },
        PAUSED,
        opts,
      );
    expect(words(true)).toBe('the 02:45 reminder and “On call now” for your Wed 03:00 shift still come');
    expect(words(true)).toBe(words(false));
    expect(words(true, true)).toBe('the last reminder before a shift starts still comes');
  });
});
