// One service as two accounts, Work (first) and Team, both watching Ops; quiet hours 07:30–09:55 Berlin. While Work
// is paused Team tells Ops, so what quiet hours hold (the 1 h lead, a shift of mine given to Alice) is held as
// Team's. Work's pause ends inside quiet hours: Work tells Ops again. What was held belongs to the statement, not to
// the account that was telling: it comes once, as one summary when quiet time ends, named by the account telling it
// then (Work). Before the fix nothing came: Team, now silent, let it pass (adv47 r40 #1).
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

const MIN = 60_000;
const ZONE = 'Europe/Berlin';
const START_MS = Date.parse('2026-03-10T06:40:00Z');
const PAUSE_END = '2026-03-10T08:50:00Z';
// Quiet time ends at 09:55 Berlin wall time that day, computed here with luxon, none of the app's code.
const QUIET_END_MS = DateTime.fromISO('2026-03-10T09:55', { zone: ZONE }).toMillis();
// My Thursday Ops shift (seed: me 09:00–17:00 UTC each day), given to Alice at 07:00Z.
const THU = { startMs: Date.parse('2026-03-12T09:00:00Z'), endMs: Date.parse('2026-03-12T17:00:00Z') };

async function sameServiceTwice(h: Harness): Promise<void> {
  const host = new URL(h.sim.url).host;
  const account = (id: string, label: string, more: object = {}) => ({
    ...{ id, label, baseUrl: h.sim.url, email: ME, schedules: [{ id: OPS_ID }] },
    ...more,
  });
  const file = {
    version: 2,
    accounts: [account('work', 'Work', { pausedUntil: PAUSE_END }), account('team', 'Team')],
    startAtLogin: true,
    quietHours: { enabled: true, start: '07:30', end: '09:55' },
  };
  await h.files.writeAtomic('settings.json', JSON.stringify(file));
  for (const id of ['work', 'team']) await h.secrets.set(`${id}@${host}`, h.sim.apiKey);
}

describe('one service as two accounts: the teller changes while quiet hours hold messages', () => {
  it("what Team held comes once, as Work's summary, when quiet time ends after Work's pause", async () => {
    expect(Date.parse(PAUSE_END)).toBeLessThan(QUIET_END_MS);
    const h = await createHarness({ startMs: START_MS, seed: opsSeed });
    await sameServiceTwice(h);
    const e = h.engine();
    await e.start();
    await h.clock.advance(20 * MIN);
    h.sim.state.addOverride(OPS_ID, { ...THU, userIds: ['usr_alice'] }, h.clock.now());
    while (h.clock.now() < QUIET_END_MS + 10 * MIN) await h.clock.advance(MIN);
    const shown = h.notifier.shown.map((n) => ({ at: n.atMs, text: `${n.title}\n${n.body}`, title: n.title }));
    const summaries = shown.filter((n) => /while notifications were quiet/.test(n.title));
    expect(summaries.map((n) => n.at)).toEqual([QUIET_END_MS]);
    // Named by the account telling Ops when it is shown: Work's pause has ended by then.
    expect(summaries[0]?.title).toMatch(/^Work · /);
    // The held lead (due 08:00Z, inside quiet time) and the removal of Thursday are in it, and told once each.
    expect(summaries[0]?.text).toMatch(/On call in \d+ min/);
    const thursday = shown.filter((n) => /Thu/.test(n.text) && /Alice/.test(n.text));
    expect(thursday.map((n) => n.at)).toEqual([QUIET_END_MS]);
  }, 180_000);
});
