// A block that becomes known as mine (or speakable again) inside the last 15 min before its start is told once,
// in the words a start-up at that instant says (issue 47/50, adv47 r33): the missed one-day lead and the overdue
// 15-min lead are one catch-up, whatever re-plans (e-mail fixed, account or schedule added, key fixed, pause or quiet
// hours ending). Before, the one-day lead spoke at once and the 15-min one beside it after its schedule's read:
// "On call in 13 min" twice. Real engine, simulator (Ops: me 09:00–17:00 UTC), real data folder, fake clock.
import { describe, expect, it } from 'vitest';
import { MAIN_ACCOUNT_ID } from '../../../electron/shared/accounts';
import { startSimulator } from '../../../electron/simulator/server';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, PLATFORM_ID, opsPlatformSeed, opsSeed } from '../support/seeds';

const MIN = 60_000;
const SHIFT = Date.parse('2026-03-10T09:00:00Z');
const TYPO = 'me@exmaple.com';
type Engine = ReturnType<Harness['engine']>;
type Replan = (h: Harness, e: Engine) => Promise<void>;

/** What was told of the 09:00 block from `fromMs` up to a minute before it: "HH:MMZ title — body". */
const toldOf = (h: Harness, fromMs: number) =>
  h.notifier.shown
    .filter((n) => n.atMs >= fromMs && n.atMs < SHIFT - MIN && /On call in/.test(n.title))
    .map((n) => `${new Date(n.atMs).toISOString().slice(11, 16)}Z ${n.title} — ${n.body}`);

async function run(o: {
  startMs: number;
  atMs: number;
  email: string;
  seed?: object;
  ids?: string[];
  replan?: Replan;
  before?: Replan;
}) {
  const h = await createHarness({ startMs: o.startMs, seed: o.seed ?? opsSeed, files: 'fs' });
  await seedSettings(h, { email: o.email, scheduleIds: o.ids ?? [OPS_ID] });
  const e = h.engine({ alarms: false });
  await h.clock.runWhileAdvancing(e.start(), 1000, 60);
  await o.before?.(h, e);
  if (o.replan) {
    await h.clock.advanceTo(o.atMs);
    await o.replan(h, e);
  }
  await h.clock.advanceTo(SHIFT - MIN);
  const told = toldOf(h, o.atMs);
  await h.clock.runWhileAdvancing(e.stop());
  await h.close();
  return told;
}

const update = async (h: Harness, e: Engine, patch: object) => {
  const u = await h.clock.runWhileAdvancing(e.handlers['settings:update'](patch));
  expect(u.ok).toBe(true);
};
const fixEmail: Replan = (h, e) => update(h, e, { account: { id: MAIN_ACCOUNT_ID, email: ME } });
const startUp = (atMs: number, seed?: object, ids?: string[]) =>
  run({ startMs: atMs, atMs, email: ME, ...(seed ? { seed } : {}), ...(ids ? { ids } : {}) });
/** "On call in N min" at `atMs`, from the lead times alone (not from the app). */
const minutesTo = (atMs: number) => `On call in ${Math.round((SHIFT - atMs) / MIN)} min`;

describe('a block known as mine inside the last 15 min is told once, as a start-up then tells it', () => {
  for (const at of ['08:45:00', '08:47:00', '08:52:30']) {
    it(`the e-mail fixed at ${at}`, async () => {
      const atMs = Date.parse(`2026-03-10T${at}Z`);
      const fixed = await run({ startMs: atMs - 20 * MIN, atMs, email: TYPO, replan: fixEmail });
      expect(fixed).toHaveLength(1);
      expect(fixed[0]).toContain(minutesTo(atMs));
      expect(fixed).toEqual(await startUp(atMs));
    }, 60_000);
  }

  it('the e-mail fixed at 08:47 with the service down: once, from saved data', async () => {
    const atMs = Date.parse('2026-03-10T08:47:00Z');
    const down: Replan = async (h) => {
      await h.clock.advanceTo(atMs - 10 * MIN);
      h.sim.faults.set('*', { status: 500 });
    };
    const fixed = await run({ startMs: atMs - 20 * MIN, atMs, email: TYPO, before: down, replan: fixEmail });
    expect(fixed).toHaveLength(1);
    expect(fixed[0]).toContain('saved data from');
  }, 60_000);

  it('the schedule added to the watch list at 08:47', async () => {
    const atMs = Date.parse('2026-03-10T08:47:00Z');
    const seed = opsPlatformSeed();
    const add: Replan = (h, e) =>
      update(h, e, { account: { id: MAIN_ACCOUNT_ID, schedules: [{ id: PLATFORM_ID }, { id: OPS_ID }] } });
    const added = await run({ startMs: atMs - 20 * MIN, atMs, email: ME, seed, ids: [PLATFORM_ID], replan: add });
    const opsLines = (lines: string[]) => lines.filter((l) => l.includes('Ops'));
    expect(opsLines(added)).toHaveLength(1);
    expect(opsLines(added)).toEqual(opsLines(await startUp(atMs, opsPlatformSeed(), [PLATFORM_ID, OPS_ID])));
  }, 60_000);

  it('an account added at 08:47 (another service where I am on Ops)', async () => {
    const atMs = Date.parse('2026-03-10T08:47:00Z');
    let close = async () => undefined as unknown;
    const add: Replan = async (h, e) => {
      const other = await startSimulator({ seed: opsSeed, now: () => h.clock.now() });
      close = () => other.close();
      const req = { label: 'Other', baseUrl: other.url, key: other.apiKey, email: ME, schedules: [OPS_ID] };
      const a = await h.clock.runWhileAdvancing(e.handlers['account:add'](req));
      expect(a.ok).toBe(true);
    };
    const added = await run({ startMs: atMs - 20 * MIN, atMs, email: TYPO, replan: add });
    await close();
    expect(added).toHaveLength(1);
    expect(added[0]).toContain(minutesTo(atMs));
  }, 60_000);

  it('the key fixed at 08:47 after "key rejected"', async () => {
    const atMs = Date.parse('2026-03-10T08:47:00Z');
    const revoke: Replan = async (h) => {
      await h.clock.advanceTo(atMs - 30 * MIN);
      h.sim.state.revokeKey(h.sim.apiKey);
    };
    const fix: Replan = async (h, e) => {
      h.sim.state.addKey('ocs_test_key_2', 'usr_me');
      const set = await h.clock.runWhileAdvancing(
        e.handlers['key:set']({ accountId: MAIN_ACCOUNT_ID, key: 'ocs_test_key_2' }),
      );
      expect(set.ok).toBe(true);
    };
    const told = await run({
      startMs: atMs - 2 * 60 * MIN,
      atMs: atMs - 20 * MIN,
      email: ME,
      before: revoke,
      replan: fix,
    });
    expect(told.length).toBeLessThanOrEqual(1);
    expect(new Set(told).size).toBe(told.length);
  }, 60_000);

  for (const how of ['account pause', 'app pause', 'quiet hours'] as const) {
    it(`${how} ending at 08:50: one lead notice at most, never the same words twice`, async () => {
      const endMs = Date.parse('2026-03-10T08:50:00Z');
      const until = new Date(endMs).toISOString();
      const silence: Replan = (h, e) =>
        how === 'account pause'
          ? update(h, e, { account: { id: MAIN_ACCOUNT_ID, pausedUntil: until } })
          : how === 'app pause'
            ? update(h, e, { pausedUntil: until })
            : update(h, e, { quietHours: { enabled: true, start: '06:00', end: '09:50', days: [] } });
      const startMs = endMs - 30 * MIN; // after the one-day lead: only the 15-min one is left to tell
      const h = await createHarness({ startMs, seed: opsSeed, files: 'fs' });
      await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
      const e = h.engine({ alarms: false, localZone: () => 'Europe/Berlin' });
      await h.clock.runWhileAdvancing(e.start(), 1000, 60);
      await silence(h, e);
      await h.clock.advanceTo(SHIFT - MIN);
      const all = h.notifier.shown.filter((n) => n.atMs >= startMs).map((n) => `${n.atMs} ${n.title} — ${n.body}`);
      await h.clock.runWhileAdvancing(e.stop());
      await h.close();
      expect(all.filter((l) => / On call in /.test(l)).length).toBeLessThanOrEqual(1);
      expect(new Set(all).size).toBe(all.length);
    }, 60_000);
  }
});
