// Issue 19, case 2: an address is shown without its user info, query and fragment (any of them can hold a key),
// by the one helper every message uses; an address without them is shown as typed.
import { describe, expect, it } from 'vitest';
import { addressWithoutSecrets, shownAddress, unusableBaseUrlMessage } from '../../electron/api/base-url';
import { keyPieces } from './support/key-pieces';

const KEY = 'ocs_SECRET_CANARY_123';

describe('shownAddress / addressWithoutSecrets', () => {
  const cases: Array<[string, string]> = [
    [`http://${KEY}@127.0.0.1:9/`, 'http://127.0.0.1:9/'],
    [`https://me:${KEY}@oncall.example.com/api`, 'https://oncall.example.com/api'],
    [`https://oncall.example.com/api?key=${KEY}`, 'https://oncall.example.com/api'],
    [`https://oncall.example.com/api#${KEY}`, 'https://oncall.example.com/api'],
    [`  https://${KEY}:${KEY}@[::1]:8443/api/?a=${KEY}#${KEY}  `, 'https://[::1]:8443/api/'],
    [`http:\\\\${KEY}@localhost/x`, 'http://localhost/x'],
    // Not URLs (no scheme, or no host): what looks like user info, a query or a fragment goes all the same.
    [`${KEY}@oncall.example.com/api`, 'oncall.example.com/api'],
    [`mailto:${KEY}@oncall.example.com`, 'mailto:oncall.example.com'],
    [`oncall.example.com?key=${KEY}`, 'oncall.example.com'],
  ];
  for (const [raw, shown] of cases) {
    it(`shows ${JSON.stringify(raw)} as ${JSON.stringify(shown)}`, () => {
      expect(addressWithoutSecrets(raw)).toBe(shown);
      expect(shownAddress(raw)).toBe(shown);
    });
  }

  it('shows an address with nothing to drop exactly as typed', () => {
    for (const raw of [
      'https://oncall.example.com',
      'https://oncall.example.com/api',
      'http://127.0.0.1:4010',
      'https://oncall.example.com/a@b',
      'not a url',
    ]) {
      expect(addressWithoutSecrets(raw)).toBe(raw);
    }
  });

  it('still cuts an absurdly long address for messages', () => {
    expect(shownAddress(`https://oncall.example.com/${'a'.repeat(300)}`)).toHaveLength(120);
  });
});

describe('unusableBaseUrlMessage', () => {
  it('names the address without its credentials, and says why it was refused', () => {
    const message = unusableBaseUrlMessage(`https://me:${KEY}@oncall.example.com/api?token=${KEY}`) ?? '';
    expect(message).toMatch(
      /^The service address “https:\/\/oncall\.example\.com\/api” can't be used: it must not contain a user name or password\./,
    );
    expect(keyPieces(message, KEY)).toEqual([]);
  });
});
