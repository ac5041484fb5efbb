// A block of mine that becomes a hole (adv47 r22): Ops (UTC; Bob 01–09, me 09–17, Alice 17–01), Berlin, Tue 10 Mar
// 2026 08:00. The app first reads Wed 11 Mar 09–17 UTC as mine; then the service sends that shift without its people
// (the simulator's unreadable span, 12–13 UTC, lies inside it) and an unrelated override on 20 Mar moves the revision
// so it is read again. What the hole is, is the world's own record: the block the first read listed as mine.
import { createHarness, seedSettings, type Harness } from './engine-harness';
import { ME, OPS_ID, opsSeed } from './seeds';

const MIN = 60_000;
const WED = '2026-03-11';

export interface HoleWorld {
  h: Harness;
  engine: ReturnType<Harness['engine']>;
  /** The Wed block as the first read listed it: the shift the service then sent unreadable. */
  wed: { start: string; end: string };
}

export async function myBlockBecomesHole(): Promise<HoleWorld> {
  const h = await createHarness({ startMs: Date.parse('2026-03-10T07:00:00Z'), seed: opsSeed });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(MIN);
  const block = engine.getState().me.shifts.find((m) => m.start.startsWith(WED));
  if (!block) throw new Error('the world expects a block of mine on Wed 11 Mar');
  await engine.calendar(3); // exported while Wed was read as mine (a subscribed feed keeps it as unknown)
  h.sim.unreadable.add(OPS_ID, { fromMs: Date.parse(`${WED}T12:00:00Z`), toMs: Date.parse(`${WED}T13:00:00Z`) });
  const override = { startMs: Date.parse('2026-03-20T01:00:00Z'), endMs: Date.parse('2026-03-20T02:00:00Z') };
  h.sim.state.addOverride(OPS_ID, { ...override, userIds: ['usr_carol'] }, h.clock.now());
  await h.clock.advance(10 * MIN);
  return { h, engine, wed: { start: block.start, end: block.end } };
}
