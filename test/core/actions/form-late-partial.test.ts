// adv48 round 17 #2 and its side observation: the override form's Create answered 503, applied by the service while
// the app is down, and a manager's change in the same clock millisecond; restart inside the 2-minute settle.
// - partial (Alice over 2 of its hours, same instant): before, the restart announced my own Carol override as "Your
//   shift was removed … Carol and Alice are covering" and every press said "Can't confirm it: the schedule changed";
//   now no notice, and the press says "It was saved after all … Changed since you planned it: Alice Doe now covers
//   Mon 19:00–21:00", later presses "Changed since you created it", never "its answer never came".
// - before (the manager put me back 1 ms before it landed): the 1st press said "saved after all", the later ones
//   regressed to "may already be in place (its answer never came …)"; now they say "already in place".
// Simulator, real engine, fake clock, real data folder, restart.
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { API_KEY, ME, seedOf } from '../support/seeds';

const T0 = Date.parse('2026-03-21T10:00:00Z');
const HOUR_MS = 3_600_000;
const WS = Date.parse('2026-03-23T08:00:00Z'); // my Monday block
const WE = WS + 24 * HOUR_MS;
const LATE_MS = 60_000;

let h: Harness | undefined;
afterEach(async () => void (await h?.close()));

async function started(hh: Harness): Promise<Engine> {
  const e = hh.engine();
  await e.start();
  await hh.clock.settle();
  return e;
}

const FORM = {
  scheduleId: 'sch_solo',
  window: { kind: 'custom' as const, start: new Date(WS).toISOString(), end: new Date(WE).toISOString() },
  emails: ['carol@example.com'],
};

async function lateWithManager(mode: 'partial' | 'before'): Promise<{ engine: Engine; shownBefore: number }> {
  const daily = {
    zone: 'Etc/UTC',
    rotationStart: '2026-03-20T08:00:00Z',
    length: { amount: 1, unit: 'days' as const },
  };
  const seed = seedOf([{ id: 'sch_solo', name: 'Solo', userIds: ['usr_me', 'usr_bob', 'usr_carol'], ...daily }]);
  const hh = await createHarness({ startMs: T0, seed, files: 'fs' });
  h = hh;
  await seedSettings(hh, { email: ME, scheduleIds: ['sch_solo'] });
  let engine = await started(hh);
  const t0 = hh.clock.now();
  hh.sim.faults.set('createOverride', { status: 503, applyAfterMs: LATE_MS, times: 1 });
  const first = await hh.clock.runWhileAdvancing(engine.handlers['override:create'](FORM));
  expect(first.ok && first.value.status).toBe('not_created');
  await hh.clock.advance(15_000);
  await engine.stop();
  const land = () => fetch(`${hh.sim.url}/schedules/sch_solo`, { headers: { 'x-api-key': API_KEY } });
  if (mode === 'before') {
    await hh.clock.advance(t0 + LATE_MS - 1 - hh.clock.now());
    hh.sim.state.addOverride('sch_solo', { startMs: WS, endMs: WE, userIds: ['usr_me'] }, hh.clock.now());
    await hh.clock.advance(1);
    await land();
  } else {
    await hh.clock.advance(t0 + LATE_MS - hh.clock.now());
    await land();
    const at = WS + 10 * HOUR_MS;
    hh.sim.state.addOverride(
      'sch_solo',
      { startMs: at, endMs: at + 2 * HOUR_MS, userIds: ['usr_alice'] },
      hh.clock.now(),
    );
  }
  const shownBefore = hh.notifier.shown.length;
  await hh.clock.advance(t0 + 70_000 - hh.clock.now());
  engine = await started(hh);
  return { engine, shownBefore };
}

async function presses(engine: Engine): Promise<string[]> {
  const said: string[] = [];
  for (const waitMs of [0, 70_000, 600_000]) {
    await h?.clock.advance(waitMs);
    const r = await h?.clock.runWhileAdvancing(engine.handlers['override:create'](FORM));
    said.push(r === undefined ? '' : !r.ok ? r.error.message : 'message' in r.value ? r.value.message : r.value.status);
  }
  return said;
}

describe('the override form answered 503, applied late with a manager change in the same instant', () => {
  it('partial: my write is mine, only the manager part is news', async () => {
    const { engine, shownBefore } = await lateWithManager('partial');
    const said = await presses(engine);
    const changes = h?.notifier.shown.slice(shownBefore).filter((n) => n.id.startsWith('change:')) ?? [];
    expect(changes.map((n) => `${n.title}: ${n.body}`)).toEqual([]);
    expect(said[0]).toBe(
      'It was saved after all: the schedule now shows the override (the service was slow to apply it). It was not ' +
        'sent again. Changed since you planned it: Alice Doe now covers Mon 19:00–21:00.',
    );
    for (const later of said.slice(1)) {
      expect(later).toMatch(/^Changed since you created it: Alice Doe now covers part of it\./);
      expect(later).not.toMatch(/never came/);
    }
    expect(h?.sim.requests.count({ route: 'createOverride' })).toBe(1);
  }, 30_000);

  it('before: after "saved after all" the later presses say it is in place, never "never came"', async () => {
    const { engine } = await lateWithManager('before');
    const said = await presses(engine);
    expect(said[0]).toMatch(/^It was saved after all/);
    for (const later of said.slice(1)) expect(later).toMatch(/^This override is already in place/);
    expect(h?.sim.requests.count({ route: 'createOverride' })).toBe(1);
  }, 30_000);
});
