// Issue 47, adversarial round 6, finding 4: three accounts put me on call at one start; Work is muted and Zeta's key
// was rejected. Readiness picked the worst account (Work, "Reminders for Work are muted") and judged only it: Zeta's
// rejected key was named nowhere, and `status` said "ok — The key was accepted". Readiness at a start names every
// account's problem at it, and says "ok" of a check only where it is ok for each. Real deriveState and
// combineStates. Failed before: no check named Zeta, and the key check was "ok".
import { describe, expect, it } from 'vitest';
import { deriveState } from '../../../electron/core/state/derive';
import { combineStates } from '../../../electron/core/state/combine';
import { accountIdOf } from '../../../electron/shared/accounts';
import { defaultSettings, serviceSettings, type Account } from '../../../electron/shared/settings';
import type { AppState } from '../../../electron/shared/view-state';
import { alice, deriveInput, details, me, scheduleSnap, shift, snapshotOf } from '../support/fixtures';

const ZONE = 'Europe/Berlin';
const NOW = Date.parse('2026-03-05T10:00:00Z'); // Thu 11:00 Berlin
const HOUR = 3_600_000;
const START = Date.parse('2026-03-06T08:00:00Z'); // Fri 09:00 Berlin
const iso = (msAt: number): string => new Date(msAt).toISOString().replace('.000Z', 'Z');
const READ = iso(NOW - 60_000);

const snap = (id: string) =>
  scheduleSnap(id, [shift(iso(START - 24 * HOUR), iso(START), alice), shift(iso(START), iso(START + 24 * HOUR), me)], {
    details: details('Platform primary', ZONE, [me, alice]),
    detailsFetchedAt: READ,
    shiftsFetchedAt: READ,
    shiftsFrom: iso(NOW - 24 * HOUR),
    shiftsTo: iso(NOW + 14 * 24 * HOUR),
  });

const account = (id: string, label: string, muted = false): Account => ({
  id: accountIdOf(id),
  label,
  baseUrl: `https://${id}.example.com`,
  email: me.email,
  schedules: [{ id: 'sch_primary' }],
  ...(muted ? { muted: true } : {}),
});

function world(mutedWork: boolean): AppState {
  const accounts = [account('work', 'Work', mutedWork), account('acme', 'Acme'), account('zeta', 'Zeta')];
  const settings = { ...defaultSettings(), startAtLogin: true, accounts };
  const pairs = accounts.map((a) => ({
    account: a,
    state: deriveState(
      deriveInput({
        snapshot: snapshotOf([snap('sch_primary')], a.label === 'Zeta' ? { keyRejected: true } : {}),
        settings: serviceSettings(settings, a),
        nowMs: NOW,
        localZone: ZONE,
      }),
    ),
  }));
  return combineStates(pairs, settings, []);
}

describe('readiness at a start shared by three accounts names every account’s problem', () => {
  for (const muted of [true, false])
    it(`Zeta's rejected key is named${muted ? ', with Work muted' : ''}, and the key is never "ok"`, () => {
      const r = world(muted).me.readiness;
      expect(Date.parse(r?.shift.start ?? '')).toBe(START);
      const checks = r?.checks ?? [];
      const problems = checks.filter((c) => c.result === 'problem').map((c) => c.message);
      expect(problems.some((m) => /rejected the API key/.test(m))).toBe(true);
      if (muted) expect(problems.some((m) => /Reminders for Work are muted/.test(m))).toBe(true);
      expect(checks.filter((c) => c.id === 'key' && c.result === 'ok')).toEqual([]);
      // What every account says alike (the app's notifications, start at login) is said once.
      expect(checks.filter((c) => c.id === 'notifications').length).toBeLessThanOrEqual(1);
      // The account that will speak at the start leads (its warning is told; a muted account's is not).
      expect(r?.shift.accountId).toBe(accountIdOf('zeta'));
    });
});
