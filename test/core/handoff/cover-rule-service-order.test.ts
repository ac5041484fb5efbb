// Issue 48 (adv48 r30 #1): the cover rule of I'm away ("a teammate on a schedule I watch") is judged over every
// schedule watched at the SERVICE (all accounts with the same address and e-mail), so the same hand-off is written or
// refused whatever the accounts' order in Settings. One service, two accounts: A watches Pair, B watches Pair and
// Solo; Carol is only on Solo. It was refused with A listed first ("… this account watches") and written with B
// first. Carol taken off Solo is still refused, in either order, and the refusal names the service's accounts.
import { describe, expect, it } from 'vitest';
import { timeline } from '../../../electron/simulator/rotation';
import { createHarness } from '../support/engine-harness';
import { API_KEY, ME } from '../support/seeds';
import { overridesOn, pairSeed, START } from './support/pair-world';

const TUE = { start: '2026-03-24T08:00:00Z', end: '2026-03-25T08:00:00Z' };
type Said = { said: string; held: string[][]; expected: string[] };

async function away(order: 'A,B' | 'B,A', carolOffSolo = false): Promise<Said> {
  const h = await createHarness({ startMs: START, seed: pairSeed() });
  h.sim.state.addKey('ocs_second_key', 'usr_me');
  const solo = h.sim.state.schedules.get('sch_solo');
  if (carolOffSolo && solo?.layers[0]) solo.layers[0].userIds = ['usr_bob'];
  const host = new URL(h.sim.url).host;
  const A = { id: 'main', label: 'A', baseUrl: h.sim.url, email: ME, schedules: [{ id: 'sch_pair' }] };
  const B = {
    id: 'second',
    label: 'B',
    baseUrl: h.sim.url,
    email: ME,
    schedules: [{ id: 'sch_pair' }, { id: 'sch_solo' }],
  };
  const accounts = order === 'B,A' ? [B, A] : [A, B];
  await h.files.writeAtomic('settings.json', JSON.stringify({ version: 2, accounts }));
  await h.secrets.set(`main@${host}`, API_KEY);
  await h.secrets.set(`second@${host}`, 'ocs_second_key');
  // Expected from the simulator's own rotation: Carol replaces me; whoever else is on Pair over Tue stays.
  const pair = h.sim.state.schedules.get('sch_pair');
  const over = pair ? timeline(pair, Date.parse(TUE.start), Date.parse(TUE.end)) : [];
  const others = [...new Set(over.flatMap((s) => s.userIds))].filter((u) => u !== 'usr_me');
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  const made = await h.clock.runWhileAdvancing(
    engine.handlers['handoff:create']({ items: [{ scheduleId: 'sch_pair', ...TUE, email: 'carol@example.com' }] }),
    1000,
    300,
  );
  const said = made.ok
    ? (made.value.run?.items.map((i) => `${i.state}: ${i.message}`).join(' | ') ?? '')
    : `${made.error.kind}: ${made.error.message}`;
  const held = overridesOn(h, 'sch_pair').map((o) => [...o.userIds]);
  await engine.stop();
  await h.close();
  return { said, held, expected: ['usr_carol', ...others] };
}

describe('I’m away’s cover rule over a service watched by two accounts', () => {
  it('a cover on a schedule the service is watched for is handed the block whatever the accounts’ order', async () => {
    for (const order of ['A,B', 'B,A'] as const) {
      const r = await away(order);
      expect(r.expected.length, order).toBeGreaterThan(1);
      expect(r.held, `${order}: ${r.said}`).toEqual([r.expected]);
      expect(r.said, order).toMatch(/^handed_off/);
    }
  }, 60_000);

  it('a cover on no schedule watched at the service is refused in either order, naming the service', async () => {
    for (const order of ['A,B', 'B,A'] as const) {
      const r = await away(order, true);
      expect(r.held, order).toEqual([]);
      // The service is named by its accounts' names, as Settings lists them.
      const named = order === 'A,B' ? 'A and B' : 'B and A';
      expect(r.said, order).toContain(`carol@example.com is not on any schedule watched at this service (${named}),`);
      expect(r.said, order).not.toContain('this account');
    }
  }, 60_000);

  // Create, a restart's resume and a Retry check one rule (store-claims.ts, send-gate.ts): A listed first, the write
  // fails (503, not landed), the app restarts; the saved cover is kept and Retry writes it.
  it('A listed first: kept after a restart and written by Retry, as Create took it', async () => {
    const h = await createHarness({ startMs: START, seed: pairSeed(), files: 'fs' });
    h.sim.state.addKey('ocs_second_key', 'usr_me');
    const host = new URL(h.sim.url).host;
    const A = { id: 'main', label: 'A', baseUrl: h.sim.url, email: ME, schedules: [{ id: 'sch_pair' }] };
    const B = {
      id: 'second',
      label: 'B',
      baseUrl: h.sim.url,
      email: ME,
      schedules: [{ id: 'sch_pair' }, { id: 'sch_solo' }],
    };
    await h.files.writeAtomic('settings.json', JSON.stringify({ version: 2, accounts: [A, B] }));
    await h.secrets.set(`main@${host}`, API_KEY);
    await h.secrets.set(`second@${host}`, 'ocs_second_key');
    const pair = h.sim.state.schedules.get('sch_pair');
    const over = pair ? timeline(pair, Date.parse(TUE.start), Date.parse(TUE.end)) : [];
    const expected = ['usr_carol', ...new Set(over.flatMap((x) => x.userIds))].filter((u) => u !== 'usr_me');
    let engine = h.engine();
    await h.clock.runWhileAdvancing(engine.start(), 1000, 60);
    h.sim.faults.set('createOverride', { status: 503, times: 1 });
    const item = { scheduleId: 'sch_pair', ...TUE, email: 'carol@example.com' };
    const made = await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items: [item] }), 1000, 120);
    expect(made.ok, made.ok ? '' : made.error.message).toBe(true);
    await h.clock.runWhileAdvancing(engine.handoffIdle(), 1000, 120);
    await engine.stop();
    engine = h.engine();
    await h.clock.runWhileAdvancing(engine.start(), 1000, 60);
    await h.clock.runWhileAdvancing(engine.handoffIdle(), 1000, 120);
    const resumed = await engine.handlers['handoff:get'](null);
    expect(resumed.ok && resumed.value.notice).toBeNull();
    expect(resumed.ok && resumed.value.run?.items.map((i) => i.email)).toEqual(['carol@example.com']);
    await h.clock.advance(2 * 60_000);
    const retry = await h.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null), 1000, 120);
    await h.clock.runWhileAdvancing(engine.handoffIdle(), 1000, 120);
    await engine.stop();
    expect(retry.ok && retry.value.run?.items.map((i) => i.state)).toEqual(['handed_off']);
    expect(overridesOn(h, 'sch_pair').map((o) => [...o.userIds])).toEqual([expected]);
    await h.close();
  }, 60_000);
});
