// Issue 48, adv48 r45 #2: one service watched by two accounts (One, Two: two keys of mine); writes fall through to
// the other key on a 403 or 429. Both keys refused (403) was said "This API key is not allowed to do that." (two keys
// tried, neither named); beside a 429 the 403 part still said "This API key" while the 429 part named its key, so
// the user could not tell which account needs new rights. Now each refused key is named, both together as "Neither
// One’s nor Two’s key is allowed to do that.", in every flow (the form's Create, I'm away, take over, swap) and read
// back after a restart; the only account keeps "This API key …". The keys' order is read from the proxy's log.
import { afterEach, describe, expect, it } from 'vitest';
import { API_KEY } from '../support/seeds';
import { refusingWorld, SAID, SECOND_KEY, type RefusingWorld } from './support/refusing-proxy';

let opened: RefusingWorld | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});
const DAY = (d: number) => `2026-03-${d}T08:00:00.000Z`;
const WORDS = ` The service said: “${SAID}”`;

async function world(status: [403 | 429, 403 | 429], only = false): Promise<RefusingWorld> {
  const w = (opened = await refusingWorld(only));
  w.ctl.refused.add(API_KEY);
  w.ctl.refused.add(SECOND_KEY);
  w.ctl.per = new Map([
    [API_KEY, status[0]],
    [SECOND_KEY, status[1]],
  ]);
  w.ctl.onlyWrites = true;
  w.ctl.log.length = 0;
  return w;
}

type Flow = (w: RefusingWorld) => Promise<string>;
const run = <T>(w: RefusingWorld, p: Promise<T>): Promise<T> => w.h.clock.runWhileAdvancing(p);
const said = (a: { ok: boolean }): string => JSON.stringify(a);
const FLOWS: [string, Flow][] = [
  [
    "the override form's Create",
    async (w) => {
      const window = { kind: 'custom' as const, start: '2026-03-27T14:00:00Z', end: '2026-03-27T15:00:00Z' };
      const request = { scheduleId: 'sch_solo', window, emails: ['alice@example.com'] };
      return said(await run(w, w.engine.handlers['override:create'](request)));
    },
  ],
  [
    "I'm away",
    async (w) => {
      const items = [{ scheduleId: 'sch_solo', start: DAY(26), end: DAY(27), email: 'bob@example.com' }];
      return said(await run(w, w.engine.handlers['handoff:create']({ items })));
    },
  ],
  ['take over', async (w) => said(await run(w, w.engine.handlers['take-over:now']({ scheduleId: 'sch_solo' })))],
  [
    'swap',
    async (w) => {
      const mine = { scheduleId: 'sch_solo', start: DAY(26), end: DAY(27) };
      const theirs = { scheduleId: 'sch_solo', start: DAY(27), end: DAY(28), email: 'alice@example.com' };
      return said(await run(w, w.engine.handlers['swap:create']({ mine, theirs })));
    },
  ],
];

/** The accounts whose keys were sent the write, in the order they were, and what each was answered. */
const postsOf = (w: RefusingWorld): { who: string; status: string }[] =>
  w.ctl.log.filter((l) => / POST .* -> \d+$/.test(l)).map((l) => ({ who: l.split(' ')[0] ?? '', status: l.slice(-3) }));

describe('one service, two keys: a 403 names the key(s) it refused', () => {
  for (const [name, flow] of FLOWS) {
    it(`${name}: both refused (403) names both keys, with the service's words`, async () => {
      const w = await world([403, 403]);
      const text = await flow(w);
      const asked = postsOf(w).map((p) => p.who);
      expect(new Set(asked)).toEqual(new Set(['One', 'Two']));
      expect(text).toContain(`Neither ${asked[0]}’s nor ${asked[1]}’s key is allowed to do that.${WORDS}`);
      expect(text).not.toContain('This API key');
      expect(w.h.sim.state.schedules.get('sch_solo')?.overrides ?? []).toHaveLength(0);
    }, 60_000);

    for (const status of [
      [403, 429],
      [429, 403],
    ] as const)
      it(`${name}: One ${status[0]}, Two ${status[1]}: the 403 names the key refused, as the 429 names its key`, async () => {
        const w = await world([...status]);
        const text = await flow(w);
        const refused = postsOf(w).filter((p) => p.status === '403');
        expect(refused).toHaveLength(1);
        const waiting = refused[0]?.who === 'One' ? 'Two' : 'One';
        expect(text).toContain(`${refused[0]?.who}’s key is not allowed to do that.${WORDS}`);
        expect(text).toContain(`The service is not taking ${waiting}’s key just now`);
        expect(text).not.toContain('This API key');
      }, 60_000);
  }

  it("the only account's key refused keeps “This API key …”", async () => {
    const w = await world([403, 403], true);
    const text = await FLOWS[0]![1](w);
    expect(text).toContain(`This API key is not allowed to do that.${WORDS}`);
    expect(text).not.toContain('’s key');
  }, 60_000);

  it("I'm away, both refused: the block says both keys again after a restart", async () => {
    const w = await world([403, 403]);
    const items = [{ scheduleId: 'sch_solo', start: DAY(26), end: DAY(27), email: 'bob@example.com' }];
    const first = await run(w, w.engine.handlers['handoff:create']({ items }));
    const made = first.ok ? first.value.run : null;
    expect(made?.items.map((i) => i.state)).toEqual(['refused']);
    // An all-refused run is settled and not kept; the same run as the app made it, kept as a run with a block still
    // to send would be (store.ts saveRun), is what a restart reads back.
    await w.h.files.writeAtomic('handoff.json', JSON.stringify(made));
    // Its end is recorded too (handoff-closed.json): a run kept is one the app never recorded as ended (an ended run
    // put back is kept aside, adv52 r57), so the record goes with it.
    await w.h.files.remove('handoff-closed.json');
    const asked = postsOf(w).map((p) => p.who);
    const reason = `Neither ${asked[0]}’s nor ${asked[1]}’s key is allowed to do that.${WORDS}`;
    await run(w, w.engine.stop());
    const again = w.h.engine();
    await w.h.clock.runWhileAdvancing(again.start(), 1000, 60);
    await w.h.clock.runWhileAdvancing(again.handoffIdle(), 1000, 120);
    const got = await run(w, again.handlers['handoff:get'](null));
    const said = got.ok ? got.value.said?.items[`sch_solo|${DAY(26)}`] : JSON.stringify(got);
    expect(said).toBe(`Refused: ${reason}`);
  }, 60_000);
});
