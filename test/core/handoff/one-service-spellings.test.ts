// adv48 r26 #1–2: one service watched by two accounts, the second's address another spelling of the first's
// ("address//", "/./", a loopback name, upper case; a settings file edited by hand keeps any of them). It is still
// one service: a form write through the second waits behind the first's unsettled write (no second override, none
// landing over a newer one), and I'm away plans each block once. Simulator + fake clock; the expected counts follow
// from the world (one block, one write), not from the app.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { serviceSeed } from '../../support/two-service-seeds';
import { createHarness, type Harness } from '../support/engine-harness';

const START = Date.parse('2026-03-05T10:00:00Z');
const KEY = 'ocs_work_key_1111';
const H = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const overrides = (h: Harness) => h.sim.state.schedules.get('sch_primary')?.overrides ?? [];

/** Spellings of the simulator's address that name the same service (the URL standard resolves /./ and /../). */
export function spellingsOf(url: string): string[] {
  const u = new URL(url);
  const local = `${u.protocol}//localhost:${u.port}`;
  return [`${url}//`, `${url}/./`, `${url}//./`, `${url}/a/..//`, `${local}///`, url.toUpperCase() + '//'];
}

async function watchedAs(spelling: (url: string) => string): Promise<{ h: Harness; engine: Engine }> {
  const seed = serviceSeed(KEY, ['alice', 'bob']);
  seed.users.push({ ...seed.users[1]!, id: 'usr_carol', name: 'Carol Person', email: 'carol@example.com' });
  seed.schedules[0]!.layers[0]!.user_ids.push('usr_carol');
  const h = await createHarness({ startMs: START, seed });
  const account = (id: string, label: string, baseUrl: string) => ({
    id,
    label,
    baseUrl,
    email: 'alice@example.com',
    schedules: [{ id: 'sch_primary' }],
  });
  const accounts = [account('work', 'Work', h.sim.url), account('again', 'Again', spelling(h.sim.url))];
  await h.files.writeAtomic('settings.json', JSON.stringify({ version: 2, accounts }));
  const host = new URL(h.sim.url).host;
  await h.secrets.set(`work@${host}`, KEY);
  await h.secrets.set(`again@${host}`, KEY);
  await h.secrets.set(`again@${new URL(spelling(h.sim.url)).host}`, KEY);
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(35_000);
  return { h, engine };
}

describe('one service, its address spelt two ways', () => {
  it('a form write through the second waits behind the first one’s unsettled write: one override', async () => {
    const { h, engine } = await watchedAs((url) => `${url}//`);
    try {
      h.sim.faults.set('createOverride', { status: 504, applyAfterMs: 30_000, times: 1 });
      const window = { kind: 'custom' as const, start: iso(START + 2 * H), end: iso(START + 4 * H) };
      const create = (scheduleId: string, email: string) =>
        h.clock.runWhileAdvancing(engine.handlers['override:create']({ scheduleId, window, emails: [email] }));
      await create('work:sch_primary', 'carol@example.com');
      await h.clock.advance(8_000);
      const second = await create('again:sch_primary', 'bob@example.com');
      expect(second.ok && second.value.status === 'created').toBe(false);
      for (let i = 0; i < 30; i++) await h.clock.advance(10_000);
      // One block, one write: the late one is the only override, and nothing lies over it.
      expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
      expect(overrides(h).map((o) => o.userIds)).toEqual([['usr_carol']]);
      await engine.stop();
    } finally {
      await h.close();
    }
  }, 60_000);

  for (const [i, name] of ['//', '/./', '//./', '/a/..//', 'localhost///', 'UPPER//'].entries())
    it(`I'm away plans my block once and writes it once (second address + ${name})`, async () => {
      const { h, engine } = await watchedAs((url) => spellingsOf(url)[i]!);
      try {
        const plan = await h.clock.runWhileAdvancing(
          engine.handlers['handoff:plan']({ range: { from: '2026-03-06', to: '2026-03-06' } }),
        );
        if (!plan.ok) throw new Error(plan.error.message);
        // The seed's one schedule has me on one block that day.
        expect(plan.value.rows).toHaveLength(1);
        const twice = ['work', 'again'].map((id) => ({
          ...plan.value.rows[0]!,
          scheduleId: `${id}:sch_primary`,
          email: 'bob@example.com',
        }));
        const items = twice.map(({ scheduleId, start, end, email }) => ({ scheduleId, start, end, email }));
        const made = await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items }));
        if (!made.ok) throw new Error(made.error.message);
        expect(made.value.run?.items.map((x) => x.state)).toEqual(['handed_off']);
        expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
        await engine.stop();
      } finally {
        await h.close();
      }
    }, 60_000);
});
