// Two accounts on one service both watching Ops, one muted (fix50m #1). The start alarm already rang through the
// account that speaks (readiness/silenced.ts `startRinger`); the informational reminders of the shared schedule were
// told once as the FIRST account's, so muting it silenced them all. Now they are told once through the account that
// is neither muted nor paused (the same rule), named with it, whichever is listed first; none when both are muted;
// and a reminder shown through one account is never shown again through the other when the mute moves.
// Failed before: muting the first left "On call in …" / heads-up / end unsaid.
import { describe, expect, it } from 'vitest';
import { accountIdOf } from '../../../electron/shared/accounts';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

const MIN = 60_000;
const HOUR = 60 * MIN;
const START = Date.parse('2026-03-10T06:00:00Z');
const MY_START = Date.parse('2026-03-10T09:00:00Z');
const MY_END = Date.parse('2026-03-10T17:00:00Z');
/** What the seed's shifts (Ops 09:00–17:00 UTC daily) say from 06:00 to 17:01 with the default leads: today's
 *  3 h lead (caught up at start), its 15 min lead, tomorrow's 1 d lead (at 09:00), and today's end. The start is the
 *  alarm's. */
const EXPECTED = ['On call in 3 h', 'On call in 15 min', 'On call in 1 d', 'Shift ended'];

type Mute = 'first' | 'second' | 'both' | 'none';

async function world(order: 'main-first' | 'work-first', mutedAtStart: Mute = 'none') {
  const h = await createHarness({ startMs: START, seed: opsSeed, files: 'memory' });
  await seedSettings(h, {
    email: ME,
    scheduleIds: [OPS_ID],
    refresh: { idleIntervalSec: 1800, nearIntervalSec: 300, nearWindowMin: 30 },
  });
  const f = JSON.parse((await h.files.read('settings.json')) ?? '{}') as { accounts: Record<string, unknown>[] };
  const main = f.accounts[0]!;
  const work = { ...main, id: 'work', label: 'Work' };
  const listed = order === 'main-first' ? [main, work] : [work, main];
  const muted = (i: number) =>
    mutedAtStart === 'both' || (mutedAtStart === 'first' && i === 0) || (mutedAtStart === 'second' && i === 1);
  f.accounts = listed.map((a, i) => ({ ...a, muted: muted(i) }));
  await h.files.writeAtomic('settings.json', JSON.stringify(f));
  await h.secrets.set(`work@${new URL(h.sim.url).host}`, h.sim.apiKey);
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  const labels = engine.getState().settings.accounts.map((a) => a.label);
  const mute = async (label: string, muted: boolean) => {
    const id = engine.getState().settings.accounts.find((a) => a.label === label)!.id;
    await h.clock.runWhileAdvancing(engine.handlers['settings:update']({ account: { id: accountIdOf(id), muted } }));
  };
  return { h, engine, labels, mute };
}

/** Every reminder shown of today's shift (not the start alarm), by title. */
const remindersOf = (h: Awaited<ReturnType<typeof world>>['h']) =>
  h.notifier.shown.filter((n) => n.alarm !== true).map((n) => n.title);

async function run(order: 'main-first' | 'work-first', mute: Mute) {
  const w = await world(order, mute);
  const [first, second] = w.labels as [string, string];
  await w.h.clock.advanceTo(MY_START - 30 * MIN);
  const line = w.engine.getState().me.readiness?.checks.find((c) => c.id === 'reminders');
  await w.h.clock.advanceTo(MY_END + MIN);
  const titles = remindersOf(w.h);
  await w.engine.stop();
  return { titles, first, second, line };
}

describe('reminders of a schedule two accounts of one service watch, one muted', () => {
  for (const order of ['main-first', 'work-first'] as const)
    it(`${order}: muting the first, each reminder comes once through the second, named with it`, async () => {
      const { titles, second, line } = await run(order, 'first');
      expect(titles).toEqual(EXPECTED.map((t) => `${second} · ${t}`));
      // Readiness says what truly comes: the reminders too, through the account that speaks.
      expect(line).toMatchObject({ result: 'ok' });
      expect(line?.message).toContain(`this shift's reminders and its shift-start alarm come through ${second}`);
    }, 20_000);

  it('both muted: none comes', async () => {
    const { titles, line } = await run('main-first', 'both');
    expect(titles).toEqual([]);
    expect(line).toMatchObject({ result: 'problem' });
    expect(line?.message).toContain('no reminder or alarm will come');
  }, 20_000);

  it('muting the first after a reminder went through it: nothing is said again through the second', async () => {
    const w = await world('main-first');
    const [first, second] = w.labels as [string, string];
    // Just after the 15 min lead went through the first: the second must not catch it up.
    await w.h.clock.advanceTo(MY_START - 14 * MIN);
    const before = remindersOf(w.h);
    expect(before).toEqual([`${first} · On call in 3 h`, `${first} · On call in 15 min`]);
    await w.mute(first, true);
    await w.h.clock.advanceTo(MY_START - 1 * MIN);
    await w.mute(first, false);
    await w.mute(second, true);
    await w.h.clock.advanceTo(MY_START + HOUR);
    await w.mute(second, false);
    await w.mute(first, true);
    await w.h.clock.advanceTo(MY_END + MIN);
    const titles = remindersOf(w.h);
    await w.engine.stop();
    // Tomorrow's 1 d lead falls due at 09:00 while only the first speaks; the end at 17:00 while only the second.
    const [h3, m15, d1, end] = EXPECTED as [string, string, string, string];
    expect(titles).toEqual([`${first} · ${h3}`, `${first} · ${m15}`, `${first} · ${d1}`, `${second} · ${end}`]);
  }, 20_000);
});
