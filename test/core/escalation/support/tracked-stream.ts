// The answer stream as the tests open it: fake time waits (as for a request) until the server's first line reached
// the app, or the answer ended. Else the stream's wait for ntfy's `open` (OPEN_WAIT_MS, on the fake clock) could run
// ahead of bytes still on the loopback socket and take a working stream for one a proxy holds.
import { fetchStream, type HttpStream } from '../../../../electron/core/escalation/http-stream';
import type { IoClock } from '../../support/io-clock';

export function trackedStream(clock: IoClock, inner: HttpStream = fetchStream): HttpStream {
  return (req, onText, signal) => {
    let reached: (() => void) | undefined;
    const first = new Promise<void>((resolve) => (reached = resolve));
    // Bounded in real time: a stream a proxy holds never sends a line.
    void clock.inFlight.track(Promise.race([first, new Promise((resolve) => setTimeout(resolve, 2_000))]));
    const heard = (text: string) => (reached?.(), onText(text));
    return inner(req, heard, signal).finally(() => reached?.());
  };
}
