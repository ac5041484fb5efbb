// One service watched by two accounts (issue 48, adv48 r17 #1 and the gap after it): Solo, daily from 08:00 UTC
// (3/23 me, 3/24 Alice, 3/25 Bob — on call at the start —, 3/26 me, 3/29 me, 4/1 me), accounts One (`main`, API_KEY)
// and Two (`second`, SECOND_KEY) with the same address and e-mail. Each override POST's key is recorded, and the
// first key can be revoked at the service just before the Nth POST. The caller closes `h`.
import type { ClientOptions } from '../../../../electron/api/client-types';
import type { Engine } from '../../../../electron/core/engine/types';
import { createHarness, trackedClientFactory, type Harness } from '../../support/engine-harness';
import { API_KEY, ME, seedOf } from '../../support/seeds';

export const START = Date.parse('2026-03-25T10:00:00Z');
export const SECOND_KEY = 'ocs_test_key_2';

export interface World {
  h: Harness;
  engine: Engine;
  /** The key each override POST was sent with, in order. */
  posts: string[];
  /** Revoke the first key at the service just before the Nth POST (1-based). */
  revokeBefore: (n: number) => void;
}

export async function soloTwice(): Promise<World> {
  const daily = {
    zone: 'Etc/UTC',
    rotationStart: '2026-03-20T08:00:00.000Z',
    length: { amount: 1, unit: 'days' as const },
  };
  const hh = await createHarness({
    startMs: START,
    seed: seedOf([{ id: 'sch_solo', name: 'Solo', userIds: ['usr_me', 'usr_alice', 'usr_bob'], ...daily }]),
  });
  hh.sim.state.addKey(SECOND_KEY, 'usr_me');
  const host = new URL(hh.sim.url).host;
  const account = (id: string, label: string) => ({
    id,
    label,
    baseUrl: hh.sim.url,
    email: ME,
    schedules: [{ id: 'sch_solo' }],
  });
  await hh.files.writeAtomic(
    'settings.json',
    JSON.stringify({ version: 2, accounts: [account('main', 'One'), account('second', 'Two')] }),
  );
  await hh.secrets.set(`main@${host}`, API_KEY);
  await hh.secrets.set(`second@${host}`, SECOND_KEY);
  const posts: string[] = [];
  let revokeAt = 0;
  const tracked = trackedClientFactory(hh.clock.inFlight);
  const createClient = (options: ClientOptions) => {
    const c = tracked(options);
    return {
      ...c,
      createOverride: async (...a: Parameters<typeof c.createOverride>) => {
        posts.push(String(await options.getApiKey()));
        if (posts.length === revokeAt) hh.sim.state.revokeKey(API_KEY);
        return c.createOverride(...a);
      },
    };
  };
  const engine = hh.engine({ createClient });
  await engine.start();
  await hh.clock.advance(1_000);
  return { h: hh, engine, posts, revokeBefore: (n) => (revokeAt = n) };
}

export /** Each override the service holds, with its people, read from the simulator's own state (not through the app). */
const overrides = (hh: Harness) =>
  (hh.sim.state.schedules.get('sch_solo')?.overrides ?? [])
    .map((o) => `${new Date(o.startMs).toISOString()}..${new Date(o.endMs).toISOString()}`)
    .sort();
