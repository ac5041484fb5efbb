// Issue 48: "Take over from Carol until 08:00" is written only while the schedule still holds what the offer showed.
// A manager's change between the offer and the write (someone else holds it now, the partner changed, the shift
// now ends later) is said ("Changed since you planned it: …") and nothing is sent: the old intent would put me over
// the new holder, or bring back a partner who had left. Against the simulator on a fake clock.
// Daily handoffs at 08:00 UTC. Solo: Carol today (3/25). Pair (two at once): Bob and Carol today.
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const START = Date.parse('2026-03-25T10:00:00Z');
const SHIFT_END = '2026-03-26T08:00:00Z';
const HOUR = 3_600_000;

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function started(): Promise<{ h: Harness; engine: Engine }> {
  const daily = {
    zone: 'Etc/UTC',
    rotationStart: '2026-03-20T08:00:00Z',
    length: { amount: 1, unit: 'days' as const },
  };
  const s = seedOf([
    { id: 'sch_solo', name: 'Solo', userIds: ['usr_alice', 'usr_bob', 'usr_carol'], ...daily },
    { id: 'sch_pair', name: 'Pair', userIds: ['usr_alice', 'usr_bob', 'usr_carol'], ...daily },
  ]);
  const pair = s.schedules[1]?.layers[0];
  if (pair) pair.concurrent_oncall_users = 2;
  h = await createHarness({ startMs: START, seed: s });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_solo', 'sch_pair'] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  return { h, engine };
}

const overridesOf = (hh: Harness, id: string) => hh.sim.state.schedules.get(id)?.overrides ?? [];
const manager = (hh: Harness, id: string, startMs: number, endMs: number, userIds: string[]) =>
  hh.sim.state.addOverride(id, { startMs, endMs, userIds }, hh.clock.now());

describe('take over: the schedule changed since the offer', () => {
  it('someone else holds it now: said, and nothing is sent', async () => {
    const { h, engine } = await started();
    const seen = { onCall: ['carol@example.com'], until: SHIFT_END };
    manager(h, 'sch_solo', START, Date.parse(SHIFT_END), ['usr_alice']);
    const res = await h.clock.runWhileAdvancing(
      engine.handlers['take-over:now']({ scheduleId: 'sch_solo', fromEmail: 'carol@example.com', seen }),
    );
    expect(!res.ok && res.error.kind).toBe('changed_since_planned');
    expect(!res.ok && res.error.message).toMatch(
      /^Changed since you planned it: Alice Doe is now on call until .*Nothing was sent: look at it again/,
    );
    expect(overridesOf(h, 'sch_solo')).toHaveLength(1); // the manager's only
  }, 60_000);

  it('the partner changed on a two-person schedule: the partner who left is not brought back', async () => {
    const { h, engine } = await started();
    const seen = { onCall: ['bob@example.com', 'carol@example.com'], until: SHIFT_END };
    manager(h, 'sch_pair', START, Date.parse(SHIFT_END), ['usr_bob', 'usr_alice']);
    const res = await h.clock.runWhileAdvancing(
      engine.handlers['take-over:now']({ scheduleId: 'sch_pair', fromEmail: 'bob@example.com', seen }),
    );
    expect(!res.ok && res.error.kind).toBe('changed_since_planned');
    expect(!res.ok && res.error.message).toMatch(
      /(Bob Stone and Alice Doe|Alice Doe and Bob Stone) are now on call until/,
    );
    expect(overridesOf(h, 'sch_pair')).toHaveLength(1);
  }, 60_000);

  it('the shift now ends later: said with both ends, nothing is sent', async () => {
    const { h, engine } = await started();
    const seen = { onCall: ['carol@example.com'], until: SHIFT_END };
    manager(h, 'sch_solo', Date.parse(SHIFT_END), Date.parse(SHIFT_END) + 12 * HOUR, ['usr_carol']);
    const res = await h.clock.runWhileAdvancing(
      engine.handlers['take-over:now']({ scheduleId: 'sch_solo', fromEmail: 'carol@example.com', seen }),
    );
    expect(!res.ok && res.error.kind).toBe('changed_since_planned');
    expect(!res.ok && res.error.message).toMatch(/Carol Lee is now on call until .*, not /);
    expect(overridesOf(h, 'sch_solo')).toHaveLength(1);
  }, 60_000);

  it('unchanged: it is written once, over what the offer showed', async () => {
    const { h, engine } = await started();
    const seen = { onCall: ['carol@example.com'], until: SHIFT_END };
    const res = await h.clock.runWhileAdvancing(
      engine.handlers['take-over:now']({ scheduleId: 'sch_solo', fromEmail: 'carol@example.com', seen }),
    );
    expect(res.ok && res.value.outcome.status).toBe('created');
    expect(res.ok && res.value.end).toBe(SHIFT_END);
    expect(overridesOf(h, 'sch_solo')).toHaveLength(1);
  }, 60_000);
});

// Adversarial round 2 (minor a): a change since that puts me on call names me "you", never by my own name.
describe('changed since: I am "you"', () => {
  it('take over: a manager put me beside Bob since the offer: "Bob Stone and you are now on call"', async () => {
    const { h, engine } = await started();
    const seen = { onCall: ['bob@example.com', 'carol@example.com'], until: SHIFT_END };
    manager(h, 'sch_pair', START, Date.parse(SHIFT_END), ['usr_bob', 'usr_me']);
    const res = await h.clock.runWhileAdvancing(
      engine.handlers['take-over:now']({ scheduleId: 'sch_pair', fromEmail: 'carol@example.com', seen }),
    );
    expect(!res.ok && res.error.kind).toBe('changed_since_planned');
    expect(!res.ok && res.error.message).toMatch(
      /^Changed since you planned it: Bob Stone and you are now on call until/,
    );
    expect(overridesOf(h, 'sch_pair')).toHaveLength(1);
  }, 60_000);

  it('the form again after a manager put me over my override: "you are now on call then"', async () => {
    const { h, engine } = await started();
    const window = { kind: 'custom' as const, start: '2026-03-27T10:00:00Z', end: '2026-03-27T14:00:00Z' };
    const ask = () =>
      engine.handlers['override:create']({ scheduleId: 'sch_solo', window, emails: ['alice@example.com'] });
    const first = await h.clock.runWhileAdvancing(ask());
    expect(first.ok && first.value.status).toBe('created');
    manager(h, 'sch_solo', Date.parse(window.start), Date.parse(window.end), ['usr_me']);
    await h.clock.runWhileAdvancing(engine.handlers['sync:refresh'](null));
    const again = await h.clock.runWhileAdvancing(ask());
    expect(!again.ok && again.error.message).toMatch(
      /^Changed since you created it: you are now on call then\. Your override of this time was written earlier, so nothing was sent again/,
    );
    expect(overridesOf(h, 'sch_solo')).toHaveLength(2);
  }, 60_000);
});
