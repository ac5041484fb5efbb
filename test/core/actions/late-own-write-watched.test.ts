// adv48 r43 #1: an own write the service applies LATE (a 504 applied at 200 s, after the app's 2-minute settle) is
// watched on the normal reads: a later write over its window says so, and when it lands over the user's later choice
// the app says so once.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { create, DB, START, W, holderAt, type Engine } from './support/late-own-world';

let h: Harness | undefined;
afterEach(async () => void (await h?.close(), (h = undefined)));

async function start(): Promise<{ h: Harness; engine: Engine }> {
  // Me and Alice alternate daily from Nov 20: Tue Dec 1 is Alice's day.
  h = await createHarness({ startMs: START, seed: seedOf([DB]) });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_db'] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  return { h, engine };
}

describe('an own write applied after its settle (adv48 r43 #1)', () => {
  it('Bob (504, applied at 200 s), then Carol at 150 s: the result says Bob may still land; when he does, one notice', async () => {
    const { h, engine } = await start();
    h.sim.faults.set('createOverride', { status: 504, applyAfterMs: 200_000, times: 1 });
    const first = await create(h, engine, 'bob@example.com');
    expect(first.ok && first.value.status).toBe('not_created');
    await h.clock.advance(150_000);
    const second = await create(h, engine, 'carol@example.com');
    if (!second.ok || second.value.status !== 'created') throw new Error(JSON.stringify(second));
    expect(second.value.note).toMatch(
      /^Your earlier request \((Bob Stone|bob@example\.com), .*\) may still be applied by the service; the app watches for it and tells you if it is\.$/,
    );
    // Carol holds while Bob has not landed: nothing to tell yet.
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    expect(holderAt(h, '2026-12-01T12:00:00Z')).toBe('usr_carol');
    expect(h.notifier.shown.filter((n) => n.id.includes('late-own'))).toHaveLength(0);
    await h.clock.advance(10 * 60_000);
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    await h.clock.advance(60_000);
    // The world: the service now holds Bob over the window, though the user chose Carol after him.
    expect(holderAt(h, '2026-12-01T12:00:00Z')).toBe('usr_bob');
    const told = h.notifier.shown.filter((n) => n.id.includes('late-own'));
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toMatch(
      /^The service applied your earlier request late: (Bob Stone|bob@example\.com) now covers .*, over (Carol Lee|carol@example\.com), whom you chose after it\.$/,
    );
    expect(told[0]!.target).toBe('override');
    expect(told[0]!.params).toMatchObject({ start: W.start, end: W.end, who: 'others', people: 'carol@example.com' });
    // Never a second notice for the same late write, however many reads show it.
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    await h.clock.advance(30 * 60_000);
    expect(h.notifier.shown.filter((n) => n.id.includes('late-own'))).toHaveLength(1);
  }, 60_000);

  it('the same Bob again at 150 s (first applied at 200 s): its result says the earlier one may still be applied', async () => {
    const { h, engine } = await start();
    h.sim.faults.set('createOverride', { status: 504, applyAfterMs: 200_000, times: 1 });
    await create(h, engine, 'bob@example.com');
    await h.clock.advance(150_000);
    const second = await create(h, engine, 'bob@example.com');
    if (!second.ok || second.value.status !== 'created') throw new Error(JSON.stringify(second));
    expect(second.value.note).toMatch(
      /^Your earlier request \((Bob Stone|bob@example\.com), .*\) may still be applied/,
    );
  }, 60_000);
});
