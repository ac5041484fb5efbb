// Issue 48, adversarial round 1 (finding 2): a service watched by two accounts (the same address and e-mail, the same
// key or another) is written once. The same take-over, or the same override, asked through both accounts at the same
// moment was sent twice (each account had its own write path and in-flight sharing). Writes to one schedule of one
// service now go through the first account watching it there, so they meet in one write path: one override.
// Solo, daily from 08:00 UTC: 3/25 Carol.
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, type Harness } from '../support/engine-harness';
import { API_KEY, ME, seedOf } from '../support/seeds';

const START = Date.parse('2026-03-25T10:00:00Z');
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function twice(): Promise<{ h: Harness; engine: Engine }> {
  const daily = {
    zone: 'Etc/UTC',
    rotationStart: '2026-03-20T08:00:00Z',
    length: { amount: 1, unit: 'days' as const },
  };
  h = await createHarness({
    startMs: START,
    seed: seedOf([{ id: 'sch_solo', name: 'Solo', userIds: ['usr_alice', 'usr_bob', 'usr_carol'], ...daily }]),
  });
  const host = new URL(h.sim.url).host;
  const account = (id: string, label: string) => ({
    id,
    label,
    baseUrl: h?.sim.url,
    email: ME,
    schedules: [{ id: 'sch_solo' }],
  });
  await h.files.writeAtomic(
    'settings.json',
    JSON.stringify({ version: 2, accounts: [account('main', 'A'), account('second', 'B')] }),
  );
  await h.secrets.set(`main@${host}`, API_KEY);
  await h.secrets.set(`second@${host}`, API_KEY);
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  return { h, engine };
}

const overrides = (hh: Harness) => hh.sim.state.schedules.get('sch_solo')?.overrides ?? [];

describe('one service watched by two accounts: one write per block', () => {
  it('Take over now through both accounts at once: one override, both answered with it', async () => {
    const { h, engine } = await twice();
    const [a, b] = await h.clock.runWhileAdvancing(
      Promise.all([
        engine.handlers['take-over:now']({ scheduleId: 'sch_solo' }),
        engine.handlers['take-over:now']({ scheduleId: 'second:sch_solo' }),
      ]),
    );
    expect(a.ok && a.value.outcome.status).toBe('created');
    expect(b.ok && b.value.scheduleId).toBe('second:sch_solo');
    expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
    expect(overrides(h)).toHaveLength(1);
  }, 60_000);

  for (const replaces of [undefined, ['carol@example.com']])
    it(`override form Create through both accounts at once (${replaces ? 'with' : 'without'} a preview): one override`, async () => {
      const { h, engine } = await twice();
      const window = { kind: 'custom' as const, start: '2026-03-25T14:00:00Z', end: '2026-03-25T18:00:00Z' };
      const ask = (scheduleId: string) =>
        engine.handlers['override:create']({ scheduleId, window, emails: [ME], ...(replaces ? { replaces } : {}) });
      const [a, b] = await h.clock.runWhileAdvancing(Promise.all([ask('sch_solo'), ask('second:sch_solo')]));
      expect(a.ok && a.value.status).toBe('created');
      expect(b.ok && b.value.status === 'created' && b.value.override.scheduleId).toBe('second:sch_solo');
      expect(h.sim.requests.count({ route: 'createOverride' })).toBe(1);
      expect(overrides(h)).toHaveLength(1);
    }, 60_000);
});
