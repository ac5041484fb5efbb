// adv48 round 13: a swap on one schedule (both sides on Solo, so the service is seen moving its revision on side 1's
// write). #1: side 2 answered 504 and the service may still apply it: said "Can't confirm yet — checking" (never "did
// not land"), and Hand back waits out the settle and reads again before it writes, with or without a restart; the
// late write landing makes it a swap, never both days mine. #2: side 2's answer lost (it landed) while a manager undid
// side 1: both sides read again before anything is called "Swapped". Real engine, simulator, fake clock; what the
// service holds is read from the simulator's own shifts.
import { afterEach, describe, expect, it } from 'vitest';
import type { OncallClient } from '../../../electron/api/client-types';
import type { SwapResult } from '../../../electron/shared/handoff';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { API_KEY, ME, seedOf } from '../support/seeds';

const D = 86_400_000;
const MON = Date.parse('2026-03-02T08:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const [TUE, WED, THU, FRI] = [MON + D, MON + 2 * D, MON + 3 * D, MON + 4 * D];
// Solo: me Mon, Bob Tue, Carol Wed, me Thu. I give Bob my Thu for his Tue.
const seed = () =>
  seedOf([
    {
      id: 'sch_solo',
      name: 'Solo',
      zone: 'Europe/Berlin',
      rotationStart: iso(MON),
      userIds: ['usr_me', 'usr_bob', 'usr_carol'],
      length: { amount: 1, unit: 'days' },
    },
  ]);
const SWAP = {
  mine: { scheduleId: 'sch_solo', start: iso(THU), end: iso(FRI) },
  theirs: { scheduleId: 'sch_solo', start: iso(TUE), end: iso(WED), email: 'bob@example.com' },
};

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Who the service has on call on a day, read from the simulator's own shifts (not the app's). */
async function onCall(hh: Harness, dayMs: number): Promise<string[]> {
  const url = `${hh.sim.url}/schedules/sch_solo/shifts/?from=${iso(dayMs + 3_600_000)}&to=${iso(dayMs + 7_200_000)}`;
  const body = (await (await fetch(url, { headers: { 'x-api-key': API_KEY } })).json()) as {
    shifts: { users: { email: string }[] }[];
  };
  return [...new Set(body.shifts.flatMap((s) => s.users.map((u) => u.email)))].sort();
}

/** The second create gets `fault` (the first, side 1, lands as usual); `after` runs once it is answered. */
function secondGets(hh: Harness, fault: object, after?: () => void) {
  let n = 0;
  return (c: OncallClient): OncallClient => ({
    ...c,
    createOverride: async (...a: Parameters<OncallClient['createOverride']>) => {
      if (++n === 2) hh.sim.faults.set('createOverride', { ...fault, times: 1 });
      const answer = await c.createOverride(...a);
      if (n === 2) after?.();
      return answer;
    },
  });
}

async function world(fault: object, after?: (hh: Harness) => void) {
  const hh = await createHarness({ startMs: MON - 12 * 3_600_000, seed: seed(), files: 'fs' });
  h = hh;
  await seedSettings(hh, { email: ME, scheduleIds: ['sch_solo'] });
  let engine = hh.engine({ wrapClient: secondGets(hh, fault, after && (() => after(hh))) });
  await engine.start();
  await hh.clock.advance(1_000);
  const swapped = await hh.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP));
  if (!swapped.ok) throw new Error(swapped.error.message);
  const restart = async () => {
    await engine.stop();
    engine = hh.engine();
    await engine.start();
    await hh.clock.advance(1_000);
  };
  const settle = async (action: 'check' | 'hand-back', r: SwapResult) => {
    const x = await hh.clock.runWhileAdvancing(engine.handlers['swap:settle']({ action, ...r }));
    if (!x.ok) throw new Error(x.error.message);
    return x.value;
  };
  return { hh, swapped: swapped.value, restart, settle };
}

const creates = (hh: Harness) => hh.sim.requests.count({ route: 'createOverride' });

describe('swap: side 2 answered 5xx is checked, and Hand back waits for it', () => {
  for (const restarted of [false, true])
    it(`the late write lands: it becomes the swap, Hand back never sends${restarted ? ' (restart)' : ''}`, async () => {
      const w = await world({ status: 504, applyAfterMs: 30_000 });
      expect(w.swapped.mine.state).toBe('handed_off');
      expect(w.swapped.theirs.state).toBe('unknown');
      expect(w.swapped.theirs.message).toMatch(/Can't confirm yet — checking/);
      expect(w.swapped.text).not.toMatch(/did not land|most likely not saved/);
      await w.hh.clock.advance(5_000);
      if (restarted) await w.restart();
      const early = await w.settle('hand-back', w.swapped);
      expect(early.back).toBeNull();
      expect(early.text).toMatch(/Can't confirm yet — checking/);
      expect(creates(w.hh)).toBe(2);
      // A check while the service may still apply it: still checking, not "did not land".
      const checked = await w.settle('check', w.swapped);
      expect(['unknown', 'handed_off']).toContain(checked.theirs.state);
      await w.hh.clock.advance(60_000);
      const later = await w.settle('hand-back', early);
      expect(later.theirs.state).toBe('handed_off');
      expect(later.text).toMatch(/^Swapped: /);
      await w.hh.clock.advance(200_000);
      expect(creates(w.hh)).toBe(2);
      expect(await onCall(w.hh, TUE)).toEqual([ME]);
      expect(await onCall(w.hh, THU)).toEqual(['bob@example.com']);
    }, 60_000);

  it('never applied: Hand back is sent once the settle is over, and holds', async () => {
    const w = await world({ status: 504 });
    await w.hh.clock.advance(5_000);
    const early = await w.settle('hand-back', w.swapped);
    expect(early.back).toBeNull();
    expect(creates(w.hh)).toBe(2);
    await w.hh.clock.advance(125_000);
    const back = await w.settle('hand-back', early);
    expect(back.back?.state).toBe('handed_off');
    expect(back.text).toMatch(/is yours again; nothing was swapped/);
    await w.hh.clock.advance(200_000);
    expect(creates(w.hh)).toBe(3);
    expect(await onCall(w.hh, TUE)).toEqual(['bob@example.com']);
    expect(await onCall(w.hh, THU)).toEqual([ME]);
  }, 60_000);
});

describe("swap: the settle is main's own, never the renderer's", () => {
  it('a renderer sending an early settle for side 2 cannot make main hand back while it may still land', async () => {
    const w = await world({ status: 504, applyAfterMs: 30_000 });
    await w.hh.clock.advance(5_000);
    // What a compromised or stale renderer might send: the side "settled" long ago.
    const forgedTheirs = { ...w.swapped.theirs, settleUntil: iso(MON - D) };
    const forged: SwapResult = { ...w.swapped, theirs: forgedTheirs };
    // Nor a side said "refused" (not in place) that main answered "may still land".
    const refused: SwapResult = { ...w.swapped, theirs: { ...w.swapped.theirs, state: 'refused' } };
    expect((await w.settle('hand-back', refused)).back).toBeNull();
    const early = await w.settle('hand-back', forged);
    expect(early.back).toBeNull();
    expect(early.text).toMatch(/Can't confirm yet — checking/);
    expect(creates(w.hh)).toBe(2);
    await w.hh.clock.advance(200_000);
    expect(creates(w.hh)).toBe(2);
    expect(await onCall(w.hh, TUE)).toEqual([ME]);
    expect(await onCall(w.hh, THU)).toEqual(['bob@example.com']);
  }, 60_000);
});

describe('swap: side 2 answer lost while a manager undid side 1', () => {
  it('reads side 1 again: not "Swapped" while the service has me on Thu', async () => {
    const w = await world({ reset: true }, (hh) =>
      hh.sim.state.addOverride('sch_solo', { startMs: THU, endMs: FRI, userIds: ['usr_me'] }, hh.clock.now()),
    );
    expect(w.swapped.theirs.state).toBe('handed_off');
    expect(w.swapped.text).not.toMatch(/Swapped/);
    expect(w.swapped.mine.state).toBe('changed');
    expect(w.swapped.text).toMatch(/your cover of Bob Stone's Tue .* landed, but Bob Stone's cover of your Thu /);
    expect(await onCall(w.hh, THU)).toEqual([ME]);
    expect(await onCall(w.hh, TUE)).toEqual([ME]);
  }, 60_000);
});
