// A long-lived GET whose answer is read as it comes (ntfy's `<topic>/json` subscription, docs/subscribe/api.md "HTTP
// stream": the connection stays open and one JSON object per line is sent as messages arrive). A port, so the tests
// reach a loopback stand-in and nothing here is tied to one HTTP client.
import type { HttpRequest } from './http';

export interface StreamEnd {
  /** The answer's status: 2xx when the stream ran and the server ended it; otherwise it was refused unread. */
  status: number;
  /** The Retry-After header, when the server sent one (a 429's wait). */
  retryAfter?: string;
}

/** Opens `req`; `onText` gets each piece of the body as it arrives. Resolves when the server ends the answer (or
 *  refuses it: then the body is not read), rejects on a network error or when `signal` aborts it. */
export type HttpStream = (req: HttpRequest, onText: (text: string) => void, signal: AbortSignal) => Promise<StreamEnd>;

export const fetchStream: HttpStream = async (req, onText, signal) => {
  const res = await fetch(req.url, { method: req.method, headers: req.headers ?? {}, signal, redirect: 'error' });
  const retryAfter = res.headers.get('retry-after');
  const end = { status: res.status, ...(retryAfter === null ? {} : { retryAfter }) };
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => undefined);
    return end;
  }
  const reader = res.body.getReader();
  // Ended from here: the body is cancelled too, so the connection is closed, not left open to the server.
  const cancel = () => void reader.cancel().catch(() => undefined);
  if (signal.aborted) cancel();
  signal.addEventListener('abort', cancel, { once: true });
  const decoder = new TextDecoder();
  for (;;) {
    // The reader's chunks are typed loosely by the DOM lib: only bytes are decoded.
    const next: unknown = await reader.read();
    if (typeof next !== 'object' || next === null || ('done' in next && next.done === true)) return end;
    const value = 'value' in next ? next.value : undefined;
    if (value instanceof Uint8Array) onText(decoder.decode(value, { stream: true }));
  }
};
