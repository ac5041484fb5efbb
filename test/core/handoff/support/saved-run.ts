// A saved hand-off (handoff.json) read back by the real engine at start: me@example.com watches Berlin (me, Alice)
// and New York; my Berlin block Thu 26 Mar 08:00Z → Fri 08:00Z. Real files, the simulator, a fake clock; the
// harness is closed after the test (test/support/closing.ts).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { itemIdOf } from '../../../../electron/core/handoff/plan';
import { originOf } from '../../../../electron/core/storage/cache-origin';
import { createHarness, seedSettings, type Harness } from '../../support/engine-harness';
import { ME, threeZoneSeed } from '../../support/seeds';

export const T0 = Date.parse('2026-03-24T10:00:00Z');
export const BLOCK = { start: '2026-03-26T08:00:00.000Z', end: '2026-03-27T08:00:00.000Z' };

const textOf = (o: object, key: string): string | undefined => {
  const v: unknown = Object.entries(o).find(([k]) => k === key)?.[1];
  return typeof v === 'string' ? v : undefined;
};

/** A saved item for my Berlin block, Alice covering, pending unless `over` says otherwise. Its id is the one the app
 *  makes from the item's own schedule and start (plan.ts itemIdOf) unless `over` names one. */
export const savedItem = (over: object) => ({
  id: itemIdOf({ scheduleId: textOf(over, 'scheduleId') ?? 'sch_berlin', start: textOf(over, 'start') ?? BLOCK.start }),
  accountId: 'main',
  scheduleId: 'sch_berlin',
  scheduleName: 'Berlin primary',
  timeZone: 'Europe/Berlin',
  ...BLOCK,
  email: 'alice@example.com',
  others: [],
  name: 'Alice Doe',
  state: 'pending',
  message: '',
  ...over,
});

/** The run `items` saved at `createdAt` (09:00Z that day unless said), `whileDown` done to the service, then the
 *  engine started and its resume settled (idle, 30 s on, idle again). */
export async function resumeSaved(
  items: object[],
  whileDown: (h: Harness) => void = () => undefined,
  createdAt = '2026-03-24T09:00:00.000Z',
) {
  const h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
  // Stamped with the account's service and user, as the app writes it (an unstamped file is not resumed).
  const origins = { main: originOf({ baseUrl: h.sim.url, email: ME }) };
  const run = { version: 1, id: 'run1', createdAt, origins, items };
  await writeFile(join(h.dir, 'handoff.json'), JSON.stringify(run));
  whileDown(h);
  const engine = h.engine();
  await h.clock.runWhileAdvancing(engine.start(), 1000, 60);
  await h.clock.runWhileAdvancing(engine.handoffIdle(), 1000, 120);
  await h.clock.advance(30_000);
  await h.clock.runWhileAdvancing(engine.handoffIdle(), 1000, 120);
  return { h, engine };
}
