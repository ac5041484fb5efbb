// Issue 47 (round 4, finding 2): notices said from saved data ("On call in 15 min", "On call now", "Shift ended")
// about a block the service had given to someone else meanwhile are corrected once when the fresh read comes back,
// even when that block is over by then (change notices compare from now on only), and never twice, restarts
// included. Acme goes down after its first read; its manager gives my next Acme block to Frank.
import { describe, expect, it } from 'vitest';
import { twoServices, type TwoServices } from './support/two-services';

const START = Date.parse('2026-03-04T10:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;

interface Said {
  id: string;
  title: string;
  body: string;
  atMs: number;
}

/** Acme's first read, then Acme down and my next Acme block (starting after now) given to Frank. */
async function givenAway(w: TwoServices): Promise<{ startMs: number; endMs: number }> {
  await w.engine.start();
  await w.harness.clock.advance(MIN);
  const next = w.engine
    .getState()
    .me.shifts.find((s) => s.accountId === 'acme' && Date.parse(s.start) > w.harness.clock.now() + HOUR);
  if (!next) throw new Error('no Acme block of mine ahead');
  const block = { startMs: Date.parse(next.start), endMs: Date.parse(next.end) };
  w.acme.faults.set('*', { status: 500 });
  w.acme.state.addOverride('sch_primary', { ...block, userIds: ['usr_frank'] }, w.harness.clock.now());
  return block;
}

const acmeSaid = (w: TwoServices): Said[] => w.harness.notifier.shown.filter((n) => n.id.startsWith('@acme/'));
const corrections = (w: TwoServices): Said[] => acmeSaid(w).filter((n) => /Correction/.test(n.title));

/** Acme rotates erin (me) and frank every 2 h from 08:00: my blocks are 08–10, 12–14, 16–18 … UTC. */
const shortBlocks = (seed: Parameters<NonNullable<Parameters<typeof twoServices>[1]>>[0]): void => {
  const layer = seed.schedules[0]?.layers[0];
  if (!layer) throw new Error('no layer');
  layer.rotation_start = '2026-03-04T08:00:00Z';
  layer.shift_length = { amount: 2, unit: 'hours' };
};

describe('engine: what was said from saved data is corrected once a fresh read contradicts it', () => {
  it('a block over before the service is back: one correction naming who was on call, none after a restart', async () => {
    const w = await twoServices(START, shortBlocks);
    const block = await givenAway(w);
    await w.harness.clock.advance(block.endMs + 2 * HOUR - w.harness.clock.now());
    // Said from saved data while Acme was down (the test's premise): the start of that block, and its end.
    const before = acmeSaid(w).filter((n) => n.atMs >= block.startMs - HOUR);
    expect(before.some((n) => /saved data/.test(n.body) && n.atMs <= block.startMs)).toBe(true);
    expect(corrections(w)).toEqual([]);
    w.acme.faults.clear();
    await w.engine.handlers['sync:refresh'](null);
    await w.harness.clock.advance(5 * MIN);
    const said = corrections(w);
    expect(said).toHaveLength(1);
    expect(said[0]?.body).toMatch(
      /^Frank Person was on call Platform primary .+, not you\. .*came from saved data from 11:00\.$/,
    );
    // Later reads and a restart say it no more.
    await w.harness.clock.advance(30 * MIN);
    await w.engine.stop();
    w.engine = w.harness.engine({ alarms: false });
    await w.engine.start();
    await w.harness.clock.advance(30 * MIN);
    expect(corrections(w)).toHaveLength(1);
  }, 60_000);

  it('a block still running when the service is back: told once, the time already past included', async () => {
    const w = await twoServices(START, shortBlocks);
    const block = await givenAway(w);
    await w.harness.clock.advance(block.startMs + HOUR - w.harness.clock.now());
    expect(acmeSaid(w).some((n) => n.atMs === block.startMs && /saved data/.test(n.body))).toBe(true);
    const seen = acmeSaid(w).length;
    w.acme.faults.clear();
    await w.engine.handlers['sync:refresh'](null);
    await w.harness.clock.advance(5 * MIN);
    const told = acmeSaid(w).slice(seen);
    expect(told).toHaveLength(1);
    // The change notice names the whole block, the part already past included (13:00 Berlin is its start).
    expect(told[0]?.body).toMatch(/^Frank Person is covering your Platform primary shift 13:00–15:00/);
  }, 60_000);

  it('a block nothing was said about (its reminders off) gets no correction', async () => {
    const w = await twoServices(START, shortBlocks);
    const { files } = w.harness;
    const settings = JSON.parse((await files.read('settings.json')) ?? '{}') as {
      accounts: { schedules: { id: string; reminders?: unknown }[] }[];
    };
    const quiet = { leadTimesMin: [], atStart: false, atEnd: false, shiftChanges: true, startAlarm: 'off' };
    for (const s of settings.accounts[1]?.schedules ?? []) s.reminders = quiet;
    await files.writeAtomic('settings.json', JSON.stringify(settings));
    w.engine = w.harness.engine({ alarms: false });
    const block = await givenAway(w);
    await w.harness.clock.advance(block.endMs + HOUR - w.harness.clock.now());
    w.acme.faults.clear();
    await w.engine.handlers['sync:refresh'](null);
    await w.harness.clock.advance(5 * MIN);
    expect(acmeSaid(w).filter((n) => n.atMs >= block.startMs - HOUR)).toEqual([]);
  }, 60_000);
});
