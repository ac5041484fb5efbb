// Simulated days (a month in a deep run) of the shift-start alarm in the real engine, against the simulator over loopback (issue 50).
// Ops is mine 09:00–17:00 UTC every day. Each seeded world hands some of those days to Alice (whole, or their first
// two hours) between 2 and 30 hours ahead, keeps quiet hours every night and pauses three days, and has the laptop
// restart, sleep with a resume event and sleep without one. Expected rings come from that world alone: each block
// start of mine rings exactly once — at its instant when the app runs then, else within 2 min of it running again
// while the block is on — and nothing rings for handed-off time, nor twice across restarts and wakes.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { prng } from '../support/prng';
import { ME, OPS_ID, opsSeed } from '../support/seeds';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const T0 = Date.parse('2026-03-02T00:00:00Z');
/** A month (ALARM_SIM_DAYS=30) costs about a minute and a quarter per world here (the reminders' and alarms' timers
 *  on a clock that waits for real I/O): the suite runs a dense week-long world, a deep run the month (ALARM_SIM_WORLDS). */
const DAYS = Number(process.env['ALARM_SIM_DAYS'] ?? 6);
const DEEP = process.env['ALARM_SIM_WORLDS'];
/** World 63's week has each kind of down, five hand-offs, and one made while the laptop slept over that start. */
const WORLDS = DEEP ? Array.from({ length: Number(DEEP) }, (_, i) => i + 1) : [63];
const MY_HOUR = 9;
const CATCH_UP_MS = 2 * MIN;

type Down = { fromMs: number; toMs: number; kind: 'restart' | 'sleep-resume' | 'sleep-silent' };
interface World {
  /** Day → handed off whole, or its first two hours, and when. */
  handoffs: { day: number; part: 'whole' | 'first'; atMs: number }[];
  downs: Down[];
}

function makeWorld(seed: number): World {
  const r = prng(seed);
  const handoffs: World['handoffs'] = [];
  for (let day = 1; day < DAYS; day++) {
    if (r.next() >= 0.35) continue;
    const startMs = T0 + day * DAY + MY_HOUR * HOUR;
    handoffs.push({ day, part: r.pick(['whole', 'first'] as const), atMs: startMs - r.int(2, 30) * HOUR });
  }
  const downs: Down[] = [];
  for (let t = T0 + r.int(12, 30) * HOUR; t < T0 + DAYS * DAY;) {
    const len = r.int(5, 10 * 60) * MIN;
    downs.push({ fromMs: t, toMs: t + len, kind: r.pick(['restart', 'sleep-resume', 'sleep-silent'] as const) });
    t += len + r.int(4, 30) * HOUR;
  }
  return { handoffs, downs };
}

/** Each start of mine in the final roster and when it must ring (from the world alone). */
function expectedRings(w: World): { startMs: number; earliestMs: number; latestMs: number }[] {
  const out: { startMs: number; earliestMs: number; latestMs: number }[] = [];
  for (let day = 0; day < DAYS; day++) {
    const h = w.handoffs.find((x) => x.day === day);
    if (h?.part === 'whole') continue;
    const startMs = T0 + day * DAY + (h ? MY_HOUR + 2 : MY_HOUR) * HOUR;
    const endMs = T0 + day * DAY + 17 * HOUR;
    const down = w.downs.find((d) => d.fromMs < startMs && startMs < d.toMs);
    if (down && down.toMs >= endMs) continue;
    // Up again just before the start: the app first takes the sleep in (the alarm's timers look every 90 s) and
    // waits for a read, or its 30 s grace, before ringing.
    const justUp = w.downs.some((d) => d.toMs <= startMs && startMs - d.toMs < CATCH_UP_MS);
    if (down) out.push({ startMs, earliestMs: down.toMs, latestMs: down.toMs + CATCH_UP_MS });
    else out.push({ startMs, earliestMs: startMs, latestMs: startMs + (justUp ? CATCH_UP_MS : 1_000) });
  }
  return out;
}

async function simulate(w: World) {
  const h: Harness = await createHarness({ startMs: T0, seed: opsSeed });
  await seedSettings(h, {
    email: ME,
    scheduleIds: [OPS_ID],
    refresh: { idleIntervalSec: 3600, nearIntervalSec: 600, nearWindowMin: 15 },
  });
  let engine: Engine = h.engine();
  await engine.start();
  await engine.handlers['settings:update']({
    quietHours: { enabled: true, start: '22:00', end: '12:00', days: [] },
    pausedUntil: new Date(T0 + 13 * DAY).toISOString(),
  });
  const events = [
    ...w.handoffs.map((x) => ({ atMs: x.atMs, run: async () => handOffOnce(x) })),
    ...w.downs.map((d) => ({ atMs: d.fromMs, run: () => goDown(d) })),
  ].sort((a, b) => a.atMs - b.atMs);
  const handed = new Set<World['handoffs'][number]>();
  const handOffOnce = (x: World['handoffs'][number]) => {
    if (!handed.has(x)) handOff(h, x);
    handed.add(x);
  };
  async function goDown(d: Down): Promise<void> {
    // What the service changed while this computer was down is there before it is up again.
    const meanwhile = () => w.handoffs.filter((x) => d.fromMs <= x.atMs && x.atMs < d.toMs).forEach(handOffOnce);
    if (d.kind === 'restart') {
      await engine.stop();
      meanwhile();
      await engine.stop();
      await h.clock.advanceTo(d.toMs);
      engine = h.engine();
      await engine.start();
      return;
    }
    h.clock.sleep(d.toMs - d.fromMs);
    meanwhile();
    if (d.kind === 'sleep-resume') engine.power('resume');
  }
  for (const e of events) {
    await h.clock.advanceTo(e.atMs);
    await e.run();
  }
  await h.clock.advanceTo(T0 + DAYS * DAY);
  await engine.stop();
  return h.notifier.shown.filter((n) => n.alarm === true);
}

function handOff(h: Harness, x: World['handoffs'][number]): void {
  const startMs = T0 + x.day * DAY + MY_HOUR * HOUR;
  const endMs = x.part === 'whole' ? startMs + 8 * HOUR : startMs + 2 * HOUR;
  h.sim.state.addOverride(OPS_ID, { startMs, endMs, userIds: ['usr_alice'] }, x.atMs);
}

describe('engine: days (a month, deep) of shift-start alarms', () => {
  it.each(WORLDS)(
    'world %i: each start of mine rings exactly once, none for handed-off time',
    async (seed) => {
      const w = makeWorld(seed);
      expect(w.downs.map((d) => d.kind)).toEqual(expect.arrayContaining(['restart', 'sleep-resume', 'sleep-silent']));
      expect(w.handoffs.length).toBeGreaterThan(1);
      const rings = await simulate(w);
      const expected = expectedRings(w);
      const startOf = (id: string) => Date.parse(id.slice(id.lastIndexOf(':', id.length - 8) + 1));
      expect(rings.map((n) => startOf(n.id))).toEqual(expected.map((e) => e.startMs));
      rings.forEach((n, i) => {
        const e = expected[i]!;
        expect(n.atMs, n.id).toBeGreaterThanOrEqual(e.earliestMs);
        expect(n.atMs, n.id).toBeLessThanOrEqual(e.latestMs);
      });
    },
    60_000 + DAYS * 4_000,
  );
});
