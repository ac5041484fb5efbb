// adv52 r55 #1: "keys and tokens never appear in a backup or a notice". A key written with JSON escapes
// (`\u006d` for "m", either case of hex, `\/`) is the key to any JSON reader of the file, so it is masked as the
// plain one is: in a refused file kept aside (whole JSON or cut short), in a token-like field whose name is escaped,
// in an address, and in a notice. The store's backup itself, over a real folder; the rest of the file stays.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { createFsFileStore } from '../../../electron/core/storage/fs-file-store';
import { maskKnownSecrets, redactSecrets, rememberSecret } from '../../../electron/core/storage/redact-secrets';
import { ms } from '../../support/time';

const KEY = 'ocs_live_Zq81kP0mW3xY7';
rememberSecret(KEY);

/** What a JSON reader of the text sees: its escapes turned back into characters. */
const decoded = (text: string): string =>
  text.replace(/\\u([0-9a-fA-F]{4})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))).replace(/\\\//g, '/');

/** Each character of `KEY` at `at` as a \uXXXX escape (hex in `upper` case or not). */
const escapedAt = (at: readonly number[], upper = false): string =>
  [...KEY]
    .map((c, i) => {
      const hex = c.charCodeAt(0).toString(16).padStart(4, '0');
      return at.includes(i) ? `\\u${upper ? hex.toUpperCase() : hex}` : c;
    })
    .join('');

const spellings = [
  ['one escaped "m"', KEY.replace('m', '\\u006d')],
  ['upper-case hex', escapedAt([0, 9, 21], true)],
  ['every character escaped', escapedAt([...KEY].map((_c, i) => i))],
] as const;

it.each(spellings)(
  'a refused file with the key spelled so (%s) keeps no readable key in its backup',
  async (_n, spelled) => {
    const dir = await mkdtemp(join(tmpdir(), 'oncall-escaped-'));
    const files = createFsFileStore(dir, { now: () => ms('2026-03-25T10:00:00Z') });
    for (const [name, text] of [
      ['alarms.json', `{"version":"x","note":"${spelled}","kept":"coverage:cov_1"}`],
      ['cache.json', `{"kept":"coverage:cov_1","records":{"a":{"note":"${spelled}"`],
    ] as const) {
      await files.writeAtomic(name, text);
      const kept = await readFile(await files.backup(name), 'utf8');
      expect(decoded(kept)).not.toContain(KEY);
      expect(kept).toContain('coverage:cov_1'); // only the secret is replaced
    }
  },
);

it('an escaped field name or address is masked as its plain spelling is, and the JSON reads the same otherwise', () => {
  const text = '{"\\u0074oken":"T0123456789","url":"https:\\/\\/u:pw@oncall.example\\/api?k=Q123#f","n":"\\u00e9"}';
  const masked = redactSecrets(text);
  expect(decoded(masked)).not.toMatch(/T0123456789|u:pw|Q123/);
  expect(JSON.parse(masked)).toMatchObject({ url: 'https://oncall.example/api', n: 'é' });
  // A text with no secret is kept byte for byte, escapes and all; an escaped backslash is no escape.
  expect(redactSecrets('{"a":"\\u0062\\/"}')).toBe('{"a":"\\u0062\\/"}');
  expect(redactSecrets(`{"a":"\\\\u006d${KEY.slice(1)}"}`)).toBe(`{"a":"\\\\u006d${KEY.slice(1)}"}`);
});

it('a notice quoting the key spelled with escapes shows no key, and the rest of its words stay', () => {
  for (const [, spelled] of spellings) {
    const shown = maskKnownSecrets(`the file holds "${spelled}" in its note`);
    expect(decoded(shown)).not.toContain(KEY);
    expect(shown).toBe('the file holds "(a key, removed)" in its note');
  }
});
