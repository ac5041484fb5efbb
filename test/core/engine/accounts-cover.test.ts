// Issue 34 case 10: "Who could cover" on one account weighs every account. Bob is on Work and, under the same
// e-mail in another case, on Acme; when he is on call on Acme he is not offered on Work as free, and the line under
// his name says where ("on call on Acme · Platform primary then"). The simulators' own rotations are the oracle.
import { describe, expect, it } from 'vitest';
import { myBlocks, type Block } from '../support/truth';
import { twoServices, type TwoServices } from './support/two-services';
import { HOUR } from '../../support/time';

const START = Date.parse('2026-03-04T12:00:00Z');
const BOB_ON_ACME = 'Bob@Example.COM';

let world: TwoServices | undefined;

const overlaps = (blocks: Block[], fromMs: number, toMs: number) =>
  blocks.some((b) => b.startMs < toMs && fromMs < b.endMs);

async function candidatesOnWork(w: TwoServices, fromMs: number, toMs: number) {
  const window = { kind: 'custom' as const, start: new Date(fromMs).toISOString(), end: new Date(toMs).toISOString() };
  const answer = await w.engine.handlers['override:candidates']({ scheduleId: 'work:sch_primary', window });
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.value;
}

describe('engine: who could cover, across accounts', () => {
  it('does not offer as free a teammate (same e-mail, any case) who is on call on the other account then', async () => {
    world = await twoServices(START, (seed) => {
      // Frank's seat on Acme is Bob's (same e-mail, other case), rotated so he is on Acme while Alice is on Work.
      const frank = seed.users.find((u) => u.id === 'usr_frank')!;
      frank.email = BOB_ON_ACME;
      seed.schedules[0]!.layers[0]!.user_ids = ['usr_frank', 'usr_erin'];
    });
    await world.engine.start();
    await world.harness.clock.advance(5_000);
    const toMs = START + 3 * 24 * HOUR;
    const onAcme = await myBlocks(world.acme, ['sch_primary'], BOB_ON_ACME, START, toMs);
    const onWork = await myBlocks(world.harness.sim, ['sch_primary'], 'bob@example.com', START, toMs);
    // A two-hour window in the future where Bob is on call on Acme and not on Work (Work alone would call him free).
    const busy = onAcme
      .map((b) => Math.max(b.startMs, START + HOUR))
      .find((from) => overlaps(onAcme, from, from + 2 * HOUR) && !overlaps(onWork, from, from + 2 * HOUR))!;
    expect(busy).toBeDefined();

    const [bob] = await candidatesOnWork(world, busy, busy + 2 * HOUR);
    expect(bob).toMatchObject({ name: 'Bob Person', onCallHere: false, onCallElsewhere: ['Acme · Platform primary'] });
    expect(bob!.detail).toContain('on call on Acme · Platform primary then');
  }, 60_000);
});
