// Keeps the API key out of text that came from the server: error bodies can echo request headers back, and a hostile
// or broken service can put them in names and reasons too. A piece of the key is as good as a leak (it narrows the
// search, and it is what we would show), so every run of 8 or more of its characters is redacted, also when the run
// is split by whitespace, line breaks, zero-width or other invisible characters, or written in another case.
// Text is scrubbed before it is cut for display; a shorter key prefix left at the end of an already-cut text is
// removed as well.

export const REDACTED = '[redacted]';
/** This many characters of the key in a row are a piece of it; fewer are too likely to be ordinary text. */
export const MIN_PIECE_LENGTH = 8;
/** Shorter keys are not searched for: replacing every "abc" would mangle text and protect nothing. */
const MIN_KEY_LENGTH = 4;
/** A key prefix this long at a cut is treated as the key; shorter ones are too likely to be ordinary words. */
export const MIN_PREFIX_LENGTH = 6;
const ELLIPSIS = '…';

/** Characters a reader does not see as breaking a run: whitespace, line breaks, format (zero-width, bidi), control and combining marks. */
const INVISIBLE = /^[\s\p{Cf}\p{Cc}\p{M}]$/u;
/** Base of the rolling hash that finds candidate pieces without building a string per character. */
const BASE = 131;

export type Scrubber = (text: string) => string;

/** ASCII letters folded to lower case (the key is printable ASCII, so nothing else can match it). */
function fold(code: number): number {
  return code >= 65 && code <= 90 ? code + 32 : code;
}

function invisible(text: string, i: number, code: number): boolean {
  if (code < 0x80) return code <= 0x20 || code === 0x7f;
  return INVISIBLE.test(text.charAt(i));
}

interface Pieces {
  size: number;
  /** Which folded ASCII codes occur in the key: any other visible character ends a run. */
  inKey: Uint8Array;
  hashes: ReadonlySet<number>;
  strings: ReadonlySet<string>;
  /** BASE^(size-1): the share of the oldest code in the rolling hash. */
  drop: number;
  /** The last `size` codes of the run and where they were, reused by every call (the scan is synchronous). */
  codes: Uint16Array;
  at: Uint32Array;
}

function hashOf(codes: readonly number[]): number {
  return codes.reduce((h, c) => (Math.imul(h, BASE) + c) >>> 0, 0);
}

function piecesOf(folded: readonly number[], size: number): Pieces {
  const inKey = new Uint8Array(128);
  for (const c of folded) inKey[c] = 1;
  const hashes = new Set<number>();
  const strings = new Set<string>();
  for (let i = 0; i + size <= folded.length; i++) {
    const piece = folded.slice(i, i + size);
    hashes.add(hashOf(piece));
    strings.add(String.fromCharCode(...piece));
  }
  let drop = 1;
  for (let i = 1; i < size; i++) drop = Math.imul(drop, BASE) >>> 0;
  return { size, inKey, hashes, strings, drop, codes: new Uint16Array(size), at: new Uint32Array(size) };
}

/** [start, end] (inclusive, in code units of `text`) of every run of visible characters that is a piece of the key. */
function pieceSpans(text: string, p: Pieces): Array<[number, number]> {
  const { size, codes, at, drop } = p;
  const spans: Array<[number, number]> = [];
  let run = 0;
  let hash = 0;
  for (let i = 0; i < text.length; i++) {
    const raw = text.charCodeAt(i);
    if (invisible(text, i, raw)) continue;
    const code = fold(raw);
    if (code >= 128 || p.inKey[code] !== 1) {
      run = 0;
      hash = 0;
      continue;
    }
    const slot = run % size;
    // The oldest code leaves the window once it is full; the rolling hash drops its share.
    if (run >= size) hash = (hash - Math.imul(codes[slot] ?? 0, drop)) >>> 0;
    hash = (Math.imul(hash, BASE) + code) >>> 0;
    codes[slot] = code;
    at[slot] = i;
    run += 1;
    if (run < size || !p.hashes.has(hash)) continue;
    const first = run % size;
    const window = Array.from({ length: size }, (_, k) => codes[(first + k) % size] ?? 0);
    if (!p.strings.has(String.fromCharCode(...window))) continue;
    const start = at[first] ?? i;
    const last = spans[spans.length - 1];
    // Overlapping windows are one longer run: it becomes one marker.
    if (last && start <= last[1] + 1) last[1] = i;
    else spans.push([start, i]);
  }
  return spans;
}

function redact(text: string, spans: ReadonlyArray<[number, number]>): string {
  let out = '';
  let from = 0;
  for (const [start, end] of spans) {
    out += text.slice(from, start) + REDACTED;
    from = end + 1;
  }
  return out + text.slice(from);
}

function withoutCutPrefix(text: string, key: string): string {
  const body = text.endsWith(ELLIPSIS) ? text.slice(0, -ELLIPSIS.length) : text;
  for (let n = Math.min(key.length - 1, body.length); n >= MIN_PREFIX_LENGTH; n--) {
    if (body.endsWith(key.slice(0, n))) return body.slice(0, body.length - n) + REDACTED + text.slice(body.length);
  }
  return text;
}

/** A scrubber for one key, its pieces worked out once (a client scrubs every string of every answer with it). */
export function secretScrubber(key: string): Scrubber {
  if (key.length < MIN_KEY_LENGTH) return (text) => text;
  const folded = Array.from(key, (unit) => fold(unit.charCodeAt(0)));
  const pieces = piecesOf(folded, Math.min(MIN_PIECE_LENGTH, key.length));
  return (text) => {
    const spans = pieceSpans(text, pieces);
    return withoutCutPrefix(spans.length === 0 ? text : redact(text, spans), key);
  };
}

/** `text` with every piece of `key` redacted (see secretScrubber). */
export function scrubSecret(text: string, key: string): string {
  return secretScrubber(key)(text);
}

/** A parsed JSON value with every string in it (object keys too) scrubbed; numbers, booleans and null as they were. */
export function scrubJson(value: unknown, clean: Scrubber): unknown {
  if (typeof value === 'string') return clean(value);
  if (Array.isArray(value)) return value.map((item) => scrubJson(item, clean));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [clean(name), scrubJson(item, clean)]));
  }
  return value;
}
