// The phone's "I'm on it" heard over ONE long-lived ntfy subscription (`GET <topic>-ack/json?since=…`,
// docs/subscribe/api.md "Subscribe as JSON stream"), not read every 5–10 s: over an 8-hour shift that poll made ~3,000
// requests, near the public server's per-visitor limit (docs/config.md: a bucket of 60, one more each 5 s). `since=`
// (the last message id seen, else the alarm's start) makes a reconnect lose nothing. A stream counts as working only
// once it delivered a line (ntfy sends `open` first): one that stays wordless (a buffering proxy holds the body) or
// ends empty means streaming doesn't work on this path, and the watcher polls instead (adv50 r28 #1). A stream that
// delivered resets the failures however it ends, and is opened again within about a second (adv50 r28 #2, #3);
// failed opens back off (never before a 429's Retry-After, the gate shared with bookings) and are said. On every end
// the watcher is told (onGap): it reads once at once and polls while no stream is live, so the answer still comes
// within seconds. ntfy sends a keepalive every 45 s by default (`keepalive-interval`): a stream silent for IDLE_MS, just
// past one missed keepalive, is taken as dead and replaced. Before, 2 minutes: a path that died without a FIN or RST
// (a Wi-Fi roam, a VPN, a lost NAT mapping) hid the phone's tap for up to 2 minutes (adv50 r29 #1; the read beside the
// stream while the phone may answer, escalator-stream.ts, keeps that under ~10 s).
import type { Clock } from '../ports';
import { describe } from './http';
import type { HttpStream } from './http-stream';
import { holdUntil, retryAfterUntil, waitingUntil, type RateGate } from './rate-gate';
import type { AckStream, AckWatch } from './types';
import { ackLineOf, acksOf } from './ntfy-lines';

export { ackLineOf, acksOf } from './ntfy-lines';
import { probeStream, type ProbeOptions } from './ntfy-probe';

export const IDLE_MS = 60_000;
/** ntfy sends its `open` event at once: a 2xx stream with no line by then doesn't stream through this path. */
export const OPEN_WAIT_MS = 10_000;
/** A stream that delivered yet ended sooner than SHORT_MS, SHORT_LIMIT times in a row: streaming is given up. */
export const SHORT_MS = 10_000;
const SHORT_LIMIT = 3;
export const STREAM_BACKOFF_MS = [1_000, 5_000, 15_000, 60_000, 5 * 60_000] as const;
/** A line longer than this is no answer of ours: dropped (the buffer stays bounded). */
const LINE_MAX_CHARS = 16_384;

export interface AckStreamOptions extends ProbeOptions {
  clock: Clock;
  open: HttpStream;
  gate: RateGate;
  /** The subscription's address from `since` (an id or a Unix time). */
  url: (since: string) => string;
  headers: Record<string, string>;
  /** The stream's own cursor: the last message id it saw on the -ack topic (at first where the poll read up to), or
   *  undefined. It never moves the poll's (ntfy.ts: the poll reads what the stream may have dropped). */
  cursor: { get(): string | undefined; set(id: string): void };
}

/** Reads the stream's text as it comes: its first whole line says the server opened it (`opened`); each message
 *  moves the cursor and is `heard` (a probe's); its "I'm on it" answers go to the watcher. */
function lineReader(o: AckStreamOptions, w: AckWatch, opened: () => void, heard: (message: string) => void) {
  let buf = '';
  let first = true;
  return (text: string) => {
    buf += text;
    const lines = buf.split('\n');
    buf = lines.pop() ?? '';
    if (buf.length > LINE_MAX_CHARS) buf = '';
    if (first && lines.length > 0) {
      first = false;
      opened();
    }
    const parsed = lines.map(ackLineOf);
    for (const l of parsed) if (l) heard(l.message);
    const last = parsed.filter((l) => l !== undefined).pop();
    if (last) o.cursor.set(last.id);
    const acks = acksOf(parsed, o.clock.now());
    if (acks.length > 0) w.onAcks(acks);
  };
}

/** The stream's state between connections: `live` while the current one delivered a line (the poll may rest). */
interface StreamRun {
  closed: boolean;
  live: boolean;
  /** Opens in a row that delivered nothing (a refused or failed connection): the backoff's step. */
  failures: number;
  /** Streams in a row that delivered, then ended within SHORT_MS. */
  short: number;
  /** A probe was due and none may go today, or the server didn't take the last one (kept across reconnects:
   *  the ledger says so for the next too); `uncheckedWhy`: the latter's failure, worded. */
  unchecked: boolean;
  uncheckedWhy?: string | undefined;
}

interface OneStream {
  /** When it delivered its first line; undefined while it delivered none. */
  openedAtMs: number | undefined;
  silent: boolean;
  /** Keepalives came, but a probe published to the topic did not (ntfy-probe.ts): aborted, the watcher polls. */
  deaf: boolean;
  onText: (text: string) => void;
  done: () => boolean;
}

/** One connection's watch: its text read as lines, aborted when wordless past OPEN_WAIT_MS (`silent`: ntfy sends
 *  `open` first, so a buffering proxy holds it) or silent past IDLE_MS; `done` ends its timers (true: closed). */
function watchOne(o: AckStreamOptions, w: AckWatch, s: StreamRun, here: AbortController): OneStream {
  const one: OneStream = {
    openedAtMs: undefined,
    silent: false,
    deaf: false,
    onText: () => undefined,
    done: () => s.closed,
  };
  let probes: ReturnType<typeof probeStream> | undefined;
  const cancelOpenWait = o.clock.setTimer(OPEN_WAIT_MS, () => {
    one.silent = one.openedAtMs === undefined;
    if (one.silent) here.abort();
  });
  let cancelIdle = o.clock.setTimer(IDLE_MS, () => here.abort());
  const lines = lineReader(
    o,
    w,
    () => {
      one.openedAtMs = o.clock.now();
      s.live = true;
      s.failures = 0;
      w.onProblem(undefined);
      const unchecked = (on: boolean, why?: string) => {
        if (s.unchecked === on && s.uncheckedWhy === why) return;
        [s.unchecked, s.uncheckedWhy] = [on, on ? why : undefined];
        w.onUnchecked?.();
      };
      probes = probeStream(o, () => ((one.deaf = true), here.abort()), unchecked);
    },
    (message) => probes?.heard(message),
  );
  one.onText = (text) => {
    cancelIdle();
    cancelIdle = o.clock.setTimer(IDLE_MS, () => here.abort());
    lines(text);
  };
  one.done = () => (cancelIdle(), cancelOpenWait(), probes?.stop(), (s.live = false), s.closed);
  return one;
}

export function openAckStream(o: AckStreamOptions, w: AckWatch): AckStream {
  const s: StreamRun = { closed: false, live: false, failures: 0, short: 0, unchecked: false };
  let ctl: AbortController | undefined;
  let cancelTimer: (() => void) | undefined;
  const later = (ms: number) => {
    cancelTimer?.();
    cancelTimer = o.clock.setTimer(Math.max(0, ms), () => void connect());
  };
  /** Opened again after the next backoff step; `problem`: a failure, said meanwhile. The watcher is told of the gap
   *  at once: it reads once now (an answer given in the gap) and polls while no stream is live. */
  const backoff = (problem?: string) => {
    if (problem !== undefined) w.onProblem(problem);
    const base = STREAM_BACKOFF_MS[Math.min(s.failures, STREAM_BACKOFF_MS.length - 1)] ?? 1_000;
    s.failures++;
    // ±25 %: many laptops dropped by one server restart don't all come back in the same second.
    later(base * (0.75 + 0.5 * (o.random ?? Math.random)()));
    w.onGap();
  };
  /** Streaming doesn't work with this server or a proxy on the way (a 2xx that never delivers a line, or streams
   *  that keep ending at once): the watcher polls instead; nothing is said, as the answers are still read. */
  const unusable = () => {
    s.closed = true;
    w.onRefused();
  };
  async function connect(): Promise<void> {
    if (s.closed) return;
    const waitMs = waitingUntil(o.gate, o.clock);
    if (waitMs !== undefined) return later(waitMs - o.clock.now());
    const from = o.cursor.get() ?? String(Math.floor(Math.min(w.sinceMs, o.clock.now() - 60_000) / 1000));
    const here = new AbortController();
    ctl = here;
    const one = watchOne(o, w, s, here);
    try {
      const end = await o.open({ method: 'GET', url: o.url(from), headers: o.headers }, one.onText, here.signal);
      if (one.done()) return;
      if (one.deaf) return unusable();
      if (end.status < 200 || end.status >= 300) return ended(end.status, end.retryAfter);
      // Ended with no line at all (a proxy answering the long-lived GET with an empty 200).
      return one.openedAtMs === undefined ? unusable() : again(one.openedAtMs);
    } catch (e) {
      if (one.done()) return;
      if (one.silent || one.deaf) return unusable();
      // A stream that worked, then was cut (silent past IDLE_MS, a reset): reopened at once, not said.
      if (one.openedAtMs !== undefined) return again(one.openedAtMs);
      backoff(here.signal.aborted ? 'no answer in time' : describe(e).error);
    }
  }
  /** A stream that delivered ended, however: opened again at the first step (its open reset the failures), unless
   *  streams keep ending within seconds (then the poll takes over). */
  function again(openedAtMs: number): void {
    s.short = o.clock.now() - openedAtMs < SHORT_MS ? s.short + 1 : 0;
    if (s.short >= SHORT_LIMIT) return unusable();
    backoff();
  }
  function ended(status: number, retryAfter: string | undefined): void {
    if (status === 404 || status === 405) return unusable();
    const untilMs = status === 429 ? retryAfterUntil(retryAfter, o.clock.now()) : undefined;
    if (untilMs === undefined) return backoff(`the server answered ${status}`);
    holdUntil(o.gate, untilMs, o.clock);
    w.onProblem('the server answered 429 (too many requests)');
    s.failures++;
    later(untilMs - o.clock.now());
  }
  void connect();
  return {
    live: () => s.live,
    unchecked: () => s.unchecked,
    uncheckedWhy: () => s.uncheckedWhy,
    close() {
      s.closed = true;
      s.live = false;
      cancelTimer?.();
      ctl?.abort();
    },
  };
}
