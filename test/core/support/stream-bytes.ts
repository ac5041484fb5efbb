// The answer stream with fake time waiting on its bytes, not on a real-time sleep: every line the ntfy stand-in
// writes to a subscription is a tracked operation of the clock (like a request in flight) until the app has read it,
// or that stream ended. IoClock.settle, run around every timer and step, so waits for exactly the lines on the
// loopback socket; a step needs no 10 ms of real time per fake step "so bytes can arrive".
import { fetchStream, type HttpStream } from '../../../electron/core/escalation/http-stream';
import { STREAM_KEY_HEADER, type Streams } from '../../support/ntfy-stream-standin';
import { trackedStream } from '../escalation/support/tracked-stream';
import type { IoClock } from './io-clock';

interface Live {
  /** Lines the stand-in wrote to this stream, less those the app has read. */
  owed: number;
  /** Resolved (and emptied) when nothing is owed or the stream ended. */
  waiting: (() => void)[];
}

/** A real-time bound, as trackedStream's: a line lost on the socket fails the test's expectations, not its clock. */
const BOUND_MS = 2_000;

export function streamWithBytes(clock: IoClock, streams: Streams, inner: HttpStream = fetchStream): HttpStream {
  const live = new Map<string, Live>();
  const release = (s: Live) => {
    for (const done of s.waiting.splice(0)) done();
  };
  streams.watch((key, lines) => {
    const s = live.get(key);
    if (!s) return;
    s.owed += lines;
    let bound: NodeJS.Timeout | undefined;
    const read = new Promise<void>((resolve) => {
      s.waiting.push(resolve);
      bound = setTimeout(resolve, BOUND_MS);
    });
    void clock.inFlight.track(read.finally(() => clearTimeout(bound)));
  });
  let n = 0;
  const first = trackedStream(clock, inner);
  return (req, onText, signal) => {
    const key = `s${++n}`;
    const s: Live = { owed: 0, waiting: [] };
    live.set(key, s);
    const heard = (text: string) => {
      onText(text);
      s.owed -= text.split('\n').length - 1;
      if (s.owed <= 0) release(s);
    };
    const headers = { ...req.headers, [STREAM_KEY_HEADER]: key };
    return first({ ...req, headers }, heard, signal).finally(() => (live.delete(key), release(s)));
  };
}
