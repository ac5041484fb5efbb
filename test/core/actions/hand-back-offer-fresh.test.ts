// Issue 48, adversarial round 21: Hand back is offered by the same rule its write is held to. After a manager put
// Dan in for Alice inside my take-over (Trio: three on call at once), a fresh read kept offering "Hand back to Bob
// until Mon 08:00", and every press of that fresh offer was refused as "Changed since you planned it": the change
// came before the offer, so the words were false and the user was stuck in an offer-refuse loop. Now a fresh read
// makes no offer its write would refuse; an offer shown before the change is still refused, and Dan is never removed.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { timeline } from '../../../electron/simulator/rotation';
import type { Harness } from '../support/engine-harness';
import { START, trioWorld } from './support/trio-world';

const HOUR = 3_600_000;
const SUN8 = Date.parse('2026-03-22T08:00:00Z');
const MON8 = Date.parse('2026-03-23T08:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** Who the simulator's own rotation engine puts on call at `atMs` (sorted user ids). */
function onCallAt(h: Harness, atMs: number): string[] {
  const schedule = h.sim.state.schedules.get('sch_trio');
  if (!schedule) return [];
  const seg = timeline(schedule, atMs, atMs + 1).find((s) => s.startMs <= atMs && s.endMs > atMs);
  return [...(seg?.userIds ?? [])].sort();
}

async function options(h: Harness, engine: Engine) {
  const res = await h.clock.runWhileAdvancing(engine.handlers['take-over:options'](null));
  expect(res.ok).toBe(true);
  return res.ok ? (res.value.find((o) => o.scheduleId === 'sch_trio')?.handBack ?? null) : null;
}

async function tookOverFromBob(h: Harness, engine: Engine) {
  const seen = { onCall: ['alice@example.com', 'bob@example.com', 'carol@example.com'], until: iso(MON8) };
  const took = await h.clock.runWhileAdvancing(
    engine.handlers['take-over:now']({ scheduleId: 'sch_trio', fromEmail: 'bob@example.com', seen }),
  );
  expect(took.ok && took.value.outcome.status).toBe('created');
  await h.clock.advance(60_000);
}

const pressed = (h: Harness, engine: Engine, offer: { to: { email: string }[]; until: string }) =>
  h.clock.runWhileAdvancing(
    engine.handlers['take-over:hand-back']({
      scheduleId: 'sch_trio',
      seen: { to: offer.to.map((p) => p.email), until: offer.until },
    }),
  );

describe('hand back: the offer follows the rule its write is held to', () => {
  it('unchanged since the take-over: the fresh offer, pressed as offered, puts Bob back where I was until Mon 08:00', async () => {
    const { h, engine } = await trioWorld();
    await tookOverFromBob(h, engine);
    const offer = await options(h, engine);
    expect(offer?.to.map((p) => p.email)).toEqual(['bob@example.com']);
    expect(Date.parse(offer?.until ?? '')).toBe(MON8);
    const back = await pressed(h, engine, offer ?? { to: [], until: '' });
    expect(back.ok && back.value.outcome.status).toBe('created');
    const trio = ['usr_alice', 'usr_bob', 'usr_carol'];
    for (const at of [h.clock.now() + HOUR, SUN8 + 7 * HOUR, MON8 - 1]) expect(onCallAt(h, at)).toEqual(trio);
  }, 60_000);

  it('a manager put Dan in for Alice inside it before the read: no offer; the older offer is refused; Dan stays', async () => {
    const { h, engine } = await trioWorld();
    await tookOverFromBob(h, engine);
    const older = await options(h, engine);
    expect(older).not.toBeNull();
    h.sim.state.addOverride(
      'sch_trio',
      { startMs: SUN8 + 6 * HOUR, endMs: SUN8 + 8 * HOUR, userIds: ['usr_dan', 'usr_me', 'usr_carol'] },
      h.clock.now(),
    );
    const withDan = onCallAt(h, SUN8 + 7 * HOUR);
    expect(withDan).toEqual(['usr_carol', 'usr_dan', 'usr_me']);
    const overrides = h.sim.state.schedules.get('sch_trio')?.overrides.length;
    for (let i = 0; i < 2; i++) {
      await h.clock.advance(60_000);
      // Read after the change: an offer here would be refused as "changed since you planned it", which it wasn't.
      expect(await options(h, engine)).toBeNull();
    }
    // The offer shown before the change: refused as changed since, nothing sent, Dan still in.
    const back = await pressed(h, engine, older ?? { to: [], until: '' });
    expect(!back.ok && back.error.kind).toBe('changed_since_planned');
    expect(!back.ok && back.error.message).toMatch(/^Changed since you planned it: Dan Fox is now on call with you /);
    expect(h.sim.state.schedules.get('sch_trio')?.overrides.length).toBe(overrides);
    expect(onCallAt(h, SUN8 + 7 * HOUR)).toEqual(withDan);
    expect(onCallAt(h, START + 2 * HOUR)).toEqual(['usr_alice', 'usr_carol', 'usr_me']);
  }, 60_000);
});
