// Issue 48, one service watched by two accounts, the first account's key revoked at the service midway (adv48 r17,
// the gap after #1): a swap's second side, and an away Retry, fall through to the second account, read the schedule
// again there first, and write each block once. Overrides are counted from the simulator's own state.
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientOptions } from '../../../electron/api/client-types';
import type { Engine } from '../../../electron/core/engine/types';
import { serviceSeed } from '../../support/two-service-seeds';
import { createHarness, trackedClientFactory, type Harness } from '../support/engine-harness';

const START = Date.parse('2026-03-04T12:00:00Z'); // Wed; Alice (me) Fri 3/6, Bob Sat 3/7 (daily from Mon 08:00Z)
const KEY = 'ocs_work_key_1111';
const SECOND_KEY = 'ocs_work_key_2222';
const FRI = Date.parse('2026-03-06T08:00:00Z');
const SAT = Date.parse('2026-03-07T08:00:00Z');
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

interface World {
  h: Harness;
  engine: Engine;
  /** The key each override POST was sent with, in order. */
  posts: string[];
  /** Revoke the first key at the service just before the Nth POST (1-based). */
  revokeBefore: (n: number) => void;
  /** Answer the Nth POST (1-based) 429 at the service (naming no wait: a named one is held for the key, and the
   *  run's later blocks would then not be sent: engine/write-wait.ts), and the one try it then makes through the second key (a 429
   *  to a write falls through once: adv48 r38 #2): nothing written. */
  refuseAt: (n: number) => void;
  /** Stop the app and start it again (its files kept): the new engine is `engine`. */
  restart: () => Promise<void>;
}

async function watchedTwice(): Promise<World> {
  const seed = serviceSeed(KEY, ['alice', 'bob']);
  seed.users.push({ ...seed.users[1]!, id: 'usr_carol', name: 'Carol Person', email: 'carol@example.com' });
  h = await createHarness({ startMs: START, seed });
  const hh = h;
  hh.sim.state.addKey(SECOND_KEY, 'usr_alice');
  const account = (id: string, label: string) => ({
    id,
    label,
    baseUrl: hh.sim.url,
    email: 'alice@example.com',
    schedules: [{ id: 'sch_primary' }],
  });
  await hh.files.writeAtomic(
    'settings.json',
    JSON.stringify({ version: 2, accounts: [account('work', 'Work'), account('again', 'Again')] }),
  );
  await hh.secrets.set(`work@${new URL(hh.sim.url).host}`, KEY);
  await hh.secrets.set(`again@${new URL(hh.sim.url).host}`, SECOND_KEY);
  const posts: string[] = [];
  let revokeAt = 0;
  let refuseAt = 0;
  const tracked = trackedClientFactory(hh.clock.inFlight);
  const createClient = (options: ClientOptions) => {
    const c = tracked(options);
    return {
      ...c,
      createOverride: async (...a: Parameters<typeof c.createOverride>) => {
        posts.push(String(await options.getApiKey()));
        if (posts.length === revokeAt) hh.sim.state.revokeKey(KEY);
        if (posts.length === refuseAt) hh.sim.faults.set('createOverride', { status: 429, times: 2 });
        return c.createOverride(...a);
      },
    };
  };
  const world: World = {
    h: hh,
    engine: hh.engine({ createClient }),
    posts,
    revokeBefore: (n) => (revokeAt = n),
    refuseAt: (n) => (refuseAt = n),
    restart: async () => {
      await world.engine.stop();
      world.engine = hh.engine({ createClient });
      await world.engine.start();
      await hh.clock.advance(5_000);
    },
  };
  await world.engine.start();
  await hh.clock.advance(5_000);
  return world;
}

/** Each override the service holds: its start and its people (the simulator's own state, not the app's). */
const overrides = (hh: Harness) =>
  (hh.sim.state.schedules.get('sch_primary')?.overrides ?? [])
    .map((o) => `${iso(o.startMs)}..${iso(o.endMs)} ${o.userIds.join(',')}`)
    .sort();

const SWAPPED = [`${iso(FRI)}..${iso(FRI + DAY)} usr_bob`, `${iso(SAT)}..${iso(SAT + DAY)} usr_alice`];

async function awayItems(w: World) {
  const plan = await w.h.clock.runWhileAdvancing(
    w.engine.handlers['handoff:plan']({ range: { from: '2026-03-05', to: '2026-03-09' } }),
  );
  const rows = plan.ok ? plan.value.rows : [];
  return rows.map((r) => ({ scheduleId: r.scheduleId, start: r.start, end: r.end, email: 'bob@example.com' }));
}

const swap = (w: World) =>
  w.h.clock.runWhileAdvancing(
    w.engine.handlers['swap:create']({
      mine: { scheduleId: 'work:sch_primary', start: iso(FRI), end: iso(FRI + DAY) },
      theirs: { scheduleId: 'work:sch_primary', start: iso(SAT), end: iso(SAT + DAY), email: 'bob@example.com' },
    }),
  );

describe('one service, two accounts, the first key revoked midway', () => {
  for (const n of [1, 2]) {
    it(`a swap whose POST ${n} meets the revoked key: both sides written once, the rest through the second account`, async () => {
      const w = await watchedTwice();
      w.revokeBefore(n);
      const answer = await swap(w);
      if (!answer.ok) throw new Error(answer.error.message);
      expect(answer.value.text).toMatch(/^Swapped: Bob Person covers your Fri 09:00 – Sat 09:00/);
      // The 401 wrote nothing; that side again, and any later one, went once through the second key.
      expect(w.posts).toEqual(n === 1 ? [KEY, SECOND_KEY, SECOND_KEY] : [KEY, KEY, SECOND_KEY]);
      expect(overrides(w.h)).toEqual(SWAPPED);
    }, 60_000);
  }

  for (const action of ['retry', 'hand-back'] as const) {
    it(`swap ${action} after side 2 was refused and the first key revoked: read and written once through the second account`, async () => {
      const w = await watchedTwice();
      w.refuseAt(2);
      const swapped = await swap(w);
      if (!swapped.ok) throw new Error(swapped.error.message);
      expect(swapped.value.mine.state).toBe('handed_off');
      expect(swapped.value.theirs.state).not.toBe('handed_off');
      expect(overrides(w.h)).toEqual([SWAPPED[0]]);
      w.h.sim.state.revokeKey(KEY);
      await w.h.clock.advance(60_000);
      const settled = await w.h.clock.runWhileAdvancing(w.engine.handlers['swap:settle']({ action, ...swapped.value }));
      if (!settled.ok) throw new Error(settled.error.message);
      // Side 2's 429 went once through the second key too (429 again), then the settle through it.
      expect(w.posts).toEqual([KEY, KEY, SECOND_KEY, SECOND_KEY]);
      // Retry: Bob's Saturday is mine now; Hand back: I cover my Friday again (over Bob's cover of it).
      const third = action === 'retry' ? SWAPPED[1] : `${iso(FRI)}..${iso(FRI + DAY)} usr_alice`;
      expect(overrides(w.h)).toEqual([SWAPPED[0], third].sort());
    }, 60_000);
  }

  it('away Retry after the first key was revoked and a manager gave the block to Carol: read through the second account, said, nothing written', async () => {
    const w = await watchedTwice();
    const items = await awayItems(w);
    w.h.sim.faults.set('createOverride', { status: 429, times: 2 });
    await w.h.clock.runWhileAdvancing(w.engine.handlers['handoff:create']({ items }));
    const left = overrides(w.h);
    w.h.sim.state.revokeKey(KEY);
    const first = items[0];
    if (!first) throw new Error('no block');
    const [startMs, endMs] = [Date.parse(first.start), Date.parse(first.end)];
    w.h.sim.state.addOverride('sch_primary', { startMs, endMs, userIds: ['usr_carol'] }, w.h.clock.now());
    await w.h.clock.advance(60_000);
    const again = await w.h.clock.runWhileAdvancing(w.engine.handlers['handoff:retry'](null));
    const after = again.ok ? (again.value.run?.items ?? []) : [];
    expect(after[0]?.state).toBe('changed');
    expect(after[0]?.message).toMatch(/Carol Person/);
    // Nothing more was sent: the manager's Carol is the only override added.
    // (The first block's 429 went once through the second key too, also 429.)
    expect(w.posts).toEqual([KEY, SECOND_KEY, ...items.slice(1).map(() => KEY)]);
    expect(overrides(w.h)).toEqual([...left, `${iso(startMs)}..${iso(endMs)} usr_carol`].sort());
  }, 60_000);

  it('away resumed after a restart, the first key revoked meanwhile: the block not sent goes once through the second account', async () => {
    const w = await watchedTwice();
    const items = await awayItems(w);
    const planned = items.map((i) => `${iso(Date.parse(i.start))}..${iso(Date.parse(i.end))} usr_bob`).sort();
    w.refuseAt(1);
    await w.h.clock.runWhileAdvancing(w.engine.handlers['handoff:create']({ items }));
    expect(overrides(w.h)).toHaveLength(items.length - 1);
    w.h.sim.state.revokeKey(KEY);
    await w.restart();
    const status = await w.h.clock.runWhileAdvancing(w.engine.handlers['handoff:get'](null));
    const kept = status.ok ? (status.value.run?.items ?? []) : [];
    expect(kept.filter((i) => i.state !== 'handed_off')).toHaveLength(1);
    const again = await w.h.clock.runWhileAdvancing(w.engine.handlers['handoff:retry'](null));
    // Those written before the restart are read back as shown by the service (said so), the one left is written.
    const after = again.ok ? again.value.run?.items.map((i) => i.state) : [again.error.message];
    expect(after).toEqual(items.map(() => 'handed_off'));
    expect(w.posts).toEqual([KEY, SECOND_KEY, ...items.slice(1).map(() => KEY), SECOND_KEY]);
    expect(overrides(w.h)).toEqual(planned);
  }, 60_000);

  it('away Retry after the first key was revoked: the block not sent goes once through the second account', async () => {
    const w = await watchedTwice();
    const plan = await w.h.clock.runWhileAdvancing(
      w.engine.handlers['handoff:plan']({ range: { from: '2026-03-05', to: '2026-03-09' } }),
    );
    const rows = plan.ok ? plan.value.rows : [];
    const items = rows.map((r) => ({ scheduleId: r.scheduleId, start: r.start, end: r.end, email: 'bob@example.com' }));
    expect(items.length).toBeGreaterThan(0);
    const planned = items.map((i) => `${iso(Date.parse(i.start))}..${iso(Date.parse(i.end))} usr_bob`).sort();
    // The service answers the write 429 through both keys (nothing written): the block is left for Retry.
    w.h.sim.faults.set('createOverride', { status: 429, times: 2 });
    const made = await w.h.clock.runWhileAdvancing(w.engine.handlers['handoff:create']({ items }));
    const states = made.ok ? made.value.run?.items.map((i) => i.state) : [];
    expect(states?.filter((x) => x !== 'handed_off')).toHaveLength(1);
    expect(overrides(w.h)).toHaveLength(items.length - 1);
    w.h.sim.state.revokeKey(KEY);
    await w.h.clock.advance(60_000);
    const again = await w.h.clock.runWhileAdvancing(w.engine.handlers['handoff:retry'](null));
    const after = again.ok ? again.value.run?.items.map((i) => `${i.state} ${i.message}`) : [again.error.message];
    expect(after).toEqual(items.map(() => 'handed_off '));
    // One POST per block through the first key (the 429 among them, tried once through the second key too, 429
    // again), then the one left, once, through the second.
    expect(w.posts).toEqual([KEY, SECOND_KEY, ...items.slice(1).map(() => KEY), SECOND_KEY]);
    expect(overrides(w.h)).toEqual(planned);
  }, 60_000);
});
