// Who I am at a service, remembered (engine/session-identity.ts): the remembered user id is a claim read back from a
// file (issue 52), a fresh match of my e-mail wins over it, one account's move leaves another service's account as it
// was, and changing the e-mail in Settings stays a change of who I am, never of the schedule (adv47 r25 control).
import { describe, expect, it } from 'vitest';
import { MAIN_ACCOUNT_ID } from '../../../electron/shared/accounts';
import { originOf } from '../../../electron/core/storage/cache-origin';
import { createHarness, seedSettings, type Harness } from '../support/engine-harness';
import { ME, OPS_ID, opsSeed } from '../support/seeds';
import { twoServices } from './support/two-services';

const MIN = 60_000;
const START = Date.parse('2026-03-10T10:00:00Z');
const MOVED = 'mia.meyer@example.com';
const SHIFT_WORDS = /removed|covering|changed|new shift|You were added|added you/i;

const setEmail = (h: Harness, id: string, email: string) => {
  const user = h.sim.state.users.get(id);
  if (user) user.email = email;
};
const edit = (h: Harness, scheduleId: string, day: string) =>
  h.sim.state.addOverride(
    scheduleId,
    { startMs: Date.parse(`${day}T01:00:00Z`), endMs: Date.parse(`${day}T02:00:00Z`), userIds: [] },
    h.clock.now(),
  );
const told = (h: Harness, from: number) => h.notifier.shown.slice(from).map((n) => `${n.id} | ${n.title} | ${n.body}`);
const blocks = (state: { me: { shifts: { accountId?: string; start: string; end: string }[] } }, account?: string) =>
  state.me.shifts.filter((s) => account === undefined || s.accountId === account).map((s) => `${s.start}–${s.end}`);

async function opsWorld(record?: (h: Harness) => object | string) {
  const h = await createHarness({ startMs: START, seed: opsSeed, files: 'fs' });
  await seedSettings(h, { email: ME, scheduleIds: [OPS_ID] });
  if (record) {
    const r = record(h);
    await h.files.writeAtomic('identity.json', typeof r === 'string' ? r : JSON.stringify(r));
  }
  const e = h.engine();
  await h.clock.runWhileAdvancing(e.start(), 1000, 60);
  await h.clock.advance(5 * MIN);
  return { h, e };
}

/** The service moves my e-mail and re-lists the shifts; what was told and whether my blocks stayed. */
async function moveMe(w: Awaited<ReturnType<typeof opsWorld>>) {
  const before = blocks(w.e.getState());
  const mark = w.h.notifier.shown.length;
  setEmail(w.h, 'usr_me', MOVED);
  edit(w.h, OPS_ID, '2026-04-20');
  await w.h.clock.advance(20 * MIN);
  return { before, after: blocks(w.e.getState()), told: told(w.h, mark) };
}

describe('the remembered user id is a claim', () => {
  it('a damaged record is set aside and said once; the next read remembers me again', async () => {
    const w = await opsWorld((h) => ({
      version: 1,
      address: originOf({ baseUrl: h.sim.url, email: ME }).address,
      userId: 'usr_../../x',
    }));
    const damaged = w.e.getState().notices.filter((n) => /who you are .* could not be read/.test(n.message));
    expect(damaged).toHaveLength(1);
    const moved = await moveMe(w);
    expect(moved.before.length).toBeGreaterThan(10);
    expect(moved.after).toEqual(moved.before);
    expect(moved.told.filter((t) => SHIFT_WORDS.test(t))).toEqual([]);
    await w.e.stop();
    // A new process reads the record the first read wrote: nothing is said of damage again.
    const again = w.h.engine();
    await w.h.clock.runWhileAdvancing(again.start(), 1000, 60);
    expect(again.getState().notices.filter((n) => /could not be read/.test(n.message))).toEqual([]);
    await again.stop();
  }, 120_000);

  it('a well-formed record naming someone else is not trusted over a fresh match of my e-mail', async () => {
    const w = await opsWorld((h) => ({
      version: 1,
      address: originOf({ baseUrl: h.sim.url, email: ME }).address,
      userId: 'usr_bob',
    }));
    const moved = await moveMe(w);
    // Had Bob been kept as me, his blocks would be mine now; the fresh match made usr_me the one remembered.
    expect(moved.after).toEqual(moved.before);
    expect(moved.told.filter((t) => SHIFT_WORDS.test(t))).toEqual([]);
    expect(moved.told.filter((t) => t.startsWith('identity-moved:'))).toHaveLength(1);
    await w.e.stop();
  }, 120_000);
});

describe('my e-mail moved at one service of two', () => {
  it('the other service’s account says and tells exactly what it did; the problem names the moved one', async () => {
    const world = await twoServices(START);
    const { harness: h, engine: e } = world;
    await h.clock.runWhileAdvancing(e.start(), 1000, 60);
    await h.clock.advance(5 * MIN);
    const before = e.getState();
    const mark = h.notifier.shown.length;
    setEmail(h, 'usr_alice', 'alice.new@example.com');
    edit(h, 'sch_primary', '2026-04-20');
    await h.clock.advance(20 * MIN);
    const after = e.getState();
    expect(blocks(after, 'acme')).toEqual(blocks(before, 'acme'));
    expect(blocks(after, 'work')).toEqual(blocks(before, 'work'));
    expect(told(h, mark).filter((t) => SHIFT_WORDS.test(t))).toEqual([]);
    const problems = after.notices.filter((n) => n.id.startsWith('identity-moved:')).map((n) => n.message);
    expect(problems).toEqual([
      'Work: The service lists you as alice.new@example.com now; Settings say alice@example.com. Update the e-mail in Settings.',
    ]);
    await e.stop();
  }, 120_000);
});

describe('my e-mail changed in Settings (adv47 r25 control)', () => {
  it.each([
    ['to a colleague’s address', 'alice@example.com', false],
    ['after the service moved my address', MOVED, true],
  ])(
    '%s: no shift notice; the problem, if any, goes',
    async (_name, email, serviceMoved) => {
      const w = await opsWorld();
      if (serviceMoved) await moveMe(w);
      const mark = w.h.notifier.shown.length;
      const update = w.e.handlers['settings:update']({ account: { id: MAIN_ACCOUNT_ID, email } });
      await w.h.clock.runWhileAdvancing(update, 1000, 60);
      await w.h.clock.advance(10 * MIN);
      expect(told(w.h, mark).filter((t) => SHIFT_WORDS.test(t))).toEqual([]);
      expect(w.e.getState().notices.filter((n) => n.id.startsWith('identity-moved:'))).toEqual([]);
      await w.e.stop();
    },
    120_000,
  );
});
