// Issue 48, one service watched by two accounts (adv48 r17 #1, the gap after it): the take-over record and its
// "handed back" mark lived in the data of the account whose write took it, and drove the Hand back offer there only.
// A take-over written through Two (One's key revoked at the service) left One without Hand back; a take-over through
// One and its hand back falling through to Two (One's key revoked since) found nothing to hand back: the hand back
// was not written and the 401 refusal was shown. The record is the service's now (state/service-writes.ts).
// Solo, daily from 08:00 UTC: 3/23 me, 3/24 Alice, 3/25 Bob (on call at the start), 3/26 me, 3/29 me, 4/1 me.
import { afterEach, describe, expect, it } from 'vitest';
import { API_KEY } from '../support/seeds';
import { overrides, SECOND_KEY, soloTwice, type World } from './support/solo-twice';

let opened: World | undefined;
afterEach(async () => {
  await opened?.h.close();
  opened = undefined;
});
const twice = async (): Promise<World> => (opened = await soloTwice());

const SEEN_BOB = { onCall: ['bob@example.com'], until: '2026-03-26T08:00:00.000Z' };

async function takeOver(w: World, ref: string) {
  return w.h.clock.runWhileAdvancing(w.engine.handlers['take-over:now']({ scheduleId: ref, seen: SEEN_BOB }));
}

async function handBack(w: World, ref: string) {
  return w.h.clock.runWhileAdvancing(w.engine.handlers['take-over:hand-back']({ scheduleId: ref }));
}

/** The Hand back offer of each watched schedule, by its ref. */
async function handBackOffers(w: World) {
  const o = await w.h.clock.runWhileAdvancing(w.engine.handlers['take-over:options'](null));
  return o.ok
    ? o.value.map((x) => `${x.scheduleId}: ${x.handBack ? x.handBack.to.map((p) => p.email).join(',') : '-'}`)
    : [];
}

describe('one service, two accounts: take over and hand back are the service’s', () => {
  it('a take-over through One, handed back with One’s key revoked since: written once through Two', async () => {
    const w = await twice();
    const refs = (await handBackOffers(w)).map((l) => l.slice(0, l.lastIndexOf(': ')));
    expect(refs).toHaveLength(2);
    const [one] = refs;
    const t = await takeOver(w, one ?? '');
    expect(t.ok && t.value.outcome.status).toBe('created');
    expect(w.posts).toEqual([API_KEY]);
    await w.h.clock.advance(60_000);
    w.h.sim.state.revokeKey(API_KEY);
    const b = await handBack(w, one ?? '');
    expect(b.ok ? b.value.outcome.status : `${b.error.kind}: ${b.error.message}`).toBe('created');
    expect(w.posts).toEqual([API_KEY, SECOND_KEY]);
    // The take-over, then the hand back (Bob put back from now to the end of the take-over).
    expect(overrides(w.h)).toEqual([
      '2026-03-25T10:00:01.000Z..2026-03-26T08:00:00.000Z',
      '2026-03-25T10:01:01.000Z..2026-03-26T08:00:00.000Z',
    ]);
    // Offered once: neither account offers it again, and a second press writes nothing.
    expect((await handBackOffers(w)).filter((l) => !l.endsWith(': -'))).toEqual([]);
    const again = await handBack(w, one ?? '');
    expect(again.ok).toBe(false);
    expect(w.posts).toHaveLength(2);
  }, 60_000);

  it('a take-over that fell through to Two: both accounts offer Hand back, and it is written once', async () => {
    const w = await twice();
    const refs = (await handBackOffers(w)).map((l) => l.slice(0, l.lastIndexOf(': ')));
    const [one, two] = refs;
    w.revokeBefore(1);
    const t = await takeOver(w, one ?? '');
    expect(t.ok && t.value.outcome.status).toBe('created');
    expect(w.posts).toEqual([API_KEY, SECOND_KEY]);
    await w.h.clock.advance(60_000);
    expect(await handBackOffers(w)).toEqual([`${one}: bob@example.com`, `${two}: bob@example.com`]);
    const b = await handBack(w, one ?? '');
    expect(b.ok ? b.value.outcome.status : `${b.error.kind}: ${b.error.message}`).toBe('created');
    expect(w.posts).toEqual([API_KEY, SECOND_KEY, SECOND_KEY]);
    expect(overrides(w.h)).toHaveLength(2);
    expect((await handBackOffers(w)).filter((l) => !l.endsWith(': -'))).toEqual([]);
  }, 60_000);
});
