// Issue 48, adversarial round 2 (F3, F4): writes on one schedule of a service go one at a time across every flow
// (take over, the override form with or without a preview, away items, swap sides), each re-reading after the
// previous one. Take over now and a form Create on the same block at once were both written ("created" twice, three
// overrides with a no-preview Create too); two form Creates with a preview of my block were both written. Now the
// later write reads the schedule after the first one, says "Changed since …: Erin now covers Thu …" and sends nothing.
// Solo, daily from 08:00 UTC: 3/25 Carol, 3/26 me. Against the simulator on a fake clock.
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const START = Date.parse('2026-03-25T10:00:00Z');
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
  h = await createHarness({
    startMs: START,
    seed: seedOf([{ id: 'sch_solo', name: 'Solo', userIds: ['usr_me', 'usr_bob', 'usr_carol'], ...daily }]),
  });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_solo'] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  return { h, engine };
}

const overrides = (hh: Harness) => hh.sim.state.schedules.get('sch_solo')?.overrides ?? [];
const created = (r: { ok: boolean; value?: unknown }) =>
  r.ok && typeof r.value === 'object' && r.value !== null && 'status' in r.value && r.value.status === 'created';

describe('one write at a time per schedule, across flows', () => {
  it('take over now, a form Create with a preview and one without, at once: one written, the others say changed', async () => {
    const { h, engine } = await started();
    const until = '2026-03-26T08:00:00Z';
    const window = { kind: 'custom' as const, start: '2026-03-25T10:01:00Z', end: until };
    const [take, form, bare] = await h.clock.runWhileAdvancing(
      Promise.all([
        engine.handlers['take-over:now']({ scheduleId: 'sch_solo', seen: { onCall: ['carol@example.com'], until } }),
        engine.handlers['override:create']({
          scheduleId: 'sch_solo',
          window,
          emails: ['alice@example.com'],
          replaces: ['carol@example.com'],
        }),
        engine.handlers['override:create']({ scheduleId: 'sch_solo', window, emails: ['bob@example.com'] }),
      ]),
    );
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
    expect(overrides(h)).toHaveLength(1);
    const answers = [take, form, bare];
    const wrote = answers.filter(
      (a) => created(a) || (a.ok && 'outcome' in a.value && a.value.outcome.status === 'created'),
    );
    expect(wrote).toHaveLength(1);
    for (const a of answers.filter((x) => !wrote.includes(x))) {
      expect(a.ok).toBe(false);
      if (!a.ok) expect(a.error.message).toMatch(/^Changed since (you planned it|the preview): .* now cover/);
    }
  }, 60_000);

  it('two form Creates with a preview of my block at once: the second says changed since the preview, sends nothing', async () => {
    const { h, engine } = await started();
    const window = { kind: 'custom' as const, start: '2026-03-26T08:00:00Z', end: '2026-03-27T08:00:00Z' };
    const ask = (who: string) =>
      engine.handlers['override:create']({ scheduleId: 'sch_solo', window, emails: [who], replaces: [ME] });
    const [a, b] = await h.clock.runWhileAdvancing(Promise.all([ask('bob@example.com'), ask('alice@example.com')]));
    expect(created(a)).toBe(true);
    expect(b.ok).toBe(false);
    if (!b.ok)
      expect(b.error.message).toBe(
        'Changed since the preview: Bob Stone now covers Thu 09:00 – Fri 09:00 (Thu 08:00 – Fri 08:00 UTC). Nothing was sent: look at the preview again and create it once it shows what you want.',
      );
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
  }, 60_000);

  it('away hand-off and a form Create of the same block at once: one written, the hand-off item says changed', async () => {
    const { h, engine } = await started();
    const block = { scheduleId: 'sch_solo', start: '2026-03-26T08:00:00Z', end: '2026-03-27T08:00:00Z' };
    await h.clock.runWhileAdvancing(
      engine.handlers['handoff:plan']({ range: { from: '2026-03-26', to: '2026-03-26' } }),
    );
    const [away, form] = await h.clock.runWhileAdvancing(
      Promise.all([
        engine.handlers['handoff:create']({ items: [{ ...block, email: 'bob@example.com' }] }),
        engine.handlers['override:create']({
          scheduleId: 'sch_solo',
          window: { kind: 'custom', start: block.start, end: block.end },
          emails: ['alice@example.com'],
        }),
      ]),
    );
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
    const item = away.ok ? away.value.run?.items[0] : undefined;
    if (created(form)) expect(item?.state).toBe('changed');
    else expect(item?.state).toBe('handed_off');
  }, 60_000);
});
