// The phone's "I'm on it" heard over ONE long-lived ntfy subscription (`GET <topic>-ack/json?since=…`,
// docs/subscribe/api.md "Subscribe as JSON stream"), not read every 5–10 s: over an 8-hour shift that poll made ~3,000
// requests, near the public server's per-visitor limit (docs/config.md: a bucket of 60, one more each 5 s). `since=`
// (the last message id seen, else the alarm's start) makes a reconnect lose nothing. A stream that ends or fails is
// opened again after a backoff with jitter, never before a 429's Retry-After (the gate shared with bookings); a
// failure is said as the problem, and cleared when the server opens the stream again. ntfy sends a keepalive every
// 45 s by default (docs/config.md `keepalive-interval`): a stream silent for IDLE_MS is taken as dead and replaced.
import type { Clock } from '../ports';
import { describe } from './http';
import type { HttpStream } from './http-stream';
import { holdUntil, retryAfterUntil, waitingUntil, type RateGate } from './rate-gate';
import type { AckStream, AckWatch, PhoneAck } from './types';

export const IDLE_MS = 120_000;
export const STREAM_BACKOFF_MS = [1_000, 5_000, 15_000, 60_000, 5 * 60_000] as const;
/** A line longer than this is no answer of ours: dropped (the buffer stays bounded). */
const LINE_MAX_CHARS = 16_384;

/** One line of ntfy's JSON stream or poll, as the app reads it: only `"event":"message"` lines with an id count. */
export function ackLineOf(line: string): { id: string; message: string; timeS: number | undefined } | undefined {
  try {
    const v: unknown = JSON.parse(line);
    if (typeof v !== 'object' || v === null) return undefined;
    const id = 'id' in v && typeof v.id === 'string' ? v.id : undefined;
    const event = 'event' in v ? v.event : undefined;
    const message = 'message' in v && typeof v.message === 'string' ? v.message : '';
    const timeS = 'time' in v && typeof v.time === 'number' && Number.isFinite(v.time) ? v.time : undefined;
    return id && event === 'message' ? { id, message, timeS } : undefined;
  } catch {
    return undefined;
  }
}

/** The "ack <alert id>" answers among parsed lines, each at its server time (never later than now). */
export const acksOf = (lines: ReturnType<typeof ackLineOf>[], nowMs: number): PhoneAck[] =>
  lines.flatMap((l) =>
    l && /^ack [\w-]+$/.test(l.message)
      ? [{ id: l.message.slice(4), atMs: Math.min(nowMs, l.timeS === undefined ? nowMs : l.timeS * 1000) }]
      : [],
  );

export interface AckStreamOptions {
  clock: Clock;
  open: HttpStream;
  gate: RateGate;
  /** The subscription's address from `since` (an id or a Unix time). */
  url: (since: string) => string;
  headers: Record<string, string>;
  /** The last message id seen on the -ack topic (shared with the poll), or undefined. */
  cursor: { get(): string | undefined; set(id: string): void };
  random?: () => number;
}

/** Reads the stream's text as it comes: its first whole line says the server opened it (`opened`); each message
 *  moves the cursor; its "I'm on it" answers go to the watcher. */
function lineReader(o: AckStreamOptions, w: AckWatch, opened: () => void): (text: string) => void {
  let buf = '';
  let first = true;
  return (text) => {
    buf += text;
    const lines = buf.split('\n');
    buf = lines.pop() ?? '';
    if (buf.length > LINE_MAX_CHARS) buf = '';
    if (first && lines.length > 0) {
      first = false;
      opened();
    }
    const parsed = lines.map(ackLineOf);
    const last = parsed.filter((l) => l !== undefined).pop();
    if (last) o.cursor.set(last.id);
    const acks = acksOf(parsed, o.clock.now());
    if (acks.length > 0) w.onAcks(acks);
  };
}

export function openAckStream(o: AckStreamOptions, w: AckWatch): AckStream {
  let closed = false;
  let failures = 0;
  let ctl: AbortController | undefined;
  let cancelTimer: (() => void) | undefined;
  const later = (ms: number) => {
    cancelTimer?.();
    cancelTimer = o.clock.setTimer(Math.max(0, ms), () => void connect());
  };
  /** Opened again after the next backoff step; `problem`: a failure, said meanwhile. */
  const backoff = (problem?: string) => {
    if (problem !== undefined) w.onProblem(problem);
    const base = STREAM_BACKOFF_MS[Math.min(failures, STREAM_BACKOFF_MS.length - 1)] ?? 1_000;
    failures++;
    // ±25 %: many laptops dropped by one server restart don't all come back in the same second.
    later(base * (0.75 + 0.5 * (o.random ?? Math.random)()));
  };
  async function connect(): Promise<void> {
    if (closed) return;
    const waitMs = waitingUntil(o.gate, o.clock);
    if (waitMs !== undefined) return later(waitMs - o.clock.now());
    const from = o.cursor.get() ?? String(Math.floor(Math.min(w.sinceMs, o.clock.now() - 60_000) / 1000));
    const here = new AbortController();
    ctl = here;
    let opened = false;
    let openedAtMs = 0;
    let cancelIdle = o.clock.setTimer(IDLE_MS, () => here.abort());
    const lines = lineReader(o, w, () => {
      opened = true;
      openedAtMs = o.clock.now();
      w.onProblem(undefined);
    });
    const onText = (text: string) => {
      cancelIdle();
      cancelIdle = o.clock.setTimer(IDLE_MS, () => here.abort());
      lines(text);
    };
    try {
      const end = await o.open({ method: 'GET', url: o.url(from), headers: o.headers }, onText, here.signal);
      cancelIdle();
      if (closed) return;
      if (end.status >= 200 && end.status < 300) return again(opened, openedAtMs);
      ended(end.status, end.retryAfter);
    } catch (e) {
      cancelIdle();
      if (closed) return;
      // Silent past IDLE_MS: no keepalive came, the connection is dead (a sleep, a network change).
      if (here.signal.aborted && opened) return again(opened, openedAtMs);
      if (here.signal.aborted) return backoff('no answer in time');
      backoff(describe(e).error);
    }
  }
  /** The server ended a stream (or it went silent): opened again after the backoff, which starts over only after a
   *  stream that lived a while (a proxy that closes each one at once is not reopened every second). */
  function again(opened: boolean, openedAtMs: number): void {
    if (opened && o.clock.now() - openedAtMs >= IDLE_MS) failures = 0;
    backoff();
  }
  function ended(status: number, retryAfter: string | undefined): void {
    if (status === 404 || status === 405) {
      closed = true;
      return w.onRefused();
    }
    const untilMs = status === 429 ? retryAfterUntil(retryAfter, o.clock.now()) : undefined;
    if (untilMs === undefined) return backoff(`the server answered ${status}`);
    holdUntil(o.gate, untilMs, o.clock);
    w.onProblem('the server answered 429 (too many requests)');
    failures++;
    later(untilMs - o.clock.now());
  }
  void connect();
  return {
    close() {
      closed = true;
      cancelTimer?.();
      ctl?.abort();
    },
  };
}
