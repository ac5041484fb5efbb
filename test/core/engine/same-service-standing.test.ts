// Issue 48, adversarial round 2 (F1, F2): a service watched by two accounts is written through one of them, and that
// one must be able to write. With the first account's key rejected (401), or refused for writes (403), every write
// (the form's Create and its pre-read, take over and its refresh, away items and their re-reads) still went through
// the first account and failed; the away plan told every block as "saved data … rejected key" though the second
// account read them fine. Writes and the reads before them now go through the first account that can write.
// Solo, daily from 08:00 UTC: 3/23 me, 3/24 Alice, 3/25 Bob (on call at the start), 3/26 me.
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientOptions } from '../../../electron/api/client-types';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, trackedClientFactory, type Harness } from '../support/engine-harness';
import { API_KEY, ME, seedOf } from '../support/seeds';

const START = Date.parse('2026-03-25T10:00:00Z');
const SECOND_KEY = 'ocs_test_key_2';
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

interface World {
  h: Harness;
  engine: Engine;
  /** The key each override POST was sent with, in order. */
  posts: string[];
}

/** Two accounts on one service, each its own key for me; `readOnlyFirst`: the first key's writes are refused (403). */
async function twice(readOnlyFirst = false): Promise<World> {
  const daily = {
    zone: 'Etc/UTC',
    rotationStart: '2026-03-20T08:00:00Z',
    length: { amount: 1, unit: 'days' as const },
  };
  h = await createHarness({
    startMs: START,
    seed: seedOf([{ id: 'sch_solo', name: 'Solo', userIds: ['usr_me', 'usr_alice', 'usr_bob'], ...daily }]),
  });
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
  await hh.files.writeAtomic(
    'settings.json',
    JSON.stringify({ version: 2, accounts: [account('main', 'A'), account('second', 'B')] }),
  );
  await hh.secrets.set(`main@${host}`, API_KEY);
  await hh.secrets.set(`second@${host}`, SECOND_KEY);
  const posts: string[] = [];
  const tracked = trackedClientFactory(hh.clock.inFlight);
  const createClient = (options: ClientOptions) => {
    const c = tracked(options);
    return {
      ...c,
      createOverride: async (...a: Parameters<typeof c.createOverride>) => {
        const key = String(await options.getApiKey());
        posts.push(key);
        if (readOnlyFirst && key === API_KEY)
          hh.sim.faults.set('createOverride', { status: 403, body: { message: 'Read-only key' }, times: 1 });
        return c.createOverride(...a);
      },
    };
  };
  const engine = hh.engine({ createClient });
  await engine.start();
  await hh.clock.advance(1_000);
  return { h: hh, engine, posts };
}

/** The first account's key is revoked at the service, and both accounts read again. */
async function revokeFirst(w: World): Promise<void> {
  w.h.sim.state.revokeKey(API_KEY);
  await w.h.clock.runWhileAdvancing(w.engine.handlers['sync:refresh'](null));
  const accounts = (await w.engine.handlers['state:get'](null)).ok;
  expect(accounts).toBe(true);
}

const overrides = (hh: Harness) => hh.sim.state.schedules.get('sch_solo')?.overrides ?? [];
const window = { kind: 'custom' as const, start: '2026-03-27T10:00:00Z', end: '2026-03-27T14:00:00Z' };

describe('one service watched by two accounts: written through the one that can write', () => {
  for (const named of ['sch_solo', 'second:sch_solo'])
    it(`the first key rejected: the form's Create named ${named} is read and sent with the second key`, async () => {
      const w = await twice();
      await revokeFirst(w);
      const create = w.engine.handlers['override:create']({
        scheduleId: named,
        window,
        emails: [ME],
        replaces: ['alice@example.com'],
      });
      const a = await w.h.clock.runWhileAdvancing(create);
      expect(a.ok && a.value.status).toBe('created');
      expect(a.ok && a.value.status === 'created' && a.value.override.scheduleId).toBe(named);
      expect(w.posts).toEqual([SECOND_KEY]);
      expect(overrides(w.h)).toHaveLength(1);
    }, 60_000);

  it('the first key rejected: take over through the second account refreshes and writes with its key', async () => {
    const w = await twice();
    await revokeFirst(w);
    const seen = { onCall: ['bob@example.com'], until: '2026-03-26T08:00:00Z' };
    const a = await w.h.clock.runWhileAdvancing(
      w.engine.handlers['take-over:now']({ scheduleId: 'second:sch_solo', seen }),
    );
    expect(a.ok && a.value.outcome.status).toBe('created');
    expect(w.posts).toEqual([SECOND_KEY]);
  }, 60_000);

  it("the first key rejected: the away plan lists my block from the second account's read, not saved data", async () => {
    const w = await twice();
    await revokeFirst(w);
    const p = await w.h.clock.runWhileAdvancing(
      w.engine.handlers['handoff:plan']({ range: { from: '2026-03-26', to: '2026-03-26' } }),
    );
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    expect(p.value.excluded.map((x) => x.why)).toEqual([]);
    expect(p.value.rows.map((r) => [r.scheduleId, r.start, r.end])).toEqual([
      ['second:sch_solo', '2026-03-26T08:00:00.000Z', '2026-03-26T23:00:00.000Z'],
    ]);
  }, 60_000);

  it('the first key refused for writes (403): that write and later ones, whichever account is named, go through the second', async () => {
    const w = await twice(true);
    const ask = (scheduleId: string, start: string, end: string) =>
      w.h.clock.runWhileAdvancing(
        w.engine.handlers['override:create']({ scheduleId, window: { kind: 'custom', start, end }, emails: [ME] }),
      );
    // Round 3 F2: the 403 teaches that the first can't write; the same write goes through the second (it was shown).
    const first = await ask('second:sch_solo', '2026-03-27T10:00:00Z', '2026-03-27T11:00:00Z');
    expect(first.ok && first.value.status).toBe('created');
    expect(first.ok && first.value.status === 'created' && first.value.override.scheduleId).toBe('second:sch_solo');
    const viaSecond = await ask('second:sch_solo', '2026-03-27T12:00:00Z', '2026-03-27T13:00:00Z');
    const viaMain = await ask('sch_solo', '2026-03-27T14:00:00Z', '2026-03-27T15:00:00Z');
    expect(viaSecond.ok && viaSecond.value.status).toBe('created');
    expect(viaMain.ok && viaMain.value.status).toBe('created');
    expect(w.posts).toEqual([API_KEY, SECOND_KEY, SECOND_KEY, SECOND_KEY]);
    expect(overrides(w.h)).toHaveLength(3);
    const seen = { onCall: ['bob@example.com'], until: '2026-03-26T08:00:00Z' };
    const t = await w.h.clock.runWhileAdvancing(w.engine.handlers['take-over:now']({ scheduleId: 'sch_solo', seen }));
    expect(t.ok && t.value.outcome.status).toBe('created');
    expect(w.posts.at(-1)).toBe(SECOND_KEY);
  }, 60_000);

  it('take over named on the second account while the first is read-only: the 403 leads to the second, one override', async () => {
    const w = await twice(true);
    const seen = { onCall: ['bob@example.com'], until: '2026-03-26T08:00:00Z' };
    const t = await w.h.clock.runWhileAdvancing(
      w.engine.handlers['take-over:now']({ scheduleId: 'second:sch_solo', seen }),
    );
    expect(t.ok && t.value.outcome.status).toBe('created');
    expect(w.posts).toEqual([API_KEY, SECOND_KEY]);
    expect(overrides(w.h)).toHaveLength(1);
  }, 60_000);

  it('an away block refused by 403 on every account offers Retry; once a key can write, Retry re-reads and sends it once', async () => {
    const w = await twice();
    w.h.sim.faults.set('createOverride', { status: 403, body: { message: 'Read-only key' }, times: 2 });
    const plan = await w.h.clock.runWhileAdvancing(
      w.engine.handlers['handoff:plan']({ range: { from: '2026-03-26', to: '2026-03-26' } }),
    );
    const rows = plan.ok ? plan.value.rows : [];
    const items = rows.map((r) => ({
      scheduleId: r.scheduleId,
      start: r.start,
      end: r.end,
      email: 'alice@example.com',
    }));
    const made = await w.h.clock.runWhileAdvancing(w.engine.handlers['handoff:create']({ items }));
    expect(made.ok && made.value.run?.items.map((i) => i.state)).toEqual(['refused']);
    expect(made.ok && made.value.said?.summary).toContain('Read-only key');
    expect(made.ok && made.value.said?.canRetry).toBe(true);
    // Both accounts were tried for this one write, and nothing was written.
    expect(w.posts).toEqual([API_KEY, SECOND_KEY]);
    // The service's rights changed (the fault's two refusals are spent): a key can write now.
    const reads = w.h.sim.requests.count({ route: 'listShifts' });
    const retried = await w.h.clock.runWhileAdvancing(w.engine.handlers['handoff:retry'](null));
    expect(retried.ok && retried.value.run?.items.map((i) => i.state)).toEqual(['handed_off']);
    expect(w.h.sim.requests.count({ route: 'listShifts' })).toBeGreaterThan(reads);
    expect(overrides(w.h)).toHaveLength(1);
  }, 60_000);
});
