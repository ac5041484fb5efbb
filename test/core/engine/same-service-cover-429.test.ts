// One service watched by two accounts (One, Two) where every call with One's key answers 429: Cover…'s re-read of
// the coverage request before its write goes through the same routing as every write (issue 48, adv48 r39 F3). It
// falls through to Two's key and is written once; when Two's key does not list the request (the service lists each
// user's own), the answer says so and names One's key and its wait with its time, nothing sent.
import { describe, expect, it } from 'vitest';
import type { ClientOptions, OncallClient } from '../../../electron/api/client-types';
import { createHarness, trackedClientFactory } from '../support/engine-harness';
import { API_KEY, ME, seedOf } from '../support/seeds';
import { waitEnd as berlin } from '../support/wait-end';

const START = Date.parse('2026-03-25T10:00:00Z');
const SECOND_KEY = 'ocs_test_key_2';
const ASKED = { start: '2026-03-27T08:00:00Z', end: '2026-03-28T08:00:00Z' }; // Alice's day, the request's shift
const WAIT_MS = 60_000;
const daily = {
  zone: 'Etc/UTC',
  rotationStart: '2026-03-20T08:00:00.000Z',
  length: { amount: 1, unit: 'days' as const },
};

interface Scene {
  /** One's key answers 429 to every call from the moment after the first sync. */
  limited: boolean;
  /** Whether the service lists the request to Two's key too. */
  twoSees: boolean;
}

async function scene(s: Scene) {
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
  const posts: string[] = [];
  const tracked = trackedClientFactory(h.clock.inFlight);
  const busy = {
    ok: false as const,
    error: {
      kind: 'rate_limited' as const,
      message: 'Rate limited.',
      retryAfterMs: WAIT_MS,
      serverMessage: 'slow down, One',
    },
  };
  // Per key, as the service answers it: One's key waits; Two's key may list no request it did not make.
  const createClient = (options: ClientOptions): OncallClient => {
    const c = tracked(options);
    const keyed = async <A>(call: () => Promise<A>): Promise<A | typeof busy> =>
      limited && (await options.getApiKey()) === API_KEY ? busy : call();
    return {
      ...c,
      getSchedule: (...a) => keyed(() => c.getSchedule(...a)),
      listShifts: (...a) => keyed(() => c.listShifts(...a)),
      listAllShifts: (...a) => keyed(() => c.listAllShifts(...a)),
      getOverride: (...a) => keyed(() => c.getOverride(...a)),
      listCoverageRequests: (...a) => keyed(() => c.listCoverageRequests(...a)),
      listAllCoverageRequests: (...a) =>
        keyed(async () => {
          const list = await c.listAllCoverageRequests(...a);
          const hidden = !s.twoSees && (await options.getApiKey()) === SECOND_KEY;
          return list.ok && hidden ? { ok: true, value: { ...list.value, requests: [] } } : list;
        }),
      createOverride: async (...a) => {
        const key = String(await options.getApiKey());
        if (limited && key === API_KEY) return busy;
        posts.push(key);
        return c.createOverride(...a);
      },
    };
  };
  const engine = h.engine({ createClient });
  await engine.start();
  await h.clock.advance(1_000);
  const reqId = engine.getState().coverage.askingMe[0]?.id;
  expect(reqId).toBe('main:cov_1');
  limited = s.limited;
  const form = {
    scheduleId: 'main:sch_solo',
    window: { kind: 'custom' as const, ...ASKED },
    emails: [ME],
    replaces: ['alice@example.com'],
    previewed: ASKED,
    coverageRequestId: reqId,
  };
  const create = () => h.clock.runWhileAdvancing(engine.handlers['override:create'](form));
  const overrides = () => h.sim.state.schedules.get('sch_solo')?.overrides ?? [];
  return { h, create, posts, overrides };
}

describe('Cover… on a service watched by two accounts, One’s key rate limited', () => {
  it('is written once through Two’s key, and pressed again sends nothing more', async () => {
    const { h, create, posts, overrides } = await scene({ limited: true, twoSees: true });
    const first = await create();
    expect(first.ok && first.value.status).toBe('created');
    const again = await create();
    expect(again.ok).toBe(true);
    expect(posts).toEqual([SECOND_KEY]);
    expect(overrides().map((o) => ({ users: o.userIds, start: o.startMs, end: o.endMs }))).toEqual([
      { users: ['usr_me'], start: Date.parse(ASKED.start), end: Date.parse(ASKED.end) },
    ]);
    await h.close();
  }, 60_000);

  it('when Two’s key does not list the request: says so, names One’s key and its wait with its time, sends nothing', async () => {
    const { h, create, posts, overrides } = await scene({ limited: true, twoSees: false });
    const askedAt = h.clock.now();
    for (const answer of [await create(), await create()]) {
      expect(answer.ok).toBe(false);
      const message = answer.ok ? '' : answer.error.message;
      expect(message).toContain('One’s key');
      expect(message).toContain(`until ${berlin(askedAt + WAIT_MS)}`);
      expect(message).toContain('Two’s key');
      expect(message).toContain('slow down, One');
      expect(message).not.toMatch(/withdrawn|no longer/);
    }
    expect(posts).toEqual([]);
    expect(overrides()).toEqual([]);
    await h.close();
  }, 60_000);

  it('control: with no wait, it is written once through One’s key', async () => {
    const { h, create, posts, overrides } = await scene({ limited: false, twoSees: false });
    const first = await create();
    expect(first.ok && first.value.status).toBe('created');
    expect(posts).toEqual([API_KEY]);
    expect(overrides().map((o) => o.userIds)).toEqual([['usr_me']]);
    await h.close();
  }, 60_000);
});
