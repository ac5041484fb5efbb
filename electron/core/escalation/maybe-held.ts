// A booking whose answer was lost (no answer in time, a proxy's 504 after ntfy stored it) may be held on the server
// (issue 50, round 3): it is "outcome unknown", never "not booked". Before, it was treated as not sent: "I'm on it"
// sent no DELETE and the phone rang 2 min after the ack, and at T+N the app sent the alert itself as well (5 and 25
// deliveries). Now each is kept on disk (`maybe` in escalations.json), cancelled on acknowledgement or hand-off as a
// booked one is (DELETE is idempotent; tried again each minute while the server is slow), never sent by the app
// itself at its time (the server may deliver it), and said in readiness until it is confirmed or cancelled.
import { NOT_WANTED } from './http';
import type { Missed } from './missed';
import type { EscalationState } from './record-store';
import type { Outcome, PhoneAlert, PhoneProvider } from './types';

/** Why a booking may be held, as it happened ("the server answered 500", "no answer in time", "could not connect
 *  (ECONNRESET)": http.ts words each once); read back after a restart, its answer is known lost, its cause not.
 *  Before, every such booking was said as "the phone service didn't answer in time", an immediate 500 too (adv50 r20). */
const LOST = 'the answer to its booking was lost before a restart';
const whenBooked = (why: string | undefined) => (why === undefined ? LOST : `${why} when its alert was booked`);
/** A booked alert that must not ring (acknowledged, handed off, muted) whose cancel failed: tried again each minute,
 *  or when the server's Retry-After ends (said with its next try where it is stated: escalator-run.ts). */
export const CANCELLING = "your phone may still ring: cancelling its booked alert hasn't gone through yet";
const mayStillRing = (why: string | undefined) =>
  `your phone may still ring: ${whenBooked(why)}, and cancelling it hasn't gone through yet (trying again)`;

type Held = NonNullable<EscalationState['maybe']>[string];

export function holdMaybe(state: EscalationState, key: string, held: Held): void {
  state.maybe = { ...state.maybe, [key]: held };
}

export function dropMaybe(state: EscalationState, key: string): void {
  if (!state.maybe?.[key]) return;
  delete state.maybe[key];
  if (Object.keys(state.maybe).length === 0) delete state.maybe;
}

export interface MaybeWorld {
  state: EscalationState;
  provider: PhoneProvider;
  nowMs: number;
  /** Acknowledged, handed off or moved: it must not ring. */
  unwanted(key: string): boolean;
  /** Answers whether it went through (and says a failure). */
  outcome(answer: Outcome, what: string): boolean;
  missed: Map<string, Missed>;
  /** A cancel's answer, for the alert booked at `atMs` (said on its own while it hasn't gone through). */
  cancelled?(key: string, atMs: number, answer: Outcome): void;
  /** Why each booking of this run may be held (its failure as it happened). */
  why: ReadonlyMap<string, string>;
}

/** Cancels each maybe-held booking that must not ring; one whose time passed may have rung: it counts as sent (the
 *  app doesn't send it again) and, while its alarm waits, readiness says the phone may not have rung. */
export async function settleMaybe(w: MaybeWorld): Promise<void> {
  for (const [key, held] of Object.entries(w.state.maybe ?? {})) {
    const unwanted = w.unwanted(key);
    if (held.atMs > w.nowMs) {
      if (!unwanted || !w.provider.cancel) continue;
      const answer = await w.provider.cancel(held.id);
      w.cancelled?.(key, held.atMs, answer);
      if (w.outcome(answer, CANCELLING)) dropMaybe(w.state, key);
      continue;
    }
    dropMaybe(w.state, key);
    w.state.sent[key] ??= held.atMs;
    if (unwanted) continue;
    w.missed.set(key, { tries: 1, nextMs: Infinity, error: whenBooked(w.why.get(key)), unknown: true });
    w.state.unsure = { ...w.state.unsure, [key]: held.atMs };
  }
}

/** Readiness of what is maybe held now: one still to cancel (the phone may ring after an ack), one not known to be
 *  booked. */
export function maybeProblems(
  state: EscalationState,
  nowMs: number,
  unwanted: (key: string) => boolean,
  why: ReadonlyMap<string, string>,
): { stillRing?: string; unbooked?: string } {
  const ahead = Object.entries(state.maybe ?? {}).filter(([, h]) => h.atMs > nowMs);
  const ringing = ahead.find(([key]) => unwanted(key));
  const unbooked = ahead.find(([key]) => !unwanted(key));
  return {
    ...(ringing ? { stillRing: mayStillRing(why.get(ringing[0])) } : {}),
    ...(unbooked ? { unbooked: `${NOT_BOOKED}: ${why.get(unbooked[0]) ?? LOST}` } : {}),
  };
}

export const NOT_BOOKED = 'the phone alert may not be booked';

export interface BookWorld {
  state: EscalationState;
  provider: PhoneProvider;
  outcome(answer: Outcome, what: string): boolean;
  /** Keys booked (answered) by this run. */
  confirmed: Set<string>;
  /** Keys whose booking failed, with the failure: never said "booked" then. */
  failed: Map<string, string>;
  /** The server refused the booking for good (a 4xx but 408/429), with its reason. */
  refused?: (error: string) => void;
  /** Why each booking may be held (set with it, let go once it is confirmed). */
  why: Map<string, string>;
}

/** Books (or re-books, the same id replacing it) one alert. An answer lost is a booking maybe held; one no longer
 *  made because its time came too close for ntfy (NOT_WANTED) leaves what is held as it is: a booking held rings,
 *  and with none the alert is sent at its time. */
export async function bookHeld(w: BookWorld, key: string, alert: PhoneAlert, dueMs: number): Promise<void> {
  const answer = w.provider.book ? await w.provider.book(alert, dueMs) : { ok: false as const, error: NOT_WANTED };
  const held = {
    id: alert.id,
    atMs: dueMs,
    ch: w.provider.channel,
    ...(w.provider.host ? { srv: w.provider.host } : {}),
  };
  if (answer.ok) {
    w.outcome(answer, '');
    w.state.booked[key] = held;
    dropMaybe(w.state, key);
    w.confirmed.add(key);
    w.failed.delete(key);
    w.why.delete(key);
    return;
  }
  if (answer.unknown && answer.error !== NOT_WANTED) w.why.set(key, answer.error);
  if (answer.unknown) holdMaybe(w.state, key, held);
  if (answer.error === NOT_WANTED) return;
  if (answer.refused) w.refused?.(answer.error);
  w.outcome(answer, 'booking the phone alert');
  w.failed.set(key, answer.error);
}
