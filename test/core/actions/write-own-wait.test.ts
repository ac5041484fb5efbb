// Issue 47, adv47 r36 #1: only the write route answers 429 (or 503) with a Retry-After, an HTTP date hours ahead or a
// count of seconds. Before, the override form and I'm away said "The service is busy (rate limited). Try again later."
// and a second press sent the write again, hours before the time the service asked for. Now the write's own wait is
// held for the account (a second press sends nothing) and said with its time, as the account's wait is said.
// Simulator, real engine, fake clock. Solo: daily hand-offs at 08:00 UTC; I am on call 3/26 08:00Z – 3/27 08:00Z.
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { waitEnd as hhmm } from '../support/wait-end';

const START = Date.parse('2026-03-26T10:00:00Z');
const H = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

let h: Harness | undefined;
afterEach(async () => void (await h?.close()));

async function world(fault: { status: number; retryAfter: string }): Promise<{ h: Harness; engine: Engine }> {
  const daily = {
    zone: 'Etc/UTC',
    rotationStart: '2026-03-20T08:00:00Z',
    length: { amount: 1, unit: 'days' as const },
  };
  const seed = seedOf([{ id: 'sch_solo', name: 'Solo', userIds: ['usr_me', 'usr_bob', 'usr_carol'], ...daily }]);
  const hh = (h = await createHarness({ startMs: START, seed }));
  await seedSettings(hh, { email: ME, scheduleIds: ['sch_solo'] });
  const engine = hh.engine();
  await engine.start();
  await hh.clock.advance(1_000);
  hh.sim.faults.set('createOverride', fault);
  return { h: hh, engine };
}

const creates = (x: Harness) => x.sim.requests.count({ route: 'createOverride' });
const CAROL = (startMs: number) => ({
  scheduleId: 'sch_solo',
  window: { kind: 'custom' as const, start: iso(startMs), end: iso(startMs + H) },
  emails: ['carol@example.com'],
});
const messageOf = (a: { ok: boolean; error?: { message: string } }): string => (a.ok ? '' : (a.error?.message ?? ''));

describe("a write's own wait (the write route's 429 or 503 with Retry-After)", () => {
  it('429 with an HTTP date: said with its time, and a second press 2 min later sends nothing', async () => {
    const askedMs = START + 3 * H;
    const { h: hh, engine } = await world({ status: 429, retryAfter: new Date(askedMs).toUTCString() });
    const first = await hh.clock.runWhileAdvancing(engine.handlers['override:create'](CAROL(START + 2 * H)));
    expect(messageOf(first)).toContain(`The service asked to wait until ${hhmm(askedMs)}`);
    expect(messageOf(first)).not.toMatch(/Try again later|Try again in/);
    expect(creates(hh)).toBe(1);
    await hh.clock.advance(2 * 60_000);
    const again = await hh.clock.runWhileAdvancing(engine.handlers['override:create'](CAROL(START + 2 * H)));
    expect(messageOf(again)).toContain(`The service asked to wait until ${hhmm(askedMs)}`);
    expect(creates(hh)).toBe(1);
    // Past the time asked for, the write goes again (and is taken).
    hh.sim.faults.clear('createOverride');
    await hh.clock.advance(askedMs - hh.clock.now() + 1_000);
    const later = await hh.clock.runWhileAdvancing(engine.handlers['override:create'](CAROL(START + 5 * H)));
    expect(later.ok && later.value.status).toBe('created');
    expect(creates(hh)).toBe(2);
  }, 30_000);

  it('429 with seconds: the same held wait, with its time; I’m away sends nothing during it', async () => {
    const { h: hh, engine } = await world({ status: 429, retryAfter: '1800' });
    const askedMs = hh.clock.now() + 1_800_000;
    const first = await hh.clock.runWhileAdvancing(engine.handlers['override:create'](CAROL(START + 2 * H)));
    expect(messageOf(first)).toContain(`The service asked to wait until ${hhmm(askedMs)}`);
    expect(messageOf(first)).not.toMatch(/Try again in/);
    await hh.clock.advance(60_000);
    const item = {
      scheduleId: 'sch_solo',
      start: iso(START),
      end: '2026-03-27T08:00:00.000Z',
      email: 'bob@example.com',
    };
    await hh.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items: [item] }));
    await hh.clock.runWhileAdvancing(engine.handoffIdle());
    const got = await hh.clock.runWhileAdvancing(engine.handlers['handoff:get'](null));
    const said = got.ok ? got.value.run?.items[0] : undefined;
    expect(said?.state).not.toBe('handed_off');
    expect(said?.message ?? '').toContain(`The service asked to wait until ${hhmm(askedMs)}`);
    expect(creates(hh)).toBe(1);
  }, 30_000);

  it('503 with an HTTP date: a press 2 min later sends nothing and says the time asked for', async () => {
    const askedMs = START + H;
    const { h: hh, engine } = await world({ status: 503, retryAfter: new Date(askedMs).toUTCString() });
    await hh.clock.runWhileAdvancing(engine.handlers['override:create'](CAROL(START + 2 * H)));
    expect(creates(hh)).toBe(1);
    await hh.clock.advance(2 * 60_000);
    const again = await hh.clock.runWhileAdvancing(engine.handlers['override:create'](CAROL(START + 2 * H)));
    expect(messageOf(again)).toContain(`The service asked to wait until ${hhmm(askedMs)}`);
    expect(creates(hh)).toBe(1);
  }, 30_000);

  it('503 with an HTTP date: the first answer keeps outcome unknown and says the time asked for', async () => {
    const askedMs = START + 3 * H;
    const { h: hh, engine } = await world({ status: 503, retryAfter: new Date(askedMs).toUTCString() });
    const first = await hh.clock.runWhileAdvancing(engine.handlers['override:create'](CAROL(START + 2 * H)));
    const said = first.ok && 'message' in first.value ? first.value.message : messageOf(first);
    // A 503 may have landed: never "not saved", never sent again; and the time the service asked for is said.
    expect(first.ok && first.value.status).not.toBe('created');
    expect(said).toMatch(/not sent again/);
    expect(said).toContain(`The service asked to wait until ${hhmm(askedMs)}`);
    expect(creates(hh)).toBe(1);
  }, 30_000);

  it('503 with an HTTP date to I’m away: the item’s first answer says the time asked for', async () => {
    const askedMs = START + 3 * H;
    const { h: hh, engine } = await world({ status: 503, retryAfter: new Date(askedMs).toUTCString() });
    const item = {
      scheduleId: 'sch_solo',
      start: iso(START + H),
      end: '2026-03-27T08:00:00.000Z',
      email: 'bob@example.com',
    };
    await hh.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items: [item] }));
    await hh.clock.runWhileAdvancing(engine.handoffIdle());
    const got = await hh.clock.runWhileAdvancing(engine.handlers['handoff:get'](null));
    const said = got.ok ? got.value.run?.items[0] : undefined;
    expect(said?.state).not.toBe('handed_off');
    expect(said?.message ?? '').toContain(`The service asked to wait until ${hhmm(askedMs)}`);
    expect(creates(hh)).toBe(1);
  }, 30_000);
});
