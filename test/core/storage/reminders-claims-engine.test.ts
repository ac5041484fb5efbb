// Issue 52, adversarial round 1: reminders.json read back by the real engine (real files, simulator, fake clock).
// me@example.com is on call for Berlin from Thu 26 Mar 08:00 UTC (09:00 Berlin); the clock starts at 06:00 UTC. Before, a
// record of a reminder "shown" before it was due silenced it for good, and a held message's stored body (any text)
// was shown in the summary after quiet hours, unknown kinds and duplicates included.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { API_KEY, ME, threeZoneSeed } from '../support/seeds';

const H = 3_600_000;
const T0 = Date.parse('2026-03-26T06:00:00Z');
const START = Date.parse('2026-03-26T08:00:00Z');
const LEAD = 'shift:sch_berlin:2026-03-26T08:00:00Z:lead15';
const heldLead = (over: object = {}) => ({
  key: LEAD,
  kind: 'lead',
  title: 'On call in 2 h',
  body: 'Berlin primary Thu 09:00 – Fri 09:00',
  atMs: T0 - H,
  untilMs: START,
  scheduleId: 'sch_berlin',
  group: 'shift:sch_berlin:2026-03-26T08:00:00Z',
  startsAtMs: START,
  ...over,
});

/** My Berlin block Thu 26 Mar 08:00 → Fri 08:00 UTC, as a correction states it (reminders' ShiftRef). */
const MY_THU = {
  group: 'shift:sch_berlin:2026-03-26T08:00:00Z',
  scheduleId: 'sch_berlin',
  scheduleName: 'Berlin primary',
  scheduleZone: 'Europe/Berlin',
  startMs: START,
  endMs: START + 24 * H,
  startSeen: true,
  others: [],
  nextNames: ['Alice Doe'],
};

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function runWith(
  record: { fired?: Record<string, number>; held?: object[] },
  quiet = false,
  service?: (h: Harness) => void,
) {
  h = await createHarness({ startMs: T0, seed: threeZoneSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_berlin', 'sch_newyork'] });
  service?.(h);
  if (quiet) {
    const path = join(h.dir, 'settings.json');
    const quietHours = { enabled: true, start: '06:00', end: '07:30', days: [] };
    const text = await readFile(path, 'utf8');
    await writeFile(path, `${text.trim().replace(/\}$/, '')},"quietHours":${JSON.stringify(quietHours)}}`);
  }
  await writeFile(join(h.dir, 'reminders.json'), JSON.stringify({ version: 1, fired: {}, held: [], ...record }));
  // The reminders' own record is judged: with the start alarm on, the alarm would be the start's notice (issue 50).
  const engine = h.engine({ alarms: false });
  await h.clock.runWhileAdvancing(engine.start(), 1000, 60);
  await h.clock.advanceTo(START + 5 * 60_000);
  const notices = JSON.stringify(engine.getState().notices);
  await engine.stop();
  return { shown: h.notifier.shown, notices };
}

describe('reminders.json read back', () => {
  it('a reminder recorded as shown before it was due is dropped, said once, and still comes', async () => {
    const fired = { 'shift:sch_berlin:2026-03-26T08:00:00Z:start': T0, [LEAD]: T0 };
    const { shown, notices } = await runWith({ fired });
    const at = (key: string) => shown.filter((n) => n.id === key).map((n) => n.atMs);
    expect(at('shift:sch_berlin:2026-03-26T08:00:00Z:start')).toEqual([START]);
    expect(at(LEAD)).toEqual([START - 15 * 60_000]);
    expect(notices).toMatch(/2 entries of .* were not used \(a reminder recorded as shown before it was due\)/);
  });

  it('a held message is worded by the app when shown, never from its stored body; unknown kinds and twins dropped', async () => {
    const phish = heldLead({ body: `Your key ${API_KEY} expired: paste it at https://evil.example` });
    const weird = { ...heldLead(), key: 'x', kind: 'weird' };
    const { shown, notices } = await runWith({ held: [phish, phish, weird] }, true);
    const text = JSON.stringify(shown);
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain('evil.example');
    const summary = shown.find((n) => /while notifications were quiet/.test(n.title));
    expect(summary?.body).toMatch(/^On call in 1 h 30 min: Berlin primary Thu 09:00 – Fri 09:00$/m);
    expect(notices).toMatch(
      /2 entries .* were not used \(a message held twice; a kind of message the app does not hold\)/,
    );
  });

  it('a held correction is worded from what it states, never its stored text; one held as text is dropped (adv52 r2)', async () => {
    const textOnly = {
      ...heldLead({ key: 'correction:sch_berlin:2026-03-26T08:00:00Z', kind: 'correction' }),
      title: 'Not on call at 09:00 after all',
      body: `Ignore your reminders: call +1 555 0100, key ${API_KEY}`,
    };
    const before = await runWith({ held: [textOnly] }, true);
    expect(JSON.stringify(before.shown)).not.toContain('555 0100');
    expect(before.notices).toMatch(/1 entry .* was not used \(a message the app could not have worded\)/);
    await h?.close();
    // Held as its statement (what the app now holds): worded when shown, from the statement, as the service says.
    const statement = { was: MY_THU, lostEndMs: MY_THU.endMs, coverers: ['Alice Doe'] };
    const held = { ...textOnly, correction: statement };
    const aliceOverMe = (w: Harness) => {
      const alice = w.sim.state.userByEmail('alice@example.com')?.id ?? '';
      w.sim.state.addOverride('sch_berlin', { startMs: START, endMs: MY_THU.endMs, userIds: [alice] }, T0 - 2 * H);
    };
    // As the app records it: the reminder of the block said, and the block on its record of blocks of mine.
    const said = {
      [`said:${MY_THU.group}`]: MY_THU.endMs,
      'mine:sch_berlin:2026-03-26T08:00:00Z>2026-03-27T08:00:00Z': MY_THU.endMs,
    };
    const { shown, notices } = await runWith({ fired: said, held: [held] }, true, aliceOverMe);
    expect(JSON.stringify(shown)).not.toContain('555 0100');
    const summary = shown.find((n) => /while notifications were quiet/.test(n.title));
    expect(summary?.body.split('\n')[0]).toBe(
      'Not on call at 09:00 after all: Alice Doe covers Berlin primary Thu 09:00 – Fri 09:00 instead of you.',
    );
    expect(notices).toBe('[]');
  });

  it('a held correction whose statement names what the app could not have (a line break, another schedule) is dropped', async () => {
    const base = { key: 'correction:sch_berlin:2026-03-26T08:00:00Z', kind: 'correction', title: 't', body: 'b' };
    const held = (correction: object) => ({ ...heldLead(base), correction });
    const lost = { lostEndMs: MY_THU.endMs, coverers: ['Alice Doe'] };
    const { shown, notices } = await runWith(
      {
        held: [
          held({ ...lost, was: MY_THU, coverers: [`Alice\nDoe ${API_KEY}`] }),
          held({ ...lost, was: { ...MY_THU, scheduleId: 'sch_tokyo' } }),
          held({ ...lost, was: { ...MY_THU, startMs: START + H } }),
        ].map((m, i) => ({ ...m, key: i === 0 ? m.key : `${m.key}`.replace('correction', `x${i}/correction`) })),
      },
      true,
    );
    expect(JSON.stringify(shown)).not.toContain(API_KEY);
    expect(shown.filter((n) => /after all/.test(n.title + n.body))).toEqual([]);
    expect(notices).toMatch(/3 entries .* were not used \(a message the app could not have worded\)/);
  });

  it('a held change or correction saying I lost a block never mine, or naming a stranger as cover, or no block at all, is dropped, said and kept aside (adv52 r7; failed before)', async () => {
    const FRI = Date.parse('2026-03-27T08:00:00Z'); // Alice's block Fri 08:00 → Sat 08:00 UTC; nothing of mine on Fri
    const iso = (t: number) => new Date(t).toISOString().replace('.000Z', 'Z');
    const ref = (startMs: number, endMs: number) => ({
      ...MY_THU,
      group: `shift:sch_berlin:${iso(startMs)}`,
      startMs,
      endMs,
      startSeen: false,
      nextNames: [],
    });
    const base = { title: 't', body: 'b', atMs: T0 - 60_000, scheduleId: 'sch_berlin' };
    const change = (before: object[], coverers: string[], key: string) => ({
      ...base,
      key,
      kind: 'change',
      untilMs: FRI + 24 * H,
      change: { before, after: [], coverers },
    });
    const correction = (was: ReturnType<typeof ref>) => ({
      ...base,
      key: `correction:sch_berlin:${iso(was.startMs)}`,
      kind: 'correction',
      untilMs: was.startMs,
      group: was.group,
      startsAtMs: was.startMs,
      correction: { was, lostEndMs: was.endMs, coverers: ['Mallory'] },
    });
    const alices = ref(FRI, FRI + 24 * H);
    const never = ref(FRI + 2 * H, FRI + 3 * H);
    const held = [
      change([alices], ['Alice Doe'], 'change:sch_berlin:a>none'), // no saved read: no record it was mine
      change([never], ['Mallory'], 'change:sch_berlin:n>none'), // nobody of that name on the schedule
      change([], [], 'change:sch_berlin:>'), // names no block
      correction(alices), // no reminder of it on record as told
      correction(never), // on record as told (forged too), but its cover is a stranger
    ];
    const fired = { [`said:${never.group}`]: never.endMs };
    const { shown, notices } = await runWith({ fired, held }, true);
    expect(JSON.stringify(shown)).not.toMatch(/removed|changed|after all|Mallory|Fri 1[01]:00/);
    expect(notices).toMatch(/5 entries of the record of reminders already shown were not used/);
    expect(notices).toMatch(/not true once the service was read again/);
    expect(notices).toMatch(/kept as/);
    const kept = (await readdir(h?.dir ?? '')).filter((n) => n.startsWith('reminders.json.bad-'));
    expect(kept.length).toBeGreaterThanOrEqual(1);
  });
});
