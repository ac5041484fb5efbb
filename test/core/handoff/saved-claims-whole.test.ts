// adv48 round 7 #1 "also seen": an away block whose write did not land (503), then, while the app was down, given
// whole to Bob by a manager. On restart the item was dropped as "a shift that is not yours as last read" (the file
// moved to .bad, Retry: "There is no hand-off to retry"), on one service and on the second of two. One rule for every
// account: the plan's own record says the block was mine on that item's account, so the run is kept, its Retry
// re-reads and says "Changed since you planned it: Bob Stone now covers …", and nothing is sent. Real engine, real
// files, the simulator (two of them), a fake clock. My Berlin block: Thu 26 Mar 08:00Z → Fri 08:00Z.
import { readdir } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { SETTLE_MS } from '../../../electron/core/actions/override-verify';
import { startSimulator, type RunningSimulator } from '../../../electron/simulator/server';
import { createHarness, type Harness } from '../support/engine-harness';
import { API_KEY, ME, threeZoneSeed } from '../support/seeds';

const T0 = Date.parse('2026-03-24T10:00:00Z');
const BLOCK = { startMs: Date.parse('2026-03-26T08:00:00Z'), endMs: Date.parse('2026-03-27T08:00:00Z') };

let h: Harness | undefined;
let b: RunningSimulator | undefined;
afterEach(async () => {
  await b?.close();
  await h?.close();
  h = b = undefined;
});

const posts = (sim: RunningSimulator) => sim.requests.all().filter((r) => r.method !== 'GET').length;

async function settings(h: Harness, b: RunningSimulator | undefined) {
  const account = (id: string, url: string) => ({
    id,
    label: id,
    baseUrl: url,
    email: ME,
    schedules: [{ id: 'sch_berlin' }],
  });
  const accounts = [account('main', h.sim.url), ...(b ? [account('other', b.url)] : [])];
  await h.files.writeAtomic('settings.json', JSON.stringify({ version: 2, accounts, startAtLogin: true }));
  for (const a of accounts) await h.secrets.set(`${a.id}@${new URL(a.baseUrl).host}`, API_KEY);
}

/** Plans Thu on every account, hands it to Alice with the last service's write failing (503), stops, lets a manager
 *  give that block whole to Bob on that service, restarts, and presses Retry. */
async function wholeBlockWhileDown(twoServices: boolean) {
  h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
  b = twoServices ? await startSimulator({ seed: threeZoneSeed(), now: () => h!.clock.now() }) : undefined;
  await settings(h, b);
  const failing = b ?? h.sim;
  let engine = h.engine();
  await h.clock.runWhileAdvancing(engine.start(), 1000, 60);
  const plan = await h.clock.runWhileAdvancing(
    engine.handlers['handoff:plan']({ range: { from: '2026-03-26', to: '2026-03-26' } }),
  );
  if (!plan.ok) throw new Error('plan failed');
  expect(plan.value.rows).toHaveLength(twoServices ? 2 : 1);
  const items = plan.value.rows.map((r) => ({
    scheduleId: r.scheduleId,
    start: r.start,
    end: r.end,
    email: 'alice@example.com',
  }));
  failing.faults.set('createOverride', { status: 503, times: 1 });
  await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }), 1000, 120);
  await h.clock.runWhileAdvancing(engine.handoffIdle(), 1000, 120);
  await engine.stop();
  failing.state.addOverride('sch_berlin', { ...BLOCK, userIds: ['usr_bob'] }, h.clock.now());
  const before = posts(failing);
  await h.clock.advance(5 * 60_000);
  engine = h.engine();
  await h.clock.runWhileAdvancing(engine.start(), 1000, 60);
  await h.clock.runWhileAdvancing(engine.handoffIdle(), 1000, 120);
  const resumed = await engine.handlers['handoff:get'](null);
  if (!resumed.ok) throw new Error('handoff:get failed');
  // A Retry inside the 2 minutes the service is given to apply the 5xx'd write keeps it "checking" (the write may still
  // land over this change: retry-in-settle.test.ts); pressed after them, the change is said and nothing is sent.
  await h.clock.advance(SETTLE_MS);
  const retry = await h.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null), 1000, 120);
  await h.clock.runWhileAdvancing(engine.handoffIdle(), 1000, 120);
  const after = await engine.handlers['handoff:get'](null);
  if (!after.ok) throw new Error('handoff:get failed');
  const files = await readdir(h.dir);
  await engine.stop();
  return { resumed: resumed.value, retry, after: after.value, sent: posts(failing) - before, files };
}

describe('a saved away item whose block a manager gave away whole while the app was down', () => {
  it.each([
    ['one service', false],
    ['the second of two services', true],
  ])(
    'on %s: the run is kept, Retry says what changed, nothing is sent',
    async (_, twoServices) => {
      const { resumed, retry, after, sent, files } = await wholeBlockWhileDown(twoServices);
      expect(resumed.notice).toBeNull();
      expect(files.some((f) => f.startsWith('handoff.json.bad-'))).toBe(false);
      expect(resumed.said?.canRetry).toBe(true);
      expect(retry.ok).toBe(true);
      const item = after.run?.items.find((i) => i.accountId === (twoServices ? 'other' : 'main'));
      expect(item?.state).toBe('changed');
      expect(item?.message).toMatch(
        /^Changed since you planned it: Bob Stone now covers Thu 09:00–00:00\. Nothing was sent/,
      );
      expect(sent).toBe(0);
      if (twoServices) expect(after.run?.items.find((i) => i.accountId === 'main')?.state).toBe('handed_off');
    },
    30_000,
  );
});
