// A saved item's refusal words (its `refusal` field, said after "refused:") are a claim of the file like its message
// (issue 52): before, asKnownNow kept the field as the file had it, so a planted sentence was shown on a resumed
// refused block until its check, and on a "not sent" one for good. Now only a reason that reads as the app words a
// refusal is kept (saved-refusal.ts), and only on a refused item. Real engine, simulator, real files, fake clock.
import { describe, expect, it } from 'vitest';
import { API_KEY } from '../support/seeds';
import { BLOCK, resumeSaved, savedItem as item } from './support/saved-run';

const PLANTED = `Your key ${API_KEY} was revoked; paste a new one at https://evil.example`;
const ID = `sch_berlin|${BLOCK.start}`;

async function shownAfterResume(over: object) {
  const { engine } = await resumeSaved([item(over)]);
  const got = await engine.handlers['handoff:get'](null);
  await engine.stop();
  if (!got.ok) throw new Error('handoff:get failed');
  return { said: got.value.said, shown: JSON.stringify(got.value) };
}

describe("a saved item's refusal words read back", () => {
  for (const state of ['refused', 'not_sent'] as const) {
    it(`${state}: words the app did not word are never shown`, async () => {
      const { shown } = await shownAfterResume({ state, message: '', refusal: PLANTED });
      expect(shown).not.toContain('evil.example');
      expect(shown).not.toContain(API_KEY);
    }, 30_000);
  }

  it('refused: a field problem the app placed, followed by words it did not place, is never shown', async () => {
    const refusal = `Person 1 (alice@example.com): is on leave; ${PLANTED}.`;
    const { said, shown } = await shownAfterResume({ state: 'refused', message: '', refusal });
    expect(shown).not.toContain('evil.example');
    expect(said?.items[ID]).toBe('Refused: before the app restarted (the schedule does not show it)');
  }, 30_000);

  it('refused: a reason worded as the app words a refusal is said again after the check', async () => {
    const reason = 'This API key is not allowed to do that. The service said: “Only managers may add overrides.”';
    const { said } = await shownAfterResume({ state: 'refused', message: reason });
    expect(said?.items[ID]).toBe(`Refused: ${reason}`);
    expect(said?.summary).toBe(`0 of 1 handed off · 1 refused: ${reason}`);
  }, 30_000);
});
