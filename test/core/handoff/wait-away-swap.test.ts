// Issue 47, adv47 r36: during the account's service wait (every request answered 429 with a Retry-After naming an
// HTTP date hours ahead), "Create all" for an away item and a Swap said "Nothing was sent: the app can’t read all of
// … now, so it can’t check what you planned there. Refresh and look at it again." while Refresh itself was refused
// for the wait. Now both say the wait as the tray and Refresh say it (the time the service asked for), and promise
// no Refresh that can't run. Real engine, simulator, fake clock; the time is worded here from the instant itself.
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';

const DAY = 86_400_000;
const MIN = 60_000;
const ROTATION_START = Date.parse('2026-03-20T08:00:00Z');
const START = Date.parse('2026-03-23T10:00:00Z');
const ASKED = Date.parse('2026-03-23T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
/** The harness's zone (engine-harness.ts): the time a wait ends, to the minute it is over by. */
const hhmm = (ms: number): string =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Berlin',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(Math.ceil(ms / MIN) * MIN);
/** Me on Thu, Alice on Fri (the rotation: me, alice, bob from Fri 20th 08:00Z). */
const THU = Date.parse('2026-03-26T08:00:00Z');
const FRI = Date.parse('2026-03-27T08:00:00Z');

let w: { h: Harness; engine: Engine } | undefined;
afterEach(async () => {
  await w?.engine.stop();
  await w?.h.close();
  w = undefined;
});

/** Synced at 10:00; then every request answers 429 until 12:00 (an HTTP date); Refresh pressed at 10:00. */
async function world(): Promise<{ h: Harness; engine: Engine; refresh: string }> {
  const seed = seedOf([
    {
      id: 'sch_d',
      name: 'Daily',
      userIds: ['usr_me', 'usr_alice', 'usr_bob'],
      zone: 'Etc/UTC',
      rotationStart: iso(ROTATION_START),
      length: { amount: 1, unit: 'days' },
    },
  ]);
  const h = await createHarness({ startMs: START, seed });
  await seedSettings(h, { email: ME, scheduleIds: ['sch_d'] });
  w = { h, engine: h.engine() };
  await w.engine.start();
  await h.clock.advance(1_000);
  h.sim.faults.set('*', { status: 429, retryAfter: new Date(ASKED).toUTCString() });
  const first = await h.clock.runWhileAdvancing(w.engine.handlers['sync:refresh'](null));
  expect(first.ok).toBe(true);
  await h.clock.advance(MIN);
  // Refresh during the wait is refused: the very promise the hand-off texts must not make.
  const again = await h.clock.runWhileAdvancing(w.engine.handlers['sync:refresh'](null));
  return { h, engine: w.engine, refresh: again.ok ? '' : again.error.message };
}

const writes = (h: Harness) => h.sim.requests.count({ route: 'createOverride' });

describe('away and swap during the account’s service wait', () => {
  it('Create all for an away item: the wait said with its time, no Refresh promised, nothing sent', async () => {
    const { h, engine, refresh } = await world();
    expect(refresh).toContain(`The service asked to wait until ${hhmm(ASKED)}`);
    const item = { scheduleId: 'sch_d', start: iso(THU), end: iso(THU + DAY), email: 'bob@example.com' };
    const a = await h.clock.runWhileAdvancing(engine.handlers['handoff:create']({ items: [item] }));
    const text = a.ok ? JSON.stringify(a.value) : a.error.message;
    expect(text).toContain(`The service asked to wait until ${hhmm(ASKED)}`);
    expect(text).not.toMatch(/Refresh/);
    expect(text).toMatch(/^Nothing was sent/);
    expect(writes(h)).toBe(0);
  }, 60_000);

  it('Swap: the wait said with its time, no Refresh promised, nothing sent', async () => {
    const { h, engine } = await world();
    const a = await h.clock.runWhileAdvancing(
      engine.handlers['swap:create']({
        mine: { scheduleId: 'sch_d', start: iso(THU), end: iso(THU + DAY) },
        theirs: { scheduleId: 'sch_d', start: iso(FRI), end: iso(FRI + DAY), email: 'alice@example.com' },
      }),
    );
    const text = a.ok ? JSON.stringify(a.value) : a.error.message;
    expect(text).toContain(`The service asked to wait until ${hhmm(ASKED)}`);
    expect(text).not.toMatch(/Refresh/);
    expect(text).toMatch(/^Nothing was sent/);
    expect(writes(h)).toBe(0);
  }, 60_000);
});
