// Issue 48: the override form's "Create" with no preview (the preview call failed, or Create was pressed at once,
// so no `replaces`) re-reads the window on its own schedule first. Only when the service already holds an identical
// override (these people for exactly this time) is nothing sent, and it says so: no duplicate override. A rotation
// that merely has these people on call across the window is no override: the write goes, as asked.
// Solo, daily from 08:00: 3/25 Carol, 3/26 Alice, 3/27 Bob.
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const START = Date.parse('2026-03-25T10:00:00Z');
const WINDOW = { kind: 'custom' as const, start: '2026-03-25T14:00:00Z', end: '2026-03-25T18:00:00Z' };
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
  const seed = seedOf([
    { id: 'sch_solo', name: 'Solo', userIds: ['usr_alice', 'usr_bob', 'usr_carol'], ...daily },
    { id: 'sch_other', name: 'Other', userIds: ['usr_alice', 'usr_bob', 'usr_carol'], ...daily },
  ]);
  h = await createHarness({ startMs: START, seed });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_solo', 'sch_other'] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  return { h, engine };
}

describe('override form Create without a preview', () => {
  it('a manager already put me there: nothing is sent, and it says the schedule shows it', async () => {
    const { h, engine } = await started();
    const [startMs, endMs] = [Date.parse(WINDOW.start), Date.parse(WINDOW.end)];
    h.sim.state.addOverride('sch_solo', { startMs, endMs, userIds: ['usr_me'] }, h.clock.now());
    const res = await h.clock.runWhileAdvancing(
      engine.handlers['override:create']({ scheduleId: 'sch_solo', window: WINDOW, emails: [] }),
    );
    expect(res.ok && res.value.status).toBe('created_unconfirmed');
    expect(res.ok && 'message' in res.value && res.value.message).toMatch(/already in place.*nothing was sent/);
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(0);
  }, 60_000);

  it('the rotation already has those people on call across the window (no override): it is sent once', async () => {
    const { h, engine } = await started();
    const res = await h.clock.runWhileAdvancing(
      engine.handlers['override:create']({ scheduleId: 'sch_solo', window: WINDOW, emails: ['carol@example.com'] }),
    );
    expect(res.ok && res.value.status).toBe('created');
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
  }, 60_000);

  it('my own override beside a rotation shift of the same person (one stretch), created again: not sent twice', async () => {
    const { h, engine } = await started();
    // Alice from 20:00 until her own day begins at 08:00: the schedule shows one stretch of Alice, 20:00 – 3/27 08:00.
    const evening = { kind: 'custom' as const, start: '2026-03-25T20:00:00Z', end: '2026-03-26T08:00:00Z' };
    const request = { scheduleId: 'sch_solo', window: evening, emails: ['alice@example.com'] };
    const first = await h.clock.runWhileAdvancing(engine.handlers['override:create'](request));
    expect(first.ok && first.value.status).toBe('created');
    await h.clock.advance(5_000);
    const again = await h.clock.runWhileAdvancing(engine.handlers['override:create'](request));
    expect(again.ok && again.value.status).toBe('created_unconfirmed');
    expect(again.ok && 'message' in again.value && again.value.message).toMatch(/already in place/);
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
  }, 60_000);

  it('the window cannot be read just before: nothing is sent (it might be a second override)', async () => {
    const { h, engine } = await started();
    h.sim.faults.set('listShifts', { status: 503 });
    const res = await h.clock.runWhileAdvancing(
      engine.handlers['override:create']({ scheduleId: 'sch_solo', window: WINDOW, emails: [] }),
    );
    expect(res.ok).toBe(false);
    expect(!res.ok && res.error.message).toMatch(/could not be read just before sending, so nothing was sent/);
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(0);
  }, 60_000);

  it('the identical override is on another schedule only: this one gets it, once', async () => {
    const { h, engine } = await started();
    const [startMs, endMs] = [Date.parse(WINDOW.start), Date.parse(WINDOW.end)];
    h.sim.state.addOverride('sch_other', { startMs, endMs, userIds: ['usr_me'] }, h.clock.now());
    const res = await h.clock.runWhileAdvancing(
      engine.handlers['override:create']({ scheduleId: 'sch_solo', window: WINDOW, emails: [] }),
    );
    expect(res.ok && res.value.status).toBe('created');
    expect(h.sim.state.schedules.get('sch_solo')?.overrides).toHaveLength(1);
  }, 60_000);

  it('its answer was lost where the rotation already had those people: Create again does not send it twice', async () => {
    const { h, engine } = await started();
    const request = { scheduleId: 'sch_solo', window: WINDOW, emails: ['carol@example.com'] };
    h.sim.faults.set('createOverride', { reset: true, times: 1 });
    const first = await h.clock.runWhileAdvancing(engine.handlers['override:create'](request));
    expect(first.ok && first.value.status).toBe('unknown');
    const again = await h.clock.runWhileAdvancing(engine.handlers['override:create'](request));
    expect(again.ok && again.value.status).toBe('unknown');
    expect(again.ok && 'message' in again.value && again.value.message).toMatch(
      /may already be in place.*not sent again/,
    );
    expect(h.sim.state.schedules.get('sch_solo')?.overrides).toHaveLength(1);
  }, 60_000);

  it('not in place yet: it is sent once', async () => {
    const { h, engine } = await started();
    const res = await h.clock.runWhileAdvancing(
      engine.handlers['override:create']({ scheduleId: 'sch_solo', window: WINDOW, emails: [] }),
    );
    expect(res.ok && res.value.status).toBe('created');
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
  }, 60_000);
});
