// adv48 round 14 #1: a write answered 504 that the service applies 30 s late; a second flow (the form after take over,
// take over after the form, or both at once) over the same window within the settle sends nothing and says "Can't
// confirm yet — checking", so the late write never lands over a "created" the user was just given.
import { afterEach, describe, expect, it } from 'vitest';
import { SETTLE_MS } from '../../../electron/core/actions/override-verify';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const START = Date.parse('2026-03-25T10:00:00Z'); // Carol on Solo until 3/26 08:00Z
const WED = Date.parse('2026-03-26T08:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

let h: Harness | undefined;
afterEach(async () => void (await h?.close()));

async function world() {
  const s = seedOf([
    {
      id: 'sch_solo',
      name: 'Solo',
      userIds: ['usr_alice', 'usr_bob', 'usr_carol'],
      zone: 'Etc/UTC',
      rotationStart: '2026-03-20T08:00:00Z',
      length: { amount: 1, unit: 'days' },
    },
  ]);
  h = await createHarness({ startMs: START, seed: s, revisionMoves: true });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_solo'] });
  const engine = h.engine();
  await engine.start();
  await h.clock.advance(1_000);
  const hh = h;
  const run = <T>(p: Promise<T>) => hh.clock.runWhileAdvancing(p);
  const takeOver = () =>
    run(
      engine.handlers['take-over:now']({
        scheduleId: 'sch_solo',
        fromEmail: 'carol@example.com',
        seen: { onCall: ['carol@example.com'], until: iso(WED) },
      }),
    );
  const form = () =>
    run(
      engine.handlers['override:create']({
        scheduleId: 'sch_solo',
        window: { kind: 'custom', start: iso(START), end: iso(WED) },
        emails: ['bob@example.com'],
      }),
    );
  const late = () => hh.sim.faults.set('createOverride', { status: 504, applyAfterMs: 30_000, times: 1 });
  return { h: hh, takeOver, form, late };
}

const creates = (x: Harness) => x.sim.requests.count({ route: 'createOverride' });
const text = (r: unknown) => JSON.stringify(r);

describe('a second flow over a window whose earlier write may still land', () => {
  it('the form after a take-over answered 504 sends nothing within the settle', async () => {
    const w = await world();
    w.late();
    expect(text(await w.takeOver())).toContain("Can't confirm yet");
    await w.h.clock.advance(8_000);
    const second = text(await w.form());
    expect(second).toContain("Can't confirm yet — checking: an earlier write here may still land");
    expect(second).toContain('(your take-over, putting you on call'); // named (adv48 r14 #1)
    expect(creates(w.h)).toBe(1);
    await w.h.clock.advance(SETTLE_MS);
    expect(creates(w.h)).toBe(1);
  });

  it('a take-over after the form answered 504 sends nothing within the settle', async () => {
    const w = await world();
    w.late();
    expect(text(await w.form())).toContain("Can't confirm yet");
    await w.h.clock.advance(8_000);
    expect(text(await w.takeOver())).toContain('an earlier write here may still land');
    expect(creates(w.h)).toBe(1);
  });

  it('both pressed at once: the second, waiting behind a 504, sends nothing', async () => {
    const w = await world();
    w.late();
    const [a, b] = await Promise.all([w.form(), w.takeOver()]);
    expect(text(a)).toContain("Can't confirm yet");
    expect(text(b)).toContain('an earlier write here may still land');
    expect(creates(w.h)).toBe(1);
  });
});
