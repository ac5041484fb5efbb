// adv48 r44 #1: one service watched by two accounts (One, Two: same address and e-mail, two keys). The late-own watch
// is the service's: an own write answered 504 (applied at 200 s) through one key, then a later write over its window
// through the other key, still gets the "may still be applied" note, and the late landing is told once.
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientOptions, OncallClient } from '../../../electron/api/client-types';
import { createHarness, trackedClientFactory, type Harness } from '../support/engine-harness';
import { API_KEY, ME, seedOf } from '../support/seeds';
import { create, DB, START, holderAt } from './support/late-own-world';

const SECOND_KEY = 'ocs_test_key_2';
let h: Harness | undefined;
afterEach(async () => void (await h?.close(), (h = undefined)));

/** Two accounts of one service; One's creates answer 429 while `limitOne.on`. Keys used per create, in order. */
async function twoAccounts(hh: Harness) {
  hh.sim.state.addKey(SECOND_KEY, 'usr_me');
  const host = new URL(hh.sim.url).host;
  const account = (id: string, label: string) => ({
    id,
    label,
    baseUrl: hh.sim.url,
    email: ME,
    schedules: [{ id: 'sch_db' }],
  });
  const settings = { version: 2, accounts: [account('main', 'One'), account('second', 'Two')] };
  await hh.files.writeAtomic('settings.json', JSON.stringify(settings));
  await hh.secrets.set(`main@${host}`, API_KEY);
  await hh.secrets.set(`second@${host}`, SECOND_KEY);
  const limitOne = { on: false };
  const keys: string[] = [];
  const tracked = trackedClientFactory(hh.clock.inFlight);
  const createClient = (options: ClientOptions): OncallClient => {
    const c = tracked(options);
    return {
      ...c,
      createOverride: async (...a) => {
        const one = (await options.getApiKey()) === API_KEY;
        if (limitOne.on && one)
          return {
            ok: false as const,
            error: { kind: 'rate_limited' as const, message: 'Rate limited.', retryAfterMs: 3_600_000 },
          };
        keys.push(one ? 'One' : 'Two');
        return c.createOverride(...a);
      },
    };
  };
  const engine = hh.engine({ createClient });
  await engine.start();
  await hh.clock.advance(1_000);
  return { engine, limitOne, keys };
}

describe('the late-own watch is the service’s, whichever key wrote (adv48 r44 #1)', () => {
  // (Bob through Two first leaves One waiting out its 429 for an hour: Carol would go through Two too.)
  it('Bob through One (504, applied at 200 s), Carol at 150 s through Two (One 429): note, then one notice', async () => {
    h = await createHarness({ startMs: START, seed: seedOf([DB]) });
    const { engine, limitOne, keys } = await twoAccounts(h);
    h.sim.faults.set('createOverride', { status: 504, applyAfterMs: 200_000, times: 1 });
    const first = await create(h, engine, 'bob@example.com');
    expect(first.ok && first.value.status).toBe('not_created');
    await h.clock.advance(149_000);
    limitOne.on = true;
    const second = await create(h, engine, 'carol@example.com');
    expect(keys).toEqual(['One', 'Two']);
    if (!second.ok || second.value.status !== 'created') throw new Error(JSON.stringify(second));
    expect(second.value.note).toMatch(
      /^Your earlier request \((Bob Stone|bob@example\.com), .*\) may still be applied by the service; the app watches for it and tells you if it is\.$/,
    );
    await h.clock.advance(10 * 60_000);
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    await h.clock.advance(60_000);
    // The world: Bob landed over Carol, whom the user chose after him.
    expect(holderAt(h, '2026-12-01T12:00:00Z')).toBe('usr_bob');
    const told = h.notifier.shown.filter((n) => n.id.includes('late-own'));
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toMatch(
      /^The service applied your earlier request late: (Bob Stone|bob@example\.com) now covers .*, over (Carol Lee|carol@example\.com), whom you chose after it\.$/,
    );
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    await h.clock.advance(30 * 60_000);
    expect(h.notifier.shown.filter((n) => n.id.includes('late-own'))).toHaveLength(1);
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(2);
  }, 60_000);
});
