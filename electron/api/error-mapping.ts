// Turns one final transport outcome into a typed Result: status codes to the closed ApiError union, success
// bodies through their zod schema (once, at the edge). Messages are short and meant for the user.
import { z } from 'zod';
import { err, ok, type ApiError, type Result } from './errors';
import type { TransportOutcome } from './http';
import { parseRetryAfterMs } from './retry';

const SERVER_MESSAGE_MAX_CHARS = 300;

const ErrorItemSchema = z.union([
  z.string(),
  z.object({ field: z.string().optional(), message: z.string() }),
]);
const ErrorsBodySchema = z.object({ errors: z.array(z.unknown()) });
const MessageBodySchema = z.object({ message: z.string() });
const ErrorBodySchema = z.object({ error: z.union([z.string(), z.object({ message: z.string() })]) });

function tidy(text: string): string | undefined {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  if (oneLine === '') return undefined;
  return oneLine.length > SERVER_MESSAGE_MAX_CHARS ? `${oneLine.slice(0, SERVER_MESSAGE_MAX_CHARS - 1)}…` : oneLine;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    const value: unknown = JSON.parse(text);
    return { ok: true, value };
  } catch {
    return { ok: false };
  }
}

function fromErrorsArray(items: unknown[]): string | undefined {
  const parts: string[] = [];
  for (const item of items) {
    const parsed = ErrorItemSchema.safeParse(item);
    if (!parsed.success) continue;
    const value = parsed.data;
    if (typeof value === 'string') parts.push(value);
    else parts.push(value.field ? `${value.field}: ${value.message}` : value.message);
  }
  return parts.length > 0 ? parts.join('; ') : undefined;
}

function fromJsonBody(body: unknown): string | undefined {
  // A field-by-field list says more than a summary such as "Validation failed", so it wins when both exist.
  const errors = ErrorsBodySchema.safeParse(body);
  const listed = errors.success ? fromErrorsArray(errors.data.errors) : undefined;
  if (listed) return listed;
  const message = MessageBodySchema.safeParse(body);
  if (message.success) return message.data.message;
  const error = ErrorBodySchema.safeParse(body);
  if (!error.success) return undefined;
  return typeof error.data.error === 'string' ? error.data.error : error.data.error.message;
}

/** The server's explanation from `{message}`, `{error}`, `{errors:[…]}` or a plain-text body, if any. */
export function extractServerMessage(body: string, contentType: string | undefined): string | undefined {
  const json = parseJson(body);
  if (json.ok) {
    const found = fromJsonBody(json.value);
    return found === undefined ? undefined : tidy(found);
  }
  // An HTML error page says nothing a user can act on.
  if (/html/i.test(contentType ?? '') || body.trimStart().startsWith('<')) return undefined;
  return tidy(body);
}

/** `$.schedule.layers[0].users[2].email`: where a response first broke its schema. */
export function formatJsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : `${out}.${String(key)}`), '$');
}

/** "in 30 s", "in 5 min", or "later" for waits past an hour (servers sometimes send absurd ones). */
function retryWhen(retryAfterMs: number | undefined): string {
  if (retryAfterMs === undefined) return 'shortly';
  if (retryAfterMs < 120_000) return `in ${Math.ceil(retryAfterMs / 1000)} s`;
  return retryAfterMs <= 3_600_000 ? `in ${Math.ceil(retryAfterMs / 60_000)} min` : 'later';
}

function statusError(status: number, body: string, headers: Record<string, string | string[] | undefined>, nowMs: number): ApiError {
  const retryAfterMs = parseRetryAfterMs(headers['retry-after'], nowMs);
  if (status === 401) return { kind: 'unauthorized', message: 'The API key was not accepted. Check it in Settings.' };
  if (status === 403) return { kind: 'forbidden', message: 'This API key is not allowed to do that.' };
  if (status === 404) return { kind: 'not_found', message: 'Not found: it may have been deleted, or the id is wrong.' };
  if (status === 429) {
    const when = retryWhen(retryAfterMs);
    return { kind: 'rate_limited', message: `The service is busy (rate limited). Try again ${when}.`, retryAfterMs };
  }
  if (status >= 500) {
    return { kind: 'server', status, retryAfterMs, message: `The on-call service had a problem (HTTP ${status}). Try again later.` };
  }
  if (status >= 400) {
    const serverMessage = extractServerMessage(body, firstHeader(headers['content-type']));
    const message = serverMessage
      ? `The service rejected the request: ${serverMessage}`
      : `The service rejected the request (HTTP ${status}).`;
    return { kind: 'rejected', status, message, serverMessage };
  }
  return { kind: 'bad_response', message: `The service sent an unexpected answer (HTTP ${status}).` };
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function parseSuccess<S extends z.ZodType>(body: string, schema: S): Result<z.output<S>> {
  const json = parseJson(body);
  if (!json.ok) return err({ kind: 'bad_response', message: 'The service sent an answer that is not JSON.' });
  const parsed = schema.safeParse(json.value);
  if (parsed.success) return ok(parsed.data);
  const path = formatJsonPath(parsed.error.issues[0]?.path ?? []);
  return err({ kind: 'bad_response', path, message: `The service sent an unexpected answer (at ${path}).` });
}

function failureError(cause: 'network' | 'timeout', unknownOutcome: boolean): ApiError {
  if (unknownOutcome) {
    return {
      kind: 'outcome_unknown',
      cause,
      message: 'No answer came back, so the change may or may not have been saved. Check before trying again.',
    };
  }
  return cause === 'timeout'
    ? { kind: 'timeout', message: 'The on-call service did not answer in time.' }
    : { kind: 'network', message: 'Could not reach the on-call service. Check your connection.' };
}

/** Maps the last outcome of a (possibly retried) request. `isWrite` turns lost answers into outcome_unknown. */
export function mapOutcome<S extends z.ZodType>(
  outcome: TransportOutcome,
  isWrite: boolean,
  schema: S,
  nowMs: number,
): Result<z.output<S>> {
  if (outcome.kind === 'failure') return err(failureError(outcome.cause, isWrite && outcome.mayHaveReachedServer));
  if (outcome.kind === 'too_large') {
    return err({ kind: 'bad_response', message: `The service sent an answer that is too large (HTTP ${outcome.status}).` });
  }
  if (outcome.status >= 200 && outcome.status < 300) return parseSuccess(outcome.body, schema);
  return err(statusError(outcome.status, outcome.body, outcome.headers, nowMs));
}

/** Errors that may go away by themselves; a sync loop can simply try again later. */
export function isTransientError(e: ApiError): boolean {
  return e.kind === 'network' || e.kind === 'timeout' || e.kind === 'rate_limited' || e.kind === 'server';
}

/** One line for a status bar or notification; the message already says what happened and what to do. */
export function describeError(e: ApiError): string {
  return e.message;
}
