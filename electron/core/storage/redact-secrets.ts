// What a backup (`<file>.bad-<time>`) may hold: everything of the file for recovery, except secrets. A refused file is
// kept aside as text, often cut short or not JSON at all, so this works on the text, not on a parse: the value of
// every token-like field ("token", "feedToken", "apiKey", "secret", "password", …) is masked, and so is what a web
// address carries besides the address (user info, query, fragment: where keys ride). A key or token that reached a
// backup would outlive its rotation and travel with the file when a user shares it to get help. Whatever JSON
// spelling a key, a field's name or an address takes (`\u006d` for "m", `\/`), it is matched as any JSON reader of
// the backup would read it (json-spellings.ts, adv52 r55 #1).
import { anySpelling, plainSpelling } from './json-spellings';

/** Field names whose value is a secret, in any case and spelling ("x-api-key", "apiKeys", "passphrase", "jwt").
 *  A bare "key" is not one: reminders and records name their entries so (a secret there is masked by value). */
const SECRET_FIELD =
  /token|secret|passw|passphrase|^pass$|^pwd$|api[-_]?keys?|access[-_]?key|private[-_]?key|credential|authori[sz]ation|^auth$|cookie|bearer|^jwt$|^sid$|session/i;

/** A JSON string, possibly cut short at the end of the text (a truncated file). */
// Unrolled ([^"\\]* runs between escapes), so a string of megabytes is one step, not one backtrack frame per character.
const STRING = String.raw`"([^"\\]*(?:\\.[^"\\]*)*)("|$)`;
const FIELD = new RegExp(`${STRING}(\\s*:\\s*)${STRING}`, 'g');

/** An http(s) address inside a string: its user info, and its query and fragment. */
const URL_USERINFO = /(https?:\/\/)[^\s"/@?#]*@/gi;
const URL_TAIL = /(https?:\/\/[^\s"?#]*)[?#][^\s"]*/gi;

export const MASK = '(removed: a secret is never kept in a backup)';

/** Every key and token the app holds in memory now (keys.ts, the feed's token): masked by value wherever a file
 *  holds one, whatever the field is called or where in a text it sits (a URL's path, a note). */
const known = new Set<string>();
/** A value shorter than this is not masked by value (it would mask ordinary words). */
const MIN_SECRET_CHARS = 8;

export function rememberSecret(value: string | undefined): void {
  if (value !== undefined && value.length >= MIN_SECRET_CHARS) known.add(value);
}

/** The text with every key and token the app holds masked by value: for what is shown (a notification), where a
 *  text from the service or a file could carry one. */
export function maskKnownSecrets(text: string): string {
  let masked = text;
  for (const secret of known) masked = masked.replace(anySpelling(secret), '(a key, removed)');
  // An address quoted from a file or the service may carry one percent-encoded (the feed's token in its path).
  if (!masked.includes('%')) return masked;
  for (const secret of known) masked = masked.replace(percentSpelling(secret), '(a key, removed)');
  return masked;
}

/** An array of strings under a secret name ("tokens": ["a", "b"]): each string masked. */
const ARRAY_FIELD = new RegExp(`${STRING}(\\s*:\\s*)\\[([^\\]]*)(\\]|$)`, 'g');
const IN_ARRAY = new RegExp(STRING, 'g');

/** The text with every secret masked; the same text when it holds none. */
export function redactSecrets(text: string): string {
  // Masked on the text's plain spelling (the same to a JSON reader); a text with no secret is kept byte for byte.
  const plain = plainSpelling(text);
  const masked = maskPlain(plain);
  return masked === plain ? text : masked;
}

/** The values the text itself names as secrets (a "token" field's, a "tokens" list's): the same value elsewhere in
 *  the same file (a note, a feed address under a field this version doesn't know) is the same secret, and the file
 *  may be kept before the app holds it (adv52 r63 #2: a settings.json set aside at start kept the live feed token
 *  in "subscribedIn", masked only under its own name). As the text spells them, a cut-short last one included. */
function secretsNamedIn(text: string): Set<string> {
  const named = new Set<string>();
  // A phrase ("not set yet") is a description, not a key: masking it everywhere would cost recovery, not a secret.
  const add = (value: string) => value.length >= MIN_SECRET_CHARS && !/\s/.test(value) && named.add(value);
  for (const m of text.matchAll(FIELD)) if (SECRET_FIELD.test(m[1] ?? '')) add(m[4] ?? '');
  for (const m of text.matchAll(ARRAY_FIELD))
    if (SECRET_FIELD.test(m[1] ?? '')) for (const item of (m[4] ?? '').matchAll(IN_ARRAY)) add(item[1] ?? '');
  return named;
}

/** The first path segment of a web address shaped as the feed's token (settings.ts madeFeedToken: 43 base64url
 *  characters): the feed's address is a key to the user's calendar, even in a file that no longer names it (a note
 *  in a settings.json that isn't JSON, whose feed is then off and whose token the app never held). */
// Its scheme starts where a word starts: tried from inside a long run of letters it would rescan the run from every
// character (a megabyte of one letter took minutes).
const FEED_ADDRESS =
  /(?<![\w+.-])([A-Za-z][\w+.-]*:\/\/[^\s"/?#]*\/)[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048](?=[/"\s?#]|$)/g;

/** A pattern for `secret` with any of its characters percent-encoded (`%51` for "Q", in either case of hex): what a
 *  web address reads as the secret, as a browser or calendar app decodes it. */
function percentSpelling(secret: string): RegExp {
  const hexDigit = (h: string) => (/[a-f]/.test(h) ? `[${h}${h.toUpperCase()}]` : h);
  const units = [...secret].map((c) => {
    const bytes = [...Buffer.from(c, 'utf8')].map(
      (b) => `%${[...b.toString(16).padStart(2, '0')].map(hexDigit).join('')}`,
    );
    return `(?:${c.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')}|${bytes.join('')})`;
  });
  return new RegExp(units.join(''), 'g');
}

/** The text with `secret` masked as written, as JSON writes it inside a string (a key holding a quote or a
 *  backslash, which stay escaped) and, in a text with a "%", percent-encoded in any part. */
function maskValue(text: string, secret: string): string {
  let masked = text;
  for (const spelled of new Set([secret, JSON.stringify(secret).slice(1, -1)]))
    masked = masked.split(spelled).join(MASK);
  return masked.includes('%') ? masked.replace(percentSpelling(secret), MASK) : masked;
}

function maskPlain(text: string): string {
  // Addresses first: a value masked inside a query leaves the mask's spaces there, which would end the query early.
  let byValue = text.replace(URL_USERINFO, '$1').replace(URL_TAIL, '$1');
  for (const secret of known) byValue = maskValue(byValue, secret);
  for (const secret of secretsNamedIn(byValue)) byValue = maskValue(byValue, secret);
  const fields = byValue.replace(
    FIELD,
    (whole, name: string, close: string, colon: string, value: string, end: string) =>
      SECRET_FIELD.test(name) && value !== '' ? `"${name}${close}${colon}"${MASK}${end}` : whole,
  );
  const arrays = fields.replace(
    ARRAY_FIELD,
    (whole, name: string, close: string, colon: string, items: string, end: string) =>
      SECRET_FIELD.test(name) ? `"${name}${close}${colon}[${items.replace(IN_ARRAY, `"${MASK}"`)}${end}` : whole,
  );
  return arrays.replace(FEED_ADDRESS, `$1${MASK}`);
}
