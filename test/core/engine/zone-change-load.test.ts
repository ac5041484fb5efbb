// Adversarial round 5 (issue 47, finding 7): at 22:30Z on 31 Mar the machine's zone moves Berlin → New York (Berlin
// is then 1 Apr 00:30, New York 31 Mar 18:30). The state's load stayed in Berlin's month ("last month 2026-03", no
// "this month") until the next read, beside a header in New York's time. A zone change derives the state again.
import { expect, it } from 'vitest';
import { createHarness } from '../support/engine-harness';
import { serviceSeed } from '../../support/two-service-seeds';
import { MIN } from '../../support/time';

const T0 = Date.parse('2026-03-31T20:00:00Z');
const KEY = 'ocs_work_key_1111';

it('after a zone change the load is counted in the new zone at once', async () => {
  const h = await createHarness({ startMs: T0, seed: serviceSeed(KEY, ['alice', 'bob']) });
  const work = { id: 'work', label: 'Work', baseUrl: h.sim.url, email: 'alice@example.com' };
  const accounts = [{ ...work, schedules: [{ id: 'sch_primary' }] }];
  await h.files.writeAtomic('settings.json', JSON.stringify({ version: 2, startAtLogin: true, accounts }));
  await h.secrets.set(`work@${new URL(h.sim.url).host}`, KEY);
  let zone = 'Europe/Berlin';
  const e = h.engine({ localZone: () => zone });
  await e.start();
  await h.clock.advanceTo(Date.parse('2026-03-31T22:30:00Z'));
  // Berlin's April has no shift of mine yet: March is its last month.
  expect(e.getState().me.load?.lastMonth?.month).toBe('2026-03');
  zone = 'America/New_York';
  // What main does on the OS's zone change: it reads the state.
  const load = e.getState().me.load;
  // It is still March in New York, and its nights (22:00–07:00 New York) are counted: 7, as the next read says.
  expect(load?.thisMonth?.month).toBe('2026-03');
  expect(load?.thisMonth?.nights).toBe(7);
  expect(load?.lastMonth?.month).not.toBe('2026-03');
  await h.clock.advance(2 * MIN);
  expect(e.getState().me.load?.thisMonth?.month).toBe('2026-03');
  await e.stop();
  await h.close();
}, 30_000);
