// Adversarial round 11 (issue 49), F3: with one account and some shifts unreadable, the tray said the problem twice:
// "Your shifts: unknown (some shifts of Platform primary couldn't be read)" and then "Couldn't read some shifts of
// Platform primary." (Retry). Now the reason is said once, by the problem item with its fix; my state says "unknown".
// Real derive over a snapshot with a hole (Work, Bob daily at 09:00 Berlin, nothing of mine read).
import { describe, expect, it } from 'vitest';
import { deriveState } from '../../../electron/core/state/derive';
import { buildTrayMenu } from '../../../electron/core/state/tray-menu';
import { accountIdOf } from '../../../electron/shared/accounts';
import { defaultSettings, serviceSettings } from '../../../electron/shared/settings';
import { bob, details, me, scheduleSnap, shift, snapshotOf, SETUP_OK } from '../support/fixtures';

const ZONE = 'Europe/Berlin';
const NOW = Date.parse('2026-03-05T10:00:00Z');
const READ = '2026-03-05T09:59:00Z';
const day = (d: number) => `2026-03-${String(d).padStart(2, '0')}T08:00:00Z`;

function labels(hole: boolean): string[] {
  const shifts = [4, 5, 6, 7, 8].map((d) => shift(day(d), day(d + 1), bob));
  const snapshot = snapshotOf([
    scheduleSnap('sch_primary', hole ? shifts.slice(0, 1) : shifts, {
      shiftsFrom: '2026-02-26T10:00:00Z',
      shiftsTo: day(9),
      shiftHoles: hole ? [{ from: '2026-03-05T09:00:00Z', to: day(9) }] : [],
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
  return buildTrayMenu(state, NOW, ZONE, { locale: 'en-GB' }).flatMap((i) => (i.type === 'separator' ? [] : [i.label]));
}

describe('a read problem is said once in the tray, with its fix', () => {
  it('some shifts unreadable: "Your shifts: unknown", the reason only on the problem item', () => {
    const all = labels(true);
    const said = all.join('\n');
    expect(all[0], said).toBe('Your shifts: unknown');
    expect(
      all.filter((l) => /some shifts of Platform primary/i.test(l)),
      said,
    ).toEqual([expect.stringMatching(/^Couldn't read some shifts of Platform primary/)]);
  });
});
