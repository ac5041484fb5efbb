// The ntfy topic is the only thing between a stranger and my phone (anyone who knows it can read and post): the app
// makes it (≥ 24 random characters), refuses short or odd ones, and never writes it anywhere but the keychain.
import { createHash, randomBytes } from 'node:crypto';

export const MIN_TOPIC_LENGTH = 24;

/** "oncall-" and 26 characters of a 32-letter alphabet (130 random bits). */
export function generateTopic(bytes: (n: number) => Uint8Array = randomBytes): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  const out = [...bytes(26)].map((b) => alphabet[b % alphabet.length] ?? 'a').join('');
  return `oncall-${out}`;
}

/** Why a topic (or token) is refused, or undefined when it is fine. Never echoes the value. */
export function secretProblem(value: string, what: string): string | undefined {
  if (value.length < MIN_TOPIC_LENGTH) return `${what} is too short (at least ${MIN_TOPIC_LENGTH} characters)`;
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return `${what} may hold only letters, digits, - and _`;
  return undefined;
}

/** Removes every secret from a text (an error message from a server or the network may quote the URL). */
export function redact(text: string, secrets: readonly string[]): string {
  return secrets.filter((s) => s.length > 0).reduce((t, s) => t.split(s).join('•••'), text);
}

/** A name for where bookings live (ntfy's server and topic, Pushover's app and user) that holds no secret: a hash,
 *  safe on disk. */
export function channelIdOf(parts: readonly string[]): string {
  return `ch${createHash('sha256').update(parts.join('\n')).digest('base64url').replace(/[-_]/g, '').slice(0, 16)}`;
}
export const CHANNEL_ID_PATTERN = /^ch[A-Za-z0-9]{16}$/;
