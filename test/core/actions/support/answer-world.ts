// A one-layer daily rotation (me → bob → carol, Europe/Berlin) and the six write flows pressed as a user would (the
// form, the form after its preview, take over, hand back, I'm away, a swap), with the next create's answer armed: none
// (a reset), an error (503) or unreadable (200 with half its JSON), and a manager's change over the write's window
// just before the app's check. From adv48 round 34 (world copied from lost-answer-settle.test.ts).
import { expect } from 'vitest';
import type { OncallClient } from '../../../../electron/api/client-types';
import type { Engine } from '../../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../../support/engine-harness';

export const T0 = Date.parse('2026-03-02T08:00:00Z'); // Monday, 09:00 Berlin
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

export type How = 'lose' | 'late' | 'drop' | 'malformed' | 'badSchema';
export let managerWho = 'bob';
export const setManagerWho = (w: string) => void (managerWho = w);
export type Flow = 'form' | 'form-preview' | 'take-over' | 'hand-back' | 'away' | 'swap';
export const FLOWS: Flow[] = ['form', 'form-preview', 'take-over', 'hand-back', 'away', 'swap'];
const THU = T0 + 3 * D;
const WED = T0 + 2 * D;
const startOf = (f: Flow) => (f === 'away' || f === 'swap' ? T0 - 12 * H : T0 + D + H);

interface World {
  h: Harness;
  engine: Engine;
  /** The window and people the lost write covers, and who a manager puts back over it. */
  undo: [number, number, string];
  /** Arms the next createOverride: `lose` (taken, answer lost), `late` (taken, applied 30 s on), `drop` (never taken). */
  arm: (how: How, thenManager: boolean) => void;
  /** Every create sent (schedule, start, end), and the one the armed answer went to. */
  sent: string[];
  armedKey?: string;
}

/** How many times the create whose answer was armed was sent. */
export const armedSends = (w: World): number => w.sent.filter((k) => k === w.armedKey).length;

export async function worldFor(flow: Flow, revisionMoves = true): Promise<World> {
  const h = await createHarness({ startMs: startOf(flow), seed, revisionMoves });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_solo'] });
  let armed: { how: How; manager: boolean } | undefined;
  let managerDue = false;
  const w: Partial<World> = { h, sent: [] };
  const wrap = (c: OncallClient): OncallClient => {
    const before = async () => {
      if (!managerDue || !w.undo) return;
      managerDue = false;
      const [s, e, who0] = w.undo;
      const who = managerWho === 'undo' ? who0 : managerWho;
      h.sim.state.addOverride('sch_solo', { startMs: s, endMs: e, userIds: [`usr_${who}`] }, h.clock.now());
    };
    return {
      ...c,
      getSchedule: async (...a) => (await before(), c.getSchedule(...a)),
      listShifts: async (...a) => (await before(), c.listShifts(...a)),
      listAllShifts: async (...a) => (await before(), c.listAllShifts(...a)),
      createOverride: async (...a) => {
        const key = `${a[0]} ${a[1].start} ${a[1].end}`;
        w.sent?.push(key);
        if (armed) {
          w.armedKey = key;
          const f = armed.how;
          h.sim.faults.set(
            'createOverride',
            f === 'malformed'
              ? { malformedJson: true, times: 1 }
              : f === 'badSchema'
                ? { badSchema: true, times: 1 }
                : f === 'lose'
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

export const creates = (h: Harness) => h.sim.requests.count({ route: 'createOverride' });
export const run = <T>(h: Harness, p: Promise<T>) => h.clock.runWhileAdvancing(p);

/** Presses the flow's button once (the first press sets up what it needs); returns what it said, flattened. */
export async function press(w: World, flow: Flow, first: boolean): Promise<string> {
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

/** Hand back needs a landed take-over first (written plainly, before anything is armed). */
export async function ready(w: World, flow: Flow) {
  if (flow !== 'hand-back') return;
  const seen = { onCall: ['bob@example.com'], until: iso(WED) };
  const to = await run(
    w.h,
    w.engine.handlers['take-over:now']({ scheduleId: 'sch_solo', fromEmail: 'bob@example.com', seen }),
  );
  expect(to.ok && to.value.outcome.status).toBe('created');
  await w.h.clock.advance(H);
}
