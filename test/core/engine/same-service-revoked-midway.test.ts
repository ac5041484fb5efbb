// Issue 48, adversarial round 17 #1: one service watched by two accounts, the first account's key revoked at the
// service mid-hand-off (before any sync learned it). The write answered 401 was told "Refused: the API key was not
// accepted" and never sent through the second account, and every later block, re-read through the revoked key, was
// left "not sent" although the second account reads and writes fine. A 401 now moves a write on exactly as a 403
// does (write-through.ts), and a read that fails through a key the service just rejected is read again through the
// account that can. My own writes through the second account were then announced on the first as someone else's
// change: the own-write record is the service's, not the account's.
// Solo, daily from 08:00 UTC: 3/23 me, 3/24 Alice, 3/25 Bob (on call at the start), 3/26 me, 3/29 me, 4/1 me.
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../support/engine-harness';
import { API_KEY, ME } from '../support/seeds';
import { overrides, SECOND_KEY, soloTwice, type World } from './support/solo-twice';

let opened: World | undefined;
afterEach(async () => {
  await opened?.h.close();
  opened = undefined;
});
const twice = async (): Promise<World> => (opened = await soloTwice());

/** Notifications telling a change of my shifts (someone else's doing). */
const changeNotes = (hh: Harness) =>
  hh.notifier.shown
    .filter((n) => /shift was (changed|removed|added)/i.test(n.title))
    .map((n) => `${n.title}: ${n.body}`);

async function awayItems(w: World, from: string, to: string) {
  const plan = await w.h.clock.runWhileAdvancing(w.engine.handlers['handoff:plan']({ range: { from, to } }));
  const rows = plan.ok ? plan.value.rows : [];
  return rows.map((r) => ({ scheduleId: r.scheduleId, start: r.start, end: r.end, email: 'alice@example.com' }));
}

describe('one service, two accounts: the first key revoked mid-write', () => {
  it('away: the block answered 401 and every later block go through the second account at Create, once each', async () => {
    const w = await twice();
    const items = await awayItems(w, '2026-03-26', '2026-04-01');
    expect(items.map((i) => i.scheduleId)).toEqual(['sch_solo', 'sch_solo', 'sch_solo']);
    w.revokeBefore(2);
    const made = await w.h.clock.runWhileAdvancing(w.engine.handlers['handoff:create']({ items }));
    const states = made.ok ? made.value.run?.items.map((i) => `${i.state} ${i.message}`) : [];
    expect(states).toEqual(['handed_off ', 'handed_off ', 'handed_off ']);
    // The 401 wrote nothing; the same block went once through the second key, and so did the third.
    expect(w.posts).toEqual([API_KEY, API_KEY, SECOND_KEY, SECOND_KEY]);
    // One override per planned block, each exactly the block's window (read from the simulator's own state).
    expect(overrides(w.h)).toEqual(items.map((i) => `${i.start}..${i.end}`).sort());
    expect(overrides(w.h)).toHaveLength(3);
  }, 60_000);

  it("the form's Create answered 401 goes through the second account, once", async () => {
    const w = await twice();
    w.revokeBefore(1);
    const window = { kind: 'custom' as const, start: '2026-03-27T10:00:00Z', end: '2026-03-27T14:00:00Z' };
    const a = await w.h.clock.runWhileAdvancing(
      w.engine.handlers['override:create']({
        scheduleId: 'sch_solo',
        window,
        emails: [ME],
        replaces: ['alice@example.com'],
      }),
    );
    expect(a.ok && a.value.status).toBe('created');
    expect(a.ok && a.value.status === 'created' && a.value.override.scheduleId).toBe('sch_solo');
    expect(w.posts).toEqual([API_KEY, SECOND_KEY]);
    expect(overrides(w.h)).toEqual(['2026-03-27T10:00:00.000Z..2026-03-27T14:00:00.000Z']);
  }, 60_000);

  it('take over answered 401 goes through the second account, once', async () => {
    const w = await twice();
    w.revokeBefore(1);
    const seen = { onCall: ['bob@example.com'], until: '2026-03-26T08:00:00.000Z' };
    const t = await w.h.clock.runWhileAdvancing(w.engine.handlers['take-over:now']({ scheduleId: 'sch_solo', seen }));
    expect(t.ok && t.value.outcome.status).toBe('created');
    expect(w.posts).toEqual([API_KEY, SECOND_KEY]);
    expect(overrides(w.h)).toHaveLength(1);
  }, 60_000);

  it('every account rejected: the refusal is shown, nothing written', async () => {
    const w = await twice();
    w.revokeBefore(1);
    w.h.sim.state.revokeKey(SECOND_KEY);
    const window = { kind: 'custom' as const, start: '2026-03-27T10:00:00Z', end: '2026-03-27T14:00:00Z' };
    const a = await w.h.clock.runWhileAdvancing(
      w.engine.handlers['override:create']({
        scheduleId: 'sch_solo',
        window,
        emails: [ME],
        replaces: ['alice@example.com'],
      }),
    );
    expect(a.ok).toBe(false);
    expect(!a.ok && a.error.kind).toBe('unauthorized');
    expect(overrides(w.h)).toEqual([]);
  }, 60_000);

  it('my hand-off written through the second account is never announced as a change on either account', async () => {
    const w = await twice();
    const items = await awayItems(w, '2026-03-26', '2026-04-01');
    w.revokeBefore(2);
    const made = await w.h.clock.runWhileAdvancing(w.engine.handlers['handoff:create']({ items }));
    expect(made.ok && made.value.run?.items.map((i) => i.state)).toEqual(['handed_off', 'handed_off', 'handed_off']);
    // Both accounts sync again (the first learns its key is rejected; the second reads my own overrides).
    await w.h.clock.runWhileAdvancing(w.engine.handlers['sync:refresh'](null));
    await w.h.clock.advance(10 * 60_000);
    await w.h.clock.runWhileAdvancing(w.engine.handlers['sync:refresh'](null));
    expect(changeNotes(w.h)).toEqual([]);
    expect(overrides(w.h)).toEqual(items.map((i) => `${i.start}..${i.end}`).sort());
  }, 60_000);
});
