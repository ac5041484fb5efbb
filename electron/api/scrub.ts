// Keeps the API key out of text that came from the server (error bodies can echo request headers back).
// Error text is cut short for display, so a key straddling the cut would survive a plain search as a prefix
// ("ocs_SECRET_CA…"): error bodies are scrubbed before they are cut, and a long key prefix left at the end of
// an already-cut text is removed as well.
import type { TransportOutcome } from './http';

export const REDACTED = '[redacted]';
/** Shorter keys are not searched for: replacing every "abc" would mangle text and protect nothing. */
const MIN_KEY_LENGTH = 4;
/** A key prefix this long at a cut is treated as the key; shorter ones are too likely to be ordinary words. */
export const MIN_PREFIX_LENGTH = 6;
const ELLIPSIS = '…';

function withoutCutPrefix(text: string, key: string): string {
  const body = text.endsWith(ELLIPSIS) ? text.slice(0, -ELLIPSIS.length) : text;
  for (let n = Math.min(key.length - 1, body.length); n >= MIN_PREFIX_LENGTH; n--) {
    if (body.endsWith(key.slice(0, n))) return body.slice(0, body.length - n) + REDACTED + text.slice(body.length);
  }
  return text;
}

/** `text` with every copy of `key`, and a key prefix of 6+ characters left at its end by a cut, redacted. */
export function scrubSecret(text: string, key: string): string {
  if (key.length < MIN_KEY_LENGTH) return text;
  return withoutCutPrefix(text.split(key).join(REDACTED), key);
}

/** An error answer with the key scrubbed from its body, before anything reads or shortens it. */
export function scrubErrorBody(outcome: TransportOutcome, key: string): TransportOutcome {
  // Success bodies are data, parsed as JSON; only error bodies become text shown to the user.
  if (outcome.kind !== 'response' || (outcome.status >= 200 && outcome.status < 300)) return outcome;
  return { ...outcome, body: scrubSecret(outcome.body, key) };
}
