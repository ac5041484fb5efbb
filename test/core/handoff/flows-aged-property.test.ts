// Issue 48, adversarial round 35: every write flow (swap, away's Create, the override form, take over) pressed a
// generated number of minutes (0–120) after the app's first read, with the shift read aging past fresh on the way.
// Nothing changed at the service: each writes exactly its intended overrides. A manager's change to the flow's
// window (at a generated minute before the press): each plan-based flow writes nothing and says the change, naming
// who holds it now. What is intended, and who the manager put there, are computed here from the rotation and the
// simulator's own list; the app's words are never the oracle. Real engine, simulator, fake clock.
// FC_RUNS=n runs n worlds (default 8: each starts an engine).
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const NUM_RUNS = Number(process.env['FC_RUNS'] ?? 8);
const DAY = 86_400_000;
const MIN = 60_000;
const ROTATION_START = Date.parse('2026-03-20T08:00:00Z');
const ORDER = ['usr_me', 'usr_alice', 'usr_bob'];
// Tue: Alice on call until Wed 08:00Z (take over replaces her now); my Thu, her Fri.
const START = Date.parse('2026-03-24T10:00:00Z');
const at = (date: string) => Date.parse(`${date}T08:00:00Z`);
const [WED, THU, FRI] = [at('2026-03-25'), at('2026-03-26'), at('2026-03-27')];
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const holderOf = (ms: number) => ORDER[Math.floor((ms - ROTATION_START) / DAY) % ORDER.length]!;

type Flow = 'swap' | 'away' | 'form' | 'take-over';
interface Change {
  atMinute: number;
  /** For a swap, which side the manager changes. */
  side: 'mine' | 'theirs';
}
interface World {
  flow: Flow;
  pressMinute: number;
  change: Change | null;
}
interface Written {
  startMs: number;
  endMs: number;
  userIds: string[];
}

let w: { h: Harness; engine: Engine } | undefined;
afterEach(async () => {
  await w?.engine.stop();
  await w?.h.close();
  w = undefined;
});

async function started(): Promise<{ h: Harness; engine: Engine }> {
  const daily = { zone: 'Etc/UTC', rotationStart: iso(ROTATION_START), length: { amount: 1, unit: 'days' as const } };
  const h = await createHarness({
    startMs: START,
    seed: seedOf([{ id: 'sch_d', name: 'Daily', userIds: ORDER, ...daily }]),
  });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_d'] });
  w = { h, engine: h.engine() };
  await w.engine.start();
  await h.clock.advance(1_000);
  return { h, engine: w.engine };
}

const written = (h: Harness): Written[] =>
  (h.sim.state.schedules.get('sch_d')?.overrides ?? []).map((o) => ({
    startMs: o.startMs,
    endMs: o.endMs,
    userIds: [...o.userIds],
  }));

/** The window a manager's change covers for this flow, and who they put there (never the flow's own cover). */
function managerWrite(flow: Flow, change: Change, nowMs: number): Written {
  if (flow === 'take-over') return { startMs: Math.ceil(nowMs / MIN) * MIN, endMs: WED, userIds: ['usr_bob'] };
  if (flow === 'swap' && change.side === 'theirs') return { startMs: FRI, endMs: FRI + DAY, userIds: ['usr_bob'] };
  // Away and the form hand my Thu to Bob: the manager gives it to Alice; a swap gives it to Alice: Bob then.
  return { startMs: THU, endMs: THU + DAY, userIds: [flow === 'swap' ? 'usr_bob' : 'usr_alice'] };
}

/** What the flow must leave at the service when nothing changed, from the rotation. */
function intended(flow: Flow, pressMs: number): Written[] {
  expect([holderOf(START), holderOf(THU), holderOf(FRI)]).toEqual(['usr_alice', 'usr_me', 'usr_alice']);
  if (flow === 'swap')
    return [
      { startMs: THU, endMs: THU + DAY, userIds: ['usr_alice'] },
      { startMs: FRI, endMs: FRI + DAY, userIds: ['usr_me'] },
    ];
  if (flow === 'take-over') return [{ startMs: Math.ceil(pressMs / 1000) * 1000, endMs: WED, userIds: ['usr_me'] }];
  return [{ startMs: THU, endMs: THU + DAY, userIds: ['usr_bob'] }];
}

/** Presses the flow; its answer's words (a refusal's message, or what it said of the write). */
async function press(h: Harness, engine: Engine, flow: Flow): Promise<string> {
  const thu = { scheduleId: 'sch_d', start: iso(THU), end: iso(THU + DAY) };
  const run = <T>(p: Promise<T>) => h.clock.runWhileAdvancing(p);
  if (flow === 'swap') {
    const theirs = { scheduleId: 'sch_d', start: iso(FRI), end: iso(FRI + DAY), email: 'alice@example.com' };
    const a = await run(engine.handlers['swap:create']({ mine: thu, theirs }));
    return a.ok ? a.value.text : a.error.message;
  }
  if (flow === 'away') {
    const a = await run(engine.handlers['handoff:create']({ items: [{ ...thu, email: 'bob@example.com' }] }));
    await run(engine.handoffIdle());
    const got = await engine.handlers['handoff:get'](null);
    const item = got.ok ? got.value.run?.items[0] : undefined;
    return a.ok ? `${item?.state ?? ''} ${item?.message ?? ''}` : a.error.message;
  }
  if (flow === 'form') {
    const window = { kind: 'custom' as const, start: thu.start, end: thu.end };
    const a = await run(
      engine.handlers['override:create']({ scheduleId: 'sch_d', window, emails: ['bob@example.com'] }),
    );
    return a.ok ? JSON.stringify(a.value) : a.error.message;
  }
  const seen = { onCall: ['alice@example.com'], until: iso(WED) };
  const a = await run(engine.handlers['take-over:now']({ scheduleId: 'sch_d', fromEmail: 'alice@example.com', seen }));
  return a.ok ? ('message' in a.value.outcome ? a.value.outcome.message : a.value.outcome.status) : a.error.message;
}

const worlds = fc
  .record({
    flow: fc.constantFrom<Flow>('swap', 'away', 'form', 'take-over'),
    pressMinute: fc.integer({ min: 0, max: 120 }),
    changed: fc.option(
      fc.record({
        fraction: fc.double({ min: 0, max: 1, noNaN: true }),
        side: fc.constantFrom<'mine' | 'theirs'>('mine', 'theirs'),
      }),
      { nil: null },
    ),
  })
  .map(({ flow, pressMinute, changed }): World => ({
    flow,
    pressMinute,
    // The form writes what it is asked with no plan to hold it to, so only plan-based flows get a change.
    change:
      changed && flow !== 'form' ? { atMinute: Math.floor(changed.fraction * pressMinute), side: changed.side } : null,
  }));

async function check(world: World): Promise<void> {
  const { h, engine } = await started();
  let manager: Written | undefined;
  if (world.change) {
    await h.clock.advance(world.change.atMinute * MIN);
    manager = managerWrite(world.flow, world.change, h.clock.now());
    h.sim.state.addOverride('sch_d', manager, h.clock.now());
  }
  await h.clock.advance((world.pressMinute - (world.change?.atMinute ?? 0)) * MIN);
  const pressMs = h.clock.now();
  const said = await press(h, engine, world.flow);
  if (manager) {
    // Nothing of the app's written over the change; the change said, naming who the manager put there.
    expect(written(h)).toEqual([manager]);
    const name = h.sim.state.users.get(manager.userIds[0]!)?.name ?? 'unnamed';
    expect(said).toMatch(new RegExp(`Changed since .*${name}`));
  } else {
    expect(said).not.toMatch(/Nothing was sent|changes within/);
    expect(written(h)).toEqual(intended(world.flow, pressMs));
  }
  await engine.stop();
  await h.close();
  w = undefined;
}

describe('every write flow pressed 0–120 minutes after the first read', () => {
  it('unchanged: exactly the intended overrides; a manager change: nothing written, the change said', async () => {
    await fc.assert(fc.asyncProperty(worlds, check), { numRuns: NUM_RUNS });
  }, 600_000);

  // The cases the round found, kept whatever the generator draws.
  for (const world of [
    { flow: 'swap', pressMinute: 15, change: null },
    { flow: 'swap', pressMinute: 60, change: { atMinute: 30, side: 'theirs' } },
    { flow: 'take-over', pressMinute: 90, change: { atMinute: 89, side: 'mine' } },
    { flow: 'away', pressMinute: 120, change: { atMinute: 11, side: 'mine' } },
  ] satisfies World[])
    it(
      `${world.flow} at ${world.pressMinute} min, ${world.change ? 'changed' : 'unchanged'}`,
      () => check(world),
      60_000,
    );
});
