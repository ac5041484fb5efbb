// The ntfy topic is the only thing between a stranger and my phone (anyone who knows it can read and post): the app
// makes it (≥ 24 random characters), refuses short or odd ones, and never writes it anywhere but the keychain.
import { createHash, randomBytes } from 'node:crypto';
import { addressPieces } from './address-pieces';
import type { HttpSend } from './http';
import { MAX_TOPIC_LENGTH } from '../../shared/phone-defaults';

export { MAX_TOPIC_LENGTH };

export const MIN_TOPIC_LENGTH = 24;

/** "oncall-" and 26 characters of a 32-letter alphabet (130 random bits). */
export function generateTopic(bytes: (n: number) => Uint8Array = randomBytes): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  const out = [...bytes(26)].map((b) => alphabet[b % alphabet.length] ?? 'a').join('');
  return `oncall-${out}`;
}

/** Why a topic (or token) is refused, or undefined when it is fine. Never echoes the value. `maxLength`: a topic's
 *  (ntfy answers 404 for a longer one, so every booking would fail). */
export function secretProblem(value: string, what: string, maxLength = Infinity): string | undefined {
  if (value.length < MIN_TOPIC_LENGTH) return `${what} is too short (at least ${MIN_TOPIC_LENGTH} characters)`;
  if (value.length > maxLength) return `${what} is longer than ntfy takes (at most ${maxLength} characters)`;
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return `${what} may hold only letters, digits, - and _`;
  return undefined;
}

const escaped = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Removes every secret from a text (an error message from a server or the network may quote the URL). A secret that
 *  is a web address is removed piece by piece too (address-pieces.ts), longest first so a run goes whole; in any
 *  letter case, since a server may fold it. */
export function redact(text: string, secrets: readonly string[]): string {
  const pieces = secrets.flatMap((s) => addressPieces(s) ?? [s, encodeURIComponent(s)]).filter((s) => s.length > 0);
  const longestFirst = [...new Set(pieces)].sort((a, b) => b.length - a.length);
  return longestFirst.reduce((t, s) => t.replace(new RegExp(escaped(s), 'gi'), '•••'), text);
}

/** A web address's user info (`https://user:pass@`) and its query and fragment (where keys ride). */
const URL_USERINFO = /(https?:\/\/)[^\s"'/@?#]*@/gi;
const URL_TAIL = /(https?:\/\/[^\s"'?#]*)[?#][^\s"']*/gi;

/** What a server answered, with every secret of its channel removed and any web address's credentials and query
 *  dropped: the one redaction of a provider's answer (a refusal reason shown in readiness and by Send test, a log). */
export function redactAnswer(text: string, secrets: readonly string[]): string {
  return redact(text, secrets).replace(URL_USERINFO, '$1•••@').replace(URL_TAIL, '$1');
}

/** The parts of an address that are secret besides the whole (a server may echo any part beyond the host). */
export const urlSecrets = (url: string): string[] => addressPieces(url) ?? [url];

/** Every answer that is not a success reaches the provider with the channel's secrets removed (redactAnswer): before
 *  its reason is parsed and cut to length, so a secret cut in two never shows its first half (fix50m #2: a server
 *  echoing the token in a 401 put it in readiness). A success is left as is (it is parsed, never shown). */
export function redactingSend(send: HttpSend, secrets: readonly string[]): HttpSend {
  return async (req, timeoutMs) => {
    const res = await send(req, timeoutMs);
    return res.status >= 200 && res.status < 300 ? res : { ...res, text: redactAnswer(res.text, secrets) };
  };
}

/** A name for where bookings live (ntfy's server and topic, Pushover's app and user) that holds no secret: a hash,
 *  safe on disk. */
export function channelIdOf(parts: readonly string[]): string {
  return `ch${createHash('sha256').update(parts.join('\n')).digest('base64url').replace(/[-_]/g, '').slice(0, 16)}`;
}
export const CHANNEL_ID_PATTERN = /^ch[A-Za-z0-9]{16}$/;
