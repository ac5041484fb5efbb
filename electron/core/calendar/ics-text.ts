// RFC 5545 content lines: TEXT escaping (3.3.11), UTC date-times (3.3.5), and folding at 75 octets (3.1) without
// splitting a UTF-8 character, joined with CRLF. Calendar apps reject or mangle files that get any of these wrong.

export const CRLF = '\r\n';
/** A content line is at most 75 octets long, not counting the line break. */
export const MAX_LINE_OCTETS = 75;

/** Longest TEXT published per field (SUMMARY, LOCATION, a calendar's name), in characters. */
export const MAX_TEXT_CHARS = 500;
/** Longest DESCRIPTION: a block's several lines of people and times. */
export const MAX_DESCRIPTION_CHARS = 4000;
/** Controls (but line breaks, kept as "\n"), bidi overrides and isolates: nothing a calendar app should render. */
const UNPUBLISHED = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/** TEXT value: backslash, semicolon and comma are escaped; any line break becomes the two characters "\n". Published
 *  text is bounded here, at the edge, whatever it came from: controls are removed and it is cut at `maxChars`. */
export function escapeText(value: string, maxChars: number = MAX_TEXT_CHARS): string {
  const chars = [...value.replace(UNPUBLISHED, '').replace(/\u2028|\u2029/g, '\n')];
  const bounded = chars.length <= maxChars ? chars.join('') : `${chars.slice(0, maxChars - 1).join('')}…`;
  return bounded
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** `20260329T070000Z`: a UTC DATE-TIME (form #2), whole seconds. */
export function utcDateTime(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

const octets = (char: string): number => Buffer.byteLength(char, 'utf8');

/** Splits one logical line into physical lines of at most 75 octets; continuations start with one space. */
export function foldLine(line: string): string[] {
  const out: string[] = [];
  let current = '';
  let size = 0;
  // for…of walks code points, so a surrogate pair (emoji) is never cut in half either.
  for (const char of line) {
    const n = octets(char);
    if (size + n > MAX_LINE_OCTETS) {
      out.push(current);
      current = ' ';
      size = 1;
    }
    current += char;
    size += n;
  }
  out.push(current);
  return out;
}

/** `NAME:value` lines, folded and joined with CRLF, ending with CRLF as the RFC requires. */
export function contentLines(lines: readonly string[]): string {
  return lines.flatMap(foldLine).join(CRLF) + CRLF;
}

/** A UID as the app makes them (hex@oncall-tray). The record read back is checked before this (published-record.ts);
 *  this is the edge's own bound: nothing that could end the line or add a parameter reaches the file. */
export function uidValue(uid: string): string {
  return uid.replace(/[^A-Za-z0-9@._-]/g, '').slice(0, 200);
}

/** A SEQUENCE as RFC 5545 reads it: a non-negative integer a calendar app can hold (32-bit). */
export function sequenceValue(sequence: number): number {
  return Number.isSafeInteger(sequence) && sequence >= 0 && sequence <= 2 ** 31 - 1 ? sequence : 0;
}
