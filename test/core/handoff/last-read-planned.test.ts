// Issue 48, adversarial round 9 (F1): a manager's change that the app's LAST read before the POST already shows was
// written over (away, take over, both swap sides, and a 403's fall-through to a second account, whose own re-read
// showed Carol). The last read before each POST is now held to the plan by the same rule as the earlier reads
// (actions/plan-held.ts via override-planned.ts): it says "Changed since you planned it: Carol Lee now covers …" and
// sends nothing. Each case runs twice on the same world: once untouched, to learn which read is the last before the
// POST, then with the manager's change made by a hook just before that read (so that read's answer holds it).
// Solo, daily from 08:00 UTC: Mon 3/2 me, Tue Bob, Wed Carol, Thu me, Fri Bob.
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientOptions, OncallClient } from '../../../electron/api/client-types';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, trackedClientFactory, type Harness } from '../support/engine-harness';
import { API_KEY, ME, seedOf } from '../support/seeds';

const H = 3_600_000;
const D = 24 * H;
const MON = Date.parse('2026-03-02T08:00:00Z');
const [TUE, THU, FRI] = [MON + D, MON + 3 * D, MON + 4 * D];
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const SECOND_KEY = 'ocs_test_key_2';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

interface Case {
  name: string;
  startMs: number;
  /** A second account on the service; the first one's creates are refused (403), so the write goes through B. */
  readOnlyFirst?: boolean;
  /** The manager's change is made before the last read ahead of this POST (1: the first). */
  beforePost: number;
  /** Carol's override, made by a manager. */
  change: { startMs: number; endMs: number };
  act: (engine: Engine) => Promise<{ text: string; states: string[] }>;
  /** Overrides the service ends with besides the manager's (a swap's first side that landed). */
  ownLanded: number;
}

interface Run {
  h: Harness;
  /** Every write-path read (clipped shifts) and POST, in order. */
  calls: string[];
  result: { text: string; states: string[] };
}

/** One run; `armAt`: the index (among clipped reads) of the read the manager's change is made just before. */
async function run(c: Case, armAt?: number): Promise<Run> {
  const seed = seedOf([
    {
      id: 'sch_solo',
      name: 'Solo',
      zone: 'Etc/UTC',
      rotationStart: iso(MON),
      userIds: ['usr_me', 'usr_bob', 'usr_carol'],
      length: { amount: 1, unit: 'days' },
    },
  ]);
  h = await createHarness({ startMs: c.startMs, seed });
  const hh = h;
  hh.sim.state.addKey(SECOND_KEY, 'usr_me');
  const host = new URL(hh.sim.url).host;
  const account = (id: string, label: string) => ({
    id,
    label,
    baseUrl: hh.sim.url,
    email: ME,
    schedules: [{ id: 'sch_solo' }],
  });
  const accounts = c.readOnlyFirst ? [account('main', 'A'), account('second', 'B')] : [account('main', 'A')];
  await hh.files.writeAtomic('settings.json', JSON.stringify({ version: 2, startAtLogin: true, accounts }));
  await hh.secrets.set(`main@${host}`, API_KEY);
  await hh.secrets.set(`second@${host}`, SECOND_KEY);
  const calls: string[] = [];
  let reads = 0;
  const tracked = trackedClientFactory(hh.clock.inFlight);
  const createClient = (options: ClientOptions): OncallClient => {
    const client = tracked(options);
    return {
      ...client,
      listAllShifts: async (...a: Parameters<OncallClient['listAllShifts']>) => {
        if (a[1]?.clip_to_interval) {
          if (reads === armAt)
            hh.sim.state.addOverride('sch_solo', { ...c.change, userIds: ['usr_carol'] }, hh.clock.now());
          reads += 1;
          calls.push('read');
        }
        return client.listAllShifts(...a);
      },
      createOverride: async (...a: Parameters<OncallClient['createOverride']>) => {
        calls.push('post');
        const key = String(await options.getApiKey());
        if (c.readOnlyFirst && key === API_KEY)
          hh.sim.faults.set('createOverride', { status: 403, body: { message: 'Read-only key' }, times: 1 });
        return client.createOverride(...a);
      },
    };
  };
  const engine = hh.engine({ createClient });
  await engine.start();
  await hh.clock.advance(1_000);
  calls.length = 0;
  reads = 0;
  const result = await c.act(engine);
  return { h: hh, calls, result };
}

/** The index (among clipped reads) of the last read before the n-th POST. */
function lastReadBefore(calls: readonly string[], n: number): number {
  let [reads, posts, last] = [0, 0, -1];
  for (const call of calls) {
    if (call === 'post' && ++posts === n) return last;
    if (call === 'read') last = reads++;
  }
  throw new Error(`no POST number ${n} in ${calls.join(',')}`);
}

const ok = <T>(a: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!a.ok) throw new Error(a.error.message);
  return a.value;
};

const away = async (engine: Engine) => {
  const hh = h!;
  const plan = ok(
    await hh.clock.runWhileAdvancing(
      engine.handlers['handoff:plan']({ range: { from: '2026-03-05', to: '2026-03-05' } }),
    ),
  );
  const items = plan.rows.map((r) => ({
    scheduleId: r.scheduleId,
    start: r.start,
    end: r.end,
    email: 'bob@example.com',
  }));
  const made = ok(await hh.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items })));
  const run = made.run!;
  return { text: run.items.map((i) => i.message).join(' | '), states: run.items.map((i) => i.state) };
};

const swap = async (engine: Engine) => {
  const answer = ok(
    await h!.clock.runWhileAdvancing(
      engine.handlers['swap:create']({
        mine: { scheduleId: 'sch_solo', start: iso(THU), end: iso(FRI) },
        theirs: { scheduleId: 'sch_solo', start: iso(FRI), end: iso(FRI + D), email: 'bob@example.com' },
      }),
    ),
  );
  return { text: answer.text, states: [answer.mine.state, answer.theirs.state] };
};

const takeOver = async (engine: Engine) => {
  const answer = await h!.clock.runWhileAdvancing(
    engine.handlers['take-over:now']({
      scheduleId: 'sch_solo',
      fromEmail: 'bob@example.com',
      seen: { onCall: ['bob@example.com'], until: iso(TUE + D) },
    }),
  );
  return answer.ok
    ? { text: answer.value.outcome.status, states: [answer.value.outcome.status] }
    : { text: answer.error.message, states: [answer.error.kind] };
};

const SUNDAY = MON - 12 * H;
const CASES: Case[] = [
  {
    name: 'away',
    startMs: SUNDAY,
    beforePost: 1,
    change: { startMs: THU + 2 * H, endMs: THU + 5 * H },
    act: away,
    ownLanded: 0,
  },
  {
    name: 'take over',
    startMs: TUE + H,
    beforePost: 1,
    change: { startMs: TUE + 3 * H, endMs: TUE + 4 * H },
    act: takeOver,
    ownLanded: 0,
  },
  {
    name: 'swap, my side',
    startMs: SUNDAY,
    beforePost: 1,
    change: { startMs: THU + 2 * H, endMs: THU + 5 * H },
    act: swap,
    ownLanded: 0,
  },
  {
    name: 'swap, their side',
    startMs: SUNDAY,
    beforePost: 2,
    change: { startMs: FRI + 2 * H, endMs: FRI + 5 * H },
    act: swap,
    ownLanded: 1,
  },
  {
    name: 'swap through B after A is refused (403)',
    startMs: SUNDAY,
    readOnlyFirst: true,
    beforePost: 2,
    change: { startMs: THU + 2 * H, endMs: THU + 5 * H },
    act: swap,
    ownLanded: 0,
  },
  {
    name: 'away through B after A is refused (403)',
    startMs: SUNDAY,
    readOnlyFirst: true,
    beforePost: 2,
    change: { startMs: THU + 2 * H, endMs: THU + 5 * H },
    act: away,
    ownLanded: 0,
  },
];

describe('the last read before the POST is held to the plan', () => {
  for (const c of CASES)
    it(`${c.name}: a manager's change that read shows is said, and nothing stale is sent`, async () => {
      const control = await run(c);
      const armAt = lastReadBefore(control.calls, c.beforePost);
      await control.h.close();
      const { h: hh, calls, result } = await run(c, armAt);
      // The change was made just before the last read ahead of that POST: the same POSTs up to it, none after.
      expect(calls.filter((x) => x === 'post')).toHaveLength(c.beforePost - 1);
      expect(result.text).toMatch(/Changed since you planned it: Carol Lee now covers /);
      expect(result.states.some((s) => s === 'changed' || s === 'changed_since_planned')).toBe(true);
      const held = hh.sim.state.schedules.get('sch_solo')?.overrides ?? [];
      expect(held).toHaveLength(1 + c.ownLanded);
      expect(held.filter((o) => o.userIds.includes('usr_carol'))).toHaveLength(1);
    }, 30_000);
});
