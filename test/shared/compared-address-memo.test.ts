// Comparing accounts for "the same service" runs on every derivation of state (every pair of accounts, many times a
// minute under a fake clock and all day in the tray): an address already compared is not parsed again, and the
// memo never changes an answer, also past its bound.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { comparedAddress, sameService } from '../../electron/shared/service-identity';

afterEach(() => vi.restoreAllMocks());

describe('comparedAddress: each address parsed once', () => {
  it('comparing the same accounts again parses no URL', () => {
    const work = { baseUrl: 'http://localhost:8080//api/', email: 'alice@example.com' };
    const again = { baseUrl: 'http://127.0.0.1:8080/api', email: ' Alice@example.com ' };
    const acme = { baseUrl: 'https://acme.example/oncall', email: 'alice@example.com' };
    expect(sameService(work, again)).toBe(true);
    expect(sameService(work, acme)).toBe(false);
    const Real = URL;
    // Counts the parses and still parses (a bare spy answers no real URL).
    const parsed = vi.spyOn(globalThis, 'URL').mockImplementation(function parse(
      url: string | { toString: () => string },
      base?: string | URL,
    ) {
      return new Real(url.toString(), base);
    });
    const answers = Array.from({ length: 100 }, () => [sameService(work, again), sameService(again, acme)]);
    expect(parsed).toHaveBeenCalledTimes(0);
    expect(answers.every(([same, other]) => same === true && other === false)).toBe(true);
  });

  it('past its bound, every address still compares as the URL standard says', () => {
    // Expected from the rule's own words, written out per address: loopback as 127.0.0.1, "//" as "/", no user
    // info, query or fragment, no trailing slash, lower case.
    for (let round = 0; round < 3; round++)
      for (let i = 0; i < 150; i++) {
        expect(comparedAddress(`HTTP://user:pw@LocalHost:${8000 + i}//Team//?token=x#y`)).toBe(
          `http://127.0.0.1:${8000 + i}/team`,
        );
        expect(comparedAddress(`https://svc${i}.example/a/../b/`)).toBe(`https://svc${i}.example/b`);
        expect(comparedAddress(`not a url ${i}`)).toBe('an address that is not a url');
      }
  });
});
