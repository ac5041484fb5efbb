// Issue 48, adversarial round 9 (F2, F3): one rule for a hand-off item, at Create, at a live Retry and after a
// restart (item-stands.ts). Same world, same button, same outcome:
// - a cover no schedule of the hand-off lists (Create wrote one, which the restart then threw away as "a cover the
//   schedule does not list"): refused at Create, nothing sent, as the resume refuses it; one another of the
//   hand-off's schedules lists is kept on both paths (saved-claims-cover.test.ts);
// - a schedule unwatched before Retry: nothing is written there by either path, and it is said;
// - the account now on another user (or address): said at once, never "could not be read … checking again soon".
// Solo, daily from 08:00 UTC: Mon 3/2 me, Tue Bob, Wed Carol, Thu me. Alice is only on Other (not in the hand-off).
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import type { HandoffRun } from '../../../electron/shared/handoff';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const MON = Date.parse('2026-03-02T08:00:00Z');
const daily = { zone: 'Etc/UTC', rotationStart: '2026-03-02T08:00:00Z', length: { amount: 1, unit: 'days' as const } };

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const ok = <T>(a: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!a.ok) throw new Error(a.error.message);
  return a.value;
};

/** Away Thu on Solo with `cover`; the write gets a 503; then `between` (a settings change), then Retry, live or after
 *  a restart. The run after Retry, the notice, and the overrides the service holds. */
async function retried(cover: string, restart: boolean, between?: object) {
  h = await createHarness({
    startMs: MON - 12 * 3_600_000,
    seed: seedOf([
      { id: 'sch_solo', name: 'Solo', userIds: ['usr_me', 'usr_bob', 'usr_carol'], ...daily },
      { id: 'sch_other', name: 'Other', userIds: ['usr_alice', 'usr_bob'], ...daily },
    ]),
  });
  const hh = h;
  await seedSettings(hh, { email: ME, scheduleIds: ['sch_solo', 'sch_other'] });
  let engine: Engine = hh.engine();
  await engine.start();
  await hh.clock.advance(1_000);
  const plan = ok(
    await hh.clock.runWhileAdvancing(
      engine.handlers['handoff:plan']({ range: { from: '2026-03-05', to: '2026-03-05' } }),
    ),
  );
  const items = plan.rows
    .filter((r) => r.scheduleId === 'sch_solo')
    .map((r) => ({ scheduleId: r.scheduleId, start: r.start, end: r.end, email: cover }));
  expect(items).toHaveLength(1);
  hh.sim.faults.set('createOverride', { status: 503, body: { message: 'busy' }, times: 1 });
  const created = await hh.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }));
  if (!created.ok) return { created, run: null, notice: '', overrides: [] };
  expect(created.value.run?.items.map((i) => i.state)).toEqual(['not_landed']);
  if (between) ok(await hh.clock.runWhileAdvancing(engine.handlers['settings:update'](between as never)));
  await hh.clock.advance(60_000);
  if (restart) {
    await engine.stop();
    engine = hh.engine();
    await engine.start();
    await hh.clock.advance(30_000);
  }
  const after = ok(await hh.clock.runWhileAdvancing(engine.handlers['handoff:get'](null)));
  const answer = await hh.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null));
  const run: HandoffRun | null = answer.ok ? answer.value.run : null;
  const overrides = hh.sim.state.schedules.get('sch_solo')?.overrides ?? [];
  return { created, run, notice: after.notice ?? '', overrides };
}

describe('Retry live and after a restart: one outcome for one world', () => {
  it('a cover no schedule of the hand-off lists is refused at Create (the restart would drop it): nothing sent', async () => {
    const { created, overrides } = await retried('alice@example.com', false);
    expect(created.ok).toBe(false);
    if (!created.ok)
      expect(created.error.message).toMatch(/^Nothing was sent: alice@example.com is not one of the people/);
    expect(overrides).toHaveLength(0);
  }, 30_000);

  for (const restart of [false, true]) {
    const when = restart ? 'after a restart' : 'live';
    it(`${when}: a schedule unwatched before Retry gets nothing written, and it is said`, async () => {
      const unwatch = { account: { id: 'main', schedules: [{ id: 'sch_other' }] } };
      const { run, notice, overrides } = await retried('carol@example.com', restart, unwatch);
      expect(overrides).toHaveLength(0);
      if (restart) expect(notice).toMatch(/a schedule not watched now.*Nothing of them was sent/);
      else {
        expect(run?.items.map((i) => i.state)).toEqual(['not_sent']);
        expect(run?.items[0]?.message).toBe('Solo is no longer watched: not sent.');
      }
    }, 30_000);
  }

  it("live: the account now on another user says so at once, not 'checking again soon'", async () => {
    const { run, overrides } = await retried('carol@example.com', false, {
      account: { id: 'main', email: 'bob@example.com' },
    });
    expect(overrides).toHaveLength(0);
    expect(run?.items.map((i) => i.message)).toEqual([
      "It was planned for another service address or user than its account's now: not sent.",
    ]);
  }, 30_000);
});
