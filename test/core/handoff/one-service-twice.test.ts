// Issue 48, across accounts: one service watched by two accounts (the same address; the same key or another key of
// the same person) is planned and written once. The plan lists each block of mine once, and a hand-off that names
// a block through both accounts writes one override for it; the second is read first and found in place.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { serviceSeed } from '../../support/two-service-seeds';
import { createHarness, type Harness } from '../support/engine-harness';

const START = Date.parse('2026-03-04T12:00:00Z');
const KEY = 'ocs_work_key_1111';
const OTHER_KEY = 'ocs_work_key_2222';

let h: Harness | undefined;
async function watchedTwice(secondKey: string): Promise<{ h: Harness; engine: Engine }> {
  const seed = serviceSeed(KEY, ['alice', 'bob']);
  seed.api_keys.push({ key: OTHER_KEY, user_id: 'usr_alice' });
  h = await createHarness({ startMs: START, seed });
  const account = (id: string, label: string) => ({
    id,
    label,
    baseUrl: h!.sim.url,
    email: 'alice@example.com',
    schedules: [{ id: 'sch_primary' }],
  });
  await h.files.writeAtomic(
    'settings.json',
    JSON.stringify({ version: 2, startAtLogin: true, accounts: [account('work', 'Work'), account('again', 'Again')] }),
  );
  const host = new URL(h.sim.url).host;
  await h.secrets.set(`work@${host}`, KEY);
  await h.secrets.set(`again@${host}`, secondKey);
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(5_000);
  return { h, engine };
}

const overrides = (hh: Harness) => hh.sim.state.schedules.get('sch_primary')?.overrides ?? [];

describe('one service watched by two accounts', () => {
  for (const [label, key] of [
    ['the same key', KEY],
    ['another key of mine', OTHER_KEY],
  ] as const)
    it(`with ${label}: each block is planned once and written once`, async () => {
      const { h, engine } = await watchedTwice(key);
      const plan = await h.clock.runWhileAdvancing(
        engine.handlers['handoff:plan']({ range: { from: '2026-03-05', to: '2026-03-08' } }),
      );
      if (!plan.ok) throw new Error(plan.error.message);
      const starts = plan.value.rows.map((r) => r.start);
      expect(new Set(starts).size).toBe(starts.length);
      expect(plan.value.rows.map((r) => r.accountId)).toEqual(plan.value.rows.map(() => 'work'));
      // A request naming a block through both accounts (an old form, a second window) still writes it once.
      const row = plan.value.rows[0]!;
      const twice = [row.scheduleId, row.scheduleId.replace(/^work:/, 'again:')];
      expect(twice[1]).not.toBe(twice[0]);
      const items = [
        ...plan.value.rows.map((r) => ({
          scheduleId: r.scheduleId,
          start: r.start,
          end: r.end,
          email: 'bob@example.com',
        })),
        { scheduleId: twice[1]!, start: row.start, end: row.end, email: 'bob@example.com' },
      ];
      const made = await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }));
      if (!made.ok) throw new Error(made.error.message);
      expect(overrides(h)).toHaveLength(plan.value.rows.length);
      const windows = overrides(h).map((o) => `${o.startMs}|${o.endMs}`);
      expect(new Set(windows).size).toBe(windows.length);
    }, 60_000);
});
