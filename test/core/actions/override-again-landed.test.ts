// Issue 48, adversarial round 6 #2: the override form's Create lost its answer after the write landed ("the schedule
// now shows the override in place. It was not sent again."), a manager then put the replaced person back, and Create
// again with the same form and preview wrote a second identical override over that change. The app knows its own
// override landed: the later change is said ("Changed since you created it: Alice Doe now covers it"), nothing sent.
// Real engine, real simulator over loopback, fake clock.
import { describe, expect, it } from 'vitest';
import { createHarness, seedSettings } from '../support/engine-harness';
import { ME, threeZoneSeed } from '../support/seeds';
import { MIN } from '../../support/time';

// Berlin: Alice is on call 2026-03-25 08:00Z → 2026-03-26 08:00Z. The form gives 12:00–16:00Z of it to Bob.
const START = Date.parse('2026-03-25T10:00:00Z');
const BERLIN = 'sch_berlin';
const WINDOW = { start: '2026-03-25T12:00:00.000Z', end: '2026-03-25T16:00:00.000Z' };

async function createdThenLost(managerBack: boolean) {
  const h = await createHarness({ startMs: START, seed: threeZoneSeed() });
  await seedSettings(h, { email: ME, scheduleIds: [BERLIN] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  const req = { scheduleId: BERLIN, window: { kind: 'custom' as const, ...WINDOW }, emails: ['bob@example.com'] };
  const preview = await h.clock.runWhileAdvancing(engine.handlers['override:preview'](req));
  if (!preview.ok) throw new Error('preview failed');
  const form = {
    ...req,
    replaces: preview.value.replaces.map((p) => p.email),
    previewed: { start: preview.value.start, end: preview.value.end },
  };
  expect(form.replaces).toEqual(['alice@example.com']);
  h.sim.faults.set('createOverride', { reset: true, times: 1 });
  const first = await h.clock.runWhileAdvancing(engine.handlers['override:create'](form));
  expect(first.ok && first.value.status).toBe('created_unconfirmed');
  if (managerBack) {
    const w = { startMs: Date.parse(WINDOW.start), endMs: Date.parse(WINDOW.end), userIds: ['usr_alice'] };
    h.sim.state.addOverride(BERLIN, w, h.clock.now());
  }
  await h.clock.advance(MIN);
  const again = await h.clock.runWhileAdvancing(engine.handlers['override:create'](form));
  return { again, overrides: h.sim.state.schedules.get(BERLIN)?.overrides ?? [] };
}

describe('override form: Create again after its lost answer landed', () => {
  it('a manager put the replaced person back since: said as a change since it was created, nothing sent', async () => {
    const { again, overrides } = await createdThenLost(true);
    expect(again.ok).toBe(false);
    expect(again.ok ? '' : again.error.message).toMatch(/^Changed since you created it: Alice Doe now covers it\./);
    expect(again.ok ? '' : again.error.message).toMatch(/nothing was sent again/i);
    // The app's landed override and the manager's: no second one of Bob.
    expect(overrides).toHaveLength(2);
  });

  it('nobody changed it: already in place, nothing sent (for comparison)', async () => {
    const { again, overrides } = await createdThenLost(false);
    expect(again.ok && again.value.status).toBe('created_unconfirmed');
    expect(overrides).toHaveLength(1);
  });
});
