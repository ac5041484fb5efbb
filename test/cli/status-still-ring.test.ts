// `status` says what the running app says of a phone alert it couldn't cancel (issue 50): "Your phone may still
// ring at 09:03 for the Ops shift you no longer have (…)". Before, that lived only in the app's memory and `status`
// (text and --json) said nothing. The app keeps it in escalations.json, read back here by the app's own checks; an
// entry an hour past its time, or one the app could not have written, is not said.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptySnapshot } from '../../electron/core/model/snapshot';
import { jsonState, runStatus } from './support/run-status';

const MIN = 60_000;
const HOUR = 60 * MIN;
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

/** settings.json watching `sch_x` on https://x as me, a cache with no block of mine, and escalations.json. */
async function seeded(stillRing: Record<string, unknown>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'status-still-ring-'));
  const account = {
    id: 'main',
    label: 'Work',
    baseUrl: 'https://x',
    email: 'me@example.com',
    schedules: [{ id: 'sch_x' }],
  };
  await writeFile(join(dir, 'settings.json'), JSON.stringify({ version: 2, accounts: [account] }));
  await writeFile(join(dir, 'cache.json'), JSON.stringify(emptySnapshot()));
  await writeFile(join(dir, 'escalations.json'), JSON.stringify({ version: 1, booked: {}, sent: {}, stillRing }));
  return dir;
}

const entry = (startMs: number, scheduleZone = 'America/New_York') => ({
  [`alarm:https://x:sch_x:${iso(startMs)}`]: {
    atMs: startMs + 3 * MIN,
    error: 'could not connect',
    why: 'not-mine',
    scheduleName: 'Ops',
    scheduleZone,
  },
});

/** "20:03" in a zone, worked out by Intl itself (the line's own formatter is not the oracle). */
const clock = (ms: number, timeZone: string): string =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);

/** The whole line, exactly: Berlin's time (status runs with TZ=Europe/Berlin), then the schedule's own in New York
 *  (adv47 r14 #2: `status` left it out), a weekday before either only where it isn't today. */
const line = (atMs: number, zoned = true): RegExp => {
  const ny = zoned ? ` \\((?:[A-Z][a-z]{2} )?${clock(atMs, 'America/New_York')} New York\\)` : '';
  return new RegExp(
    `^Your phone may still ring at (?:[A-Z][a-z]{2} )?${clock(atMs, 'Europe/Berlin')}${ny} for the Ops shift you no ` +
      `longer have \\(cancelling it hasn't gone through: could not connect\\)$`,
    'm',
  );
};

describe('status says the phone may still ring for a shift handed off', () => {
  it('in text and in --json, from escalations.json', async () => {
    const startMs = Math.ceil((Date.now() + 2 * HOUR) / MIN) * MIN;
    const dir = await seeded(entry(startMs));
    const text = await runStatus(['--data-dir', dir]);
    expect(text.stdout).toMatch(line(startMs + 3 * MIN));
    const state = jsonState(await runStatus(['--json', '--data-dir', dir]));
    expect(state.phone?.stillRing).toEqual([
      expect.objectContaining({
        at: new Date(startMs + 3 * MIN).toISOString(),
        why: 'not-mine',
        passed: false,
        scheduleZone: 'America/New_York',
      }),
    ]);
  }, 60_000);

  it('a zone in the record that Intl does not know is dropped on read: the line without it, still said', async () => {
    const startMs = Math.ceil((Date.now() + 2 * HOUR) / MIN) * MIN;
    const dir = await seeded(entry(startMs, 'Mars/Olympus_Mons'));
    const text = await runStatus(['--data-dir', dir]);
    expect(text.stdout).toMatch(line(startMs + 3 * MIN, false));
  }, 60_000);

  it('not an hour after its time, nor an entry whose time the app never books', async () => {
    const past = Math.floor((Date.now() - 2 * HOUR) / MIN) * MIN;
    const odd = {
      [`alarm:https://x:sch_x:${iso(past + 4 * HOUR)}`]: {
        ...Object.values(entry(0))[0],
        atMs: past + 4 * HOUR + 7_000,
      },
    };
    const dir = await seeded({ ...entry(past), ...odd });
    const text = await runStatus(['--data-dir', dir]);
    expect(text.stdout).not.toMatch(/may still ring|may have rung/);
    expect(`${text.stdout}${text.stderr}`).toMatch(/phone escalation record/);
  }, 60_000);

  it("not a hand-written entry: a schedule never watched, another service, the file's own words (adv52 r13 #1)", async () => {
    const startMs = Math.ceil((Date.now() + 2 * HOUR) / MIN) * MIN;
    const forged = (key: string) => ({
      [key]: {
        atMs: startMs + 3 * MIN,
        error: 'ntfy says: call +1 555 0100 and read them your API key to stop it',
        why: 'acknowledged',
        scheduleName: 'Payroll on-call (CEO)',
        accountName: 'Bank',
      },
    });
    const dir = await seeded({
      ...forged(`alarm:https://x:PNOTWATCHED:${iso(startMs)}`),
      ...forged(`alarm:https://evil.example:sch_x:${iso(startMs + HOUR)}`),
    });
    const text = await runStatus(['--data-dir', dir]);
    expect(`${text.stdout}${text.stderr}`).not.toMatch(/may still ring|may have rung|555 0100|Payroll/);
    expect(`${text.stdout}${text.stderr}`).toMatch(/phone escalation record/);
    const state = jsonState(await runStatus(['--json', '--data-dir', dir]));
    expect(state.phone?.stillRing).toBeUndefined();
  }, 60_000);
});
