// A 403's own sentence, naming whose key the service refused when several accounts are set up (issue 48, adv48 r45
// #2): "This API key" beside a second key tried, or beside "Two’s key" asked to wait, does not say which account
// needs new rights. Every flow's write answer (form, away, take over, swap) and a saved refusal read back after a
// restart (handoff/saved-refusal.ts) word it here, so the words read back are exactly the words made.
import { REFUSAL_SENTENCES } from '../../api/error-mapping';

/** How the engine names an account's key ("One’s key": write-standing.ts keyName). */
export const keyNameOf = (label: string): string => `${label}’s key`;

/** "Two’s key is not allowed to do that."; the only account's keeps the API's own sentence. */
export function refusedSentence(key: string | undefined): string {
  return key === undefined ? REFUSAL_SENTENCES.forbidden : `${key} is not allowed to do that.`;
}

const POSSESSIVE = '’s key';
/** "One’s" from "One’s key": the keys then share one noun ("Neither One’s nor Two’s key"). */
const ownerOf = (key: string): string | undefined =>
  key.endsWith(POSSESSIVE) ? key.slice(0, -' key'.length) : undefined;

/** Every key tried refused: one sentence naming each, in the order they were asked ("Neither One’s nor Two’s key is
 *  allowed to do that."); a single key as refusedSentence. */
export function noneAllowedSentence(keys: readonly string[]): string {
  if (keys.length < 2) return refusedSentence(keys[0]);
  const owners = keys.map(ownerOf);
  const all = owners.every((o) => o !== undefined);
  return all
    ? `Neither ${owners.join(' nor ')} key is allowed to do that.`
    : `Neither ${keys.join(' nor ')} is allowed to do that.`;
}
