// Issue 37, swap: two overrides (Bob covers my Fri; I cover Bob's Thu). The second write gets a 500 and is not
// saved: the answer says exactly which side landed, never "swapped", and matches the service's own shifts; "Hand
// your Fri back" (a new override putting me back: the service can't delete one) restores me.
import { SETTLE_MS } from '../../../electron/core/actions/override-verify';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../electron/api/client';
import type { Harness } from '../support/engine-harness';
import type { FaultProxy, WriteFault } from './support/fault-proxy';
import { KEY, oneService } from './support/one-service';

const START = Date.parse('2026-03-04T12:00:00Z');
// Daily from Mon 2 March 08:00 UTC: Alice (me) on even days, Bob on odd ones.
const BOB_THU = { start: '2026-03-05T08:00:00Z', end: '2026-03-06T08:00:00Z' };
const MY_FRI = { start: '2026-03-06T08:00:00Z', end: '2026-03-07T08:00:00Z' };

let current: Awaited<ReturnType<typeof oneService>> | undefined;
let proxy: FaultProxy | undefined;
afterEach(async () => {
  await current?.close();
  current = proxy = undefined;
});

async function world(script: (n: number) => WriteFault) {
  current = await oneService(START, script);
  proxy = current.proxy;
  await current.start();
  return { h: current.harness, engine: current.engine };
}

/** Who the service itself says is on call over a window (its shifts, read with its own key). */
async function onCall(h: Harness, w: { start: string; end: string }): Promise<string[][]> {
  const client = createClient({ baseUrl: h.sim.url, getApiKey: () => KEY });
  try {
    const read = await client.listShifts('sch_primary', {
      from: w.start,
      to: w.end,
      clip_to_interval: true,
      per_page: 100,
    });
    if (!read.ok) throw new Error(read.error.message);
    return read.value.shifts.flatMap((e) => (e.ok ? [e.shift.users.map((u) => u.email)] : [['?']]));
  } finally {
    client.close();
  }
}

const SWAP = {
  mine: { scheduleId: 'sch_primary', ...MY_FRI },
  theirs: { scheduleId: 'sch_primary', ...BOB_THU, email: 'bob@example.com' },
};

describe('swap', () => {
  it('second write fails: says exactly which side landed, as the service shows, and "Hand your Fri back" restores me', async () => {
    const { h, engine } = await world((n) => (n === 1 ? 'fail_500' : 'pass'));
    const answer = await h.clock.runWhileAdvancing(
      engine.handlers['swap:create']({
        mine: { scheduleId: 'sch_primary', ...MY_FRI },
        theirs: { scheduleId: 'sch_primary', ...BOB_THU, email: 'bob@example.com' },
      }),
    );
    if (!answer.ok) throw new Error(answer.error.message);
    expect([answer.value.mine.state, answer.value.theirs.state]).toEqual(['handed_off', 'unknown']);
    expect(answer.value.text).toMatch(
      /^Bob Person now covers your Fri 09:00 – Sat 09:00; your cover of Bob Person's Thu 09:00 – Fri 09:00 has an unknown outcome .*Can't confirm yet — checking/,
    );
    expect(answer.value.text).not.toMatch(/swapped/i);
    // The service agrees: Bob on my Friday, and still Bob on his Thursday.
    expect(await onCall(h, MY_FRI)).toEqual([['bob@example.com']]);
    expect(await onCall(h, BOB_THU)).toEqual([['bob@example.com']]);

    // "Hand your Fri back": me again over my Friday, through the one override write path.
    const back = await h.clock.runWhileAdvancing(
      engine.handlers['override:create']({
        scheduleId: 'sch_primary',
        window: { kind: 'custom', ...MY_FRI },
        emails: [],
      }),
    );
    expect(back.ok && back.value.status).toBe('created');
    expect(await onCall(h, MY_FRI)).toEqual([['alice@example.com']]);
    const overrides = h.sim.state.schedules.get('sch_primary')?.overrides ?? [];
    expect(overrides.map((o) => o.userIds.join())).toEqual(['usr_bob', 'usr_alice']);
  }, 60_000);

  it('the form\'s "Hand your Fri back" (swap:settle) restores me over my Friday, once, and says so', async () => {
    const { h, engine } = await world((n) => (n === 1 ? 'fail_500' : 'pass'));
    const half = await h.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP));
    if (!half.ok) throw new Error(half.error.message);
    // A 5xx may still be applied: Hand back waits out the settle (adv48 round 13 #1).
    await h.clock.advance(SETTLE_MS);
    const back = await h.clock.runWhileAdvancing(
      engine.handlers['swap:settle']({ action: 'hand-back', ...half.value }),
    );
    if (!back.ok) throw new Error(back.error.message);
    expect(back.value.back?.state).toBe('handed_off');
    expect(back.value.text).toBe('Your Fri 09:00 – Sat 09:00 is yours again; nothing was swapped with Bob Person.');
    expect(await onCall(h, MY_FRI)).toEqual([['alice@example.com']]);
    expect(await onCall(h, BOB_THU)).toEqual([['bob@example.com']]);
    // Asked again (a second click): the hand-back is looked for first and not sent twice.
    const again = await h.clock.runWhileAdvancing(
      engine.handlers['swap:settle']({ action: 'hand-back', ...back.value }),
    );
    expect(again.ok && again.value.back?.state).toBe('handed_off');
    const overrides = h.sim.state.schedules.get('sch_primary')?.overrides ?? [];
    expect(overrides.map((o) => o.userIds.join())).toEqual(['usr_bob', 'usr_alice']);
  }, 60_000);

  it('Retry after the second side failed sends only that side, and then it is "swapped"', async () => {
    const { h, engine } = await world((n) => (n === 1 ? 'fail_500' : 'pass'));
    const half = await h.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP));
    if (!half.ok) throw new Error(half.error.message);
    await h.clock.advance(SETTLE_MS);
    const retried = await h.clock.runWhileAdvancing(engine.handlers['swap:settle']({ action: 'retry', ...half.value }));
    if (!retried.ok) throw new Error(retried.error.message);
    expect(retried.value.text).toMatch(/^Swapped: Bob Person covers your Fri/);
    expect(await onCall(h, MY_FRI)).toEqual([['bob@example.com']]);
    expect(await onCall(h, BOB_THU)).toEqual([['alice@example.com']]);
    const overrides = h.sim.state.schedules.get('sch_primary')?.overrides ?? [];
    expect(overrides.map((o) => o.userIds.join())).toEqual(['usr_bob', 'usr_alice']);
  }, 60_000);

  it('the second answer is lost after it landed: verified, not re-sent, and only then "swapped"', async () => {
    const { h, engine } = await world((n) => (n === 1 ? 'land_then_reset' : 'pass'));
    const answer = await h.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP));
    expect(answer.ok && answer.value.text).toMatch(/^Swapped: /);
    expect(proxy?.posts).toHaveLength(2);
    expect(await onCall(h, BOB_THU)).toEqual([['alice@example.com']]);
  }, 60_000);

  it('"check" looks at a side told unknown and never sends it: not on the service → did not land', async () => {
    const { h, engine } = await world((n) => (n === 1 ? 'fail_500' : 'pass'));
    const half = await h.clock.runWhileAdvancing(engine.handlers['swap:create'](SWAP));
    if (!half.ok) throw new Error(half.error.message);
    const unknown = { ...half.value.theirs, state: 'unknown' as const, message: '' };
    await h.clock.advance(SETTLE_MS);
    const checked = await h.clock.runWhileAdvancing(
      engine.handlers['swap:settle']({ action: 'check', ...half.value, theirs: unknown }),
    );
    if (!checked.ok) throw new Error(checked.error.message);
    expect([checked.value.mine.state, checked.value.theirs.state]).toEqual(['handed_off', 'not_landed']);
    expect(checked.value.text).toMatch(/your cover of Bob Person's Thu 09:00 – Fri 09:00 did not land/);
    expect(proxy?.posts).toHaveLength(2);
  }, 60_000);

  it('both land: only then is it "swapped", and the service shows both sides', async () => {
    const { h, engine } = await world(() => 'pass');
    const answer = await h.clock.runWhileAdvancing(
      engine.handlers['swap:create']({
        mine: { scheduleId: 'sch_primary', ...MY_FRI },
        theirs: { scheduleId: 'sch_primary', ...BOB_THU, email: 'bob@example.com' },
      }),
    );
    expect(answer.ok && answer.value.text).toMatch(/^Swapped: Bob Person covers your Fri/);
    expect(await onCall(h, MY_FRI)).toEqual([['bob@example.com']]);
    expect(await onCall(h, BOB_THU)).toEqual([['alice@example.com']]);
  }, 60_000);

  it('refuses a "teammate shift" the schedule shows as mine, and sends nothing', async () => {
    const { h, engine } = await world(() => 'pass');
    const answer = await engine.handlers['swap:create']({
      mine: { scheduleId: 'sch_primary', ...MY_FRI },
      theirs: { scheduleId: 'sch_primary', ...MY_FRI, email: 'bob@example.com' },
    });
    expect(answer.ok).toBe(false);
    expect(proxy?.posts).toEqual([]);
    expect(h.sim.state.schedules.get('sch_primary')?.overrides).toEqual([]);
  }, 60_000);
});
