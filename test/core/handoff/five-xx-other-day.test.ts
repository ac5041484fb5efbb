// Issue 48 (adv48 r22 #2): I'm away 3–8 Mar covered by Carol; every write answered 503 (nothing applied). A manager
// then gives my Tue block to Bob, which moves the schedule's revision. Retry refused the untouched Thu block ("the
// schedule changed after the service answered the write with an error … nothing was sent again"), and the next Retry
// said "its answer never came", though the answer did come (a 503). A 5xx's write is verified by reading its own
// window: showing me there as before the write, it did not land, so Retry re-derives it from now and sends it once;
// the Tue block that Bob holds now is never written over. With or without a restart, on one account or two at the
// same service. Real engine, the simulator on loopback, a fake clock; expected overrides computed here from the plan.
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, type Harness } from '../support/engine-harness';
import { API_KEY, ME, seedOf } from '../support/seeds';

const START = Date.parse('2026-03-02T10:00:00Z');
const SECOND_KEY = 'ocs_test_key_2';
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function world(two: boolean): Promise<{ h: Harness; engine: Engine }> {
  const seed = seedOf([
    {
      id: 'sch_db',
      name: 'Database',
      zone: 'Etc/UTC',
      rotationStart: '2026-03-01T08:00:00Z',
      userIds: ['usr_me', 'usr_alice'],
      length: { amount: 1, unit: 'days' },
    },
  ]);
  seed.api_keys.push({ key: SECOND_KEY, user_id: 'usr_me' });
  // Me every other day: 3, 5 and 7 Mar are mine inside the away range.
  const layers = (seed.schedules as { layers: { user_ids: string[] }[] }[])[0]!.layers;
  layers[0]!.user_ids = ['usr_me', 'usr_alice', 'usr_me', 'usr_bob', 'usr_me', 'usr_carol'];
  const harness = await createHarness({ startMs: START, seed });
  const host = new URL(harness.sim.url).host;
  const account = (id: string, label: string) => ({
    id,
    label,
    baseUrl: harness.sim.url,
    email: ME,
    schedules: [{ id: 'sch_db' }],
  });
  const accounts = two ? [account('main', 'A'), account('second', 'B')] : [account('main', 'A')];
  await harness.files.writeAtomic('settings.json', JSON.stringify({ version: 2, startAtLogin: true, accounts }));
  await harness.secrets.set(`main@${host}`, API_KEY);
  if (two) await harness.secrets.set(`second@${host}`, SECOND_KEY);
  const engine = harness.engine();
  await engine.start();
  await harness.clock.advance(2_000);
  return { h: harness, engine };
}

const items = (v: unknown): Record<string, string> =>
  (v as { said?: { items?: Record<string, string> } }).said?.items ?? {};
const overrides = (h: Harness) =>
  (h.sim.state.schedules.get('sch_db')?.overrides ?? [])
    .map((o) => `${new Date(o.startMs).toISOString()} ${o.userIds.join(',')}`)
    .sort();

describe('away: a 503 on every block, then a manager changes another day', () => {
  for (const restart of [false, true])
    for (const two of [false, true])
      it(`Retry sends the untouched blocks once and never says "never came" (restart: ${restart}, two accounts: ${two})`, async () => {
        const w = await world(two);
        const h = w.h;
        let engine = w.engine;
        const plan = await h.clock.runWhileAdvancing(
          engine.handlers['handoff:plan']({ range: { from: '2026-03-03', to: '2026-03-08' } }),
        );
        if (!plan.ok) throw new Error(plan.error.message);
        const rows = plan.value.rows;
        expect(rows.length).toBeGreaterThanOrEqual(3);
        const its = rows.map((r) => ({
          scheduleId: r.scheduleId,
          start: r.start,
          end: r.end,
          email: 'carol@example.com',
        }));
        h.sim.faults.set('createOverride', { status: 503 });
        const range = { from: plan.value.from, to: plan.value.to };
        await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items: its, range }));
        h.sim.faults.clear();
        expect(overrides(h)).toEqual([]);
        if (restart) await engine.stop();
        const tue = rows[0]!;
        h.sim.state.addOverride(
          'sch_db',
          { startMs: Date.parse(tue.start), endMs: Date.parse(tue.end), userIds: ['usr_bob'] },
          h.clock.now(),
        );
        await h.clock.advance(5 * 60_000);
        if (restart) {
          engine = h.engine();
          await engine.start();
          await h.clock.advance(20_000);
        }
        const r1 = await h.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null));
        const r2 = await h.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null));
        if (!r1.ok || !r2.ok) throw new Error('retry failed');
        // Bob keeps Tue; Carol covers each other block exactly once (no duplicate across two Retries).
        const expected = [
          `${new Date(tue.start).toISOString()} usr_bob`,
          ...rows.slice(1).map((r) => `${new Date(r.start).toISOString()} usr_carol`),
        ].sort();
        expect(overrides(h)).toEqual(expected);
        for (const said of [items(r1.value), items(r2.value)])
          for (const text of Object.values(said)) expect(text).not.toMatch(/answer never came/);
      }, 60_000);
});
