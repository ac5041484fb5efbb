// status --ics with a record claiming a revision number the app can't have made by now (adv52 r55 #2: 2^31 − 1 in
// 2026, the app reaching it only in 2094, where sequence-bound.test.ts issues the event again): the entry is refused
// and said once on stderr, the event keeps its UID at the app's number (no second copy, no "may show twice"), and the
// next run is silent. End to end through the CLI, with the real clock.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../electron/simulator/server';
import { MAX_SEQUENCE } from '../../electron/core/calendar/published-record';
import { clockSequence } from '../../electron/core/calendar/sequence-clock';
import { jsonObject } from '../support/json';
import { hiroOnTokyo, runStatus } from './support/run-status';

let sim: RunningSimulator;
let dir = '';
beforeAll(async () => {
  sim = await startSimulator({});
  dir = await mkdtemp(join(tmpdir(), 'oncall-cli-false-sequence-'));
});
afterAll(async () => {
  await sim.close();
  await rm(dir, { recursive: true, force: true });
});
const ics = () => runStatus([...hiroOnTokyo(dir, sim.url), '--ics', '--days', '20'], { ONCALL_API_KEY: sim.apiKey });

it(
  'a revision number the app never made is refused, said once on stderr, and its event keeps its UID',
  { timeout: 60_000 },
  async () => {
    const first = await ics();
    expect(first.code).toBe(0);
    const path = join(dir, 'calendar-export.json');
    const record = jsonObject(await readFile(path, 'utf8'));
    const events = jsonObject(JSON.stringify(record['events']));
    const [uid, entry] = Object.entries(events)[0] ?? [];
    if (uid === undefined) throw new Error('no entry in the record');
    // At the bound, and its block reads as changed (another digest): this export is an edit of a false claim.
    events[uid] = { ...jsonObject(JSON.stringify(entry)), sequence: MAX_SEQUENCE, digest: 'b'.repeat(32) };
    await writeFile(path, JSON.stringify({ ...record, events }));
    const second = await ics();
    expect(second.code).toBe(0);
    expect(second.stderr).toMatch(
      /^status: 1 entry of the calendar's record of what it published \(calendar-export\.json\) was not used \(a revision number that can't be true\)\. The file was kept as \S*calendar-export\.json\.bad-[^\n]*\.\n$/,
    );
    expect(second.stdout).toContain(`UID:${uid}\r\n`);
    const highest = Math.max(...[...second.stdout.matchAll(/^SEQUENCE:(\d+)/gm)].map((m) => Number(m[1])));
    expect(highest).toBeLessThanOrEqual(clockSequence(Date.now()) + 1);
    const third = await ics();
    expect({ code: third.code, stderr: third.stderr }).toEqual({ code: 0, stderr: '' });
  },
);
