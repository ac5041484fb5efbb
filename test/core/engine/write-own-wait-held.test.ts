// Issue 47 (adv47 r36 #2): a write answered 429 on its own route with an HTTP-date Retry-After 3 h ahead names that
// time, and pressing Save again a minute later sends nothing before it; a date already past promises nothing (no
// "0 s", no "Try again later"). Real engine, simulator, fake clock.
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, seedOf } from '../support/seeds';
import { MAIN_ACCOUNT_ID } from '../../../electron/shared/accounts';

const START = Date.parse('2026-03-26T10:00:00Z');
const H = 3_600_000;
let h: Harness | undefined;
afterEach(async () => void (await h?.close()));

async function soloWorld(): Promise<{ h: Harness; engine: Engine }> {
  const daily = {
    zone: 'Etc/UTC',
    rotationStart: '2026-03-20T08:00:00Z',
    length: { amount: 1, unit: 'days' as const },
  };
  const seed = seedOf([{ id: 'sch_solo', name: 'Solo', userIds: ['usr_me', 'usr_bob', 'usr_carol'], ...daily }]);
  const hh = await createHarness({ startMs: START, seed });
  h = hh;
  await seedSettings(hh, { email: ME, scheduleIds: ['sch_solo'] });
  const engine = hh.engine({ localZone: 'Etc/UTC' });
  await engine.start();
  await hh.clock.advance(1_000);
  return { h: hh, engine };
}

const team = (e: Engine) =>
  e.handlers['team:update']({ accountId: MAIN_ACCOUNT_ID, teamId: 'tea_core', name: 'Core SRE' });
const chat = (e: Engine) => e.handlers['chat-group:put']({ scheduleId: 'sch_solo', name: 'Solo', handle: 'solo' });
const cases = [
  ['team edit', 'updateTeam', team],
  ['chat-group edit', 'putChatUserGroup', chat],
] as const;

type Said = { ok: boolean; error?: { message: string } };
const wordsOf = (r: unknown): string => {
  const said = r as Said;
  return said.ok ? 'done' : (said.error?.message ?? '');
};
const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);

describe("a write's own 429 with an HTTP-date Retry-After", () => {
  for (const [name, route, write] of cases) {
    it(`${name}: names the asked time, never 'Try again later'`, async () => {
      const { h: hh, engine } = await soloWorld();
      const askedMs = START + 3 * H;
      hh.sim.faults.set(route, { status: 429, retryAfter: new Date(askedMs).toUTCString() });
      const said = wordsOf(await hh.clock.runWhileAdvancing<unknown>(write(engine)));
      expect(said).toContain(`The service asked to wait until ${hhmm(askedMs)}`);
      await engine.stop();
    }, 60_000);

    it(`${name}: a date already past promises nothing`, async () => {
      const { h: hh, engine } = await soloWorld();
      hh.sim.faults.set(route, { status: 429, retryAfter: new Date(START - H).toUTCString() });
      const said = wordsOf(await hh.clock.runWhileAdvancing<unknown>(write(engine)));
      expect(said).toContain('rate limited');
      expect(said).not.toMatch(/0 s|Try again later/);
      await engine.stop();
    }, 60_000);
  }
});
