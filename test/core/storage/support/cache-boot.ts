// What the cache.json claim tests share: their start (Tue 24 Mar 10:00Z) and an engine booted on a harness whose data
// folder the test has prepared: started, settled, 5 s on.
import type { Harness } from '../../support/engine-harness';

export const T0 = Date.parse('2026-03-24T10:00:00Z');

export async function boot(harness: Harness) {
  const e = harness.engine();
  await harness.clock.runWhileAdvancing(e.start(), 1000, 60);
  await harness.clock.settle();
  await harness.clock.advance(5_000);
  return e;
}
