// A stream that gets ntfy's keepalives proves only that the connection lives, not that published messages reach it:
// a subscription pinned to an instance or proxy that no longer gets the topic's messages keeps sending keepalives
// while the phone's "I'm on it" never comes (adv50 r30 #1: a tap at 10:30 went unheard for the rest of the shift).
// So while the stream listens, the app publishes a small probe message to its own `-ack` topic (docs/publish.md:
// a POST to the topic is delivered to every open subscription of it) soon after the stream opens and every
// PROBE_EVERY_MS after, and expects it on the stream within PROBE_WAIT_MS. One not heard: the stream is deaf and the
// watcher polls instead. The probe is cached like any message (docs/publish.md "Message caching"), so its id stays a
// valid `since=` for the next read; its text is no "ack …" line, so it acknowledges nothing. Every 10 min keeps it
// at 48 messages over an 8-hour shift, well under ntfy.sh's 250 a day (docs/publish.md "Limitations"). The spacing
// is the channel's (probe-ledger.ts), not the stream's: a stream opened within 10 min of the last probe waits for the
// rest of the 10 min (a probe that came back that recently already showed the path carries messages), so streams cut
// every 30 s by a proxy publish no more than a healthy one (adv50 r32).
import type { Clock } from '../ports';
import { countProbe, lastTriedMs, ledgerAt, probeLedger, probeWaitMs, type ProbeLedger } from './probe-ledger';

export const PROBE_FIRST_MS = 1_000;
export const PROBE_EVERY_MS = 10 * 60_000;
/** A message published reaches open subscriptions at once: one not heard by then isn't coming on this stream. */
export const PROBE_WAIT_MS = 10_000;

export interface ProbeOptions {
  clock: Clock;
  /** Publishes `text` to the -ack topic: true once the server took it; else why not, worded for a person, and
   *  whether it may have landed all the same (a failure proves nothing about the stream). */
  probe?: (text: string) => Promise<ProbeSent>;
  random?: () => number;
  /** The channel's probes and publishes, across streams and restarts (none: this stream's own). */
  ledger?: ProbeLedger;
}

export type ProbeSent = true | { why: string; unknown?: boolean };

export interface Probes {
  /** A message's text heard on the stream. */
  heard(message: string): void;
  stop(): void;
}

/** Probes the stream from now until stopped; `deaf`: a probe published was not heard within PROBE_WAIT_MS;
 *  `unchecked(true)`: a probe is due but none may go today (the cap, the publish stop), so nothing vouches for the
 *  stream any more (adv50 r34: a deaf one then hid a tap for the rest of the shift); `unchecked(true, why)`: the
 *  server didn't take the last probe (adv50 r36: probes refused with a 503 hid a tap for the rest of the shift),
 *  the same as none possible; `unchecked(false)`: one published since was heard. */
export function probeStream(
  o: ProbeOptions,
  deaf: () => void,
  unchecked?: (on: boolean, why?: string) => void,
): Probes {
  const { probe } = o;
  if (!probe) return { heard: () => undefined, stop: () => undefined };
  let stopped = false;
  let awaited: string | undefined;
  let cancel: () => void = () => undefined;
  const ledger = o.ledger ?? probeLedger();
  /** The next probe at the channel's spacing from the last one (at least `firstMs` away); none allowed today: the
   *  stream is unchecked once one would be due, and looked at again in PROBE_EVERY_MS (the day may have turned). */
  const after = (firstMs: number) => {
    cancel();
    const nowMs = o.clock.now();
    const waitMs = probeWaitMs(ledger, nowMs, PROBE_EVERY_MS, firstMs);
    const dueMs = Math.max(firstMs, lastTriedMs(ledgerAt(ledger, nowMs)) + PROBE_EVERY_MS - nowMs);
    const due = dueMs <= firstMs;
    if (waitMs === undefined && due) unchecked?.(true);
    const nextMs = waitMs ?? (due ? PROBE_EVERY_MS : dueMs);
    cancel = o.clock.setTimer(nextMs, () => (waitMs === undefined ? after(firstMs) : void send()));
  };
  async function send(): Promise<void> {
    const waitMs = probeWaitMs(ledger, o.clock.now(), PROBE_EVERY_MS, 0);
    if (waitMs === undefined || waitMs > 0) return after(PROBE_FIRST_MS);
    const uncount = countProbe(ledger, o.clock.now());
    const text = `probe ${Math.floor((o.random ?? Math.random)() * 1e9).toString(36)}-${o.clock.now().toString(36)}`;
    awaited = text;
    const sent = await probe?.(text).catch((): ProbeSent => ({ why: 'its check failed', unknown: true }));
    if (sent !== undefined && sent !== true) notTaken(sent, uncount);
    if (stopped) return;
    // Heard already (the stream can carry it before the POST's answer arrives): the next probe is planned.
    if (sent !== true || awaited === undefined) return ((awaited = undefined), after(PROBE_EVERY_MS));
    cancel = o.clock.setTimer(PROBE_WAIT_MS, () => {
      if (!stopped && awaited !== undefined) deaf();
    });
  }
  /** Not published (a 503, a 429, no connection): nothing vouches for the stream, as when no probe may go; one
   *  refused unstored spends none of the day's allowance; the next try keeps the spacing (probe-ledger.ts). */
  function notTaken(sent: Exclude<ProbeSent, true>, uncount: () => void): void {
    if (!sent.unknown) uncount();
    ledger.refused = { atMs: o.clock.now(), why: sent.why };
    if (!stopped) unchecked?.(true, sent.why);
  }
  // A probe refused before this stream opened still leaves it unvouched for until one is taken and heard.
  if (ledger.refused) unchecked?.(true, ledger.refused.why);
  after(PROBE_FIRST_MS);
  return {
    heard(message) {
      if (awaited === undefined || message !== awaited) return;
      awaited = undefined;
      ledger.refused = undefined;
      unchecked?.(false);
      after(PROBE_EVERY_MS);
    },
    stop() {
      stopped = true;
      cancel();
    },
  };
}
