// The moves the month simulations (month-simulation, month-partial) make in their worlds, picked by a seeded
// PRNG: one of my next blocks, a schedule free of me, someone else, a change others make, an outage. Picks
// skip what changed in the last two days, so one change never hides another from the judge.
import { DAY, MIN, OTHERS, prng, type Change, type OutageKind, type World, type WorldOptions } from './month-world';
import type { Block } from './truth';

/** Hourly refresh, every 10 min in the 5 min before a start: the simulations' settings. */
export const MONTH_REFRESH = { idleIntervalSec: 3600, nearIntervalSec: 600, nearWindowMin: 5 };

/** A world's options over [startMs, endMs] (truth read with margins on both sides), in Berlin. */
export function monthWorldOptions(scheduleIds: string[], startMs: number, endMs: number): WorldOptions {
  return {
    scheduleIds,
    truthFromMs: startMs - 3 * DAY,
    truthToMs: endMs + 17 * DAY,
    zone: 'Europe/Berlin',
    ...MONTH_REFRESH,
  };
}

// One factory over one world and one PRNG: the moves share what changed last, and their picks stay in seed order.
export function monthMoves(w: World, seed: number, ids: readonly string[]) {
  const rnd = prng(seed);
  const lastChange = new Map<string, number>();
  const fresh = (b: Block) => (lastChange.get(b.scheduleId) ?? -Infinity) < w.now() - 2 * DAY;
  const blocks = (pred: (b: Block) => boolean = () => true): Block[] =>
    w
      .truth()
      .filter((b) => fresh(b) && pred(b))
      .sort((a, b) => a.startMs - b.startMs || a.scheduleId.localeCompare(b.scheduleId));
  /** One of the first few of my blocks starting after `fromMs` that fit, picked by the seed. */
  const upcoming = (fromMs: number, pred: (b: Block) => boolean = () => true): Block => {
    const found = blocks((b) => b.startMs >= fromMs && pred(b)).slice(0, 3);
    if (found.length === 0) throw new Error(`scenario: no block of mine after ${new Date(fromMs).toISOString()}`);
    return rnd.pick(found);
  };
  const mineOn = (sid: string, fromMs: number, toMs: number) =>
    w.truth().some((b) => b.scheduleId === sid && b.startMs <= toMs && fromMs <= b.endMs);
  /** A schedule where I am not on call in [fromMs, toMs] (nor right before or after), picked by the seed. */
  const freeSchedule = (fromMs: number, toMs: number): string => {
    const free = ids.filter((id) => !mineOn(id, fromMs, toMs) && (lastChange.get(id) ?? -Infinity) < w.now() - 2 * DAY);
    if (free.length === 0) throw new Error('scenario: no schedule free of me there');
    return rnd.pick(free);
  };
  const other = () => rnd.pick(OTHERS);
  const change = async (label: string, overrides: Parameters<World['change']>[1]): Promise<Change> => {
    const c = await w.change(label, overrides);
    for (const sid of c.diff.keys()) lastChange.set(sid, w.now());
    return c;
  };
  const giveAway = (label: string, b: Block, email = other()) =>
    change(label, [{ scheduleId: b.scheduleId, startMs: b.startMs, endMs: b.endMs, email }]);
  const minutes = (lo: number, hi: number) => rnd.int(lo, hi) * MIN;
  const seconds = (lo: number, hi: number) => rnd.int(lo, hi) * 1000;
  /** An outage of `kind` for `ms`; `during` runs a third of the way in (at most 30 min). */
  const outage = async (kind: OutageKind, ms: number, during?: () => Promise<void>) => {
    const from = w.now();
    await w.outageBegin(kind);
    if (during) {
      await w.advanceTo(from + Math.min(30 * MIN, ms / 3));
      await during();
    }
    await w.advanceTo(from + ms);
    await w.outageEnd();
  };
  return { rnd, fresh, blocks, upcoming, mineOn, freeSchedule, other, change, giveAway, minutes, seconds, outage };
}
