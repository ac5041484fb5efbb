// adv48 round 10 #1: a create the service took whose answer was lost, and the app's check read does not show it
// (a manager changed the window back meanwhile, or the service applies it 30 s late). It may have landed, so it is
// "can't confirm", never an invitation to send again: the second press of every flow (take over, the form with and
// without a preview, hand back, away Retry, swap Retry) sends nothing, and no override of ours is held twice.
import { afterEach, describe, expect, it } from 'vitest';
import type { OncallClient } from '../../../electron/api/client-types';
import type { Engine } from '../../../electron/core/engine/types';
import { SETTLE_MS } from '../../../electron/core/actions/override-verify';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';

const T0 = Date.parse('2026-03-02T08:00:00Z'); // Monday, 09:00 Berlin
const H = 3_600_000;
const D = 24 * H;
const iso = (ms: number) => new Date(ms).toISOString();
const ME = 'me@example.com';

const user = (n: string) => ({
  id: `usr_${n}`,
  name: n === 'me' ? 'Mia Me' : n[0]!.toUpperCase() + n.slice(1),
  email: `${n}@example.com`,
  role: 'user',
  seat: 'member',
  chat_id: `U${n}`,
  time_zone: 'Europe/Berlin',
});
const layer = (users: string[], concurrent: number) => ({
  name: 'L',
  rotation_start: iso(T0),
  concurrent_oncall_users: concurrent,
  user_ids: users.map((u) => `usr_${u}`),
  shift_length: { amount: 1, unit: 'days' },
  restriction_intervals: [],
});
const seed = {
  api_keys: [{ key: 'key_me_0001', user_id: 'usr_me' }],
  users: ['me', 'bob', 'carol', 'dave'].map(user),
  teams: [{ id: 'tea_x', name: 'X', description: '' }],
  schedules: [
    {
      id: 'sch_solo',
      name: 'Solo',
      description: '',
      time_zone: 'Europe/Berlin',
      team_ids: ['tea_x'],
      layers: [layer(['me', 'bob', 'carol'], 1)],
    },
  ],
  coverage_requests: [],
};

type Flow = 'form' | 'form-preview' | 'take-over' | 'hand-back' | 'away' | 'swap';
const FLOWS: Flow[] = ['form', 'form-preview', 'take-over', 'hand-back', 'away', 'swap'];
const THU = T0 + 3 * D;
const WED = T0 + 2 * D;
const startOf = (f: Flow) => (f === 'away' || f === 'swap' ? T0 - 12 * H : T0 + D + H);

interface World {
  h: Harness;
  engine: Engine;
  /** The window and people the lost write covers, and who a manager puts back over it. */
  undo: [number, number, string];
  /** Arms the next createOverride: `lose` (taken, answer lost), `late` (taken, applied 30 s on), `drop` (never taken). */
  arm: (how: 'lose' | 'late' | 'drop', thenManager: boolean) => void;
}

async function worldFor(flow: Flow, revisionMoves = true): Promise<World> {
  const h = await createHarness({ startMs: startOf(flow), seed, revisionMoves });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_solo'] });
  let armed: { how: 'lose' | 'late' | 'drop'; manager: boolean } | undefined;
  let managerDue = false;
  const w: Partial<World> = { h };
  const wrap = (c: OncallClient): OncallClient => {
    const before = async () => {
      if (!managerDue || !w.undo) return;
      managerDue = false;
      const [s, e, who] = w.undo;
      h.sim.state.addOverride('sch_solo', { startMs: s, endMs: e, userIds: [`usr_${who}`] }, h.clock.now());
    };
    return {
      ...c,
      getSchedule: async (...a) => (await before(), c.getSchedule(...a)),
      listShifts: async (...a) => (await before(), c.listShifts(...a)),
      listAllShifts: async (...a) => (await before(), c.listAllShifts(...a)),
      createOverride: async (...a) => {
        if (armed) {
          const f = armed.how;
          h.sim.faults.set(
            'createOverride',
            f === 'lose'
              ? { reset: true, times: 1 }
              : f === 'late'
                ? { status: 504, applyAfterMs: 30_000, times: 1 }
                : { status: 503, times: 1 },
          );
          managerDue = armed.manager;
          armed = undefined;
        }
        return c.createOverride(...a);
      },
    };
  };
  const engine = h.engine({ wrapClient: wrap });
  await engine.start();
  await h.clock.advance(1_000);
  w.engine = engine;
  w.arm = (how, manager) => void (armed = { how, manager });
  return w as World;
}

const creates = (h: Harness) => h.sim.requests.count({ route: 'createOverride' });
const run = <T>(h: Harness, p: Promise<T>) => h.clock.runWhileAdvancing(p);

/** Presses the flow's button once (the first press sets up what it needs); returns what it said, flattened. */
async function press(w: World, flow: Flow, first: boolean): Promise<string> {
  const { h, engine } = w;
  const start = startOf(flow);
  const say = (r: unknown) => JSON.stringify(r);
  if (flow === 'form' || flow === 'form-preview') {
    const req = {
      scheduleId: 'sch_solo',
      window: { kind: 'custom' as const, start: iso(start + H), end: iso(start + 4 * H) },
      emails: ['dave@example.com'],
    };
    w.undo = [start + H, start + 4 * H, 'bob'];
    if (flow === 'form') return say(await run(h, engine.handlers['override:create'](req)));
    const pv = await run(h, engine.handlers['override:preview'](req));
    if (!pv.ok) throw new Error(pv.error.message);
    const extra = {
      replaces: pv.value.replaces.map((p) => p.email),
      previewed: { start: pv.value.start, end: pv.value.end },
    };
    return say(await run(h, engine.handlers['override:create']({ ...req, ...extra })));
  }
  if (flow === 'take-over') {
    w.undo = [start, WED, 'bob'];
    const seen = { onCall: ['bob@example.com'], until: iso(WED) };
    return say(
      await run(h, engine.handlers['take-over:now']({ scheduleId: 'sch_solo', fromEmail: 'bob@example.com', seen })),
    );
  }
  if (flow === 'hand-back') {
    const o = await run(h, engine.handlers['take-over:options'](null));
    const hb = o.ok ? o.value.find((x) => x.scheduleId === 'sch_solo')?.handBack : undefined;
    if (!hb) return 'no hand back offered';
    w.undo = [h.clock.now(), WED, 'me'];
    const seen = { to: hb.to.map((p) => p.email), until: hb.until };
    return say(await run(h, engine.handlers['take-over:hand-back']({ scheduleId: 'sch_solo', seen })));
  }
  if (flow === 'away') {
    w.undo = [THU, THU + D, 'me'];
    if (!first) return say(await run(h, engine.handlers['handoff:retry'](null)));
    const p = await run(h, engine.handlers['handoff:plan']({ range: { from: '2026-03-05', to: '2026-03-05' } }));
    if (!p.ok) throw new Error(p.error.message);
    const items = p.value.rows.map((x) => ({
      scheduleId: x.scheduleId,
      start: x.start,
      end: x.end,
      email: 'carol@example.com',
    }));
    return say(await run(h, engine.handlers['handoff:create']({ items })));
  }
  w.undo = [THU, THU + D, 'me'];
  const args = {
    mine: { scheduleId: 'sch_solo', start: iso(THU), end: iso(THU + D) },
    theirs: { scheduleId: 'sch_solo', start: iso(THU + D), end: iso(THU + 2 * D), email: 'bob@example.com' },
  };
  const made = await run(h, engine.handlers['swap:create'](args));
  if (first || !made.ok) return say(made);
  return say(await run(h, engine.handlers['swap:settle']({ action: 'retry', ...made.value })));
}

/** Overrides of the same window and people held more than once. */
function twins(h: Harness): string[] {
  const seen = new Map<string, number>();
  for (const o of h.sim.state.schedules.get('sch_solo')?.overrides ?? []) {
    const k = `${o.startMs}-${o.endMs}-${[...o.userIds].sort().join()}`;
    seen.set(k, (seen.get(k) ?? 0) + 1);
  }
  return [...seen].filter(([, n]) => n > 1).map(([k]) => k);
}

let current: Harness | undefined;
afterEach(async () => void (await current?.close()));

/** Hand back needs a landed take-over first (written plainly, before anything is armed). */
async function ready(w: World, flow: Flow) {
  if (flow !== 'hand-back') return;
  const seen = { onCall: ['bob@example.com'], until: iso(WED) };
  const to = await run(
    w.h,
    w.engine.handlers['take-over:now']({ scheduleId: 'sch_solo', fromEmail: 'bob@example.com', seen }),
  );
  expect(to.ok && to.value.outcome.status).toBe('created');
  await w.h.clock.advance(H);
}

describe('a lost answer the check read does not show, in every flow', () => {
  it.each(FLOWS)(
    "%s: a manager's undo before the check: said can't confirm, and a second press sends nothing",
    async (flow) => {
      const w = await worldFor(flow);
      current = w.h;
      await ready(w, flow);
      const base = creates(w.h);
      w.arm('lose', true);
      const first = await press(w, flow, true);
      expect(first).toMatch(/Can.t confirm/);
      expect(first).not.toMatch(/most likely not saved/);
      const sent = creates(w.h) - base;
      await w.h.clock.advance(20_000);
      const second = await press(w, flow, false);
      expect(second).not.toMatch(/"created"|handed_off|Swapped/);
      expect(creates(w.h) - base).toBe(sent);
      // Long after, pressing again still sends nothing over the manager's change.
      await w.h.clock.advance(5 * 60_000);
      await press(w, flow, false);
      expect(creates(w.h) - base).toBe(sent);
      expect(twins(w.h)).toEqual([]);
    },
  );

  it.each(FLOWS)('%s: applied 30 s late: no second create, and it ends in place once it shows', async (flow) => {
    const w = await worldFor(flow);
    current = w.h;
    await ready(w, flow);
    const base = creates(w.h);
    w.arm('late', false);
    const first = await press(w, flow, true);
    expect(first).not.toMatch(/"status":"created"/);
    const sent = creates(w.h) - base;
    await w.h.clock.advance(5_000);
    const second = await press(w, flow, false);
    expect(second).not.toMatch(/"status":"created"/);
    expect(creates(w.h) - base).toBe(sent);
    // Pressed again once it shows: in place, not sent (a swap's press writes its other side then, which is its own).
    await w.h.clock.advance(60_000);
    await press(w, flow, false);
    if (flow !== 'swap') expect(creates(w.h) - base).toBe(sent);
    expect(twins(w.h)).toEqual([]);
  });

  it.each(FLOWS)('%s: a 5xx, before the settle is over, is "Can\'t confirm yet — checking"', async (flow) => {
    // The service may still apply it for 2 minutes: "most likely not saved" then would be a guess (fix48x #3).
    const w = await worldFor(flow);
    current = w.h;
    await ready(w, flow);
    // One write of this app's landed there first, so the app has seen this service move its revision on a write.
    const elsewhere = { kind: 'custom' as const, start: iso(T0 + 6 * D), end: iso(T0 + 6 * D + 2 * H) };
    const own = { scheduleId: 'sch_solo', window: elsewhere, emails: ['dave@example.com'] };
    const landed = await run(w.h, w.engine.handlers['override:create'](own));
    expect(landed.ok && landed.value.status).toBe('created');
    await w.h.clock.advance(10_000);
    w.arm('drop', false);
    const first = await press(w, flow, true);
    expect(first).toMatch(/Can.t confirm yet — checking/);
    expect(first).not.toMatch(/most likely not saved/);
    await w.h.clock.advance(30_000);
    expect(await press(w, flow, false)).not.toMatch(/most likely not saved/);
  });

  it.each(FLOWS)('%s: truly not saved (dropped, nothing changed): sent again once, after the settle', async (flow) => {
    const w = await worldFor(flow);
    current = w.h;
    await ready(w, flow);
    const base = creates(w.h);
    w.arm('drop', false);
    expect(await press(w, flow, true)).toMatch(/Can.t confirm yet|most likely not saved/);
    const sent = creates(w.h) - base;
    await w.h.clock.advance(SETTLE_MS);
    await press(w, flow, false);
    // Once (a swap's second press writes its other side too, for the first time).
    expect(creates(w.h) - base).toBe(sent + (flow === 'swap' ? 2 : 1));
    expect(twins(w.h)).toEqual([]);
  });
});

// adv48 round 11 #2: a service whose revision never moves; the write lands, its answer is lost (connection reset), and
// a manager puts Bob back before the app's next read. Pressed at +23 s, +126 s and +159 s, no flow sends it again
// over that change: after a LOST answer it is resent only where the service was seen moving its revision on a write
// (the form and take over resent it at +126 s before). A 5xx ANSWER whose check shows nothing is not under the rule.
describe('a lost answer on a service whose revision never moves, after the settle', () => {
  it.each(['form', 'form-preview', 'take-over', 'away'] as const)(
    "%s: a manager's undo: can't confirm at every press, nothing sent again",
    async (flow) => {
      const w = await worldFor(flow, false);
      current = w.h;
      const base = creates(w.h);
      w.arm('lose', true);
      expect(await press(w, flow, true)).toMatch(/Can.t confirm/);
      const sent = creates(w.h) - base;
      for (const stepMs of [23_000, 103_000, 33_000]) {
        await w.h.clock.advance(stepMs);
        const said = await press(w, flow, false);
        expect(said).not.toMatch(/"status":"created"|handed_off|Try again in 2 minutes/);
      }
      expect(await press(w, flow, false)).toMatch(/Can.t confirm it/);
      expect(creates(w.h) - base).toBe(sent);
      expect(twins(w.h)).toEqual([]);
    },
  );

  it.each(['form', 'take-over'] as const)(
    '%s: lost and truly not saved, nothing changed: still not sent again (nothing tells it from a landed write undone)',
    async (flow) => {
      const w = await worldFor(flow, false);
      current = w.h;
      const base = creates(w.h);
      w.h.sim.faults.set('createOverride', { reset: true, applyAfterMs: 24 * H, times: 1 });
      const first = await press(w, flow, true);
      expect(first).toMatch(/Can.t confirm yet/);
      expect(first).not.toMatch(/sends it only once/);
      const sent = creates(w.h) - base;
      await w.h.clock.advance(SETTLE_MS + 10_000);
      expect(await press(w, flow, false)).toMatch(/Can.t confirm it: its answer never came/);
      expect(creates(w.h) - base).toBe(sent);
    },
  );

  it.each(['form', 'take-over'] as const)(
    '%s: a 5xx answer (not lost) whose check shows nothing: sent again once after the settle, as before',
    async (flow) => {
      const w = await worldFor(flow, false);
      current = w.h;
      const base = creates(w.h);
      w.arm('drop', false);
      expect(await press(w, flow, true)).toMatch(/Can.t confirm yet/);
      const sent = creates(w.h) - base;
      await w.h.clock.advance(SETTLE_MS);
      await press(w, flow, false);
      expect(creates(w.h) - base).toBe(sent + 1);
      expect(twins(w.h)).toEqual([]);
    },
  );
});
