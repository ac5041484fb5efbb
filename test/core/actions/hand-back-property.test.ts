// Issue 48, generated worlds for "Hand back" after a take-over: I took over from Alice on Pair (Bob stays with me)
// until Mon 08:00; then Hand back is pressed up to three times with the offer it showed, with a manager's changes
// before any press (all or part of the rest of my take-over, the hours around it, to anyone) and a 502 that saved
// nothing or an answer lost after it landed, against the simulator on a fake clock. The oracle is the simulator's own
// list of overrides in stored order (handoff/support/write-log.ts), read after the take-over landed. It must hold:
// - the app writes only the hand back (Alice and Bob until Mon 08:00, from a press on), once while it is in effect;
// - each is written only while the service held exactly my take-over (me and Bob) throughout its window;
// - the service ends with Alice and Bob over a written window at every instant, unless a later override covers it;
// - nobody else removed: outside what the app wrote, the service holds the base and the manager's changes;
// - a press that finds something else than my take-over or the hand back there writes nothing and says no.
// FC_RUNS=n runs n worlds (default 3: each starts an engine, ~1.5 s); FC_SEED=s another seed.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME } from '../support/seeds';
import { pairSeed } from '../handoff/support/pair-world';
import { emailsOf, holders, listOf, logWrites, readAt, type Logged } from '../handoff/support/write-log';

const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 3);
const MIN = 60_000;
const HOUR = 60 * MIN;
/** Sun 22 March 10:00 UTC: Alice and Bob on call on Pair until Mon 08:00 (then me and Alice). */
const T0 = Date.parse('2026-03-22T10:00:00Z');
const END = Date.parse('2026-03-23T08:00:00Z');
const e = (...p: string[]) => p.map((x) => `${x}@example.com`).sort();
const TOOK = e('bob', 'me');
const BACK = e('alice', 'bob');
/** Instants looked at: every hour from the take-over's second hour to two hours past its end. */
const SAMPLES = Array.from({ length: 24 }, (_, i) => T0 + 65 * MIN + i * HOUR);

type Fault = 'none' | 'fail_502' | 'lost';
interface Press {
  /** The manager's overrides before this press: [offset from the first press, length] in minutes, and people. */
  changes: { fromMin: number; lengthMin: number; people: string[] }[];
  fault: Fault;
}

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The world after my take-over from Alice landed, an hour on: the offer the card shows for the hand back. */
async function tookOver(): Promise<{ hh: Harness; engine: Engine }> {
  const hh = await createHarness({ startMs: T0, seed: pairSeed() });
  h = hh;
  await seedSettings(hh, { email: ME, scheduleIds: ['sch_pair', 'sch_solo'] });
  const engine = hh.engine();
  await engine.start();
  await hh.clock.advance(1_000);
  const took = await hh.clock.runWhileAdvancing(
    engine.handlers['take-over:now']({ scheduleId: 'sch_pair', fromEmail: 'alice@example.com' }),
  );
  expect(took.ok && took.value.outcome.status).toBe('created');
  await hh.clock.advance(HOUR);
  return { hh, engine };
}

async function play(presses: Press[]) {
  const { hh, engine } = await tookOver();
  const range = [T0, END + 3 * HOUR] as const;
  const base = await readAt(hh, 'sch_pair', ...range, SAMPLES);
  const back = engine.getState().schedules.find((s) => s.id === 'sch_pair')?.takeOverOptions?.handBack;
  expect(back?.to.map((p) => p.email)).toEqual(['alice@example.com']);
  const seen = { to: back!.to.map((p) => p.email), until: back!.until };
  const log = logWrites(hh, ['sch_pair']);
  const firstMs = hh.clock.now();
  const out: { held: string[][]; ok: boolean; text: string }[] = [];
  for (const p of presses) {
    for (const c of p.changes)
      log.manage('sch_pair', firstMs + c.fromMin * MIN, firstMs + (c.fromMin + c.lengthMin) * MIN, c.people);
    // What the service holds over the rest of the take-over just before the press.
    const held = SAMPLES.filter((t) => hh.clock.now() <= t && t < END).map((t) =>
      holders(base, listOf(hh, 'sch_pair'), t),
    );
    if (p.fault === 'fail_502') hh.sim.faults.set('createOverride', { status: 502, times: 1 });
    if (p.fault === 'lost') hh.sim.faults.set('createOverride', { reset: true, times: 1 });
    const a = await hh.clock.runWhileAdvancing(
      engine.handlers['take-over:hand-back']({ scheduleId: 'sch_pair', seen }),
    );
    hh.sim.faults.clear();
    out.push({ held, ok: a.ok, text: a.ok ? a.value.outcome.status : a.error.message });
    await hh.clock.advance(MIN);
  }
  return { hh, base, log: log.entries, presses: out, final: await readAt(hh, 'sch_pair', ...range, SAMPLES) };
}

function judge(r: Awaited<ReturnType<typeof play>>) {
  const list = listOf(r.hh, 'sch_pair');
  for (const t of SAMPLES) expect([t, r.final.get(t)]).toEqual([t, holders(r.base, list, t)]);
  const ours = r.log.filter((x) => !x.manager);
  const heldBefore = (x: Logged) =>
    SAMPLES.filter((t) => x.override.startMs <= t && t < x.override.endMs).map((t) =>
      holders(r.base, listOf(r.hh, 'sch_pair', x), t).join(),
    );
  for (const x of ours) {
    const o = x.override;
    // Only the hand back, from a press on, to the take-over's end.
    expect([o.endMs, emailsOf(o)]).toEqual([END, BACK]);
    expect(o.startMs).toBeGreaterThanOrEqual(T0 + HOUR);
    // Written only while the service held exactly my take-over there (never stale, never over the hand back).
    expect(
      heldBefore(x).every((p) => p === TOOK.join()),
      `written over ${JSON.stringify(heldBefore(x))}`,
    ).toBe(true);
    // The intended people at every instant it covers, unless a later override covers that instant.
    const k = list.findIndex((y) => y.id === o.id);
    for (const t of SAMPLES.filter((s) => o.startMs <= s && s < o.endMs))
      if (!list.slice(k + 1).some((y) => y.startMs <= t && t < y.endMs)) expect([t, r.final.get(t)]).toEqual([t, BACK]);
  }
  // Nobody else removed: outside what the app wrote, the base (my take-over) and the manager's changes.
  const managers = r.log.filter((x) => x.manager).map((x) => x.override);
  for (const t of SAMPLES.filter((s) => !ours.some((x) => x.override.startMs <= s && s < x.override.endMs)))
    expect([t, r.final.get(t)]).toEqual([t, holders(r.base, managers, t)]);
  // A press over something else than my take-over or the hand back (throughout) says no.
  for (const [i, p] of r.presses.entries()) {
    const all = (who: string[]) => p.held.length > 0 && p.held.every((x) => x.join() === who.join());
    if (!all(TOOK) && !all(BACK)) expect([i, p.ok, p.text]).toEqual([i, false, expect.any(String)]);
  }
}

const changeArb = fc.record({
  fromMin: fc.constantFrom(-120, 0, 60, 600),
  lengthMin: fc.constantFrom(120, 20 * 60, 24 * 60),
  people: fc.subarray(['me', 'alice', 'bob', 'carol'], { minLength: 1, maxLength: 2 }),
});
const pressArb = fc.record({
  changes: fc.oneof(
    { arbitrary: fc.constant<Press['changes']>([]), weight: 3 },
    { arbitrary: fc.array(changeArb, { minLength: 1, maxLength: 2 }), weight: 2 },
  ),
  fault: fc.constantFrom<Fault>('none', 'fail_502', 'lost', 'lost'),
});

describe('hand back in generated worlds (manager changes, lost answers, 5xx)', () => {
  it('writes the hand back once, only over my take-over as it stands, or says why not', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(pressArb, { minLength: 1, maxLength: 3 }), async (presses) => {
        try {
          judge(await play(presses));
        } finally {
          await h?.close();
          h = undefined;
        }
      }),
      { numRuns: NUM_RUNS, seed: Number(process.env['FC_SEED'] ?? 4851) },
    );
  }, 120_000);

  it('a manager gave the second half of my take-over to Carol: nothing is written, and it says so', async () => {
    const r = await play([{ changes: [{ fromMin: 600, lengthMin: 24 * 60, people: ['carol'] }], fault: 'none' }]);
    judge(r);
    expect(r.log.filter((x) => !x.manager)).toHaveLength(0);
    expect(r.presses[0]?.text).toMatch(/^Changed since you planned it: /);
  }, 60_000);
});
