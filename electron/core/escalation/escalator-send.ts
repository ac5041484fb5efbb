// Booking or sending the phone alert of each target (escalator.ts): booked ahead where the provider books and it is
// in reach, else sent at T+N, once; what could not go out is tried again while its alarm waits (missed.ts).
import type { AlarmTarget } from '../alarm/types';
import { isWaiting, NOT_WANTED } from './http';
import { NTFY_MIN_DELAY_MS } from './ntfy';
import { bookHeld } from './maybe-held';
import { missedAfter, type Missed } from './missed';
import { stillWaits } from './rate-gate';
import { alertIdOf } from './record-store';
import type { Outcome, PhoneProvider } from './types';
import { dropUnsent, dropUnsure } from './escalator-settle';
import { keepRefused, keepWentThrough, limited } from './escalator-refusal';
import {
  acked,
  alertOf,
  AWAIT_ACK_MS,
  BOOK_AHEAD_MS,
  dueOf,
  earlierAlertsOf,
  outcome,
  save,
  SENDING,
  statusOf,
  notePastUnrung,
  pastItsBlock,
  RETRY_AFTER_MS,
  type BookTry,
  type Run,
  unsentSaid,
} from './escalator-run';

/** Sent once: recorded first (a crash in between loses it, never doubles it); its receipt kept with it. One that
 *  could not go out is unrecorded and tried again (missed.ts), and readiness says so until it is sent. */
export async function sendNow(r: Run, provider: PhoneProvider, t: AlarmTarget, nowMs: number): Promise<void> {
  r.state.sent[t.key] = nowMs;
  await save(r);
  // Each repeat of a failed try first checks the acknowledgement and the hand-off: none is sent after either.
  const wanted = () => !r.stopped && !acked(r, t.key) && r.targets.some((x) => x.key === t.key);
  const answer = await provider.send(alertOf(t, { words: r.words }, nowMs), wanted);
  if (!answer.ok && answer.error === NOT_WANTED) return;
  outcome(r, answer, SENDING);
  if (answer.ok) {
    // Both let go (not one short-cutting the other): sent, it is neither missed nor waiting to be booked.
    // The service took these settings again: its earlier refusal no longer stands.
    const wasRefused = r.sendRefused !== undefined;
    if (wasRefused) await keepWentThrough(r);
    dropUnsent(r.state, t.key);
    const wasMissed = r.missed.delete(t.key) || wasRefused;
    if (r.bookFailed.delete(t.key) || wasMissed) r.o.changed?.(statusOf(r));
    if (answer.value !== null)
      r.state.receipts = { ...r.state.receipts, [t.key]: { receipt: answer.value, ch: provider.channel } };
    return;
  }
  // Known not sent (refused, a 4xx): unrecorded and tried again. Maybe sent (no answer in time): kept as sent.
  const unknown = answer.unknown === true;
  if (!unknown) delete r.state.sent[t.key];
  // Kept on disk: after a restart it is still said "may not have reached your phone" (before, nothing was said).
  else r.state.unsure = { ...r.state.unsure, [t.key]: nowMs };
  if (unknown && provider.repeatsMs) {
    const held = { id: alertIdOf(t.key), untilMs: nowMs + provider.repeatsMs, ch: provider.channel };
    r.state.unreceipted = { ...r.state.unreceipted, [t.key]: held };
  }
  // A quota spent (Pushover's monthly limit): refused until its reset, for every alert; said at the channel's level.
  if (answer.limitedUntilMs !== undefined) {
    await keepRefused(r, answer.error, answer.limitedUntilMs);
    r.o.changed?.(statusOf(r));
    return;
  }
  // Not made at all while the server's Retry-After runs: no try spent; the next waits for its end.
  const tries = (r.missed.get(t.key)?.tries ?? 0) + (isWaiting(answer.error) ? 0 : 1);
  const next = missedAfter(Math.max(tries, 1), nowMs, answer.error, unknown, answer.refused === true);
  if (answer.waitUntilMs !== undefined && Number.isFinite(next.nextMs))
    next.nextMs = Math.max(next.nextMs, answer.waitUntilMs);
  // One rule for every cause: no try is made from the alert's hour's end on (pruneMissed), so a next try that falls
  // there is none, never promised; a wait that outlasts the hour is said as such (adv50 r44 F2).
  if (next.nextMs >= dueOf(r, t) + AWAIT_ACK_MS) {
    next.nextMs = Infinity;
    if (answer.waitUntilMs !== undefined) next.waitPastMs = answer.waitUntilMs;
  }
  r.missed.set(t.key, next);
  keepUnsent(r.state, t.key, next, nowMs, dueOf(r, t));
  if (answer.refused === true) await keepRefused(r, answer.error);
  r.o.changed?.(statusOf(r));
}

/** What no longer waits (acknowledged, handed off, past its answer window) is not tried or said any more. */
export function pruneMissed(r: Run, nowMs: number): void {
  const open = new Set(
    r.targets.filter((t) => !acked(r, t.key) && dueOf(r, t) > nowMs - AWAIT_ACK_MS).map((t) => t.key),
  );
  let changed = false;
  // Past its hour, an alert that never went out is given up but still said while its alarm waits (unsentSaid); one
  // that may have landed too, kept on disk so a restart past the hour still says it (adv50 r44 F1).
  const said = new Set(r.targets.filter((t) => unsentSaid(r, t, nowMs)).map((t) => t.key));
  for (const key of Object.keys(r.state.unsure ?? {})) if (!open.has(key) && !said.has(key)) dropUnsure(r.state, key);
  for (const key of [...r.missed.keys(), ...r.bookFailed.keys()])
    if (!open.has(key)) {
      const m = r.missed.get(key);
      if (m && said.has(key) && Number.isFinite(m.nextMs)) r.missed.set(key, { ...m, nextMs: Infinity });
      // Its failure is no longer a problem either: nothing will be sent for it.
      else if (!said.has(key) && dropUnsent(r.state, key) && r.missed.delete(key) && r.problem?.startsWith(SENDING))
        r.problem = undefined;
      changed = r.bookFailed.delete(key) || m !== r.missed.get(key) || changed;
    }
  if (changed) r.o.changed?.(statusOf(r));
}

/** An alert known not sent is kept on disk (not one that may have landed: `unsure` keeps that): after a restart it
 *  is said under its ringing alarm as before it (unsentMissed), past its hour too (adv50 r44 F1). */
function keepUnsent(state: Run['state'], key: string, m: Missed, nowMs: number, dueMs: number): void {
  // A refusal for good is the channel's, kept and checked in phone-refusal.json (escalator-refusal.ts): not here.
  if (m.unknown || m.refused) return void dropUnsent(state, key);
  const kept = { atMs: nowMs, dueMs, error: m.error, ...(m.refused ? { refused: true } : {}) };
  state.unsent = { ...state.unsent, [key]: m.waitPastMs === undefined ? kept : { ...kept, waitPastMs: m.waitPastMs } };
}

/** A failed send waits for its next try (a clock set back since doesn't stretch it: stillWaits). */
const missedWaits = (m: Missed | undefined, nowMs: number): boolean =>
  m !== undefined && stillWaits(m.nextMs, nowMs, m.atMs);

/** A failed booking of the same alert (same time, same words) waits for its own next try: one chain per booking. */
function retryWaits(r: Run, key: string, dueMs: number, words: string, nowMs: number): boolean {
  const last = r.bookNext.get(key);
  return (
    last !== undefined && last.dueMs === dueMs && last.words === words && stillWaits(last.nextMs, nowMs, last.atMs)
  );
}

/** After a try: a booking that didn't go through (failed, or its answer lost) waits a minute from that try's end. */
function noteBookTry(r: Run, key: string, next: BookTry): void {
  if (r.bookFailed.has(key) || r.state.maybe?.[key]) r.bookNext.set(key, next);
  else r.bookNext.delete(key);
}

/** Each target not acknowledged nor sent: booked when the provider books and it is in reach, else sent when due. */
export async function bookOrSend(r: Run, provider: PhoneProvider, nowMs: number): Promise<void> {
  const { state } = r;
  for (const key of r.pastUnrung.keys()) if (!r.targets.some((t) => t.key === key)) r.pastUnrung.delete(key);
  for (const key of r.bookNext.keys()) if (!r.targets.some((t) => t.key === key)) r.bookNext.delete(key);
  for (const key of r.maybeWhy.keys()) if (!state.maybe?.[key]) r.maybeWhy.delete(key);
  // Nothing is sent while the service's monthly limit is spent (a Send test still goes: phone-send-test.ts).
  if (await limited(r, nowMs, () => r.o.changed?.(statusOf(r)))) return;
  for (const t of r.targets) {
    // Refused for good: the same request would be refused the same way (until the settings change or Send test).
    if (r.bookRefused !== undefined) return;
    // Moved earlier after its alert went out (asleep across it): that alert was this block's; none is sent again.
    const earlier = state.sent[t.key] === undefined ? earlierAlertsOf(r, t)[0] : undefined;
    if (earlier !== undefined) state.sent[t.key] = state.sent[earlier] ?? nowMs;
    const b = state.booked[t.key];
    // Not rung yet past its time (held after a wake): what is booked stands until the ring moves it (dueOf).
    if (notePastUnrung(r, t, nowMs) && b) continue;
    const dueMs = dueOf(r, t);
    if (acked(r, t.key) || state.sent[t.key] !== undefined || dueMs <= nowMs - AWAIT_ACK_MS) continue;
    if (pastItsBlock(r, t)) continue;
    if (provider.book && dueMs - nowMs >= NTFY_MIN_DELAY_MS && dueMs - nowMs <= BOOK_AHEAD_MS) {
      const alert = alertOf(t, { words: r.words }, dueMs);
      // Booked again (the same id replaces it) when its words changed too: the account naming it was muted, or the
      // computer's zone changed (its local time: adv50 r10 #3).
      const words = `${alert.title}\n${alert.body}`;
      if (b?.atMs === dueMs && r.confirmed.has(t.key) && r.bookedWords.get(t.key) === words) continue;
      if (retryWaits(r, t.key, dueMs, words, nowMs)) continue;
      const say = (answer: Outcome, what: string) => outcome(r, answer, what);
      const sets = {
        confirmed: r.confirmed,
        failed: r.bookFailed,
        refused: (e: string) => (r.bookRefused = e),
        why: r.maybeWhy,
      };
      await bookHeld({ state, provider, outcome: say, ...sets }, t.key, alert, dueMs);
      if (r.confirmed.has(t.key)) r.bookedWords.set(t.key, words);
      const endedMs = r.o.clock.now();
      noteBookTry(r, t.key, { dueMs, words, nextMs: endedMs + RETRY_AFTER_MS, atMs: endedMs });
    } else if (dueMs <= nowMs && !b && !state.maybe?.[t.key] && !missedWaits(r.missed.get(t.key), nowMs))
      await sendNow(r, provider, t, nowMs);
  }
}
