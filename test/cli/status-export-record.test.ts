// The status command's --ics reads the calendar's record of UIDs (calendar-export.json) by the engine's rule: a
// refused record (cut short, or an entry that fails its checks) is kept aside on disk, never silently replaced, and
// the run says once on stderr what was not used.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../electron/simulator/server';
import { jsonObject } from '../support/json';
import { hiroOnTokyo, runStatus } from './support/run-status';

describe('status --ics with a refused calendar-export.json', { timeout: 60_000 }, () => {
  let sim: RunningSimulator;
  let dir = '';
  beforeAll(async () => {
    sim = await startSimulator({});
    dir = await mkdtemp(join(tmpdir(), 'oncall-cli-record-'));
  });
  afterAll(async () => {
    await sim.close();
    await rm(dir, { recursive: true, force: true });
  });
  const ics = () => runStatus([...hiroOnTokyo(dir, sim.url), '--ics', '--days', '20'], { ONCALL_API_KEY: sim.apiKey });
  const everything = async () =>
    Promise.all((await readdir(dir)).map((f) => readFile(join(dir, f), 'utf8').catch(() => '')));

  it.each([
    ['cut short', (t: string) => t.slice(0, 200), /record of what it published was damaged \(kept as .*\.bad-/],
    [
      'an entry with a line break in its UID',
      (t: string) => {
        const r = jsonObject(t);
        const events = jsonObject(JSON.stringify(r['events']));
        const [uid, e] = Object.entries(events)[0] ?? [];
        events[`${uid}\r\nBEGIN:VEVENT`] = e;
        return JSON.stringify({ ...r, events });
      },
      /1 entry of the calendar's record .* was not used \(an event id the app did not make\)/,
    ],
  ])('%s: the original is kept aside and the run says so once', async (_n, damage, said) => {
    const first = await ics();
    expect(first.stdout).toContain('BEGIN:VCALENDAR');
    expect(first.stderr).not.toMatch(/record/);
    const record = join(dir, 'calendar-export.json');
    const tampered = damage(await readFile(record, 'utf8'));
    await writeFile(record, tampered);
    const second = await ics();
    expect(second.stdout).toContain('BEGIN:VCALENDAR');
    expect(second.stdout).not.toContain('\r\nBEGIN:VEVENT\r\nBEGIN:VEVENT');
    expect(await everything()).toContain(tampered);
    expect(second.stderr.match(new RegExp(said.source, 'g'))).toHaveLength(1);
    const third = await ics();
    expect(third.stderr).not.toMatch(/record/);
  });

  it('a folder where the record should be: says what is wrong (read and save), and still prints the calendar (adv52 r2)', async () => {
    const record = join(dir, 'calendar-export.json');
    await rm(record, { force: true });
    await mkdir(record);
    const run = await ics();
    await rm(record, { recursive: true, force: true });
    expect(run.stdout).toContain('BEGIN:VCALENDAR');
    expect(run.stderr).toMatch(/could not be read \(a folder stands where the file should be\)/);
    expect(run.stderr).toMatch(/Can't save to /);
    for (const line of run.stderr.split('\n').filter((l) => /Can't save/.test(l)))
      expect(line).toMatch(/\(a folder stands where calendar-export\.json should be\)/);
  });
});
