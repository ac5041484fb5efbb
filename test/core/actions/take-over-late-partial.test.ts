// adv48 round 17 #2: a take-over answered 503 that the service applies while the app is down, with a manager's change
// inside its window in the same clock millisecond (Carol over 2 of its hours), and a restart inside the 2-minute
// settle. Before: my own take-over was announced as "Your shift was added" (twice) and every press said "You are
// already on call … nothing to take over", with no Hand back. Now the late write is recognised as mine by its own
// window and people: no change notice about it, the press says it is in place and what changed ("Carol Lee now
// covers 21:00–23:00"), and Hand back is offered once Carol's block is past (before, its write would be refused). Simulator, real engine, fake clock, real data folder, restart.
import { afterEach, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { API_KEY, ME, seedOf } from '../support/seeds';

const T0 = Date.parse('2026-03-21T10:00:00Z');
const BOB_UNTIL = '2026-03-22T08:00:00Z';
const LATE_MS = 60_000;

let h: Harness | undefined;
afterEach(async () => void (await h?.close()));

async function started(hh: Harness): Promise<Engine> {
  const e = hh.engine();
  await e.start();
  await hh.clock.settle();
  return e;
}

it('a late take-over next to a same-instant manager change is mine; the press says what changed', async () => {
  const daily = {
    zone: 'Etc/UTC',
    rotationStart: '2026-03-20T08:00:00Z',
    length: { amount: 1, unit: 'days' as const },
  };
  const seed = seedOf([{ id: 'sch_solo', name: 'Solo', userIds: ['usr_alice', 'usr_bob', 'usr_carol'], ...daily }]);
  h = await createHarness({ startMs: T0, seed, files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_solo'] });
  let engine = await started(h);
  const t0 = h.clock.now();
  h.sim.faults.set('createOverride', { status: 503, applyAfterMs: LATE_MS, times: 1 });
  const first = await h.clock.runWhileAdvancing(engine.handlers['take-over:now']({ scheduleId: 'sch_solo' }));
  expect(first.ok && first.value.outcome.status).toBe('not_created');
  await h.clock.advance(15_000);
  await engine.stop();

  // While the app is down: the late write lands (applied at the next request), and in that same millisecond a
  // manager puts Carol over 20:00–22:00Z inside it.
  await h.clock.advance(t0 + LATE_MS - h.clock.now());
  await fetch(`${h.sim.url}/schedules/sch_solo`, { headers: { 'x-api-key': API_KEY } });
  const start = Date.parse('2026-03-21T20:00:00Z');
  h.sim.state.addOverride(
    'sch_solo',
    { startMs: start, endMs: start + 2 * 3_600_000, userIds: ['usr_carol'] },
    h.clock.now(),
  );
  const shownBefore = h.notifier.shown.length;
  await h.clock.advance(t0 + 70_000 - h.clock.now());
  engine = await started(h);
  await h.clock.advance(5_000);

  const changes = h.notifier.shown.slice(shownBefore).filter((n) => n.id.startsWith('change:'));
  expect(changes.map((n) => n.title)).toEqual([]);
  const options = await h.clock.runWhileAdvancing(engine.handlers['take-over:options'](null));
  const solo = options.ok ? options.value.find((o) => o.scheduleId === 'sch_solo') : undefined;
  // Carol holds part of it: a hand back's write would be refused, so it is not offered while her block is ahead.
  expect(solo?.handBack).toBeNull();
  for (const waitMs of [0, 70_000, 600_000]) {
    await h.clock.advance(waitMs);
    const again = await h.clock.runWhileAdvancing(engine.handlers['take-over:now']({ scheduleId: 'sch_solo' }));
    expect(!again.ok && again.error.message).toBe(
      'Your take-over is already in place: the schedule shows you on call now, so nothing was sent again. ' +
        'Changed since you planned it: Carol Lee now covers 21:00–23:00.',
    );
  }
  expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
  // Past Carol's block, the rest is mine alone: my take-over is Hand back's to offer, to Bob until its end.
  await h.clock.advance(start + 2 * 3_600_000 + 60_000 - h.clock.now());
  const later = await h.clock.runWhileAdvancing(engine.handlers['take-over:options'](null));
  const back = later.ok ? later.value.find((o) => o.scheduleId === 'sch_solo')?.handBack : undefined;
  expect(back?.to.map((p) => p.email)).toEqual(['bob@example.com']);
  expect(back?.until).toBe(BOB_UNTIL);
}, 30_000);
