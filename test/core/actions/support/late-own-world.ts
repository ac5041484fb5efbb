// The late-own-write world (adv48 r43, r44): me and Alice alternate daily on sch_db (UTC), Tue 1 Dec is Alice's day;
// the user writes an override over Tue 10:00–14:00 UTC through the form's preview and create, and the service's
// holder at an instant is read from the simulator (the override created last wins).
import type { Harness } from '../../support/engine-harness';

export const START = Date.parse('2026-12-01T09:00:00Z'); // Alice's day (Tue 08:00 – Wed 08:00 UTC)
export const W = { start: '2026-12-01T10:00:00Z', end: '2026-12-01T14:00:00Z' };
export const DB = {
  id: 'sch_db',
  name: 'Database',
  zone: 'Etc/UTC',
  rotationStart: '2026-11-20T08:00:00Z',
  userIds: ['usr_me', 'usr_alice'],
  length: { amount: 1, unit: 'days' as const },
};

export type Engine = ReturnType<Harness['engine']>;

/** The override form over W for `email`: previewed, then created as previewed. */
export const create = (hh: Harness, engine: Engine, email: string) => createOn(hh, engine, 'sch_db', W, email);

/** The override form over `w` on `scheduleId` for `email`: previewed, then created as previewed. */
export async function createOn(hh: Harness, engine: Engine, scheduleId: string, w: typeof W, email: string) {
  const form = { scheduleId, window: { kind: 'custom' as const, ...w }, emails: [email] };
  const pv = await hh.clock.runWhileAdvancing(engine.handlers['override:preview'](form));
  if (!pv.ok) throw new Error(pv.error.message);
  const { start: s, end: e, held } = pv.value;
  const previewed = { start: s, end: e, ...(held ? { held } : {}) };
  const req = { ...form, replaces: pv.value.replaces.map((p) => p.email), previewed };
  return hh.clock.runWhileAdvancing(engine.handlers['override:create'](req));
}

/** Who the service holds at `iso` in `scheduleId` (sch_db unless named): the override created last over it wins, else the rotation. */
export function holderAt(hh: Harness, iso: string, scheduleId = 'sch_db'): string {
  const at = Date.parse(iso);
  const over = hh.sim.state.schedules.get(scheduleId)!.overrides.filter((o) => o.startMs <= at && at < o.endMs);
  return over.length === 0 ? 'rotation' : over[over.length - 1]!.userIds.join(',');
}

/** Solo (adv48 r44 #2, #4): daily at 08:00 UTC from Fri 20 Mar, `userIds` in turn. */
export const solo = (userIds: string[]) => ({
  id: 'sch_solo',
  name: 'Solo',
  zone: 'Etc/UTC',
  rotationStart: '2026-03-20T08:00:00Z',
  userIds,
  length: { amount: 1, unit: 'days' as const },
});

/** The app started on the world, past its first second (its first read made), alarms off unless asked. */
export async function boot(
  hh: Harness,
  options: Parameters<Harness['engine']>[0] = { alarms: false },
): Promise<Engine> {
  const e = hh.engine(options);
  await e.start();
  await hh.clock.advance(1_000);
  return e;
}
