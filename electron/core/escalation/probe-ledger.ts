// What the app itself has published to one ntfy channel, kept with the channel's Retry-After wait (rate-gate.ts):
// the answer stream's probes (ntfy-probe.ts) are spaced by the app, not by the stream. Before, each new stream
// restarted its probe timer, so a proxy cutting streams every 30 s got a probe each 31 s (adv50 r32: 229 published
// messages in 2 h) and spent ntfy.sh's daily message quota (250 a visitor, docs/publish.md "Limitations"): the next
// re-booking of the dead-man alert was refused with a 429. Now: one probe per PROBE_EVERY_MS per channel across
// reconnects and restarts, at most PROBE_DAY_MAX a day, and none once the app's own publishes of the day reach
// PUBLISH_PROBE_STOP, so the user's bookings, re-bookings and tests keep the rest of the quota.

/** 12 hours of 10-min probes (a long shift): 29 % of ntfy.sh's 250, whatever the stream does. */
export const PROBE_DAY_MAX = 72;
/** No probe once the app published this many messages in the day: the last 100 of ntfy.sh's 250 are kept for the
 *  user's own messages (a day's bookings, re-bookings and Send tests are a handful; 100 leaves room for retries). */
export const PUBLISH_PROBE_STOP = 150;
const DAY_MS = 24 * 60 * 60_000;

export interface ProbeLedger {
  /** When the app last published a probe to this channel; undefined: none known. */
  probedMs?: number | undefined;
  /** The UTC day (its midnight) the counts are of. */
  dayMs?: number | undefined;
  /** Messages the app published that day (every POST that may have landed: one the server answered with a refusal
   *  stored nothing), probes among them. */
  published: number;
  probes: number;
  /** The last probe the server didn't take (a 503, a 429, no connection), when and why, worded for a person. In
   *  memory only: nothing vouches for the stream until a probe is taken and heard (a restart probes afresh). */
  refused?: { atMs: number; why: string } | undefined;
  /** Called after each change (rate-gate-store.ts writes it to phone-waits.json, so a restart keeps the spacing). */
  readonly changed?: () => void;
}

export const probeLedger = (): ProbeLedger => ({ published: 0, probes: 0 });

/** The ledger as it holds at `nowMs`: a time ahead of the clock (a clock set back, a file edited) is no fact and is
 *  dropped; counts of another day start over (ntfy.sh's quota is a day's). */
export function ledgerAt(l: ProbeLedger, nowMs: number): ProbeLedger {
  if (l.probedMs !== undefined && l.probedMs > nowMs) l.probedMs = undefined;
  // A refusal stays one (nothing vouches for the stream), its time no later than now: the spacing stays 10 min.
  if (l.refused && l.refused.atMs > nowMs) l.refused = { ...l.refused, atMs: nowMs };
  const day = nowMs - (nowMs % DAY_MS);
  if (l.dayMs !== day) {
    l.dayMs = day;
    l.published = 0;
    l.probes = 0;
  }
  return l;
}

/** A message the app publishes (a booking, an alert, a test, a probe). */
export function countPublish(l: ProbeLedger, nowMs: number): void {
  ledgerAt(l, nowMs).published++;
  l.changed?.();
}

/** How long from `nowMs` before the next probe may go (`firstMs`: the least wait), or undefined: none today. */
export function probeWaitMs(l: ProbeLedger, nowMs: number, everyMs: number, firstMs: number): number | undefined {
  const now = ledgerAt(l, nowMs);
  if (now.probes >= PROBE_DAY_MAX || now.published >= PUBLISH_PROBE_STOP) return undefined;
  return Math.max(firstMs, lastTriedMs(now) + everyMs - nowMs);
}

/** When the last probe was tried, taken or not: tries are spaced alike, so a server that refuses them isn't asked
 *  again at each reconnect. */
export const lastTriedMs = (l: ProbeLedger): number => Math.max(l.probedMs ?? -Infinity, l.refused?.atMs ?? -Infinity);

/** A probe about to be published at `nowMs`; returns the undo for one the server then refuses. */
export function countProbe(l: ProbeLedger, nowMs: number): () => void {
  const before = { probedMs: l.probedMs, dayMs: ledgerAt(l, nowMs).dayMs };
  l.probes++;
  l.probedMs = nowMs;
  l.changed?.();
  return () => {
    // A probe refused unstored (a 503, a 429, no connection) is no message of the day's: the allowance is unspent.
    if (l.dayMs === before.dayMs) l.probes = Math.max(0, l.probes - 1);
    l.probedMs = before.probedMs;
    l.changed?.();
  };
}
