// A 403 naming the keys refused (adv48 r45 #2: "Two’s key is not allowed to do that.", "Neither One’s nor Two’s key
// is allowed to do that.") is read back from a saved hand-off only for the keys of the accounts set up now: a planted
// sentence naming a key no account has is dropped like any other words the app did not make.
import { describe, expect, it } from 'vitest';
import { checkedReason } from '../../../electron/core/handoff/saved-refusal';

const KEYS = ['One’s key', 'Two’s key'];
const WORDS = ' The service said: “Only managers may add overrides.”';

describe('a saved refusal naming keys', () => {
  for (const sentence of [
    'Two’s key is not allowed to do that.',
    'Neither One’s nor Two’s key is allowed to do that.',
    'Neither Two’s nor One’s key is allowed to do that.',
  ])
    it(`reads back “${sentence}” with and without the service's words`, () => {
      expect(checkedReason(sentence, KEYS)).toBe(sentence);
      expect(checkedReason(`${sentence}${WORDS}`, KEYS)).toBe(`${sentence}${WORDS}`);
    });

  for (const planted of [
    'Evil’s key is not allowed to do that.',
    'Neither One’s nor Evil’s key is allowed to do that.',
    'Neither One’s nor One’s key is allowed to do that.',
    'Neither One’s key is allowed to do that.',
  ])
    it(`drops “${planted}”, a key no account set up has, or not as the app words it`, () => {
      expect(checkedReason(`${planted}${WORDS}`, KEYS)).toBeUndefined();
    });

  it('with one account set up, no key is named: only “This API key …” reads back', () => {
    expect(checkedReason(`One’s key is not allowed to do that.${WORDS}`)).toBeUndefined();
    const own = `This API key is not allowed to do that.${WORDS}`;
    expect(checkedReason(own)).toBe(own);
  });
});
