// Adversarial round 9 (#2, #3): one rule for a hand-off at Create, a live Retry and a resume after a restart, so the
// same world gives the same outcome with or without a restart. Real engine, real files, the simulator, a fake clock.
// Berlin: me and Alice; New York: Bob, me and Carol. Mine: Berlin Thu 26 Mar 08:00Z, New York Fri 27 Mar 12:00Z.
// Before: Create accepted a stranger (nobody any watched schedule lists) and wrote them; a live Retry wrote to a
// schedule unwatched since Create; after the account's address changed, Retry said "could not be read … checking
// again soon" for good, where a restart says the real reason.
import { SETTLE_MS } from '../../../electron/core/actions/override-verify';
import { afterEach, describe, expect, it } from 'vitest';
import { MAIN_ACCOUNT_ID } from '../../../electron/shared/accounts';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const T0 = Date.parse('2026-03-24T10:00:00Z');

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const writes = (x: Harness) => x.sim.requests.all().filter((r) => r.method !== 'GET');

/** Plans Thu–Fri, and hands off the blocks of the schedules `cover` names, every write failing (503: not landed). */
async function createFailing(cover: Record<string, string>) {
  h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
  const engine = h.engine();
  await h.clock.runWhileAdvancing(engine.start(), 1000, 60);
  const plan = await h.clock.runWhileAdvancing(
    engine.handlers['handoff:plan']({ range: { from: '2026-03-26', to: '2026-03-27' } }),
  );
  if (!plan.ok) throw new Error('plan failed');
  const rows = plan.value.rows.filter((r) => cover[r.scheduleId] !== undefined);
  const items = rows.map((r) => ({ ...r, email: cover[r.scheduleId] ?? '' }));
  h.sim.faults.set('createOverride', { status: 503, times: items.length });
  const created = await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }), 1000, 120);
  await h.clock.runWhileAdvancing(engine.handoffIdle(), 1000, 120);
  return { h, engine, created };
}

describe('who the app may hand a block to: one rule at Create, Retry and resume', () => {
  it('Create refuses a stranger no watched schedule lists, in the words a Retry uses; nothing is sent', async () => {
    const { h, engine, created } = await createFailing({
      sch_berlin: 'mallory@evil.example',
      sch_newyork: 'carol@example.com',
    });
    expect(created.ok).toBe(false);
    expect(!created.ok && created.error.message).toBe(
      'Nothing was sent: mallory@evil.example is not on any schedule watched at this service (127.0.0.1), so your shift can’t be ' +
        'handed to them. Pick a teammate from its schedules.',
    );
    expect(writes(h)).toEqual([]);
    await engine.stop();
  }, 30_000);

  it('a teammate from another watched schedule: Create writes, a live Retry and a resume both keep it', async () => {
    const { h, engine, created } = await createFailing({ sch_berlin: 'bob@example.com' });
    expect(created.ok && created.value.run?.items.map((i) => i.state)).toEqual(['not_landed']);
    await engine.stop();
    const again = h.engine();
    await h.clock.runWhileAdvancing(again.start(), 1000, 60);
    await h.clock.runWhileAdvancing(again.handoffIdle(), 1000, 120);
    const resumed = await again.handlers['handoff:get'](null);
    expect(resumed.ok && resumed.value.notice).toBeNull();
    // The failed write's settle survives the restart (lost-answers.json, adv48 r11 #1): Retry once it is over.
    await h.clock.advance(2 * 60_000);
    const retry = await h.clock.runWhileAdvancing(again.handlers['handoff:retry'](null), 1000, 120);
    expect(retry.ok && retry.value.run?.items.map((i) => [i.scheduleId, i.name, i.state])).toEqual([
      ['sch_berlin', 'Bob Stone', 'handed_off'],
    ]);
    const landed = [...h.sim.state.schedules.values()].flatMap((s) => s.overrides.map((o) => [s.id, o.userIds]));
    expect(landed).toEqual([['sch_berlin', ['usr_bob']]]);
    await again.stop();
  }, 30_000);
});

describe('what changed on the account between Create and a live Retry (as a restart checks it)', () => {
  it('a schedule unwatched since Create: said on the item, nothing written there', async () => {
    const { h, engine } = await createFailing({ sch_berlin: 'alice@example.com', sch_newyork: 'carol@example.com' });
    const before = writes(h).length;
    const unwatched = await engine.handlers['settings:update']({
      account: { id: MAIN_ACCOUNT_ID, schedules: [{ id: 'sch_berlin' }] },
    });
    expect(unwatched.ok).toBe(true);
    // A 5xx not seen applied is sent again only once the service has had time to apply it (adv48 round 10 #1).
    await h.clock.advance(SETTLE_MS);
    const retry = await h.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null), 1000, 120);
    if (!retry.ok) throw new Error('retry failed');
    const ny = retry.value.run?.items.find((i) => i.scheduleId === 'sch_newyork');
    expect([ny?.state, ny?.message]).toEqual(['not_sent', 'New York payments is no longer watched: not sent.']);
    const sent = writes(h).slice(before);
    expect(sent.map((w) => w.path).filter((p) => p.includes('sch_newyork'))).toEqual([]);
    expect(sent.filter((w) => w.path.includes('sch_berlin'))).toHaveLength(1);
    await engine.stop();
  }, 30_000);

  it('the account now points at another service address: said at once, nothing written to either', async () => {
    const { h, engine } = await createFailing({ sch_berlin: 'alice@example.com', sch_newyork: 'carol@example.com' });
    const before = writes(h).length;
    const moved = await engine.handlers['settings:update']({
      account: { id: MAIN_ACCOUNT_ID, baseUrl: 'http://127.0.0.1:9/' },
    });
    expect(moved.ok).toBe(true);
    const retry = await h.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null), 1000, 120);
    if (!retry.ok) throw new Error('retry failed');
    expect(retry.value.run?.items.map((i) => [i.state, i.message])).toEqual([
      ['not_sent', 'Not sent: it was planned for another service address or user than this account’s now.'],
      ['not_sent', 'Not sent: it was planned for another service address or user than this account’s now.'],
    ]);
    expect(writes(h).length).toBe(before);
    await engine.stop();
  }, 30_000);
});
