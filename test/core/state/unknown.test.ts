// Unknown is not "none": what the derived state and the tray say when a source (a schedule, the coverage list)
// was never read, failed, or answered "not found". Each case goes from a fetch pass (applyPass) to the words a
// user reads in the tray, so the snapshot, the derived state and the menu are judged together.
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../../electron/api/errors';
import { deriveState, nextStateChangeAt, type DeriveInput } from '../../../electron/core/state/derive';
import { buildTrayMenu, trayIconFor, trayTooltip } from '../../../electron/core/state/tray-menu';
import { applyPass } from '../../../electron/core/sync/apply';
import type { FetchPass } from '../../../electron/core/sync/fetch';
import type { Snapshot } from '../../../electron/core/model/snapshot';
import type { AppState } from '../../../electron/shared/view-state';
import {
  SETUP_OK,
  bob,
  deriveInput,
  details,
  ms,
  platformMonday,
  scheduleSnap,
  settingsWith,
  shift,
  snapshotOf,
} from '../support/fixtures';
import { textContaining } from '../../support/matchers';
import { trayLabels } from '../support/tray-labels';

const ZONE = 'Europe/Berlin';
const NOW = '2026-03-02T13:05:00Z'; // 14:05 in Berlin
const FETCHED = '2026-03-02T13:02:00Z'; // 14:02 in Berlin
const IDS = ['sch_platform', 'sch_db'];

const fail = (error: ApiError) => ({ ok: false as const, error });
const SERVER: ApiError = {
  kind: 'server',
  status: 503,
  message: 'The on-call service had a problem (HTTP 503). Try again later.',
};
const NETWORK: ApiError = { kind: 'network', message: 'Could not reach the on-call service.' };
const UNAUTHORIZED: ApiError = { kind: 'unauthorized', message: 'The API key was not accepted. Check it in Settings.' };
const NOT_FOUND: ApiError = { kind: 'not_found', message: 'Not found: it may have been deleted, or the id is wrong.' };

const platform = platformMonday(FETCHED);
const db = scheduleSnap('sch_db', [shift('2026-03-02T00:00:00Z', '2026-03-03T00:00:00Z', bob)], {
  details: details('Database', 'America/New_York', [bob]),
  detailsFetchedAt: FETCHED,
  shiftsFetchedAt: FETCHED,
});
const saved = snapshotOf([platform, db], { coverageFetchedAt: FETCHED });

function pass(atIso: string, schedules: ApiError | undefined, coverage: ApiError | undefined): FetchPass {
  const atMs = ms(atIso);
  return {
    schedules: IDS.map((id) =>
      schedules
        ? { id, atMs, details: fail(schedules) }
        : { id, atMs, details: { ok: true as const, value: details(id, ZONE, [bob]) } },
    ),
    coverage: {
      atMs,
      result: coverage ? fail(coverage) : { ok: true as const, value: { requests: [], unreadable: [] } },
    },
  };
}

function derive(snapshot: Snapshot, patch: Partial<DeriveInput> = {}): AppState {
  const settings = settingsWith({ schedules: IDS.map((id) => ({ id })) });
  return deriveState(deriveInput({ snapshot, nowMs: ms(NOW), settings, localZone: ZONE, ...patch }));
}

const labels = (state: AppState): string[] => trayLabels(buildTrayMenu(state, ms(NOW), ZONE));
const LIES = /nobody on call|no later shift known|No upcoming shift of yours|Off call|\(0\)…/;

describe('schedules never read', () => {
  it('are unknown after a 503 on first start: no zone made up, no "nobody on call", no "off call"', () => {
    const state = derive(applyPass(snapshotOf([]), pass(NOW, SERVER, SERVER), IDS));
    expect(state.schedules.map((s) => [s.status.kind, s.timeZone])).toEqual([
      ['error', null],
      ['error', null],
    ]);
    const menu = labels(state).join('\n');
    expect(menu).toContain("sch_platform (couldn't load)\n  Now: unknown\n  Next: unknown");
    // The reason said once (adv49 r11 #3): the problem item below says it, with its fix.
    expect(menu).toContain('Your shifts: unknown\n');
    // Said once (issue 49, adversarial 7): the sync line below covers the coverage list too; no line of its own.
    expect(menu).not.toContain("Coverage requests: couldn't load");
    expect(menu).toContain('Coverage requests (unknown)…');
    expect(menu).toContain('The on-call service had a problem (HTTP 503). Try again later. Nothing saved to show yet.');
    expect(menu).not.toMatch(LIES);
    expect(trayTooltip(state, ms(NOW), ZONE)).toMatch(/^Your shifts: unknown \(couldn't load sch_platform, sch_db\)/);
    expect(trayIconFor(state, ms(NOW))).toBe('problem');
  });

  it('say "nothing saved" rather than "showing saved data" when offline with nothing saved', () => {
    const state = derive(applyPass(snapshotOf([]), pass(NOW, NETWORK, NETWORK), IDS));
    expect(state.sync).toEqual({
      kind: 'offline',
      cause: 'network',
      message: 'Cannot reach the service.',
      saved: null,
    });
    expect(labels(state)).toContain('Cannot reach the service. Nothing saved to show yet.');
    expect(trayTooltip(state, ms(NOW), ZONE)).not.toContain('showing saved data');
    const withSaved = derive(applyPass(saved, pass(NOW, NETWORK, NETWORK), IDS));
    expect(withSaved.sync).toEqual({
      kind: 'offline',
      cause: 'network',
      message: 'Cannot reach the service.',
      saved: FETCHED,
    });
    expect(labels(withSaved)).toContain('Cannot reach the service. Showing saved data from 14:02.');
    expect(labels(withSaved)).toEqual(
      expect.arrayContaining(['Platform primary (saved data from 14:02)', '  Now: Alice until 17:00']),
    );
  });
});

describe('the coverage list has its own freshness', () => {
  it('is loading, then fresh, then stale with saved data, and unknown when never read', () => {
    expect(derive(snapshotOf([platform, db])).coverage.status).toEqual({ kind: 'loading' });
    expect(derive(saved).coverage.status).toEqual({ kind: 'fresh', at: FETCHED });
    const failedLater = derive(applyPass(saved, pass(NOW, undefined, SERVER), IDS));
    expect(failedLater.coverage.status).toMatchObject({ kind: 'stale', since: FETCHED });
    // The coverage list's saved data is said once, by the sync problem that caused it (with its Retry).
    expect(labels(failedLater).join('\n')).toMatch(/Couldn't refresh coverage requests .*saved data from 14:02/);
    expect(labels(failedLater)).not.toContain('Coverage requests: saved data from 14:02');
    const neverRead = derive(applyPass(snapshotOf([platform, db]), pass(NOW, undefined, SERVER), IDS));
    expect(neverRead.coverage.status).toMatchObject({ kind: 'error', reason: SERVER.message });
  });

  it('makes sync "partial", never "ok", when only the coverage list failed', () => {
    const state = derive(applyPass(saved, pass(NOW, undefined, SERVER), IDS));
    expect(state.schedules.every((s) => s.status.kind === 'fresh')).toBe(true);
    expect(state.sync).toEqual({
      kind: 'partial',
      message: "Couldn't refresh coverage requests (service error).",
      clause: "Couldn't refresh coverage requests (service error)",
      saved: FETCHED,
    });
    expect(trayTooltip(state, ms(NOW), ZONE)).toContain(
      "Couldn't refresh coverage requests (service error). Showing saved data from 14:02.",
    );
  });

  it('words a timeout one way: "did not answer in time", as its card and `status` do, never "unreachable"', () => {
    // Issue 47, round 2: one hang was "(unreachable)" in the sync line and "did not answer in time" on the card.
    const timeout: ApiError = { kind: 'timeout', message: 'The on-call service did not answer in time.' };
    const state = derive(applyPass(saved, pass(NOW, undefined, timeout), IDS));
    expect(state.sync).toMatchObject({ message: "Couldn't refresh coverage requests (did not answer in time)." });
  });

  it('turns stale by age on its own slower cadence, and the state keeper is woken for it', () => {
    const settings = settingsWith({ schedules: IDS.map((id) => ({ id })) });
    // Only the coverage list in the snapshot: the one boundary left is when it turns stale.
    const fresh = snapshotOf([], { coverageFetchedAt: NOW, coverageRequests: [] });
    const at = nextStateChangeAt(fresh, ms(NOW), settings);
    // Later than a schedule would (2 idle intervals), as the list is read less often.
    expect((at ?? 0) - ms(NOW)).toBeGreaterThan(2 * settings.refresh.idleIntervalSec * 1000);
    expect(at).not.toBeNull();
    const later = derive(fresh, { nowMs: at ?? 0, settings });
    expect(later.coverage.status.kind).toBe('stale');
    expect(derive(fresh, { nowMs: (at ?? 0) - 2, settings }).coverage.status.kind).toBe('fresh');
  });
});

describe('a 401 on the coverage list alone', () => {
  it('does not reject the key: schedules stay fresh and the list says this key cannot read it', () => {
    const after = applyPass(saved, pass(NOW, undefined, UNAUTHORIZED), IDS);
    expect(after.keyRejected).toBe(false);
    const state = derive(after);
    expect(state.sync.kind).toBe('partial');
    expect(state.coverage.status).toMatchObject({
      kind: 'stale',
      reason: "Coverage requests can't be read with this key (the service refused it).",
    });
    expect(JSON.stringify(state)).not.toMatch(/rejected the API key|Check it in Settings/);
  });

  it('while a 401 on the schedules does, worded for where the key came from', () => {
    const rejected = applyPass(snapshotOf([]), pass(NOW, UNAUTHORIZED, UNAUTHORIZED), IDS);
    expect(rejected.keyRejected).toBe(true);
    expect(derive(rejected).sync.kind === 'key_rejected' && derive(rejected).sync).toMatchObject({
      message: textContaining('Settings'),
    });
    const fromEnv = derive(rejected, { setup: { ...SETUP_OK, keyStorage: 'memory', keyFromEnvironment: true } });
    expect(fromEnv.sync).toMatchObject({ kind: 'key_rejected', message: textContaining('ONCALL_API_KEY') });
    expect(JSON.stringify(fromEnv)).not.toContain('Settings');
  });
});

describe('a schedule answering 404', () => {
  it('keeps its saved data, marked "not found on the service since" its first 404', () => {
    const first = applyPass(
      saved,
      { schedules: [{ id: 'sch_db', atMs: ms(FETCHED) + 60_000, details: fail(NOT_FOUND) }] },
      IDS,
    );
    const again = applyPass(first, { schedules: [{ id: 'sch_db', atMs: ms(NOW), details: fail(NOT_FOUND) }] }, IDS);
    expect(again.schedules[1]?.shifts).toEqual(db.shifts);
    const state = derive(again);
    expect(state.schedules[1]?.status).toEqual({
      kind: 'not_found',
      reason: 'Not found on the service.',
      since: '2026-03-02T13:03:00.000Z',
      savedAt: FETCHED,
    });
    expect(state.schedules[1]?.now?.users.map((u) => u.name)).toEqual(['Bob']);
    const menu = labels(state);
    expect(menu).toEqual(
      expect.arrayContaining([
        'Database (not found on the service since 14:03; saved data from 14:02)',
        // The saved read ends with Bob's shift: what follows was never read, so his end isn't stated.
        '  Now: Bob until at least Tue 01:00 (Mon 19:00 New York), then unknown',
      ]),
    );
    expect(menu.join('\n')).not.toMatch(/not found: Not found/i);
  });

  it('says the service address may be wrong when every request was answered 404', () => {
    const state = derive(applyPass(snapshotOf([]), pass(NOW, NOT_FOUND, NOT_FOUND), IDS));
    expect(state.sync).toEqual({
      kind: 'error',
      message:
        'None of your schedules was found on the service. Every request was answered "not found": the service address (https://oncall.example.com) may be wrong.',
      clause:
        'None of your schedules was found on the service. Every request was answered "not found": the service address (https://oncall.example.com) may be wrong',
    });
  });
});

describe('an unusable stored service address', () => {
  for (const address of [
    'http://oncall.example.com',
    'notaurl',
    'ftp://oncall.example.com',
    'https://me:pw@oncall.example.com',
  ]) {
    it(`is named as the problem (${address}), not a missing key`, () => {
      const settings = settingsWith({ baseUrl: address, schedules: [{ id: 'sch_platform' }] });
      const state = derive(snapshotOf([]), { settings, setup: { hasKey: false, keyStorage: 'none', demo: false } });
      expect(state.sync.kind).toBe('needs_setup');
      const message = state.sync.kind === 'needs_setup' ? state.sync.message : '';
      expect(message).toMatch(
        /^The service address “.*” can't be used: it .*Only https:\/\/ addresses are accepted, except http:\/\/ on this machine/,
      );
      expect(message).not.toContain('Add your API key');
      expect(message).not.toContain(':pw@');
      expect(labels(state)).toContain(message);
    });
  }
});
