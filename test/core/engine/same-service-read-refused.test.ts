// Issue 48, adv48 r33: one service watched by two accounts, the service refusing only One's key — 403 (its user lost
// access) or 429 with Retry-After (its quota used up) — while Two's is served. The re-read before a write went
// through One only and every write pressed was refused, Two never asked. Now a key the service refuses on reads is
// passed over for the next account of the service that can (write-standing.ts), as a 401 and a refused POST were:
// each flow writes once through Two; a 429's wait is never broken by asking with One's key again; when every key is
// refused nothing is written and the answer names the account whose key was refused, the service's words after it.
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../../electron/core/engine/types';
import type { Harness } from '../support/engine-harness';
import { ME } from '../support/seeds';
import { refusingWorld, SAID, SECOND_KEY, type RefusingWorld } from './support/refusing-proxy';
import { API_KEY } from '../support/seeds';

let opened: RefusingWorld | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

/** What a flow's answer says: ok, or the failure's words. */
type Said = { ok: true } | { ok: false; message: string };
const saidOf = (a: { ok: boolean; error?: { message: string } }, good: boolean): Said =>
  good ? { ok: true } : { ok: false, message: a.error?.message ?? JSON.stringify(a) };

const overridesOn = (h: Harness) => h.sim.state.schedules.get('sch_solo')?.overrides ?? [];
const DAY = 86_400_000;
const MY_DAY = Date.parse('2026-03-26T08:00:00Z');

interface Flow {
  name: string;
  /** Anything done before the key is refused (a take-over to hand back). */
  before?: (e: Engine, h: Harness) => Promise<void>;
  press: (e: Engine, h: Harness) => Promise<Said>;
  /** The overrides this flow's one write adds. */
  adds: number;
  /** Minutes the app's own syncs run before the press (default 20). A swap after about 12 minutes is refused as
   *  planned on a changing block even with nothing refused (left as found, said in the fix's report). */
  minutes?: number;
}

const run = <T>(h: Harness, p: Promise<T>): Promise<T> => h.clock.runWhileAdvancing(p);
const REF = 'second:sch_solo';
const FLOWS: Flow[] = [
  {
    name: 'take over',
    press: async (e, h) => {
      const a = await run(h, e.handlers['take-over:now']({ scheduleId: REF }));
      return saidOf(a, a.ok && a.value.outcome.status === 'created');
    },
    adds: 1,
  },
  {
    name: 'hand back',
    before: async (e, h) => {
      const a = await run(h, e.handlers['take-over:now']({ scheduleId: REF }));
      expect(a.ok && a.value.outcome.status).toBe('created');
    },
    press: async (e, h) => {
      const a = await run(h, e.handlers['take-over:hand-back']({ scheduleId: REF }));
      return saidOf(a, a.ok && a.value.outcome.status === 'created');
    },
    adds: 1,
  },
  {
    name: "the override form's Create",
    press: async (e, h) => {
      const window = { kind: 'custom' as const, start: '2026-03-27T14:00:00Z', end: '2026-03-27T18:00:00Z' };
      const a = await run(h, e.handlers['override:create']({ scheduleId: REF, window, emails: [ME] }));
      return saidOf(a, a.ok && a.value.status === 'created');
    },
    adds: 1,
  },
  {
    name: "I'm away",
    press: async (e, h) => {
      const start = new Date(MY_DAY).toISOString();
      const items = [{ scheduleId: REF, start, end: new Date(MY_DAY + DAY).toISOString(), email: 'bob@example.com' }];
      const a = await run(h, e.handlers['handoff:create']({ items }));
      const item = a.ok ? a.value.run?.items[0] : undefined;
      return item?.state === 'handed_off' ? { ok: true } : { ok: false, message: item?.message ?? JSON.stringify(a) };
    },
    adds: 1,
  },
  {
    name: 'swap',
    press: async (e, h) => {
      const mine = { scheduleId: REF, start: '2026-03-26T08:00:00.000Z', end: '2026-03-27T08:00:00.000Z' };
      const theirs = { scheduleId: REF, start: '2026-03-27T08:00:00.000Z', end: '2026-03-28T08:00:00.000Z' };
      const a = await run(h, e.handlers['swap:create']({ mine, theirs: { ...theirs, email: 'alice@example.com' } }));
      const states = a.ok ? [a.value.mine.state, a.value.theirs.state] : [];
      return saidOf(a, states.length === 2 && states.every((s) => s === 'handed_off'));
    },
    adds: 2,
    minutes: 5,
  },
];

const posts = (log: string[], who: string) => log.filter((l) => l.startsWith(`${who} POST`));

describe("one service, two accounts: One's key refused on reads, Two's served", () => {
  for (const status of [403, 429] as const)
    for (const flow of FLOWS)
      it(`${status}: ${flow.name} pressed on Two's card is written once, through Two`, async () => {
        const w = (opened = await refusingWorld());
        await flow.before?.(w.engine, w.h);
        const had = overridesOn(w.h).length;
        w.ctl.refused.add(API_KEY);
        w.ctl.status = status;
        await w.h.clock.advance((flow.minutes ?? 20) * 60_000); // the app's own syncs run: One's refused, Two's served
        w.ctl.log.length = 0;
        const said = await flow.press(w.engine, w.h);
        expect(said).toEqual({ ok: true });
        expect(overridesOn(w.h)).toHaveLength(had + flow.adds);
        expect(posts(w.ctl.log, 'Two')).toHaveLength(flow.adds);
        expect(posts(w.ctl.log, 'One')).toEqual([]);
        // A wait the service asked of One's key is not broken by asking with it again: at most the one ask that
        // learns it (when the app's own syncs had not met it yet), never a second.
        if (status === 429) expect(w.ctl.log.filter((l) => l.startsWith('One ')).length).toBeLessThanOrEqual(1);
      }, 60_000);

  for (const status of [403, 429] as const)
    it(`${status} at once, before any sync saw it: take over on One's card goes through Two, once`, async () => {
      const w = (opened = await refusingWorld());
      w.ctl.refused.add(API_KEY);
      w.ctl.status = status;
      w.ctl.log.length = 0;
      const a = await run(w.h, w.engine.handlers['take-over:now']({ scheduleId: 'sch_solo' }));
      expect(a.ok && a.value.outcome.status).toBe('created');
      expect(posts(w.ctl.log, 'Two')).toHaveLength(1);
      expect(overridesOn(w.h)).toHaveLength(1);
      expect(w.ctl.log.filter((l) => l.startsWith('One ')).length).toBeLessThanOrEqual(1);
    }, 60_000);

  for (const status of [403, 429] as const)
    it(`${status} to both keys: nothing is written, the answer names the account refused and the service's words`, async () => {
      const w = (opened = await refusingWorld());
      w.ctl.refused.add(API_KEY).add(SECOND_KEY);
      w.ctl.status = status;
      await w.h.clock.advance(20 * 60_000);
      const window = { kind: 'custom' as const, start: '2026-03-27T14:00:00Z', end: '2026-03-27T18:00:00Z' };
      const a = await run(w.h, w.engine.handlers['override:create']({ scheduleId: REF, window, emails: [ME] }));
      const t = await run(w.h, w.engine.handlers['take-over:now']({ scheduleId: REF }));
      for (const answer of [a, t]) {
        expect(answer.ok).toBe(false);
        const message = answer.ok ? '' : answer.error.message;
        expect(message).toMatch(/\b(One|Two)’s key\b/);
        expect(message).not.toContain('this API key');
        expect(message.indexOf(SAID)).toBeGreaterThan(message.indexOf('key'));
      }
      expect(overridesOn(w.h)).toEqual([]);
      expect(
        posts(w.ctl.log, 'One')
          .concat(posts(w.ctl.log, 'Two'))
          .filter((l) => !l.includes('->')),
      ).toEqual([]);
    }, 60_000);
});
