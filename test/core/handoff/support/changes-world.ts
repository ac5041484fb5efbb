// The generated world of the away changes-property (changes-property.test.ts, changes-slow-property.test.ts): a
// hand-off of some of my blocks on Pair (two on call at once), a manager's changes at any step, faults on the writes
// and restarts, against the simulator on a fake clock. `play` runs one world; changes-judge.ts judges it.
import { SETTLE_MS } from '../../../../electron/core/actions/override-verify';
import { createClient } from '../../../../electron/api/client';
import type { Harness } from '../../support/engine-harness';
import { overridesOn, startPairWorld } from './pair-world';
export const DAY = 86_400_000;
export const at = (d: number) => Date.parse(`2026-03-${d}T08:00:00Z`);
/** My blocks on Pair and whom I am on call with (pair-world.ts). */
export const BLOCKS = [
  { day: 23, partner: 'alice' },
  { day: 24, partner: 'bob' },
  { day: 26, partner: 'alice' },
  { day: 27, partner: 'bob' },
] as const;
export const PEOPLE = ['me', 'alice', 'bob', 'carol'] as const;
export const emailOf = (p: string) => `${p}@example.com`;
/** Instants looked at: each quarter of every day from Sun 22 to Sat 28 (inside and outside the blocks chosen). */
export const SAMPLES = Array.from({ length: 7 * 4 }, (_, i) => at(22) + (i * DAY) / 4 + 3_600_000);

export interface Change {
  phase: 0 | 1 | 2;
  block: number;
  /** before: the six hours just before the block (a manager putting me there grows my block). */
  half: 'whole' | 'first' | 'second' | 'before';
  people: string[];
}
/** slow_*: the service applies the write 40 s after its answer (a 502 that saved it after all, an answer lost). */
export type Fault = 'none' | 'fail_502' | 'lost' | 'slow_502' | 'slow_lost';

/** The world of the property run now, closed after each (closeWorld). */
let h: Harness | undefined;
export async function closeWorld(): Promise<void> {
  await h?.close();
  h = undefined;
}
/** Who the service says is on call at each sample instant (its shifts, read with its own key). */
export async function readAt(hh: Harness): Promise<Map<number, string[]>> {
  const client = createClient({ baseUrl: hh.sim.url, getApiKey: () => hh.sim.apiKey });
  try {
    const read = await client.listAllShifts('sch_pair', {
      from: new Date(at(22)).toISOString(),
      to: new Date(at(29)).toISOString(),
      clip_to_interval: true,
    });
    if (!read.ok) throw new Error(read.error.message);
    const shifts = read.value.shifts;
    return new Map(
      SAMPLES.map((t) => {
        const on = shifts.filter((s) => Date.parse(s.start) <= t && t < Date.parse(s.end));
        return [t, on.flatMap((s) => s.users.map((u) => u.email.toLowerCase())).sort()];
      }),
    );
  } finally {
    client.close();
  }
}

export const windowOf = (c: Change) => {
  const start = at(BLOCKS[c.block]!.day);
  const mid = start + DAY / 2;
  if (c.half === 'before') return [start - DAY / 4, start];
  return c.half === 'whole' ? [start, start + DAY] : c.half === 'first' ? [start, mid] : [mid, start + DAY];
};

/** `slow`: after Create and each Retry a minute passes and the app refreshes (a late-applied write is read). */
export async function play(
  chosen: { block: number; cover: string }[],
  changes: Change[],
  faults: Fault[],
  restarts: readonly boolean[] = [],
  slow = false,
) {
  const w = await startPairWorld();
  h = w.h;
  let { engine } = w;
  const base = await readAt(w.h);
  const manager = new Set<string>();
  const apply = (phase: number) => {
    for (const c of changes.filter((x) => x.phase === phase)) {
      const [startMs, endMs] = windowOf(c);
      const o = w.h.sim.state.addOverride(
        'sch_pair',
        { startMs: startMs!, endMs: endMs!, userIds: c.people.map((p) => `usr_${p}`) },
        w.h.clock.now(),
      );
      if (o) manager.add(o.id);
    }
  };
  const fault = (f: Fault | undefined) => {
    if (f === 'fail_502') w.h.sim.faults.set('createOverride', { status: 502, times: 1 });
    if (f === 'lost') w.h.sim.faults.set('createOverride', { reset: true, times: 1 });
    const late = { applyAfterMs: 40_000, times: 1 };
    if (f === 'slow_502') w.h.sim.faults.set('createOverride', { status: 502, ...late });
    if (f === 'slow_lost') w.h.sim.faults.set('createOverride', { reset: true, ...late });
  };
  const later = async () => {
    if (!slow) return;
    await w.h.clock.advance(60_000);
    await w.h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    const seen = await engine.handlers['handoff:get'](null);
    if (seen.ok && seen.value.run) told = seen.value.run;
  };
  const plan = await w.h.clock.runWhileAdvancing(engine.handlers['handoff:plan']({}));
  if (!plan.ok) throw new Error(plan.error.message);
  const items = chosen.map(({ block, cover }) => ({
    scheduleId: 'sch_pair',
    start: new Date(at(BLOCKS[block]!.day)).toISOString(),
    end: new Date(at(BLOCKS[block]!.day) + DAY).toISOString(),
    email: emailOf(cover),
  }));
  apply(0);
  fault(faults[0]);
  const made = await w.h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }));
  if (!made.ok) throw new Error(made.error.message);
  // The last run the app told (a hand-off all settled is no longer kept once the app restarts).
  let told = made.value.run;
  await later();
  for (const phase of [1, 2]) {
    apply(phase);
    if (restarts[phase - 1]) {
      // The app stops and starts again: the hand-off resumes from disk (re-read first) before Retry.
      await engine.stop();
      engine = w.h.engine();
      await engine.start();
      await w.h.clock.runWhileAdvancing(engine.handoffIdle());
      const resumed = await engine.handlers['handoff:get'](null);
      if (resumed.ok && resumed.value.run) told = resumed.value.run;
    }
    fault(faults[phase]);
    // A 5xx not seen applied is sent again only once the service has had time to apply it (adv48 round 10 #1).
    await w.h.clock.advance(SETTLE_MS);
    const retried = await w.h.clock.runWhileAdvancing(engine.handlers['handoff:retry'](null));
    if (retried.ok && retried.value.run) told = retried.value.run;
    await w.h.clock.runWhileAdvancing(engine.handoffIdle());
    await later();
  }
  w.h.sim.faults.clear();
  const status = await engine.handlers['handoff:get'](null);
  const run = (status.ok ? status.value.run : null) ?? told;
  return { base, manager, run, list: [...overridesOn(w.h, 'sch_pair')], final: await readAt(w.h) };
}
