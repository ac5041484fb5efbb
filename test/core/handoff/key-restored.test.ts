// adv48 r18 #2: the key revoked at the service just before an away item's POST (401), then accepted again: Retry
// wrote the later blocks through that key but kept the 401'd block "Refused: The API key was not accepted" for good.
// A 401 is not final (like a lifted 403): Retry reads it again and writes it once. Real engine, the simulator, a fake
// clock; overrides counted in the simulator's own state.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { API_KEY, ME } from '../support/seeds';
import { overridesOn, pairSeed, START } from './support/pair-world';

const MON = { scheduleId: 'sch_pair', start: '2026-03-23T08:00:00Z', end: '2026-03-24T08:00:00Z' };
const TUE = { scheduleId: 'sch_pair', start: '2026-03-24T08:00:00Z', end: '2026-03-25T08:00:00Z' };
const items = [
  { ...MON, email: 'bob@example.com' },
  { ...TUE, email: 'alice@example.com' },
];

async function revokedAtFirstPost(): Promise<{ h: Harness; engine: Engine }> {
  const h = await createHarness({ startMs: START, seed: pairSeed() });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_pair', 'sch_solo'] });
  let first = true;
  const engine = h.engine({
    wrapClient: (c) => ({
      ...c,
      createOverride: (id, input) => {
        if (first) h.sim.state.revokeKey(API_KEY);
        first = false;
        return c.createOverride(id, input);
      },
    }),
  });
  await engine.start();
  await h.clock.advance(1_000);
  return { h, engine };
}

const posts = (h: Harness) => h.sim.requests.all().filter((r) => r.method === 'POST').length;

describe('an away block refused 401, the key accepted again later', () => {
  it('Retry reads it again and writes it once, like the later blocks', async () => {
    const { h, engine } = await revokedAtFirstPost();
    const made = await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }), 1000, 300);
    expect(made.ok && made.value.run?.items[0]?.state).toBe('refused');
    expect(overridesOn(h, 'sch_pair')).toHaveLength(0);
    await h.clock.advance(60_000);
    h.sim.state.addKey(API_KEY, 'usr_me');
    await h.clock.advance(30_000);
    const retried = await h.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null), 1000, 300);
    const states = retried.ok ? retried.value.run?.items.map((i) => i.state) : [];
    expect(states).toEqual(['handed_off', 'handed_off']);
    const held = overridesOn(h, 'sch_pair').map((o) => [new Date(o.startMs).toISOString(), [...o.userIds].sort()]);
    expect(held).toEqual([
      ['2026-03-23T08:00:00.000Z', ['usr_alice', 'usr_bob']],
      ['2026-03-24T08:00:00.000Z', ['usr_alice', 'usr_bob']],
    ]);
    const sent = posts(h);
    await h.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null), 1000, 300);
    expect(posts(h)).toBe(sent);
    await engine.stop();
  }, 60_000);
});
