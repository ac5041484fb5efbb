// Issue 48 (adv48 r29 #1): Take over Alice's shift when my own shift follows it (Platform primary, Europe/Berlin,
// daily at 09:00 between Alice and Bob; I am Bob; Wed 4 Mar 2026 12:00Z: Alice until Thu 09:00, then me until Fri
// 09:00). Pressed again once it landed (answered, answer lost, 504 applied later, or after a restart), it said
// "Changed since you planned it: you are now on call until Fri 09:00" of my own take-over, because my on-call now
// runs on into my own shift. It must say "already in place" and send nothing; a manager's change inside the window
// is still said. The simulator on a fake clock; what the service holds is read from its own store.
import { describe, expect, it } from 'vitest';
import { serviceSeed } from '../../support/two-service-seeds';
import { createHarness, type Harness } from '../support/engine-harness';
import type { TakeOverRequest } from '../../../electron/shared/take-over';

const START = Date.parse('2026-03-04T12:00:00Z'); // Wed 13:00 Berlin
const ALICE_END = '2026-03-05T08:00:00Z'; // Thu 09:00 Berlin: where my own shift starts
const KEY = 'ocs_bob_key_3333';
const IN_PLACE = 'Your take-over is already in place: the schedule shows you on call now, so nothing was sent again.';

async function world(): Promise<Harness> {
  const seed = serviceSeed('ocs_work_key_1111', ['alice', 'bob']);
  seed.api_keys.push({ key: KEY, user_id: 'usr_bob' });
  const h = await createHarness({ startMs: START, seed });
  const account = { id: 'work', label: 'Work', baseUrl: h.sim.url, email: 'bob@example.com' };
  const settings = { version: 2, startAtLogin: true, accounts: [{ ...account, schedules: [{ id: 'sch_primary' }] }] };
  await h.files.writeAtomic('settings.json', JSON.stringify(settings));
  await h.secrets.set(`work@${new URL(h.sim.url).host}`, KEY);
  return h;
}

async function offered(h: Harness, engine: ReturnType<Harness['engine']>): Promise<TakeOverRequest> {
  const opts = await h.clock.runWhileAdvancing(engine.handlers['take-over:options'](null));
  const card = opts.ok ? opts.value[0] : undefined;
  if (!card?.takeOver) throw new Error('no take-over offered');
  // The world as the report has it: Alice on call now until Thu 09:00 Berlin, and nobody else.
  expect(card.takeOver.until).toBe(ALICE_END);
  expect(card.takeOver.from.map((p) => p.email)).toEqual(['alice@example.com']);
  const seen = { onCall: card.takeOver.from.map((p) => p.email), until: card.takeOver.until };
  return { scheduleId: card.scheduleId, fromEmail: 'alice@example.com', seen };
}

const overridesAt = (h: Harness) => h.sim.state.schedules.get('sch_primary')?.overrides ?? [];

describe('take over pressed again when my own shift follows it', () => {
  it.each([
    ['answered', undefined],
    ['answer lost', { reset: true, times: 1 }],
    ['504 applied 30 s later', { status: 504, applyAfterMs: 30_000, times: 1 }],
  ] as const)(
    '%s: already in place, nothing sent again',
    async (_name, fault) => {
      const h = await world();
      const engine = h.engine();
      await engine.start();
      await h.clock.advance(5_000);
      const request = await offered(h, engine);
      if (fault) h.sim.faults.set('createOverride', { ...fault });
      await h.clock.runWhileAdvancing(engine.handlers['take-over:now'](request));
      await h.clock.advance(3 * 60_000);
      const again = await h.clock.runWhileAdvancing(engine.handlers['take-over:now'](request));
      expect(!again.ok && again.error.message).toBe(IN_PLACE);
      // The service holds my one take-over, to the end I asked for (a late write is applied by the first request
      // after its time, so this is read after the second press): in place, and nothing was sent again.
      const [mine, ...more] = overridesAt(h);
      expect(more).toHaveLength(0);
      expect(mine?.userIds).toEqual(['usr_bob']);
      expect(mine?.endMs).toBe(Date.parse(ALICE_END));
      await engine.stop();
      await h.close();
    },
    60_000,
  );

  it('answer lost, then a restart: already in place, nothing sent again', async () => {
    const h = await world();
    let engine = h.engine();
    await engine.start();
    await h.clock.advance(5_000);
    const request = await offered(h, engine);
    h.sim.faults.set('createOverride', { reset: true, times: 1 });
    await h.clock.runWhileAdvancing(engine.handlers['take-over:now'](request));
    await engine.stop();
    await h.clock.advance(10 * 60_000);
    engine = h.engine();
    await engine.start();
    await h.clock.advance(5_000);
    expect(overridesAt(h)).toHaveLength(1);
    const again = await h.clock.runWhileAdvancing(engine.handlers['take-over:now'](request));
    expect(!again.ok && again.error.message).toBe(IN_PLACE);
    expect(overridesAt(h)).toHaveLength(1);
    await engine.stop();
    await h.close();
  }, 60_000);

  it('a manager gave Alice the last two hours of it: in place, and that change is said', async () => {
    const h = await world();
    const engine = h.engine();
    await engine.start();
    await h.clock.advance(5_000);
    const request = await offered(h, engine);
    await h.clock.runWhileAdvancing(engine.handlers['take-over:now'](request));
    await h.clock.advance(3 * 60_000);
    const endMs = Date.parse(ALICE_END);
    h.sim.state.addOverride(
      'sch_primary',
      { startMs: endMs - 2 * 3_600_000, endMs, userIds: ['usr_alice'] },
      h.clock.now(),
    );
    await h.clock.advance(60_000);
    const again = await h.clock.runWhileAdvancing(engine.handlers['take-over:now'](request));
    const said = again.ok ? JSON.stringify(again.value) : again.error.message;
    // Thu 06:00Z–08:00Z is 07:00–09:00 in Berlin (CET, the harness's zone): said whole, after "in place".
    expect(said).toBe(`${IN_PLACE} Changed since you planned it: Alice Person now covers Thu 07:00–09:00.`);
    expect(overridesAt(h)).toHaveLength(2); // mine and the manager's
    await engine.stop();
    await h.close();
  }, 60_000);
});
