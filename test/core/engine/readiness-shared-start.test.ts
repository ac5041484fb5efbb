// Adversarial round 5 (issue 47, finding 5): Work and Acme both put me on call Fri 09:00 Berlin. After the first read
// Acme's key is rejected. The readiness said "Work · Ready ✓" with Work listed first and "Acme · Not ready" with Acme
// first: it judged only the block of the account listed first. Every account's block that starts then is judged;
// the worst speaks, naming its account, whatever the order.
import { expect, it } from 'vitest';
import { createHarness } from '../support/engine-harness';
import { startSimulator } from '../../../electron/simulator/server';
import { serviceSeed } from '../../support/two-service-seeds';
import { MIN } from '../../support/time';

const T0 = Date.parse('2026-03-05T10:00:00Z');
const WORK_KEY = 'ocs_work_key_1111';
const ACME_KEY = 'ocs_acme_key_2222';

async function readinessWith(acmeFirst: boolean) {
  const h = await createHarness({ startMs: T0, seed: serviceSeed(WORK_KEY, ['alice', 'bob']) });
  const seed = serviceSeed(ACME_KEY, ['erin', 'bob']);
  // Acme's daily blocks start at 09:00 Berlin too: both accounts' next start is Fri 09:00.
  const layer = seed.schedules[0]?.layers[0];
  if (layer) layer.rotation_start = '2026-03-02T08:00:00Z';
  const acme = await startSimulator({ seed, now: () => h.clock.now() });
  const acc = (id: string, label: string, baseUrl: string, email: string) => ({
    id,
    label,
    baseUrl,
    email,
    schedules: [{ id: 'sch_primary' }],
  });
  const list = [acc('work', 'Work', h.sim.url, 'alice@example.com'), acc('acme', 'Acme', acme.url, 'erin@example.com')];
  if (acmeFirst) list.reverse();
  await h.files.writeAtomic('settings.json', JSON.stringify({ version: 2, startAtLogin: true, accounts: list }));
  await h.secrets.set(`work@${new URL(h.sim.url).host}`, WORK_KEY);
  await h.secrets.set(`acme@${new URL(acme.url).host}`, ACME_KEY);
  const e = h.engine();
  try {
    await e.start();
    await h.clock.advance(MIN);
    acme.state.revokeKey(ACME_KEY);
    await h.clock.advance(40 * MIN);
    const state = e.getState();
    expect(state.accounts.find((a) => a.id === 'acme')?.sync.kind).toBe('key_rejected');
    return state.me.readiness;
  } finally {
    await e.stop();
    await acme.close();
    await h.close();
  }
}

it('a start shared by two accounts is judged by the worst block, in either order of the accounts', async () => {
  const workFirst = await readinessWith(false);
  const acmeFirst = await readinessWith(true);
  for (const r of [workFirst, acmeFirst]) {
    expect(Date.parse(r?.shift.start ?? '')).toBe(Date.parse('2026-03-06T08:00:00Z'));
    expect(r?.shift.accountId).toBe('acme');
    expect(r?.checks.find((c) => c.id === 'key')).toMatchObject({
      result: 'problem',
      message: 'The service rejected the API key: enter a new one.',
    });
  }
  expect(workFirst).toEqual(acmeFirst);
}, 30_000);
