// adv47 round 10, #4: with my Fri block inside a hole (shifts the service sent unreadable), the tray menu offered
// "Swap my next shift (Sun 09:00)…", stating Sunday as my next shift, while the popover said next=Unknown and
// `status` qualified it ("· some shifts of Platform primary couldn't be read"). The swap item now says "my shift"
// where something before it is unknown; "my next shift" where nothing is (the control). World by hand: Work, me and
// Bob daily at 09:00 Berlin.
import { describe, expect, it } from 'vitest';
import { deriveState } from '../../../electron/core/state/derive';
import { accountIdOf } from '../../../electron/shared/accounts';
import { defaultSettings, serviceSettings } from '../../../electron/shared/settings';
import { everyText } from '../../support/text-registry';
import { bob, details, me, scheduleSnap, shift, snapshotOf, SETUP_OK } from '../support/fixtures';

const ZONE = 'Europe/Berlin';
const NOW = Date.parse('2026-03-05T10:00:00Z'); // Thu 11:00 Berlin, Bob on call
const READ = '2026-03-05T09:59:00Z';
const day = (d: number) => `2026-03-0${d}T08:00:00Z`;

function menu(hole: boolean): string {
  const all = [shift(day(4), day(5), me), shift(day(5), day(6), bob), shift(day(6), day(7), me)];
  const shifts = [...all, shift(day(7), day(8), bob), shift(day(8), day(9), me)];
  const snapshot = snapshotOf([
    scheduleSnap('sch_primary', hole ? shifts.filter((_, i) => i !== 2) : shifts, {
      shiftsFrom: '2026-02-26T10:00:00Z',
      shiftsTo: day(9),
      shiftHoles: hole ? [{ from: '2026-03-05T12:00:00Z', to: '2026-03-07T20:00:00Z' }] : [],
      details: details('Platform primary', ZONE, [me, bob]),
      detailsFetchedAt: READ,
      shiftsFetchedAt: READ,
    }),
  ]);
  const account = { id: accountIdOf('work'), label: 'Work', baseUrl: 'https://w.example.com', email: me.email };
  const settings = { ...defaultSettings(), accounts: [{ ...account, schedules: [{ id: 'sch_primary' }] }] };
  const state = deriveState({
    snapshot,
    settings: serviceSettings(settings, settings.accounts[0]!),
    setup: SETUP_OK,
    syncing: false,
    notices: [],
    nowMs: NOW,
    localZone: ZONE,
  });
  return everyText({ state, nowMs: NOW, localZone: ZONE })
    .filter((t) => t.surface === 'tray-menu')
    .map((t) => t.text)
    .join('\n');
}

describe('the tray\'s swap item says "next" only where my next shift is known', () => {
  it('with my Fri block unreadable, offers "Swap my shift (Sun 09:00)…", not "my next shift"', () => {
    const text = menu(true);
    // Failed before: "Swap my next shift (Sun 09:00)…".
    expect(text).toContain('Swap my shift (Sun 09:00)…');
    expect(text).not.toContain('Swap my next shift');
  });

  it('the control: all read, "Swap my next shift (Fri 09:00)…"', () => {
    expect(menu(false)).toContain('Swap my next shift (Fri 09:00)…');
  });
});
