// One service (Work: alice, me, and bob daily on sch_primary from Mon 2 March 08:00 UTC) behind a scripted faulty
// proxy, settings and key stored as the app stores them, and an engine started and synced.
import { createHarness, type Harness } from '../../support/engine-harness';
import { serviceSeed } from '../../../support/two-service-seeds';
import { startFaultProxy, type FaultProxy, type WriteFault } from './fault-proxy';

export const KEY = 'ocs_work_key_1111';

export async function oneService(startMs: number, script: (n: number) => WriteFault) {
  const harness: Harness = await createHarness({ startMs, seed: serviceSeed(KEY, ['alice', 'bob']), files: 'fs' });
  const proxy: FaultProxy = await startFaultProxy(harness.sim.url, script);
  const account = { id: 'main', label: 'Work', baseUrl: proxy.url, email: 'alice@example.com' };
  await harness.files.writeAtomic(
    'settings.json',
    JSON.stringify({ version: 2, startAtLogin: true, accounts: [{ ...account, schedules: [{ id: 'sch_primary' }] }] }),
  );
  await harness.secrets.set(`main@${new URL(proxy.url).host}`, KEY);
  const engine = harness.engine({ client: { timeoutMs: 1_000 } });
  return {
    harness,
    proxy,
    engine,
    async start() {
      await engine.start();
      await harness.clock.advance(5_000);
    },
    async close() {
      await harness.close();
      await proxy.close();
    },
  };
}
