// `status` over a data folder where the app left a hand-off open (adv52 r33 #1): the command is a look, yet its engine
// start resumed the saved plan, so the service got a second full refresh and the re-reads before a send it never
// makes (14 requests instead of 5; docs/status-command.md: "one run reads each source once"). A file read back is a
// claim (issue 52): a look never acts on it. The app itself still resumes it (test/core/handoff/ covers that).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { parseStatusArgs } from '../../electron/cli/status-args';
import { runStatus } from '../../electron/cli/status-run';
import { originOf } from '../../electron/core/storage/cache-origin';
import { startSimulator } from '../../electron/simulator/server';
import { ME, threeZoneSeed } from '../core/support/seeds';

const DAY_MS = 86_400_000;

/** My next whole Berlin block a day or more ahead (threeZoneSeed: daily 08:00Z blocks from 20 March 2026, mine on
 *  even days counted from then). */
function myNextBerlinBlock(nowMs: number): { start: string; end: string } {
  const rotationMs = Date.parse('2026-03-20T08:00:00Z');
  let k = Math.ceil((nowMs + DAY_MS - rotationMs) / DAY_MS);
  if (k % 2 !== 0) k += 1;
  return {
    start: new Date(rotationMs + k * DAY_MS).toISOString(),
    end: new Date(rotationMs + (k + 1) * DAY_MS).toISOString(),
  };
}

it('status over a saved open hand-off reads each source once and sends nothing', async () => {
  const nowMs = Date.now();
  const sim = await startSimulator({ seed: threeZoneSeed(), now: () => Date.now() });
  const dir = await mkdtemp(join(tmpdir(), 'oncall-status-handoff-'));
  try {
    const schedules = [{ id: 'sch_berlin' }, { id: 'sch_newyork' }];
    const account = { id: 'main', label: 'Main', baseUrl: sim.url, email: ME, schedules };
    await writeFile(
      join(dir, 'settings.json'),
      JSON.stringify({ version: 2, startAtLogin: true, accounts: [account] }),
    );
    const { start, end } = myNextBerlinBlock(nowMs);
    const item = {
      ...{ id: `sch_berlin|${start}`, accountId: 'main', scheduleId: 'sch_berlin', scheduleName: 'Berlin primary' },
      ...{ timeZone: 'Europe/Berlin', start, end, email: 'alice@example.com', others: [], name: 'Alice Doe' },
      ...{ state: 'pending', message: '', was: [ME] },
    };
    const origins = { main: originOf({ baseUrl: sim.url, email: ME }) };
    const run = {
      version: 1,
      id: 'run1',
      createdAt: new Date(nowMs - 3_600_000).toISOString(),
      origins,
      items: [item],
    };
    const saved = JSON.stringify(run);
    await writeFile(join(dir, 'handoff.json'), saved);
    const parsed = parseStatusArgs(['--data-dir', dir, '--json']);
    if (!parsed.ok) throw new Error(parsed.message);
    await runStatus(parsed.args, { ONCALL_API_KEY: sim.apiKey }, () => undefined, 'Europe/Berlin');
    const requests = sim.requests.all();
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
    // Coverage requests, then each of the two schedules and its shifts: five sources, each read once.
    expect(requests.map((r) => r.path).sort()).toHaveLength(5);
    expect(await readFile(join(dir, 'handoff.json'), 'utf8')).toBe(saved);
  } finally {
    await sim.close();
    await rm(dir, { recursive: true, force: true });
  }
});
