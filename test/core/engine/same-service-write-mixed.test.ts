// Issue 48, adv48 r45 #1: one service watched by two accounts (One, Two: two keys of mine). The service refuses One's
// WRITES 403 (a read-only key) and asks Two's WRITES to wait (429, Retry-After 600); reads served, both with its own
// words. The first press said both. A second press a minute later, inside Two's wait, asked One alone and said only
// "This API key is not allowed to do that": the away item turned `refused`, take over and the form `forbidden`, and
// Two's wait (the one way the write can still go) was gone. Now every press says both: One's refusal with the
// service's words and Two's wait with its time, as a wait (not_sent / rate_limited), never a final refusal; One is
// asked again (a 403 has no end the app could know: rights given back are learned only by asking, and a refused write
// writes nothing), Two is answered from its held wait, unsent.
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../support/engine-harness';
import { API_KEY } from '../support/seeds';
import { refusingWorld, SAID, SECOND_KEY, type RefusingWorld } from './support/refusing-proxy';
import { waitEnd as hhmm } from '../support/wait-end';

let opened: RefusingWorld | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});
const run = <T>(h: Harness, p: Promise<T>): Promise<T> => h.clock.runWhileAdvancing(p);
const overridesOn = (h: Harness) => h.sim.state.schedules.get('sch_solo')?.overrides ?? [];
const posts = (log: string[], who: string) => log.filter((l) => l.startsWith(`${who} POST`));
const WAIT_MS = 600_000;

async function mixed(): Promise<RefusingWorld> {
  const w = (opened = await refusingWorld());
  w.ctl.refused.add(API_KEY);
  w.ctl.refused.add(SECOND_KEY);
  w.ctl.per = new Map([
    [API_KEY, 403],
    [SECOND_KEY, 429],
  ]);
  w.ctl.onlyWrites = true;
  w.ctl.log.length = 0;
  return w;
}

type Said = { state: string | undefined; message: string };
type Press = (w: RefusingWorld) => Promise<Said>;
const AWAY = [
  {
    scheduleId: 'sch_solo',
    start: '2026-03-26T08:00:00.000Z',
    end: '2026-03-27T08:00:00.000Z',
    email: 'bob@example.com',
  },
];
const itemOf = (a: {
  ok: boolean;
  value?: { run?: { items: { state: string; message?: string }[] } | null };
}): Said => {
  const i = a.ok ? a.value?.run?.items[0] : undefined;
  return { state: i?.state, message: i?.message ?? JSON.stringify(a) };
};
const takeOver: Press = async (w) => {
  const a = await run(w.h, w.engine.handlers['take-over:now']({ scheduleId: 'sch_solo' }));
  return a.ok
    ? { state: a.value.outcome.status, message: JSON.stringify(a.value) }
    : { state: a.error.kind, ...a.error };
};
const formCreate: Press = async (w) => {
  const window = { kind: 'custom' as const, start: '2026-03-27T14:00:00Z', end: '2026-03-27T15:00:00Z' };
  const request = { scheduleId: 'sch_solo', window, emails: ['alice@example.com'] };
  const a = await run(w.h, w.engine.handlers['override:create'](request));
  return a.ok ? { state: a.value.status, message: JSON.stringify(a.value) } : { state: a.error.kind, ...a.error };
};
const FLOWS: { name: string; first: Press; again: Press; waiting: string }[] = [
  {
    name: "I'm away, then Retry",
    first: async (w) => itemOf(await run(w.h, w.engine.handlers['handoff:create']({ items: AWAY }))),
    again: async (w) => itemOf(await run(w.h, w.engine.handlers['handoff:retry'](null))),
    waiting: 'not_sent',
  },
  { name: 'take over', first: takeOver, again: takeOver, waiting: 'rate_limited' },
  { name: "the override form's Create", first: formCreate, again: formCreate, waiting: 'rate_limited' },
];

/** One's refusal with the service's words, and Two's wait with the time it ends (worked out here from the 429). */
function saysBoth(said: Said, until: string): void {
  expect(said.message).toContain(`not allowed to do that. The service said: “${SAID}”`);
  const two = said.message.indexOf('Two’s key');
  expect(two).toBeGreaterThanOrEqual(0);
  expect(said.message.slice(two)).toContain(`wait until ${until}`);
}

describe("One's key refused writes (403), Two's key asked to wait (429): a second press inside Two's wait", () => {
  for (const flow of FLOWS)
    it(`${flow.name}: still says One's refusal and Two's wait, as a wait; nothing written`, async () => {
      const w = await mixed();
      const sentAt = w.h.clock.now();
      const first = await flow.first(w);
      const until = hhmm(sentAt + WAIT_MS);
      saysBoth(first, until);
      expect(first.state).toBe(flow.waiting);
      await w.h.clock.advance(60_000);
      w.ctl.log.length = 0;
      const again = await flow.again(w);
      saysBoth(again, until);
      expect(again.state).toBe(flow.waiting);
      // One asked again (its 403 has no end to wait for), Two not sent to inside its wait; nothing written.
      expect(posts(w.ctl.log, 'One')).toEqual(['One POST /schedules/sch_solo/overrides/ -> 403']);
      expect(posts(w.ctl.log, 'Two')).toEqual([]);
      expect(overridesOn(w.h)).toHaveLength(0);
    }, 60_000);
});
