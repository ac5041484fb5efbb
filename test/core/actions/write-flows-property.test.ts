// Issue 48, generated worlds for "Take over now" (pressed up to three times, with what its offer showed) and the
// override form's Create (after a preview or with none, pressed up to three times), with a manager's changes before
// any press (all or part of the window, to anyone, or exactly the intended override) and a 502 that saved nothing or
// an answer lost after it landed, against the simulator on a fake clock. The oracle is the simulator's own list of
// overrides in stored order (handoff/support/write-log.ts); what each write should be is written out from the seed.
// It must hold that:
// - the app writes only the intended override (window and people), at most once (0 duplicates);
// - take over and Create after a preview write only while the service holds exactly what was planned;
//   Create without a preview never writes over an identical override already in place;
// - the service ends with the intended people over a written window, unless a later override covers it;
// - nobody else removed: outside what the app wrote, the service holds the base and the manager's changes;
// - a press that finds the plan changed says so; one after the intended override landed says it is already there.
// FC_RUNS=n runs n worlds per property (default 5: each starts an engine).
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME } from '../support/seeds';
import { pairSeed } from '../handoff/support/pair-world';
import { emailsOf, holders, listOf, logWrites, readAt, type Logged } from '../handoff/support/write-log';

const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 5);
const MIN = 60_000;
const HOUR = 60 * MIN;
/** Sun 22 March 10:00 UTC: Alice and Bob on call on Pair until Mon 08:00 (then me and Alice); Carol alone on Solo. */
const T0 = Date.parse('2026-03-22T10:00:00Z');
const e = (...p: string[]) => p.map((x) => `${x}@example.com`).sort();

type Fault = 'none' | 'fail_502' | 'lost';
interface Press {
  /** The manager's overrides before this press: [offset from the window's start, length] in minutes, and people. */
  changes: { fromMin: number; lengthMin: number; people: string[] }[];
  fault: Fault;
}

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function world() {
  h = await createHarness({ startMs: T0, seed: pairSeed() });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_pair', 'sch_solo'] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  return { h, engine, log: logWrites(h, ['sch_pair', 'sch_solo']) };
}

/** A flow: where it writes, what it replaces, what it puts, and how one press is made. */
interface Flow {
  scheduleId: string;
  startMs: number;
  endMs: number;
  before: string[];
  after: string[];
  /** Samples inside the window of an override, and around it. */
  samples: number[];
}

function fault(hh: Harness, f: Fault, scheduleId: string) {
  const base = { times: 1, pathIncludes: `/schedules/${scheduleId}/` };
  if (f === 'fail_502') hh.sim.faults.set('createOverride', { ...base, status: 502 });
  if (f === 'lost') hh.sim.faults.set('createOverride', { ...base, reset: true });
}

type Said = { ok: boolean; text: string };
interface Played {
  hh: Harness;
  base: Map<number, string[]>;
  log: Logged[];
  /** Per press: what the service held over the window just before it, and what the app said. */
  presses: { held: string[][]; said: Said; oursInPlace: boolean; oursStored: boolean }[];
  final: Map<number, string[]>;
}

async function play(
  flow: Flow,
  presses: Press[],
  press: (engine: Awaited<ReturnType<typeof world>>['engine']) => Promise<Said>,
): Promise<Played> {
  const w = await world();
  const range = [flow.samples[0]! - HOUR, flow.samples.at(-1)! + HOUR] as const;
  const base = await readAt(w.h, flow.scheduleId, ...range, flow.samples);
  const inside = flow.samples.filter((t) => flow.startMs <= t && t < flow.endMs);
  const out: Played['presses'] = [];
  for (const p of presses) {
    for (const c of p.changes)
      w.log.manage(
        flow.scheduleId,
        flow.startMs + c.fromMin * MIN,
        flow.startMs + (c.fromMin + c.lengthMin) * MIN,
        c.people,
      );
    const list = listOf(w.h, flow.scheduleId);
    const held = inside.map((t) => holders(base, list, t));
    const ours = w.log.entries.filter((x) => !x.manager);
    const oursInPlace = ours.length > 0 && held.every((x) => x.join() === flow.after.join());
    fault(w.h, p.fault, flow.scheduleId);
    const said = await w.h.clock.runWhileAdvancing(press(w.engine));
    w.h.sim.faults.clear();
    out.push({ held, said, oursInPlace, oursStored: ours.length > 0 });
    await w.h.clock.advance(MIN);
  }
  const final = await readAt(w.h, flow.scheduleId, ...range, flow.samples);
  return { hh: w.h, base, log: w.log.entries, presses: out, final };
}

/** What both flows must hold; `stale` says whether a write over `held` would act on a stale plan. */
/** `again`: a write may be made anew once a manager undid the first (take over from now on, pressed again on a
 *  schedule back to what was seen); else the window is written at most once. Never while ours is in effect. */
function judge(flow: Flow, r: Played, stale: (held: string[][], x: Logged) => boolean, again = false) {
  const id = flow.scheduleId;
  for (const t of flow.samples) expect([t, r.final.get(t)]).toEqual([t, holders(r.base, listOf(r.hh, id), t)]);
  const ours = r.log.filter((x) => !x.manager);
  if (!again) expect(ours.length, 'a duplicate override').toBeLessThanOrEqual(1);
  for (const x of ours.slice(1)) {
    const held = flow.samples
      .filter((t) => x.override.startMs <= t && t < x.override.endMs)
      .map((t) => holders(r.base, listOf(r.hh, flow.scheduleId, x), t).join());
    expect(
      held.every((p) => p === flow.after.join()),
      'a duplicate override while the first is in effect',
    ).toBe(false);
  }
  for (const x of ours) {
    const o = x.override;
    expect([x.scheduleId, o.endMs, emailsOf(o)]).toEqual([id, flow.endMs, flow.after]);
    expect(o.startMs).toBeGreaterThanOrEqual(flow.startMs);
    const held = flow.samples
      .filter((t) => o.startMs <= t && t < o.endMs)
      .map((t) => holders(r.base, listOf(r.hh, id, x), t));
    expect(stale(held, x), `written over ${JSON.stringify(held)}`).toBe(false);
    const list = listOf(r.hh, id);
    const k = list.findIndex((y) => y.id === o.id);
    for (const t of flow.samples.filter((s) => o.startMs <= s && s < o.endMs))
      if (!list.slice(k + 1).some((y) => y.startMs <= t && t < y.endMs))
        expect([t, r.final.get(t)]).toEqual([t, flow.after]);
  }
  const managers = r.log.filter((x) => x.manager).map((x) => x.override);
  for (const t of flow.samples.filter((s) => !ours.some((x) => x.override.startMs <= s && s < x.override.endMs)))
    expect([t, r.final.get(t)]).toEqual([t, holders(r.base, managers, t)]);
}

/** Press `i` was refused with words that match. */
function saidNo(i: number, said: Said, words: RegExp) {
  expect([i, said.ok]).toEqual([i, false]);
  expect(said.text, `press ${i}`).toMatch(words);
}

const odd = (flow: Flow, held: string[][]) =>
  !held.every((x) => x.join() === flow.before.join()) && !held.every((x) => x.join() === flow.after.join());

const pressArb = (changes: fc.Arbitrary<Press['changes'][number]>) =>
  fc.record({
    changes: fc.oneof(
      { arbitrary: fc.constant<Press['changes']>([]), weight: 3 },
      { arbitrary: fc.array(changes, { minLength: 1, maxLength: 2 }), weight: 2 },
    ),
    fault: fc.constantFrom<Fault>('none', 'fail_502', 'lost', 'lost'),
  });
const people = fc.subarray(['me', 'alice', 'bob', 'carol'], { minLength: 1, maxLength: 2 });

// Take over from Alice now, as the card offered it: Alice and Bob on call until Mon 08:00.
const TAKE: Flow = {
  scheduleId: 'sch_pair',
  startMs: T0,
  endMs: Date.parse('2026-03-23T08:00:00Z'),
  before: e('alice', 'bob'),
  after: e('bob', 'me'),
  samples: Array.from({ length: 24 }, (_, i) => T0 + 5 * MIN + i * HOUR),
};
const takeChange = fc.record({
  fromMin: fc.constantFrom(-120, 0, 30, 600),
  lengthMin: fc.constantFrom(120, 22 * 60, 24 * 60),
  people,
});

async function takeOnce(presses: Press[]) {
  const r = await play(TAKE, presses, async (engine) => {
    const request = {
      scheduleId: 'sch_pair',
      fromEmail: 'alice@example.com',
      seen: { onCall: TAKE.before, until: '2026-03-23T08:00:00Z' },
    };
    const a = await engine.handlers['take-over:now'](request);
    return a.ok ? { ok: true, text: a.value.outcome.status } : { ok: false, text: a.error.message };
  });
  judge(TAKE, r, (held) => held.some((x) => x.join() !== TAKE.before.join()), true);
  for (const [i, p] of r.presses.entries()) {
    if (odd(TAKE, p.held))
      saidNo(i, p.said, /Changed since you planned it|not on call on this schedule now|already on call/);
    // Done already: said so, or (a manager changed it around since) the change is said.
    if (p.oursInPlace)
      expect([i, p.said.text]).toEqual([
        i,
        expect.stringMatching(/^Your take-over is already in place|^Changed since you planned it/),
      ]);
  }
}

/** Everyone a write over `held` would replace (on call there, not among those it puts). */
const replacedOf = (held: string[][]) => [...new Set(held.flat().filter((p) => !FORM.after.includes(p)))].sort().join();

// The override form: Alice over Carol on Solo, Tue 14:00–18:00, after a preview (it replaces Carol) or with none.
const FORM: Flow = {
  scheduleId: 'sch_solo',
  startMs: Date.parse('2026-03-24T14:00:00Z'),
  endMs: Date.parse('2026-03-24T18:00:00Z'),
  before: e('carol'),
  after: e('alice'),
  samples: Array.from({ length: 16 }, (_, i) => Date.parse('2026-03-24T12:15:00Z') + i * 30 * MIN),
};
const formChange = fc.oneof(
  fc.record({ fromMin: fc.constantFrom(-120, 0, 120), lengthMin: fc.constantFrom(120, 240), people }),
  fc.constant({ fromMin: 0, lengthMin: 240, people: ['alice'] as string[] }),
);

async function formOnce(preview: boolean, presses: Press[]) {
  const window = { kind: 'custom' as const, start: '2026-03-24T14:00:00Z', end: '2026-03-24T18:00:00Z' };
  const r = await play(FORM, presses, async (engine) => {
    const request = { scheduleId: 'sch_solo', window, emails: ['alice@example.com'] };
    const a = await engine.handlers['override:create'](preview ? { ...request, replaces: FORM.before } : request);
    if (!a.ok) return { ok: false, text: a.error.message };
    return { ok: true, text: 'message' in a.value ? `${a.value.status}: ${a.value.message}` : a.value.status };
  });
  // After a preview: only over Carol. With none: never over an identical override the schedule shows as one (a
  // stretch of Alice that starts and ends exactly there; the service has no list of overrides, so a manager's
  // identical one beside Alice's own time reads as the rotation, and is written as asked: docs/away-and-swap.md).
  const justOutside = [FORM.startMs - 15 * MIN, FORM.endMs + 15 * MIN];
  const identical = (x: Logged) =>
    listOf(r.hh, 'sch_solo', x).some(
      (o) => o.startMs === FORM.startMs && o.endMs === FORM.endMs && emailsOf(o).join() === FORM.after.join(),
    );
  judge(FORM, r, (held, x) =>
    preview
      ? replacedOf(held) !== FORM.before.join()
      : identical(x) &&
        held.every((y) => y.join() === FORM.after.join()) &&
        justOutside.every((t) => holders(r.base, listOf(r.hh, 'sch_solo', x), t).join() !== FORM.after.join()),
  );
  for (const [i, p] of r.presses.entries()) {
    const changed = replacedOf(p.held) !== FORM.before.join() && odd(FORM, p.held);
    if (preview && changed) saidNo(i, p.said, /^Changed since the preview/);
    if (p.oursInPlace)
      expect(p.said.text).toMatch(/already in place|already shows exactly these people|may already be in place/);
    // Create again once ours was stored, and a manager changed part of it since: said, nothing written over it.
    if (!preview && p.oursStored && changed) saidNo(i, p.said, /^Changed since you created it/);
  }
}

describe('kept counterexamples', () => {
  it('take over landed, then a manager put me beside Carol instead: pressed again it is not "already in place"', async () => {
    // It said "Your take-over is already in place" of a schedule that shows me with Carol, not with Bob.
    await takeOnce([
      { changes: [], fault: 'none' },
      { changes: [{ fromMin: -120, lengthMin: 24 * 60, people: ['me', 'carol'] }], fault: 'none' },
    ]);
  }, 60_000);

  it('Create with no preview landed, then a manager gave its second half to Carol: Create again writes nothing', async () => {
    // It wrote the same override a second time, over the manager's change, without a word.
    await formOnce(false, [
      { changes: [], fault: 'none' },
      { changes: [{ fromMin: 120, lengthMin: 120, people: ['carol'] }], fault: 'none' },
    ]);
  }, 60_000);
});

describe('kept counterexamples, Create again after a lost answer', () => {
  it('its answer lost (it landed), then a manager gave the second half to Carol: Create again writes nothing', async () => {
    // The first fix sent it again: the record of a lost answer has no id to fetch it by.
    await formOnce(false, [
      { changes: [], fault: 'lost' },
      { changes: [{ fromMin: 120, lengthMin: 120, people: ['carol'] }], fault: 'none' },
    ]);
  }, 60_000);
});

describe('take over and the override form in generated worlds (manager changes, lost answers, 5xx)', () => {
  it('take over writes once, only on what its offer showed, or says why not', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(pressArb(takeChange), { minLength: 1, maxLength: 3 }), async (presses) => {
        try {
          await takeOnce(presses);
        } finally {
          await h?.close();
          h = undefined;
        }
      }),
      { numRuns: NUM_RUNS, seed: 4849 },
    );
  }, 120_000);

  it('the override form writes once, after a preview only on what it showed, or says why not', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.array(pressArb(formChange), { minLength: 1, maxLength: 3 }),
        async (preview, presses) => {
          try {
            await formOnce(preview, presses);
          } finally {
            await h?.close();
            h = undefined;
          }
        },
      ),
      { numRuns: NUM_RUNS, seed: 4850 },
    );
  }, 120_000);
});
