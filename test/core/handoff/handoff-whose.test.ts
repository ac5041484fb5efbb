// Issue 52, adversarial round 6 #2: the saved hand-off is tied to whose it is, as the cache and the reminders record
// are (service address and e-mail). A run saved while account `main` pointed at service A, read after its address
// was changed to service B (same seed: same schedule ids and people) while the app was closed, was sent to B. Now it
// is dropped, said once, kept aside, and neither service receives anything. Same address: sent to A, as before. A file
// from before stamps can't be tied to either: kept aside and said, nothing of it sent (it was taken once before).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator } from '../../../electron/simulator/server';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';

const T0 = Date.parse('2026-03-24T10:00:00Z');
const MINE = { start: '2026-03-26T08:00:00.000Z', end: '2026-03-27T08:00:00.000Z' };
const item = {
  id: `sch_berlin|${MINE.start}`,
  accountId: 'main',
  scheduleId: 'sch_berlin',
  scheduleName: 'Berlin primary',
  timeZone: 'Europe/Berlin',
  ...MINE,
  email: 'alice@example.com',
  others: [],
  name: 'Alice Doe',
  state: 'pending',
  message: '',
};

let h: Harness | undefined;
let closeB: (() => Promise<void>) | undefined;
afterEach(async () => {
  await closeB?.();
  await h?.close();
  h = closeB = undefined;
});

const writesOf = (reqs: { all: () => readonly { method: string; route: string | null }[] }) =>
  reqs
    .all()
    .filter((r) => r.method !== 'GET')
    .map((r) => r.route);

async function resume(switchToB: boolean, stamp: 'A' | 'none') {
  h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
  // Whose it is, worked out here: A's address as shown (no trailing slash, lower case) and my e-mail.
  const origins = { main: { address: h.sim.url.replace(/\/$/, '').toLowerCase(), email: ME.toLowerCase() } };
  const run = { version: 1, id: 'run1', createdAt: '2026-03-24T09:00:00.000Z', items: [item] };
  await writeFile(join(h.dir, 'handoff.json'), JSON.stringify(stamp === 'A' ? { ...run, origins } : run));
  const B = await startSimulator({ seed: threeZoneSeed(), now: () => h!.clock.now() });
  closeB = () => B.close();
  if (switchToB) {
    const settings = await readFile(join(h.dir, 'settings.json'), 'utf8');
    expect(settings).toContain(h.sim.url);
    await writeFile(join(h.dir, 'settings.json'), settings.replaceAll(h.sim.url, B.url));
    await h.secrets.set(`main@${new URL(B.url).host}`, h.sim.apiKey);
  }
  const engine = h.engine();
  await h.clock.runWhileAdvancing(engine.start(), 1000, 60);
  await h.clock.runWhileAdvancing(engine.handoffIdle(), 1000, 120);
  const got = await engine.handlers['handoff:get'](null);
  if (!got.ok) throw new Error('handoff:get failed');
  const files = await readdir(h.dir);
  await engine.stop();
  return { status: got.value, a: writesOf(h.sim.requests), b: writesOf(B.requests), files, origins };
}

describe('a saved hand-off is tied to the service address and user it was planned on', () => {
  it('planned on A, the address changed to B: nothing sent to either, said once, the file kept aside', async () => {
    const { status, a, b, files } = await resume(true, 'A');
    expect(a).toEqual([]);
    expect(b).toEqual([]);
    expect(status.run).toBeNull();
    expect(status.notice).toMatch(
      /^1 entry of the saved hand-off \(away mode\) was not used \(an entry planned for another service address or user than its account's\)/,
    );
    expect(files.some((f) => f.startsWith('handoff.json.bad-'))).toBe(true);
  }, 30_000);

  it('the same address: its stamp holds and the run is sent to A', async () => {
    const { status, a, b } = await resume(false, 'A');
    expect(a).toEqual(['createOverride']);
    expect(b).toEqual([]);
    expect(status.notice).toBeNull();
  }, 30_000);

  it('a file from before stamps (no service address and user) is a claim the app cannot check: kept aside, said once, nothing sent', async () => {
    const { status, a, b, files } = await resume(false, 'none');
    expect(a).toEqual([]);
    expect(b).toEqual([]);
    expect(status.run).toBeNull();
    expect(status.notice).toMatch(
      /^1 entry of the saved hand-off \(away mode\) was not used \(an entry from an older version that does not say which service address and user it was planned for\)/,
    );
    expect(status.notice).toContain('Nothing of them was sent. Check your shifts in My shifts');
    expect(files.filter((f) => f.startsWith('handoff.json.bad-'))).toHaveLength(1);
    expect(files).not.toContain('handoff.json');
  }, 30_000);
});
