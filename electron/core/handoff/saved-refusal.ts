// A refused item's reason kept in the saved hand-off (issue 48: the service's words after the app's own sentence, in
// every flow, resume after a restart included). The file is a claim (issue 52), so the reason is used only when it
// reads exactly as the app words a refusal: one of the app's own sentences (api/error-mapping.ts; a 403 naming the
// keys of the accounts set up now: actions/refused-key.ts), then at most the
// service's words in the one format every refusal uses, bounded as the API edge bounds them. Anything else (damaged,
// oversized, another sentence, controls that could make it read as something else) is dropped, and the item says
// what the app says of a saved refusal without its reason (store-claims.ts REFUSED_UNCHECKED).
import type { HandoffItem } from '../../shared/handoff';
import { REFUSAL_SENTENCES, rejectedSentence, SERVER_MESSAGE_MAX_CHARS } from '../../api/error-mapping';
import { noneAllowedSentence, refusedSentence } from '../actions/refused-key';

/** The service's words as the API edge keeps them: one line, no controls, at most SERVER_MESSAGE_MAX_CHARS. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const SAID_OPEN = ' The service said: “';
const SAID_CLOSE = '”';

/** Every 4xx the app words as "The service rejected the request (HTTP n).": 400–499 but those with their own. */
const REJECTED = new Set(
  Array.from({ length: 100 }, (_, i) => 400 + i)
    .filter((s) => s !== 401 && s !== 403 && s !== 404 && s !== 429)
    .map(rejectedSentence),
);
const SENTENCES: readonly string[] = [...Object.values(REFUSAL_SENTENCES), ...REJECTED];

/** The service's words as tidy() at the API edge leaves them: trimmed, no runs of spaces, no controls, bounded. */
function wordsHold(words: string): boolean {
  return (
    words !== '' &&
    [...words].length <= SERVER_MESSAGE_MAX_CHARS &&
    words === words.trim() &&
    !/\s{2}/u.test(words) &&
    !CONTROL.test(words)
  );
}

/** A field problem as the override's refusal places it (actions/override-refusal.ts): a field of the form, then the
 *  service's phrase. One without a field the form has would read in the app's voice, so it is not taken. */
const PLACED = /^(?:Who covers|Start|End|Person \d{1,2} \([^\s()]{1,254}\)): (.+)$/u;
const SUMMARY_OPEN = 'The service said: “';
/** At most the problems the API edge keeps (20), each a label and the service's bounded phrase. */
const MAX_PROBLEMS = 20;
const MAX_TOLD = (MAX_PROBLEMS + 1) * (2 * SERVER_MESSAGE_MAX_CHARS + 300);

/** "The service said: “…” Person 1 (bob@…): is on leave that day; Start: …." (the refusal's `told`), else false.
 *  A phrase or summary holding the separators the app puts between them reads as damaged: dropped, never guessed. */
function placedHolds(told: string): boolean {
  if (told.length > MAX_TOLD || !told.endsWith('.')) return false;
  let listed = told.slice(0, -1);
  if (listed.startsWith(SUMMARY_OPEN)) {
    const close = listed.indexOf(`${SAID_CLOSE} `);
    if (close < 0 || !wordsHold(listed.slice(SUMMARY_OPEN.length, close))) return false;
    listed = listed.slice(close + SAID_CLOSE.length + 1);
  }
  const parts = listed.split('; ');
  return parts.length <= MAX_PROBLEMS && parts.every((p) => wordsHold(PLACED.exec(p)?.[1] ?? ''));
}

/** The app's own sentence a reason opens with, among those it makes for these keys (refused-key.ts): a 403 naming
 *  one key, or every key tried ("Neither One’s nor Two’s key …", in the order they were asked, each once). */
function ownSentence(sentence: string, keys: readonly string[]): boolean {
  if (SENTENCES.includes(sentence) || keys.some((k) => refusedSentence(k) === sentence)) return true;
  // The keys it names, in the order it names them (a label inside another's reads as neither: dropped, never guessed).
  const at = (k: string) => sentence.indexOf(k.slice(0, -' key'.length));
  const named = keys.filter((k) => at(k) >= 0).sort((x, y) => at(x) - at(y));
  return named.length > 1 && noneAllowedSentence(named) === sentence;
}

/** The reason when it reads as the app words a refusal; undefined for anything else. `keys`: the accounts' keys as
 *  the engine names them now ("One’s key"), when several are set up. */
export function checkedReason(reason: string, keys: readonly string[] = []): string | undefined {
  if (placedHolds(reason)) return reason;
  const longest = [...SENTENCES, noneAllowedSentence(keys)].reduce((n, s) => Math.max(n, s.length), 0);
  // Bounded first, so a huge value is never searched.
  if (reason.length > longest + SAID_OPEN.length + 2 * SERVER_MESSAGE_MAX_CHARS) return undefined;
  const open = reason.indexOf(SAID_OPEN);
  const sentence = open < 0 ? reason : reason.slice(0, open);
  if (!ownSentence(sentence, keys)) return undefined;
  if (reason === sentence) return reason;
  const rest = reason.slice(sentence.length + SAID_OPEN.length);
  if (!rest.endsWith(SAID_CLOSE)) return undefined;
  return wordsHold(rest.slice(0, -SAID_CLOSE.length)) ? reason : undefined;
}

/** What a saved refused item said after "Refused:" (its own words, else its message), checked as above. Any other
 *  state carries no saved reason: what it says is worded again when it is looked at or sent. */
export function savedReason(item: HandoffItem, keys: readonly string[] = []): string | undefined {
  if (item.state !== 'refused') return undefined;
  return checkedReason(item.refusal ?? item.message, keys);
}
