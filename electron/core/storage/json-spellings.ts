// The spellings JSON has for one string (adv52 r55 #1). A JSON reader turns `\u006d` (any case of hex) and `\/` back
// into "m" and "/", so a key written so is the key to anyone who opens the file: masking that matches only its plain
// spelling lets it through to a backup or a notice. These put every such spelling within reach of a plain match.

/** A surrogate pair as two escapes (a character past U+FFFF), or one escape of a code unit, or `\/`. */
const ESCAPE = /\\u([dD][89abAB][0-9a-fA-F]{2})\\u([dD][c-fC-F][0-9a-fA-F]{2})|\\u([0-9a-fA-F]{4})|\\\/|\\[^]/g;

const unit = (hex: string): number => parseInt(hex, 16);

/** Whether a character may stand as itself inside a JSON string: not a quote, a backslash, a control character or a
 *  lone surrogate (each of those must stay escaped, or the text would read differently or not at all). */
function plainable(code: number): boolean {
  return code >= 0x20 && code !== 0x22 && code !== 0x5c && (code < 0xd800 || code > 0xdfff);
}

/** The text with each escape of a character that can stand as itself written as that character: what a JSON reader
 *  reads stays the same (also in a cut-short text, escape by escape), and the same string has one spelling. An
 *  escaped backslash is taken as a pair, so `\\u006d` (a backslash, then "u006d") stays as it is. */
export function plainSpelling(text: string): string {
  return text.replace(ESCAPE, (whole, high?: string, low?: string, one?: string) => {
    if (high !== undefined && low !== undefined) return String.fromCharCode(unit(high), unit(low));
    if (one !== undefined) return plainable(unit(one)) ? String.fromCharCode(unit(one)) : whole;
    return whole === '\\/' ? '/' : whole;
  });
}

const SPECIAL = /[.*+?^${}()|[\]\\/-]/g;

/** A pattern for `secret` however JSON may spell it: each of its characters as itself, as a `\uXXXX` escape in
 *  either case of hex, or (a "/") as `\/`. For a text that is not rewritten (a notice): only the secret is replaced. */
export function anySpelling(secret: string): RegExp {
  const units = [...secret].flatMap((c) => c.split(''));
  const alternatives = units.map((c) => {
    const hex = c.charCodeAt(0).toString(16).padStart(4, '0');
    const escaped = `\\\\u${[...hex].map((h) => (/[a-f]/.test(h) ? `[${h}${h.toUpperCase()}]` : h)).join('')}`;
    const slash = c === '/' ? '|\\\\/' : '';
    return `(?:${c.replace(SPECIAL, '\\$&')}|${escaped}${slash})`;
  });
  return new RegExp(alternatives.join(''), 'g');
}
