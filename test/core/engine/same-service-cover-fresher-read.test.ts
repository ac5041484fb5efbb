// Issue 47, adversarial round 37: one service watched by two accounts (One, Two; same address and e-mail, two keys).
// After the first sync One's coverage reads answer 429 for an hour; Two's read the list fresh. The list of the
// authenticated user is one list per service, so Two's fresh read is its basis: a request withdrawn at the service
// is no longer listed as asking me (before: "Asks you (1; One's 1 from saved data from 11:00)" and Cover… on every
// surface), and one still pending is said without "saved data". Real engine, the simulator on loopback, a fake clock;
// what is pending is asked of the simulator's own state, apart from the app.
import { describe, expect, it } from 'vitest';
import type { ClientOptions, OncallClient } from '../../../electron/api/client-types';
import { createHarness, trackedClientFactory } from '../support/engine-harness';
import { API_KEY, ME, seedOf } from '../support/seeds';
import { everyText } from '../../support/text-registry';

const START = Date.parse('2026-03-25T10:00:00Z');
const MIN = 60_000;
const SECOND_KEY = 'ocs_test_key_2';
const ASKED = { start: '2026-03-27T08:00:00Z', end: '2026-03-28T08:00:00Z' };
const daily = {
  zone: 'Etc/UTC',
  rotationStart: '2026-03-20T08:00:00.000Z',
  length: { amount: 1, unit: 'days' as const },
};
const busy = {
  ok: false as const,
  error: {
    kind: 'rate_limited' as const,
    message: 'Rate limited.',
    retryAfterMs: 60 * MIN,
    serverMessage: 'slow down, One',
  },
};

async function world(withdraw: boolean) {
  const h = await createHarness({
    startMs: START,
    seed: seedOf(
      [{ id: 'sch_solo', name: 'Solo', userIds: ['usr_me', 'usr_alice', 'usr_bob'], ...daily }],
      [{ id: 'cov_1', user_id: 'usr_alice', reason: 'Dentist', shifts: [{ ...ASKED, schedule_id: 'sch_solo' }] }],
    ),
  });
  h.sim.state.addKey(SECOND_KEY, 'usr_me');
  const host = new URL(h.sim.url).host;
  const account = (id: string, label: string) => ({
    id,
    label,
    baseUrl: h.sim.url,
    email: ME,
    schedules: [{ id: 'sch_solo' }],
  });
  await h.files.writeAtomic(
    'settings.json',
    JSON.stringify({ version: 2, accounts: [account('main', 'One'), account('second', 'Two')] }),
  );
  await h.secrets.set(`main@${host}`, API_KEY);
  await h.secrets.set(`second@${host}`, SECOND_KEY);
  let limited = false;
  let twoReadAfter = false;
  const tracked = trackedClientFactory(h.clock.inFlight);
  // Only One's coverage reads wait; Two's are answered by the simulator as they are.
  const createClient = (options: ClientOptions): OncallClient => {
    const c = tracked(options);
    return {
      ...c,
      listAllCoverageRequests: async (...a) => {
        const mine = (await options.getApiKey()) === API_KEY;
        if (limited && mine) return busy;
        const r = await c.listAllCoverageRequests(...a);
        if (limited && !mine && r.ok) twoReadAfter = true;
        return r;
      },
    };
  };
  const engine = h.engine({ createClient });
  await engine.start();
  await h.clock.advance(MIN);
  limited = true;
  await h.clock.advance(2 * MIN);
  if (withdraw) for (const c of h.sim.state.coverageRequests) c.status = 'cancelled';
  twoReadAfter = false;
  await h.clock.advance(120 * MIN);
  // The truth, from the simulator's state: the requests of others still pending on my schedule.
  const pending = h.sim.state.coverageRequests.filter((c) => c.status === 'pending' && c.userId !== 'usr_me');
  const lines = everyText({ state: engine.getState(), nowMs: h.clock.now(), localZone: 'Europe/Berlin' })
    .filter((s) => ['tray-tooltip', 'tray-menu', 'popover', 'status'].includes(s.surface))
    .flatMap((s) => s.text.split('\n').map((t) => ({ surface: s.surface, t })));
  // Listed under its account's ref ("main:cov_1"): the service's id is what follows it.
  const asking = engine.getState().coverage.askingMe.map((c) => c.id.replace(/^[^:]+:/, ''));
  await engine.stop();
  await h.close();
  return { pending: pending.map((c) => c.id), lines, asking, twoReadAfter };
}

describe('one service watched twice: the coverage list is the freshest read of either key', () => {
  it('a request withdrawn at the service, read by Two, is not listed from One’s saved data', async () => {
    const w = await world(true);
    expect(w.twoReadAfter).toBe(true);
    expect(w.asking).toEqual(w.pending);
    const asks = w.lines.filter((l) => /Asks you/.test(l.t));
    expect(asks).toEqual([]);
    expect(w.lines.filter((l) => l.surface === 'tray-menu' && /Cover…/.test(l.t))).toEqual([]);
  }, 60_000);

  it('a request still pending, read by Two, is listed once and not as saved data', async () => {
    const w = await world(false);
    expect(w.twoReadAfter).toBe(true);
    expect(w.pending).toEqual(['cov_1']);
    expect(w.asking).toEqual(w.pending);
    const tooltip = w.lines.filter((l) => l.surface === 'tray-tooltip' && /Asks you/.test(l.t));
    expect(tooltip.length).toBeGreaterThan(0);
    for (const l of w.lines.filter((x) => /Asks you/.test(x.t))) expect(l.t).not.toMatch(/saved data/);
  }, 60_000);
});
