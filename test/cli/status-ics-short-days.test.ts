// adv52 r21 #4: `npm run status -- --ics --days 7` (fewer days than the settings' horizon, 14 by default) read only 7
// days ahead, so days 8–14 of the state's own horizon were unread, counted as a gap, and the run exited 4 with nothing
// on stderr, on a fresh data folder against a healthy service. Sync now reads at least the settings' horizon: the
// calendar still tells only the 7 days asked, and the run exits 0. Spawned as a user runs it, against the simulator.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../electron/simulator/server';
import { hiroOnTokyo, runStatus } from './support/run-status';

const DAY_MS = 86_400_000;
let sim: RunningSimulator;
let dir = '';
beforeAll(async () => {
  sim = await startSimulator({});
  dir = await mkdtemp(join(tmpdir(), 'oncall-ics-days-'));
});
afterAll(async () => {
  await sim.close();
  await rm(dir, { recursive: true, force: true });
});

const startsOf = (text: string): number[] =>
  ICAL.Component.fromString(text)
    .getAllSubcomponents('vevent')
    .map((v) => new ICAL.Event(v).startDate.toJSDate().getTime());

it(
  '--ics --days 7 on a fresh data folder and a healthy service exits 0, says nothing, and tells 7 days',
  { timeout: 60_000 },
  async () => {
    const startedMs = Date.now();
    const run = await runStatus([...hiroOnTokyo(dir, sim.url), '--ics', '--days', '7'], { ONCALL_API_KEY: sim.apiKey });
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    const starts = startsOf(run.stdout);
    expect(starts.length).toBeGreaterThan(0);
    expect(starts.filter((ms) => ms > Date.now() + 7 * DAY_MS)).toEqual([]);
    expect(Math.max(...starts)).toBeGreaterThan(startedMs);
  },
);
