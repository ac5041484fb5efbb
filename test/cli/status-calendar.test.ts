// `npm run status -- --ics` and `--summary`, spawned as a user runs them, against the simulator over loopback.
// Each spawn costs seconds on a busy machine, hence the longer timeout.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../electron/simulator/server';
import { parseStatusArgs } from '../../electron/cli/status-args';
import { hiroOnTokyo, runStatus as status } from './support/run-status';

function events(text: string): { uid: string; start: number; summary: string; sequence: number }[] {
  const cal = ICAL.Component.fromString(text);
  return cal.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return { uid: e.uid, start: e.startDate.toJSDate().getTime(), summary: e.summary, sequence: e.sequence };
  });
}

const DAY_MS = 86_400_000;

describe('npm run status -- --summary', { timeout: 60_000 }, () => {
  it('prints one hand-off line per demo schedule and my next block', async () => {
    const run = await status(['--demo', '--summary']);
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    // Within an hour of Berlin's midnight the UTC clock is on the other day and names it ("Sun 23:02 UTC").
    expect(lines[0]).toMatch(
      /^On call as of \d\d:\d\d Berlin \((?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) )?\d\d:\d\d UTC\):$/,
    );
    expect(lines).toHaveLength(5);
    for (const name of ['Platform primary', 'Payments US', 'Data Tokyo']) {
      expect(run.stdout).toMatch(
        new RegExp(`^${name}: \\S.* until .*\\d\\d:\\d\\d Berlin \\(.*\\d\\d:\\d\\d UTC\\), then \\S`, 'm'),
      );
    }
    expect(lines[4]).toMatch(/^My next block: Platform primary, /);
  });
});

describe('npm run status -- --ics', { timeout: 60_000 }, () => {
  let sim: RunningSimulator;
  let dir = '';
  beforeAll(async () => {
    sim = await startSimulator({});
    dir = await mkdtemp(join(tmpdir(), 'oncall-ics-'));
  });
  afterAll(async () => {
    await sim.close();
    await rm(dir, { recursive: true, force: true });
  });
  const ics = (extra: string[]) =>
    status([...hiroOnTokyo(dir, sim.url), '--ics', ...extra], { ONCALL_API_KEY: sim.apiKey });

  it('prints my blocks over the asked horizon after one shifts fetch, with the same UIDs on the next run', async () => {
    const before = sim.requests.count({ route: 'listShifts' });
    const first = await ics(['--days', '120']);
    expect(first.code).toBe(0);
    expect(first.stdout.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    // 120 days of two shifts a day fit in a few pages of one walk: no second walk over the horizon.
    const pages = sim.requests.count({ route: 'listShifts' }) - before;
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pages).toBeLessThanOrEqual(5);
    const list = events(first.stdout);
    expect(list.length).toBeGreaterThan(10);
    expect(new Set(list.map((e) => e.summary))).toEqual(new Set(['On call: Data Tokyo']));
    expect(Math.max(...list.map((e) => e.start))).toBeGreaterThan(Date.now() + 110 * DAY_MS);
    expect(Math.max(...list.map((e) => e.start))).toBeLessThan(Date.now() + 120 * DAY_MS);

    const second = await ics(['--days', '120']);
    expect(events(second.stdout).map((e) => e.uid)).toEqual(list.map((e) => e.uid));
    // Only the export's record is written; the app's settings, cache and reminders are left alone.
    expect(await readdir(dir)).toEqual(['calendar-export.json']);
  });

  it('defaults to 90 days', async () => {
    const run = await ics([]);
    const starts = events(run.stdout).map((e) => e.start);
    expect(Math.max(...starts)).toBeGreaterThan(Date.now() + 80 * DAY_MS);
    expect(Math.max(...starts)).toBeLessThan(Date.now() + 90 * DAY_MS);
  });

  it('refuses --days beyond 366 with exit 2, naming the flag', async () => {
    const run = await status(['--demo', '--ics', '--days', '367']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^status: --days: must be at most 366/);
  });

  it('refuses --days below 1 or without --ics, and --ics with another output', () => {
    for (const args of [
      ['--ics', '--days', '0'],
      ['--ics', '--days', '1.5'],
      ['--days', '30'],
      ['--ics', '--summary'],
      ['--ics', '--json'],
    ]) {
      const parsed = parseStatusArgs(args);
      expect([args, parsed.ok]).toEqual([args, false]);
      expect(!parsed.ok && parsed.message).toMatch(/^--(days|ics): /);
    }
    expect(parseStatusArgs(['--ics', '--days', '366'])).toMatchObject({ ok: true, args: { ics: true, days: 366 } });
  });
});
