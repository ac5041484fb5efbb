// status --ics on a data folder that turned read-only: the calendar's record can't be updated. The .ics is still
// printed whole, and stderr says once what was not saved, where, and what that risks (it failed silently before).
// The other outputs write nothing to disk (overlay-files.ts), so they have no failed save to tell.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startSimulator } from '../../electron/simulator/server';
import { hiroOnTokyo, runStatus } from './support/run-status';

let dir = '';
afterAll(async () => {
  try {
    execFileSync('chattr', ['-i', dir]);
  } catch {
    // not set, or the folder was never made
  }
  await rm(dir, { recursive: true, force: true });
});

const events = (ics: string): number => ics.split('BEGIN:VEVENT').length - 1;

it(
  'status --ics says the calendar record could not be saved, and still prints the calendar',
  { timeout: 120_000 },
  async () => {
    const sim = await startSimulator({});
    try {
      dir = await mkdtemp(join(tmpdir(), 'oncall-ro-record-'));
      const base = hiroOnTokyo(dir, sim.url);
      const ics = (days: string): string[] => [...base, '--ics', '--days', days];
      const env = { ONCALL_API_KEY: sim.apiKey };
      const first = await runStatus(ics('20'), env);
      expect(first.code, first.stderr).toBe(0);
      const before = await readFile(join(dir, 'calendar-export.json'), 'utf8');
      // Immutable: refused even for root, unlike a chmod.
      execFileSync('chattr', ['+i', dir]);
      // 60 days publish events the record does not hold yet: the run must record them, and can't.
      const ro = await runStatus(ics('60'), env);
      const json = await runStatus([...base, '--json'], env);
      const plain = await runStatus(base, env);
      execFileSync('chattr', ['-i', dir]);
      expect(await readFile(join(dir, 'calendar-export.json'), 'utf8')).toBe(before);
      const control = await runStatus(ics('60'), env);
      expect(await readFile(join(dir, 'calendar-export.json'), 'utf8')).not.toBe(before);

      // The calendar is whole, and the exit code is the sources' (all fresh): the record is no source.
      expect(ro.code, ro.stderr).toBe(0);
      expect(ro.stdout).toMatch(/^BEGIN:VCALENDAR[\s\S]*END:VCALENDAR\s*$/);
      expect(events(ro.stdout)).toBe(events(control.stdout));
      expect(events(ro.stdout)).toBeGreaterThan(events(first.stdout));
      // Said once, with the folder, the reason and what the record is for, and nothing about reminders.
      const said = ro.stderr.split('\n').filter((l) => l.includes('calendar-export.json'));
      expect(said).toEqual([
        `status: Can't save to ${dir} (permission denied): the calendar's record of what it published ` +
          '(calendar-export.json) was not saved: a later export may reuse sequence numbers, and a calendar app may ' +
          'then ignore an edit.',
      ]);
      expect(ro.stderr).not.toMatch(/reminders/i);
      // --json and the plain run write nothing, so there is no failed save to tell.
      for (const run of [json, plain, control]) {
        expect(run.code, run.stderr).toBe(0);
        expect(run.stderr).not.toMatch(/save/i);
      }
    } finally {
      await sim.close();
    }
  },
);
