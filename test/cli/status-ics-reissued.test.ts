// status --ics says on stderr when an event was published again as a new event (its SEQUENCE spent at MAX_SEQUENCE,
// adv52 r21 #2): an imported calendar keeps the old copy, so the user is told, never left with a silent duplicate.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../electron/simulator/server';
import { MAX_SEQUENCE, recordNotice, reissuedText } from '../../electron/core/calendar/published-record';
import { jsonObject } from '../support/json';
import { hiroOnTokyo, runStatus } from './support/run-status';

let sim: RunningSimulator;
let dir = '';
beforeAll(async () => {
  sim = await startSimulator({});
  dir = await mkdtemp(join(tmpdir(), 'oncall-cli-reissued-'));
});
afterAll(async () => {
  await sim.close();
  await rm(dir, { recursive: true, force: true });
});
const ics = () => runStatus([...hiroOnTokyo(dir, sim.url), '--ics', '--days', '20'], { ONCALL_API_KEY: sim.apiKey });

it('an edit past the highest SEQUENCE is a new event, said once on stderr', { timeout: 60_000 }, async () => {
  const first = await ics();
  expect(first.code).toBe(0);
  const path = join(dir, 'calendar-export.json');
  const record = jsonObject(await readFile(path, 'utf8'));
  const events = jsonObject(JSON.stringify(record['events']));
  const [uid, entry] = Object.entries(events)[0] ?? [];
  if (uid === undefined) throw new Error('no entry in the record');
  // At the bound, and its block reads as changed (another digest): this export is an edit.
  events[uid] = { ...jsonObject(JSON.stringify(entry)), sequence: MAX_SEQUENCE, digest: 'b'.repeat(32) };
  await writeFile(path, JSON.stringify({ ...record, events }));
  const second = await ics();
  expect(second.code).toBe(0);
  expect(second.stderr).toBe(`status: ${recordNotice('calendar-export.json', reissuedText(1)).message}\n`);
  expect(second.stdout).not.toContain(`UID:${uid}\r\n`);
  expect(second.stdout).not.toMatch(new RegExp(`^SEQUENCE:${MAX_SEQUENCE + 1}`, 'm'));
  const third = await ics();
  expect({ code: third.code, stderr: third.stderr }).toEqual({ code: 0, stderr: '' });
});
