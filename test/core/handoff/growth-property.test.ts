// Issue 48: a write of a plan compares my block over the same window the plan had, whenever the write runs. Generated
// worlds: the plan made seconds or minutes before my block starts, or after it began (a current block, planned from
// the second of the plan); Create pressed at once or minutes later; a manager puts me on call for a stretch of any
// size from one second up beside the block, where the plan had me off call, still ahead when the write runs; a refresh
// before Create brings the change into the app's data, or doesn't. Real
// engine, simulator, fake clock. Expected, computed apart: any such growth is said ("changed") and nothing is sent;
// with the service holding exactly what was planned, the block is handed off from the write on (never "changed":
// the seconds between the plan's start and the write's now used to read as growth, held off by a one-minute floor
// that hid real growth under a minute). FC_RUNS=n runs n worlds (default 10).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 10);
const S = 1_000;
const M = 60_000;
const H = 3_600_000;
const DAY = 24 * H;
/** My block on Solo: Thu 5 March 08:00Z for a day (Bob before it, Carol after it). */
const R = Date.parse('2026-03-05T08:00:00Z');
const E = R + DAY;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const seed = () =>
  seedOf([
    {
      id: 'sch_solo',
      name: 'Solo',
      zone: 'Etc/UTC',
      rotationStart: new Date(R - DAY).toISOString(),
      userIds: ['usr_bob', 'usr_me', 'usr_carol'],
      length: { amount: 1, unit: 'days' },
    },
  ]);

/** A span of time of either scale: seconds (with milliseconds) or minutes. */
const span = (maxSeconds: number, maxMinutes: number) =>
  fc.oneof(
    fc.integer({ min: 1_000, max: maxSeconds * S }),
    fc.integer({ min: 1, max: maxMinutes }).map((m) => m * M),
  );

const world = fc.record({
  /** The plan, before my block starts (> 0) or after it began (< 0). */
  planBefore: fc.tuple(fc.boolean(), span(59, 180)).map(([before, ms]) => (before ? ms : -ms)),
  /** Create pressed this long after the plan. */
  delayMs: fc.oneof(fc.integer({ min: 0, max: 5_000 }), span(59, 30)),
  /** The manager's growth: none, or me on call beside the block, before it or after it. */
  growth: fc.option(fc.record({ before: fc.boolean(), ms: span(59, 120) }), { nil: undefined }),
  /** A refresh ran before Create (the change in the app's data already), or not (met only by the write's re-read). */
  refreshed: fc.boolean(),
});

describe('away: growth of my block is seen at any size, and none is invented', () => {
  it('changed exactly when the block grew where the plan had me off call (still ahead), else handed off', async () => {
    await fc.assert(
      fc.asyncProperty(world, async ({ planBefore, delayMs, growth, refreshed }) => {
        const planMs = R - planBefore;
        const h = await createHarness({ startMs: planMs - 5 * S, seed: seed() });
        try {
          await seedSettings(h, { email: ME, scheduleIds: ['sch_solo'] });
          const engine = h.engine();
          await engine.start();
          await h.clock.advance(planMs - h.clock.now());
          const range = { from: day(planMs), to: day(E + DAY) };
          const plan = await h.clock.runWhileAdvancing(engine.handlers['handoff:plan']({ range }));
          if (!plan.ok) throw new Error(plan.error.message);
          const row = plan.value.rows.find((r) => Date.parse(r.end) === E);
          if (!row) throw new Error(`no row for my block in ${JSON.stringify(plan.value.rows)}`);
          // Growth before the block counts only while it is still ahead when Create runs (with a margin for the
          // fake clock's steps); otherwise the same growth goes after the block.
          const writeAtMs = planMs + delayMs;
          const before = growth?.before === true && R - growth.ms >= writeAtMs + 10 * S;
          if (growth) {
            const at = before ? { startMs: R - growth.ms, endMs: R } : { startMs: E, endMs: E + growth.ms };
            h.sim.state.addOverride('sch_solo', { ...at, userIds: ['usr_me'] }, h.clock.now());
          }
          await h.clock.advance(delayMs);
          // Past the app's own refresh time its data reads as stale until a read ("refresh first"), as the form shows.
          if (refreshed || delayMs > 5 * M) await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
          const made = await h.clock.runWhileAdvancing(
            engine.handlers['handoff:create']({
              items: [{ scheduleId: 'sch_solo', start: row.start, end: row.end, email: 'carol@example.com' }],
              range,
            }),
          );
          if (!made.ok) throw new Error(made.error.message);
          const item = made.value.run?.items[0];
          const writes = h.sim.requests.all().filter((q) => q.route === 'createOverride');
          if (growth) {
            expect(item?.state).toBe('changed');
            expect(item?.message).toMatch(/^Changed since you planned it: you are now on call /);
            expect(writes).toHaveLength(0);
          } else {
            expect([item?.state, item?.message]).toEqual(['handed_off', '']);
            const held = h.sim.state.schedules.get('sch_solo')?.overrides ?? [];
            expect(held.map((o) => [o.endMs, o.userIds])).toEqual([[E, ['usr_carol']]]);
            // From the block's start, or from the write's second when it had begun.
            expect(held[0]!.startMs).toBe(Math.max(R, Math.ceil(writeAtMs / S) * S));
          }
        } finally {
          await h.close();
        }
      }),
      { numRuns: NUM_RUNS },
    );
  }, 120_000);
});
