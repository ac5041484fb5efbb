// adv48 r26 #3: a cover's e-mail with spaces around it (' bob@example.com ') reached main's handlers as another
// person: I'm away wrote Bob alone over my Tue where Bob is already on call with me (the schedule lost a person), and
// swap said a false "Changed since you planned it". Main takes the e-mail as the person (shared/service-identity.ts
// emailKey): every spelling is answered as the plain one is, and nothing is written. Pair world (Tue: Bob and me).
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../support/engine-harness';
import { overridesOn, startPairWorld, TUE } from './support/pair-world';

const WED = { start: '2026-03-25T08:00:00Z', end: '2026-03-26T08:00:00Z' };
const SPELLINGS = [' bob@example.com ', ' bob@example.com', 'bob@example.com\t', '  BOB@example.com '];
let worlds: Harness[] = [];
afterEach(async () => {
  for (const h of worlds) await h.close();
  worlds = [];
});

/** A fresh world, its answer to `ask`, and what the service holds on Pair after it. */
async function answerIn<T>(ask: (w: Awaited<ReturnType<typeof startPairWorld>>) => Promise<T>) {
  const w = await startPairWorld();
  worlds.push(w.h);
  const answer = await w.h.clock.runWhileAdvancing(ask(w));
  return { answer, written: overridesOn(w.h, 'sch_pair').length };
}

describe('a cover e-mail with spaces around it is the same person', () => {
  for (const email of SPELLINGS)
    it(`I'm away with Bob as ${JSON.stringify(email)} over my Tue with Bob: refused as Bob is, nothing written`, async () => {
      const away = (e: string) =>
        answerIn(({ engine }) =>
          engine.handlers['handoff:create']({ items: [{ scheduleId: 'sch_pair', ...TUE, email: e }] }),
        );
      const plain = await away('bob@example.com');
      const padded = await away(email);
      expect(plain.written).toBe(0);
      expect(padded.written).toBe(0);
      expect(padded.answer).toEqual(plain.answer);
    }, 60_000);

  for (const email of SPELLINGS)
    it(`swap my Tue for Bob's Wed, Bob as ${JSON.stringify(email)}: refused as Bob is, nothing written`, async () => {
      const swap = (e: string) =>
        answerIn(({ engine }) =>
          engine.handlers['swap:create']({
            mine: { scheduleId: 'sch_pair', ...TUE },
            theirs: { scheduleId: 'sch_pair', ...WED, email: e },
          }),
        );
      const plain = await swap('bob@example.com');
      const padded = await swap(email);
      expect(plain.answer.ok).toBe(false);
      expect([plain.written, padded.written]).toEqual([0, 0]);
      expect(padded.answer).toEqual(plain.answer);
    }, 60_000);
});
