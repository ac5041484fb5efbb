// "Shift ended" only where my on-call time ends (issue 50): back to back on two schedules (Desk A me 09:00–17:00,
// Desk B me 17:00–01:00) or on two accounts, I stay on call at the join, so no "Shift ended" comes there; one comes
// when the last block ends. With a 5-minute gap both ends are told. Real engine, simulators, fake clock; the expected
// instants are written out from the seeds.
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { twoServices } from './support/two-services';

const MIN = 60_000;
// Up to 9 simulated hours of the real engine over two schedules or two simulators: 11–17 s each alone on a loaded
// 2-core machine, over half the old 30 s (the back-to-back case timed out in a full CI run).
const SLOW_MS = 60_000;

const desk = (id: string, name: string, rotationStart: string, userIds: string[]) => ({
  id,
  name,
  zone: 'Etc/UTC',
  rotationStart,
  userIds,
  length: { amount: 8, unit: 'hours' as const },
});

/** When each "Shift ended" was shown, as ISO instants. */
const endsShown = (shown: readonly { title: string; atMs: number }[]) =>
  shown.filter((n) => /\bShift ended$/.test(n.title)).map((n) => new Date(n.atMs).toISOString());

describe('"Shift ended" at the end of my on-call time', () => {
  async function twoSchedules(gapMin: number) {
    const bStart = new Date(Date.parse('2026-03-01T01:00:00Z') + gapMin * MIN).toISOString().replace('.000', '');
    const seed = seedOf([
      desk('sch_a', 'Desk A', '2026-03-01T01:00:00Z', ['usr_bob', 'usr_me', 'usr_alice']),
      desk('sch_b', 'Desk B', bStart, ['usr_alice', 'usr_bob', 'usr_me']),
    ]);
    const h = await createHarness({ startMs: Date.parse('2026-03-10T16:30:00Z'), seed, files: 'fs' });
    await seedSettings(h, { email: ME, scheduleIds: ['sch_a', 'sch_b'] });
    const engine = h.engine();
    await engine.start();
    await h.clock.advanceTo(Date.parse('2026-03-11T01:10:00Z'));
    await engine.stop();
    return endsShown(h.notifier.shown);
  }

  it(
    'two schedules back to back: none at 17:00, one at 01:00',
    async () => {
      expect(await twoSchedules(0)).toEqual(['2026-03-11T01:00:00.000Z']);
    },
    SLOW_MS,
  );

  it(
    'two schedules 5 min apart: both ends',
    async () => {
      expect(await twoSchedules(5)).toEqual(['2026-03-10T17:00:00.000Z', '2026-03-11T01:05:00.000Z']);
    },
    SLOW_MS,
  );

  /** Work: me (alice) daily 08:00–08:00 every other day (03-04 08:00 → 03-05 08:00); Acme: me (erin) 08:00+gap for
   *  8 h every day (three people). */
  async function twoAccounts(gapMin: number) {
    const start = `2026-03-02T08:${String(gapMin).padStart(2, '0')}:00Z`;
    const w = await twoServices(Date.parse('2026-03-05T07:50:00Z'), (seed) => {
      const gina = { ...seed.users[1]!, id: 'usr_gina', name: 'Gina Person', email: 'gina@example.com' };
      seed.users.push(gina);
      const layer = seed.schedules[0]!.layers[0]!;
      layer.user_ids = ['usr_erin', 'usr_frank', 'usr_gina'];
      layer.shift_length = { amount: 8, unit: 'hours' };
      layer.rotation_start = start;
    });
    const h = w.harness;
    await w.engine.start();
    await h.clock.advanceTo(Date.parse('2026-03-05T16:10:00Z'));
    await w.engine.stop();
    return endsShown(h.notifier.shown);
  }

  it(
    'two accounts back to back: none at the join (03-05 08:00, nor Acme 03-04 16:00 inside Work), one at 16:00',
    async () => {
      expect(await twoAccounts(0)).toEqual(['2026-03-05T16:00:00.000Z']);
    },
    SLOW_MS,
  );

  it(
    'two accounts 5 min apart: Work’s end at 08:00 and Acme’s at 16:05',
    async () => {
      expect(await twoAccounts(5)).toEqual(['2026-03-05T08:00:00.000Z', '2026-03-05T16:05:00.000Z']);
    },
    SLOW_MS,
  );
});
