// The part of a request between routing and the handler: credentials and the JSON body.
import type { IncomingMessage } from 'node:http';
import type { Reply, Route } from './routes';
import type { SimulatorState } from './state';

const MAX_BODY_BYTES = 1024 * 1024;

export type BodyText = { ok: true; text: string } | { ok: false };

/** Reads the whole body (so kept-alive connections stay usable), refusing more than 1 MiB. */
export async function readBody(req: IncomingMessage): Promise<BodyText> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size <= MAX_BODY_BYTES) chunks.push(buffer);
  }
  return size > MAX_BODY_BYTES ? { ok: false } : { ok: true, text: Buffer.concat(chunks).toString('utf8') };
}

export interface DispatchInput {
  route: Route;
  params: string[];
  req: IncomingMessage;
  body: BodyText;
  query: URLSearchParams;
  state: SimulatorState;
  nowMs: number;
}

const message = (status: number, text: string): Reply => ({ status, body: { message: text } });

export function dispatch(input: DispatchInput): Reply {
  const key = input.req.headers['x-api-key'];
  if (typeof key !== 'string' || key === '') return message(401, 'Missing API key (x-api-key header)');
  const user = input.state.userForKey(key);
  if (!user) return message(401, 'Invalid API key');
  let body: unknown;
  if (input.route.method !== 'GET') {
    if (!input.body.ok) return message(413, 'Request body is too large');
    const type = input.req.headers['content-type'] ?? '';
    if (!/^application\/json\b/i.test(type)) return message(400, 'Content-Type must be application/json');
    try {
      body = JSON.parse(input.body.text);
    } catch {
      return message(400, 'Request body must be JSON');
    }
  }
  const { route, params, query, state, nowMs } = input;
  return route.handle({ state, nowMs, user, params, query, body });
}
