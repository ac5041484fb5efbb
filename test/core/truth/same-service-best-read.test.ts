// Issue 47, adversarial round 1, finding 1: one service added as two accounts (same address and e-mail), both
// watching Ops. The first account's key is rejected; a manager gives my running Ops block to Alice. The second
// account reads Ops fresh: every surface must say what that read says (I am not on call now), the calendar must drop
// the block, and the change must be noticed once, never again on later syncs. Real engine, the simulator on
// loopback, a fake clock; the truth is asked of the service with the second key, apart from the app.
import { describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { surfaces } from './support';

const MIN = 60_000;
const HOUR = 60 * MIN;

async function world(): Promise<Harness> {
  // Ops: 8 h shifts from 01:00Z (Bob, me, Alice); Pay: Alice and Bob daily. At 10:00Z I am on Ops, 09:00–17:00Z.
  const seed = seedOf([
    {
      id: 'sch_ops',
      name: 'Ops',
      zone: 'Etc/UTC',
      rotationStart: '2026-03-01T01:00:00Z',
      userIds: ['usr_bob', 'usr_me', 'usr_alice'],
      length: { amount: 8, unit: 'hours' },
    },
    {
      id: 'sch_pay',
      name: 'Pay',
      zone: 'Etc/UTC',
      rotationStart: '2026-03-01T20:00:00Z',
      userIds: ['usr_alice', 'usr_bob'],
      length: { amount: 1, unit: 'days' },
    },
  ]);
  const harness = await createHarness({ startMs: Date.parse('2026-03-10T10:00:00Z'), seed, files: 'fs' });
  harness.sim.state.addKey('ocs_second_key', 'usr_me');
  const host = new URL(harness.sim.url).host;
  const account = (id: string, label: string, schedules: string[]) => ({
    id,
    label,
    baseUrl: harness.sim.url,
    email: ME,
    schedules: schedules.map((s) => ({ id: s })),
  });
  await harness.files.writeAtomic(
    'settings.json',
    JSON.stringify({
      version: 2,
      startAtLogin: true,
      accounts: [account('a', 'Alpha', ['sch_ops']), account('b', 'Beta', ['sch_ops', 'sch_pay'])],
    }),
  );
  await harness.secrets.set(`a@${host}`, harness.sim.apiKey);
  await harness.secrets.set(`b@${host}`, 'ocs_second_key');
  return harness;
}

describe('round 1 (1): the same service as two accounts, the first one’s key rejected', () => {
  it('says what the fresh read says on every surface, and notices the change once', async () => {
    const h = await world();
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(MIN);
    expect(engine.getState().me.onCallNow.length).toBe(1);
    h.sim.state.revokeKey(h.sim.apiKey);
    const mine = { startMs: Date.parse('2026-03-10T09:00:00Z'), endMs: Date.parse('2026-03-10T17:00:00Z') };
    h.sim.state.addOverride('sch_ops', { ...mine, userIds: ['usr_alice'] }, h.clock.now());
    await h.clock.advance(30 * MIN);
    // The service's truth, read with the second key (not through the app).
    const answer = await fetch(`${h.sim.url}/schedules/sch_ops`, { headers: { 'x-api-key': 'ocs_second_key' } });
    const body = (await answer.json()) as { schedule: { current_oncall_shift: { users: { email: string }[] } } };
    const meNow = body.schedule.current_oncall_shift.users.some((u) => u.email === ME);
    expect(meNow).toBe(false);
    const state = engine.getState();
    expect(state.me.onCallNow).toEqual([]);
    const text = surfaces(state, h.clock.now());
    expect(text.tooltip).not.toMatch(/On call:/);
    expect(text.menu).not.toMatch(/You are on call/);
    expect(text.popover).not.toMatch(/^On call/m);
    expect(text.status).not.toMatch(/You are on call now/);
    expect(text.handoff).not.toMatch(/I'm on call/);
    // The calendar no longer holds the block that was given away.
    const ics = await engine.calendar(2);
    expect(ics).not.toContain('DTSTART:20260310T090000Z');
    // Noticed once, and never again over later syncs.
    await h.clock.advance(3 * HOUR);
    const removed = h.notifier.shown.filter((n) => /removed|changed/i.test(n.title));
    expect(removed.map((n) => n.title)).toEqual(['Alpha · Your shift was removed']);
    const seen = h.notifier.shown.map((n) => `${n.title}|${n.body}`);
    expect(new Set(seen).size).toBe(seen.length);
  });
});
