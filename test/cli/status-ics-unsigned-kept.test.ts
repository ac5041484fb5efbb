// status --ics where the command has no record key (no keychain, or the app never ran on this machine: status never
// makes the key) writes calendar-export.json without MACs, so an event kept "as last read" can't be told from one
// typed into the file (adv52 r61 #1). Failed before: an entry typed in (my address and e-mail, a readMs and origin
// copied from a real one, inside a span the service can't read now) was published as "On call … Kept as last read"
// with its alarms, and nothing was said. Now, without the key, no kept event is published: they are left out, said
// once on stderr, the file kept aside, and an event comes back under its UID when its time is read again.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../electron/simulator/server';
import { anchorUid } from '../../electron/core/calendar/published-record';
import { hiroOnTokyo, runStatus } from './support/run-status';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const uidsOf = (ics: string): string[] => [...ics.matchAll(/^UID:(.+)$/gm)].map((m) => (m[1] ?? '').trim());
const LEFT_OUT =
  /^status: (\d+) (?:entry|entries) of the calendar's record of what it published \(calendar-export\.json\) (?:was|were) not used \(an event kept from an earlier read, which can't be checked without the keychain: it comes back when its time is read again\)\. The file was kept as \S*calendar-export\.json\.bad-[^\n]*\.\n/;

interface Entry {
  startMs: number;
  endMs: number;
}

let sim: RunningSimulator;
let dir = '';
beforeEach(async () => {
  sim = await startSimulator({});
  dir = await mkdtemp(join(tmpdir(), 'oncall-cli-unsigned-kept-'));
});
afterEach(async () => {
  await sim.close();
  await rm(dir, { recursive: true, force: true });
});
const ics = () => runStatus([...hiroOnTokyo(dir, sim.url), '--ics', '--days', '20'], { ONCALL_API_KEY: sim.apiKey });
const recordPath = () => join(dir, 'calendar-export.json');
const readRecordFile = async () =>
  JSON.parse(await readFile(recordPath(), 'utf8')) as { events: Record<string, Entry>; macs?: unknown };

it(
  'an entry typed into the unsigned record for an unreadable span is not published, and is said once',
  { timeout: 60_000 },
  async () => {
    expect((await ics()).code).toBe(0);
    const rec = await readRecordFile();
    expect(rec.macs).toBeUndefined();
    const real = Object.values(rec.events);
    const now = Date.now();
    const hole = { fromMs: now + 5 * DAY, toMs: now + 9 * DAY };
    sim.unreadable.add('sch_data_tokyo', hole);
    // Never read: 3 h at an odd minute inside the hole, overlapping no real block, readMs and origin copied.
    let start = Math.round((hole.fromMs + 30 * HOUR + 17 * 60_000) / 60_000) * 60_000;
    while (real.some((e) => e.startMs < start + 3 * HOUR && e.endMs > start)) start += HOUR;
    const forged = anchorUid('sch_data_tokyo', 'hiro@example.com', start);
    rec.events[forged] = { ...real[0]!, startMs: start, endMs: start + 3 * HOUR, digest: 'a'.repeat(32) } as Entry;
    await writeFile(recordPath(), JSON.stringify(rec));
    // Exit code 4 from here: part of the schedule can't be read (a hole), which the state says.
    const second = await ics();
    expect(second.stdout).toContain('BEGIN:VCALENDAR');
    expect(uidsOf(second.stdout)).not.toContain(forged);
    expect(second.stdout).not.toContain('Kept as last read');
    expect(second.stderr).toMatch(LEFT_OUT);
    // Said once: the next run (the hole still there, which stderr says as partial) says nothing of the record.
    expect((await ics()).stderr).not.toContain("calendar's record");
  },
);

it(
  'events the app read and kept are left out while unreadable, said once, and back with their UIDs when read',
  { timeout: 60_000 },
  async () => {
    const first = await ics();
    const rec = await readRecordFile();
    const now = Date.now();
    const hole = { fromMs: now + 5 * DAY, toMs: now + 9 * DAY };
    const inHole = Object.entries(rec.events).filter(([, e]) => e.startMs >= hole.fromMs && e.endMs <= hole.toMs);
    expect(inHole.length).toBeGreaterThan(0);
    sim.unreadable.add('sch_data_tokyo', hole);
    // Exit code 4 from here: part of the schedule can't be read (a hole), which the state says.
    const second = await ics();
    for (const [uid] of inHole) expect(uidsOf(second.stdout)).not.toContain(uid);
    expect(second.stdout).not.toContain('Kept as last read');
    expect(Number(LEFT_OUT.exec(second.stderr)?.[1])).toBeGreaterThanOrEqual(inHole.length);
    // Said once: the next run (the hole still there, which stderr says as partial) says nothing of the record.
    expect((await ics()).stderr).not.toContain("calendar's record");
    sim.unreadable.clear();
    const back = await ics();
    expect(back.stderr).toBe('');
    expect(uidsOf(back.stdout)).toEqual(uidsOf(first.stdout));
  },
);
