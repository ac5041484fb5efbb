// Two services for the accounts tests: the harness's simulator ("Work") and a second one ("Acme"), each with its own
// key and a daily rotation on THE SAME schedule id (sch_primary) between two people of its own. Settings (v2) and
// both keys are stored the way the app stores them; the engine is built, not started.
import { createClient } from '../../../../electron/api/client';
import type { Engine } from '../../../../electron/core/engine/types';
import { startSimulator, type RunningSimulator } from '../../../../electron/simulator/server';
import { serviceSeed } from '../../../support/two-service-seeds';
import { createHarness, type Harness } from '../../support/engine-harness';
import { closeAfterTest } from '../../../support/closing';

export const KEY_WORK = 'ocs_work_key_1111';
export const KEY_ACME = 'ocs_acme_key_2222';

export { serviceSeed };

export interface TwoServices {
  harness: Harness;
  /** The harness's simulator is Work's. */
  acme: RunningSimulator;
  engine: Engine;
  close(): Promise<void>;
}

/** `acmeSeed` may change Acme's people (e.g. one who is also on Work, by e-mail) or add to its seed. `engineOptions`
 * builds the engine otherwise (`{}`: the app's own, the shift-start alarm running). */
export async function twoServices(
  startMs: number,
  acmeSeed: (seed: ReturnType<typeof serviceSeed>) => void = () => undefined,
  engineOptions: Parameters<Harness['engine']>[0] = { alarms: false },
): Promise<TwoServices> {
  const harness = await createHarness({ startMs, seed: serviceSeed(KEY_WORK, ['alice', 'bob']), files: 'fs' });
  const seed = serviceSeed(KEY_ACME, ['erin', 'frank']);
  acmeSeed(seed);
  const acme = await startSimulator({ seed, now: () => harness.clock.now() });
  const account = (id: string, label: string, baseUrl: string, email: string) => ({
    id,
    label,
    baseUrl,
    email,
    schedules: [{ id: 'sch_primary' }],
  });
  const settings = {
    version: 2,
    startAtLogin: true,
    accounts: [
      account('work', 'Work', harness.sim.url, 'alice@example.com'),
      account('acme', 'Acme', acme.url, 'erin@example.com'),
    ],
  };
  await harness.files.writeAtomic('settings.json', JSON.stringify(settings));
  await harness.secrets.set(`work@${new URL(harness.sim.url).host}`, KEY_WORK);
  await harness.secrets.set(`acme@${new URL(acme.url).host}`, KEY_ACME);
  // By default the accounts' own reminders, "On call now" included: with the shift-start alarm running, the alarm
  // would be each start's notice instead (issue 50; its accounts are tested in test/core/alarm and alarm-wired.test.ts).
  const engine = harness.engine(engineOptions);
  // Closed after the test like the harness, by the shared afterEach (test/support/closing.ts).
  return closeAfterTest({
    harness,
    acme,
    engine,
    async close() {
      await harness.close();
      await acme.close().catch(() => undefined);
    },
  });
}

/** Who the service itself says is on call now on sch_primary (its own answer, read with its own key). */
export async function onCallNow(sim: RunningSimulator, key: string): Promise<string[]> {
  const client = createClient({ baseUrl: sim.url, getApiKey: () => key });
  try {
    const schedule = await client.getSchedule('sch_primary');
    if (!schedule.ok) throw new Error(schedule.error.message);
    return schedule.value.current_oncall_shift?.users.map((u) => u.name) ?? [];
  } finally {
    client.close();
  }
}
