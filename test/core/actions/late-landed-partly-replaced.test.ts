// Issue 48 (adv48 r38 #1): a write whose answer was lost lands 30 s later; a manager then replaces part of it (4 of
// its 24 h). Retry's re-read first asks whether the earlier write landed, wholly or in part: the cover holding part of
// the window is said as landed there, with the change since, and nothing stale is written. Before, a swap said my
// side "was not sent" and I'm away said "Nothing was sent" while the service held the app's own write over 20 h.
// A plan never sent, whose cover a manager put over part of it, is still "changed since you planned it".
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME } from '../support/seeds';
import { overridesOn, pairSeed, START, SWAP, TUE, windowMs } from '../handoff/support/pair-world';

let h: Harness | undefined;
afterEach(async () => void (await h?.close()));
const HOUR = 3_600_000;
const MON = { scheduleId: 'sch_pair', start: '2026-03-23T08:00:00.000Z', end: '2026-03-24T08:00:00.000Z' };

async function boot(hh: Harness) {
  const e = hh.engine({ alarms: false });
  await e.start();
  await hh.clock.advance(1_000);
  return e;
}

/** Who the service has on call on sch_pair at an instant (newest override wins, as the simulator applies them). */
function pairAt(hh: Harness, ms: number): string {
  const os = overridesOn(hh, 'sch_pair').filter((o) => o.startMs <= ms && ms < o.endMs);
  return os.length ? [...os[os.length - 1]!.userIds].sort().join() : '(rotation)';
}

/** The hour-long stretches of a window the service gives to exactly `ids`, joined where they meet. */
function spansHeldBy(hh: Harness, startMs: number, endMs: number, ids: string[]): [number, number][] {
  const want = [...ids].sort().join();
  const out: [number, number][] = [];
  for (let t = startMs; t < endMs; t += HOUR) {
    if (pairAt(hh, t) !== want) continue;
    const last = out.at(-1);
    if (last && last[1] === t) last[1] = t + HOUR;
    else out.push([t, t + HOUR]);
  }
  return out;
}

/** A stretch in UTC as the app writes it beside local time: "Mon 08:00–10:00 UTC", "Mon 14:00 – Tue 08:00 UTC". */
function utc([a, b]: [number, number]): string {
  const day = (ms: number) => new Date(ms).toUTCString().slice(0, 3);
  const hm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
  const sameDay = new Date(a).toISOString().slice(0, 10) === new Date(b - 1).toISOString().slice(0, 10);
  return sameDay ? `${day(a)} ${hm(a)}–${hm(b)} UTC` : `${day(a)} ${hm(a)} – ${day(b)} ${hm(b)} UTC`;
}

async function world(restart: boolean) {
  h = await createHarness({ startMs: START, seed: pairSeed(), files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_pair', 'sch_solo'] });
  return { hh: h, engine: await boot(h), restart };
}

/** The late write applies (the simulator applies it on the next request past its delay), then a manager's change. */
async function landLateThenManage(hh: Harness, startMs: number, ids: string[]) {
  await hh.clock.advance(40_000);
  await fetch(`${hh.sim.url}/schedules/sch_pair`, { headers: { 'x-api-key': hh.sim.apiKey } });
  hh.sim.state.addOverride('sch_pair', { startMs, endMs: startMs + 4 * HOUR, userIds: ids }, hh.clock.now());
  await hh.clock.advance(130_000);
}

describe('a lost write that landed late and was then partly replaced is said as what landed', () => {
  it.each([false, true])(
    'swap Retry (restart: %s): my side landed in part, half done, nothing sent',
    async (r) => {
      const w = await world(r);
      let engine = w.engine;
      w.hh.sim.faults.set('createOverride', { reset: true, applyAfterMs: 30_000, times: 1 });
      const made = await w.hh.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP), 1000, 300);
      if (!made.ok) throw new Error(made.error.message);
      const tue = windowMs(TUE);
      await landLateThenManage(w.hh, tue.startMs, ['usr_bob', 'usr_alice']);
      if (r) {
        await engine.stop();
        engine = await boot(w.hh);
        // A restart starts the side's 2 minutes to apply over (main's record is not on disk): checked once they pass.
        await w.hh.clock.advance(130_000);
      }
      const before = w.hh.sim.requests.count({ route: 'createOverride' });
      const res = await w.hh.clock.runWhileAdvancing(
        engine.handlers['swap:settle']({ action: 'retry', ...made.value }),
        1000,
        300,
      );
      if (!res.ok) throw new Error(res.error.message);
      expect(w.hh.sim.requests.count({ route: 'createOverride' })).toBe(before);
      const landed = spansHeldBy(w.hh, tue.startMs, tue.endMs, ['usr_bob', 'usr_carol']);
      const changed = spansHeldBy(w.hh, tue.startMs, tue.endMs, ['usr_bob', 'usr_alice']);
      expect(landed.length).toBeGreaterThan(0);
      expect(changed.length).toBeGreaterThan(0);
      const { mine, theirs, text } = res.value;
      expect([mine.state, theirs.state]).toEqual(['handed_off', 'not_sent']); // half done: the warning the form shows
      expect(text).toContain("Carol Lee's cover of your Tue");
      expect(text).toContain('landed in part, and a later change covers the rest');
      for (const s of landed) expect(text).toContain(`(${utc(s)}) of it (the earlier request landed)`);
      for (const s of changed) expect(text).toContain(`(${utc(s)})`);
      expect(text).toContain('Alice Doe');
      expect(text).not.toContain('Nothing was swapped');
      expect(text).not.toContain('Nothing was sent');
    },
    60_000,
  );

  it.each([false, true])(
    "I'm away Retry (restart: %s): Bob's part said as landed, nothing sent",
    async (r) => {
      const w = await world(r);
      let engine = w.engine;
      const item = { ...MON, email: 'bob@example.com' };
      const mon = windowMs(MON);
      w.hh.sim.faults.set('createOverride', { reset: true, applyAfterMs: 30_000, times: 1 });
      await w.hh.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items: [item] }));
      await landLateThenManage(w.hh, mon.startMs + 2 * HOUR, ['usr_carol', 'usr_alice']);
      if (r) {
        await engine.stop();
        engine = await boot(w.hh);
      }
      const before = w.hh.sim.requests.count({ route: 'createOverride' });
      await w.hh.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null));
      await w.hh.clock.runWhileAdvancing(engine.handoffIdle());
      expect(w.hh.sim.requests.count({ route: 'createOverride' })).toBe(before);
      const g = await engine.handlers['handoff:get'](null);
      const got = g.ok ? g.value.run?.items[0] : undefined;
      const landed = spansHeldBy(w.hh, mon.startMs, mon.endMs, ['usr_alice', 'usr_bob']);
      const changed = spansHeldBy(w.hh, mon.startMs, mon.endMs, ['usr_alice', 'usr_carol']);
      expect(landed.length).toBe(2);
      expect(changed.length).toBe(1);
      expect(got?.state).toBe('handed_off');
      expect(got?.outcome).toBe('landed-then-changed');
      const said = got?.message ?? '';
      expect(said).toContain('Bob Stone covers');
      for (const s of landed) expect(said).toContain(`(${utc(s)})`);
      expect(said).toContain(`(${utc(landed[1]!)}) of it (the earlier request landed)`);
      expect(said).toContain(`Carol Lee is now on call with Alice Doe`);
      expect(said).toContain(`(${utc(changed[0]!)})`);
      expect(said).not.toContain('Nothing was sent');
    },
    60_000,
  );

  it('a plan never sent whose cover a manager put over part of it is a change since planned, not "landed"', async () => {
    const w = await world(false);
    const mon = windowMs(MON);
    w.hh.sim.state.addOverride(
      'sch_pair',
      { startMs: mon.startMs, endMs: mon.startMs + 4 * HOUR, userIds: ['usr_bob', 'usr_alice'] },
      w.hh.clock.now(),
    );
    const before = w.hh.sim.requests.count({ route: 'createOverride' });
    const item = { ...MON, email: 'bob@example.com' };
    await w.hh.clock.runWhileAdvancing(w.engine.handlers['handoff:create']({ items: [item] }));
    await w.hh.clock.runWhileAdvancing(w.engine.handoffIdle());
    expect(w.hh.sim.requests.count({ route: 'createOverride' })).toBe(before);
    const g = await w.engine.handlers['handoff:get'](null);
    const got = g.ok ? g.value.run?.items[0] : undefined;
    expect(got?.state).toBe('changed');
    expect(got?.message).toContain('Changed since you planned it');
    expect(got?.message).not.toContain('the earlier request landed');
  }, 60_000);
});
