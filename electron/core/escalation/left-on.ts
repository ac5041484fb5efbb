// What a phone channel no longer used still holds (issue 50): Off, New topic, another ntfy server or other Pushover
// keys replace the escalator, but the alerts booked on the old topic would still ring there — after an "I'm on it",
// while the app says nothing is armed. So each booking and receipt on disk names its channel (a hash, no secret);
// whatever names another channel than the one in use is moved to `leftOn`, cancelled there with that channel's keys
// (kept in the keychain until nothing is left on it), and let go. A cancel that fails stays a readiness problem
// saying the old channel may still ring, and is tried again. An alert sent on the channel in use that repeats
// (Pushover's emergency) and could not be stopped on "I'm on it" or a hand-off is kept here too, until its repeats end.
import { PUSHOVER_EXPIRE_S } from './pushover';
import { AWAIT_ACK_MS } from './escalator-run';
import { alertIdOf, type EscalationState, type LeftOn } from './record-store';
import type { PhoneProvider } from './types';

/** Moves what is booked (or may be) or sent (a receipt) on another channel than `channel` to `leftOn`; an entry written before
 *  channels were kept is taken as the channel in use. Answers how many entries of unknown place were let go; the keys
 *  of sent alerts that repeat (Pushover's emergency), now to be stopped there, are added to `stopped`. */
export function adoptLeftOn(
  state: EscalationState,
  channel: string | undefined,
  nowMs: number,
  stopped: string[] = [],
): number {
  const left: LeftOn[] = [...(state.leftOn ?? [])];
  let unknown = 0;
  // A booking whose answer was lost (`maybe`) may be held there as well: cancelled there the same way.
  for (const held of [state.booked, state.maybe ?? {}])
    for (const [key, b] of Object.entries(held)) {
      const ch = b.ch ?? channel;
      if (ch !== undefined && ch === channel) {
        b.ch = ch;
        continue;
      }
      delete held[key];
      if (ch === undefined) unknown++;
      else if (b.atMs <= nowMs && held === state.booked) {
        // Delivered there (adv50 r13 #1): it rang, and its answer is read there.
        state.sent[key] ??= b.atMs;
        (state.sentOn ??= {})[key] = ch;
      } else if (b.atMs > nowMs) left.push({ key, atMs: b.atMs, ch, ...(b.srv ? { srv: b.srv } : {}) });
    }
  // An alert delivered on the channel left is not cancelled (the phone's only alert may be that one): its "I'm on it"
  // is read there, with that channel's keys, until its answer window ends (escalator-acks.ts).
  for (const [key, ch] of Object.entries(state.sentOn ?? {})) {
    if (ch === channel) continue;
    delete state.sentOn?.[key];
    const untilMs = (state.sent[key] ?? 0) + AWAIT_ACK_MS;
    if (untilMs > nowMs && !left.some((e) => e.key === key && e.ch === ch && e.ack))
      left.push({ key, atMs: untilMs, ch, ack: true });
  }
  if (state.sentOn && Object.keys(state.sentOn).length === 0) delete state.sentOn;
  for (const [key, r] of Object.entries(state.receipts ?? {})) {
    if (r.ch === channel) continue;
    delete state.receipts?.[key];
    const untilMs = (state.sent[key] ?? nowMs) + PUSHOVER_EXPIRE_S * 1000;
    if (untilMs > nowMs) left.push({ key, atMs: untilMs, ch: r.ch, receipt: r.receipt });
    stopped.push(key);
  }
  // One whose answer was lost (no receipt) is stopped there by its tag, with that channel's keys too: before, the
  // laptop's ack sent that cancel with the new keys (adv50 r12 #1).
  for (const [key, u] of Object.entries(state.unreceipted ?? {})) {
    if (u.ch === channel) continue;
    delete state.unreceipted?.[key];
    if (u.untilMs > nowMs) left.push({ key, atMs: u.untilMs, ch: u.ch });
    stopped.push(key);
  }
  if (state.unreceipted && Object.keys(state.unreceipted).length === 0) delete state.unreceipted;
  if (left.length > 0) state.leftOn = left;
  else delete state.leftOn;
  return unknown;
}

/** Cancels what is left on other channels; answers the problems (worded without secrets) of what may still ring. */
export async function settleLeftOn(
  state: EscalationState,
  nowMs: number,
  providerOf: (channel: string) => PhoneProvider | undefined,
  current?: string,
): Promise<string[]> {
  const problems: string[] = [];
  const keep: LeftOn[] = [];
  for (const e of state.leftOn ?? []) {
    if (e.atMs <= nowMs) continue;
    if (e.ack) {
      keep.push(e);
      continue;
    }
    const p = providerOf(e.ch);
    if (!p?.cancel) {
      keep.push(e);
      // Named by its server when the booking kept it (adv52 r12 #1): the keys for it are no longer kept.
      problems.push(
        e.srv
          ? `your phone may still ring from ${e.srv} (a server no longer set up): its alert booked there can't be cancelled, as the app no longer has that server's topic`
          : "an alert booked on a phone channel no longer set up may still ring there: it can't be cancelled",
      );
      continue;
    }
    const answer = await p.cancel(alertIdOf(e.key), e.receipt);
    if (answer.ok) continue;
    keep.push(e);
    // On the channel in use: an alert sent that repeats (Pushover's emergency), its cancel on "I'm on it" or a
    // hand-off not through yet (escalator.ts, stopSent).
    problems.push(
      e.ch === current
        ? `your phone may still ring: stopping its alert hasn't gone through yet (${answer.error}; trying again)`
        : e.srv
          ? `cancelling the alert booked on ${e.srv} (the server used before): ${answer.error}; your phone may still ring from ${e.srv}`
          : `cancelling the alert left on the old phone channel: ${answer.error}; your phone may still ring there`,
    );
  }
  if (keep.length > 0) state.leftOn = keep;
  else delete state.leftOn;
  return problems;
}

/** The channels something is still left on. */
export const channelsLeft = (state: EscalationState): Set<string> => new Set((state.leftOn ?? []).map((e) => e.ch));
