// adv47 r48 #1: one account watches Ops and Pay; Ops reads fresh, Pay's reads fail (saved data from its last read).
// The service meanwhile gives me a Pay block before my next Ops block. Every surface said "my next shift: Ops …"
// plainly, though that nothing of mine comes first rests on Pay's saved read. The statement's basis is derived once
// in main (core/state/next-basis.ts): saved data from Pay's read, worded by each surface as it words any basis.
import { describe, expect, it } from 'vitest';
import { createHarness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { surfaces, type SurfaceTexts } from './support';

const MIN = 60_000;

// Ops: 1-day turns from 1 Mar 00:00 UTC, me/alice alternating: mine 11 Mar 00:00 – 12 Mar 00:00 UTC.
// Pay: 8 h turns from 01:00 UTC, bob/me/alice: mine 09:00–17:00 UTC daily.
const SEED = seedOf([
  {
    id: 'sch_ops',
    name: 'Ops',
    zone: 'Etc/UTC',
    rotationStart: '2026-03-01T00:00:00Z',
    userIds: ['usr_me', 'usr_alice'],
    length: { amount: 1, unit: 'days' },
  },
  {
    id: 'sch_pay',
    name: 'Pay',
    zone: 'Etc/UTC',
    rotationStart: '2026-03-01T01:00:00Z',
    userIds: ['usr_bob', 'usr_me', 'usr_alice'],
    length: { amount: 8, unit: 'hours' },
  },
]);

/** Read both at `startIso`, then Pay fails and the service gives me Pay over `given`; read again 30 min on. */
async function world(startIso: string, given: { start: string; end: string }) {
  const h = await createHarness({ startMs: Date.parse(startIso), seed: SEED, files: 'fs' });
  const host = new URL(h.sim.url).host;
  await h.files.writeAtomic(
    'settings.json',
    JSON.stringify({
      version: 2,
      startAtLogin: true,
      accounts: [
        { id: 'a', label: 'Alpha', baseUrl: h.sim.url, email: ME, schedules: [{ id: 'sch_ops' }, { id: 'sch_pay' }] },
      ],
    }),
  );
  await h.secrets.set(`a@${host}`, h.sim.apiKey);
  const engine = h.engine({ alarms: false });
  await engine.start();
  await h.clock.advance(MIN);
  h.sim.faults.set('getSchedule', { status: 500, pathIncludes: 'sch_pay' });
  h.sim.faults.set('listShifts', { status: 500, pathIncludes: 'sch_pay' });
  const span = { startMs: Date.parse(given.start), endMs: Date.parse(given.end), userIds: ['usr_me'] };
  h.sim.state.addOverride('sch_pay', span, h.clock.now());
  await h.clock.advance(30 * MIN);
  await engine.handlers['sync:refresh'](null);
  await h.clock.advance(MIN);
  return { h, engine };
}

/** The lines that state my next shift across schedules, by surface. */
function nextLines(t: SurfaceTexts): string[] {
  const next = /^(Your next shift|Next on call|Next:|My next block)/;
  const all: Record<string, string> = { ...t };
  return Object.entries(all).flatMap(([k, v]) =>
    v
      .split('\n')
      .filter((l) => next.test(l))
      .map((l) => `${k}: ${l}`),
  );
}

describe('my next shift while another watched schedule is on saved data', () => {
  it("off call: every surface states Ops as next with Pay's saved read as its basis", async () => {
    const { h, engine } = await world('2026-03-10T18:00:00Z', {
      start: '2026-03-10T19:00:00Z',
      end: '2026-03-10T21:00:00Z',
    });
    const state = engine.getState();
    // The one statement (what `status --json` prints): Ops, resting on Pay's read at 18:00 UTC.
    expect(state.me.nextShift).toMatchObject({
      scheduleName: 'Ops',
      start: '2026-03-11T00:00:00Z',
      basis: { kind: 'saved', savedAt: '2026-03-10T18:00:00.000Z' },
    });
    const t = surfaces(state, h.clock.now());
    const lines = nextLines(t);
    for (const s of ['tooltip', 'menu', 'popover', 'status', 'handoff'])
      expect
        .soft(
          lines.filter((l) => l.startsWith(`${s}: `)),
          s,
        )
        .not.toEqual([]);
    // Berlin time: Pay's read at 18:00 UTC is 19:00.
    expect.soft(lines.filter((l) => !/saved (data from )?19:00/.test(l))).toEqual([]);
    // The Ops submenu's line says the same statement, with its basis; the swap item no longer claims "next".
    expect.soft(t.menu).toMatch(/Your next block here: Ops Wed 01:00 .*\(saved data from 19:00\)/);
    expect.soft(t.menu).toContain('Swap my shift (Wed 01:00');
    // Read again, Pay's block at 19:00 UTC is my next, plainly.
    h.sim.faults.clear();
    await engine.handlers['sync:refresh'](null);
    await h.clock.advance(MIN);
    expect(engine.getState().me.nextShift).toMatchObject({
      scheduleName: 'Pay',
      start: '2026-03-10T19:00:00Z',
      basis: { kind: 'fresh' },
    });
  }, 60_000);

  it('on call: "your next shift" after the running block rests on Pay\'s saved read too', async () => {
    const { h, engine } = await world('2026-03-10T10:00:00Z', {
      start: '2026-03-10T17:00:00Z',
      end: '2026-03-10T21:00:00Z',
    });
    const state = engine.getState();
    expect(state.me.nextShift).toMatchObject({
      scheduleName: 'Ops',
      basis: { kind: 'saved', savedAt: '2026-03-10T10:00:00.000Z' },
    });
    const lines = nextLines(surfaces(state, h.clock.now()));
    expect.soft(lines.filter((l) => /^(status|handoff): /.test(l))).toHaveLength(2);
    expect.soft(lines.filter((l) => !/saved data from 11:00/.test(l))).toEqual([]);
  }, 60_000);
});
