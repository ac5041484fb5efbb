// Issue 47, adv47 r36: a write's own wait (the write route's 429 with an HTTP-date Retry-After 3 hours ahead) was
// held in memory only: quit, restart 5 minutes later, press Create, and the write went to the service again hours
// before the time it asked for. Now it is kept with the account's read waits (service-waits.json): after the restart
// nothing is sent and the same time is said. Simulator, real engine, fake clock; the time worded here by Intl.
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { waitEnd as hhmm } from '../support/wait-end';

const START = Date.parse('2026-03-26T10:00:00Z');
const H = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

let h: Harness | undefined;
afterEach(async () => void (await h?.close()));

const CAROL = (startMs: number) => ({
  scheduleId: 'sch_solo',
  window: { kind: 'custom' as const, start: iso(startMs), end: iso(startMs + H) },
  emails: ['carol@example.com'],
});
const messageOf = (a: { ok: boolean; error?: { message: string } }): string => (a.ok ? '' : (a.error?.message ?? ''));

describe("a write's own wait across a restart", () => {
  it('429 with a 3-hour HTTP date; restart 5 min later; Create sends nothing and says the same time', async () => {
    const daily = {
      zone: 'Etc/UTC',
      rotationStart: '2026-03-20T08:00:00Z',
      length: { amount: 1, unit: 'days' as const },
    };
    const seed = seedOf([{ id: 'sch_solo', name: 'Solo', userIds: ['usr_me', 'usr_bob', 'usr_carol'], ...daily }]);
    const hh = (h = await createHarness({ startMs: START, seed }));
    await seedSettings(hh, { email: ME, scheduleIds: ['sch_solo'] });
    const first = hh.engine();
    await first.start();
    await hh.clock.advance(1_000);
    const askedMs = START + 3 * H;
    hh.sim.faults.set('createOverride', { status: 429, retryAfter: new Date(askedMs).toUTCString() });
    const said = await hh.clock.runWhileAdvancing(first.handlers['override:create'](CAROL(START + 4 * H)));
    expect(messageOf(said)).toContain(`The service asked to wait until ${hhmm(askedMs)}`);
    await first.stop();
    await hh.clock.advance(5 * 60_000);
    const creates = () => hh.sim.requests.count({ route: 'createOverride' });
    expect(creates()).toBe(1);
    const second = hh.engine();
    await second.start();
    await hh.clock.advance(1_000);
    const again = await hh.clock.runWhileAdvancing(second.handlers['override:create'](CAROL(START + 4 * H)));
    expect(creates()).toBe(1);
    expect(messageOf(again)).toContain(`The service asked to wait until ${hhmm(askedMs)}`);
    await second.stop();
  }, 60_000);
});
