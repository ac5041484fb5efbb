// Turns one final transport outcome into a typed Result: status codes to the closed ApiError union, success
// bodies through their zod schema (once, at the edge). Messages are short and meant for the user. Every string the
// service sent passes `clean` (the key scrubber) as soon as it is decoded, before it is read, cut or kept.
import type { z } from 'zod';
import { readErrorBody } from './error-body';
import { isMarkup, visibleText } from './markup-text';
import { err, ok, type ApiError, type FieldProblem, type NetworkReach, type Result, type UnknownCause } from './errors';
import type { TransportOutcome } from './http';
import { parseRetryAfterMs } from './retry';
import { scrubJson, type Scrubber } from './scrub';

const asIs: Scrubber = (text) => text;

export const SERVER_MESSAGE_MAX_CHARS = 300;
const MAX_PROBLEMS = 20;

/** C0/C1 controls and the bidirectional controls that could make the service's words read as something else. */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function tidy(text: string): string | undefined {
  const oneLine = text.replace(/\s+/g, ' ').replace(CONTROLS, '').trim();
  if (oneLine === '') return undefined;
  return oneLine.length > SERVER_MESSAGE_MAX_CHARS ? `${oneLine.slice(0, SERVER_MESSAGE_MAX_CHARS - 1)}…` : oneLine;
}

/** A field problem as a phrase ("must be a known user"): the app puts it into its own sentences (the override form's
 *  "Person 2 (bob@…): must be a known user."), so the service's end punctuation is dropped here, at the edge. */
const phraseOf = (text: string): string => text.replace(/[.\s]+$/, '') || text;

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    const value: unknown = JSON.parse(text);
    return { ok: true, value };
  } catch {
    return { ok: false };
  }
}

/** The server's explanation and per-field problems from a JSON error body (see error-body.ts), markup (its visible
 *  text: markup-text.ts) or plain text. */
export function extractServerError(
  body: string,
  contentType: string | undefined,
  clean = asIs,
): { message?: string; summary?: string; problems: FieldProblem[] } {
  const json = parseJson(body);
  if (json.ok) {
    // Decoded first, so a key spelled with JSON escapes is found; scrubbed before the cut, so no cut hides one.
    const found = readErrorBody(scrubJson(json.value, clean));
    // Bounded like the message: a body can list thousands of problems or send a novel as a field name.
    const problems = (found?.problems ?? [])
      .slice(0, MAX_PROBLEMS)
      .map((p) => ({ field: tidy(p.field) ?? p.field, message: phraseOf(tidy(p.message) ?? p.message) }));
    const message = found?.text === undefined ? undefined : tidy(found.text);
    const summary = found?.summary === undefined ? undefined : tidy(found.summary);
    return summary === undefined ? { message, problems } : { message, summary, problems };
  }
  // Markup (a '<p>…</p>' refusal, a proxy's error page): the words a reader would see, tags dropped.
  if (isMarkup(body, contentType)) {
    const shown = visibleText(body);
    return { message: shown === undefined ? undefined : tidy(clean(shown)), problems: [] };
  }
  return { message: tidy(clean(body)), problems: [] };
}

/** The server's explanation from `{message}`, `{error}`, `{errors:[…]}`, problem details or plain text, if any. */
export function extractServerMessage(body: string, contentType: string | undefined): string | undefined {
  return extractServerError(body, contentType).message;
}

/** `$.schedule.layers[0].users[2].email`: where a response first broke its schema. */
export function formatJsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : `${out}.${String(key)}`), '$');
}

/** "in 30 s", "in 5 min", or "later" for waits past an hour (servers sometimes send absurd ones). */
function retryWhen(retryAfterMs: number | undefined): string {
  if (retryAfterMs === undefined) return 'shortly';
  // A Retry-After of 0 or a date already past asks for no wait (never "Try again in 0 s": adv47 r36 #3).
  if (retryAfterMs <= 0) return 'now';
  if (retryAfterMs < 120_000) return `in ${Math.ceil(retryAfterMs / 1000)} s`;
  return retryAfterMs <= 3_600_000 ? `in ${Math.ceil(retryAfterMs / 60_000)} min` : 'later';
}

/** A 429's own sentence. A read keeps it without the wait (core/sync/apply.ts): "Try again in 60 min" kept with a
 *  saved problem would be said again hours later, and the state says the wait from instants (state/wait-words.ts). */
export const RATE_LIMITED_SENTENCE = 'The service is busy (rate limited).';

/** The app's own sentence for each refusal the service explains (a saved refusal is checked against these on read:
 *  core/handoff/saved-refusal.ts). */
export const REFUSAL_SENTENCES = {
  unauthorized: 'The API key was not accepted. Check it in Settings.',
  forbidden: 'This API key is not allowed to do that.',
  not_found: 'Not found: it may have been deleted, or the id is wrong.',
} as const;
/** A 5xx's own sentence. A read with the service's Retry-After keeps it without "Try again later" (sync/apply.ts):
 *  the wait is said from instants beside it, and "later" beside a promised time says something else (adv47 r32 #2). */
export const serverSentence = (status: number): string => `The on-call service had a problem (HTTP ${status}).`;
export const rejectedSentence = (status: number): string => `The service rejected the request (HTTP ${status}).`;

/** The app's sentence, then the service's own words (when it gave any) in the one format every refusal uses. */
export function withServiceWords(sentence: string, said: string | undefined): string {
  return said === undefined || said === '' ? sentence : `${sentence} The service said: “${said}”`;
}

function statusError(
  status: number,
  body: string,
  headers: Record<string, string | string[] | undefined>,
  nowMs: number,
  clean: Scrubber,
): ApiError {
  const retryAfterMs = parseRetryAfterMs(headers['retry-after'], nowMs);
  // The service's own words are kept beside the app's sentence (shown after it: common.ts fromApiError).
  const said = () => {
    const m = extractServerError(body, firstHeader(headers['content-type']), clean).message;
    return m === undefined ? {} : { serverMessage: m };
  };
  if (status === 401) return { kind: 'unauthorized', message: REFUSAL_SENTENCES.unauthorized, ...said() };
  if (status === 403) return { kind: 'forbidden', message: REFUSAL_SENTENCES.forbidden, ...said() };
  if (status === 404) return { kind: 'not_found', message: REFUSAL_SENTENCES.not_found, ...said() };
  if (status === 429) {
    const when = retryWhen(retryAfterMs);
    return {
      kind: 'rate_limited',
      message: `${RATE_LIMITED_SENTENCE} Try again ${when}.`,
      retryAfterMs,
      ...said(),
    };
  }
  if (status >= 500) {
    return { kind: 'server', status, retryAfterMs, message: `${serverSentence(status)} Try again later.` };
  }
  if (status >= 400) {
    const found = extractServerError(body, firstHeader(headers['content-type']), clean);
    const { message: serverMessage, problems } = found;
    const message = withServiceWords(rejectedSentence(status), serverMessage);
    if (problems.length === 0) return { kind: 'rejected', status, message, serverMessage };
    const summary = found.summary === undefined ? {} : { serverSummary: found.summary };
    return { kind: 'rejected', status, message, serverMessage, problems, ...summary };
  }
  return { kind: 'bad_response', message: `The service sent an unexpected answer (HTTP ${status}).` };
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function parseSuccess<S extends z.ZodType>(body: string, schema: S, clean: Scrubber): Result<z.output<S>> {
  const json = parseJson(body);
  if (!json.ok) return err({ kind: 'bad_response', message: 'The service sent an answer that is not JSON.' });
  // Names, reasons and descriptions are shown and kept (cache, notifications): a key echoed there must not be.
  const parsed = schema.safeParse(scrubJson(json.value, clean));
  if (parsed.success) return ok(parsed.data);
  const path = formatJsonPath(parsed.error.issues[0]?.path ?? []);
  return err({ kind: 'bad_response', path, message: `The service sent an unexpected answer (at ${path}).` });
}

const NETWORK_WORDS: Record<NetworkReach, string> = {
  refused: 'The on-call service refused the connection.',
  dns: "The on-call service's address could not be found (DNS). Check your connection and the address.",
  tls: 'A secure connection to the on-call service could not be made (TLS).',
};

function failureError(
  cause: Extract<UnknownCause, 'network' | 'timeout'>,
  unknownOutcome: boolean,
  reach?: NetworkReach,
): ApiError {
  if (unknownOutcome) {
    return {
      kind: 'outcome_unknown',
      cause,
      message: 'No answer came back, so the change may or may not have been saved. Check before trying again.',
    };
  }
  return cause === 'timeout'
    ? { kind: 'timeout', message: 'The on-call service did not answer in time.' }
    : reach
      ? { kind: 'network', message: NETWORK_WORDS[reach], reach }
      : { kind: 'network', message: 'Could not reach the on-call service. Check your connection.' };
}

const UNKNOWN_TAIL = 'so the change may or may not have been saved. It was not sent again.';

/**
 * A write whose answer is a 5xx or unreadable may still have been applied: gateways answer 502/504 after the
 * server stored it, and a 2xx whose body broke in transit was a success. Saying "try again" there makes
 * duplicates, so these become outcome_unknown and the caller checks instead. 4xx refusals (and 429) stand.
 */
function writeError(status: number, error: ApiError): ApiError {
  if (error.kind === 'server') {
    return {
      kind: 'outcome_unknown',
      cause: 'server',
      status,
      // A 503's Retry-After is a wait the write keeps (engine/write-wait.ts): resent sooner, it is refused again.
      ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
      message: `The service answered with an error (HTTP ${status}), ${UNKNOWN_TAIL}`,
    };
  }
  if (error.kind === 'bad_response') {
    return {
      kind: 'outcome_unknown',
      cause: 'unreadable',
      status,
      message: `The service's answer could not be read (HTTP ${status}), ${UNKNOWN_TAIL}`,
    };
  }
  return error;
}

function mapAnswer<S extends z.ZodType>(
  outcome: Exclude<TransportOutcome, { kind: 'failure' }>,
  schema: S,
  nowMs: number,
  clean: Scrubber,
): Result<z.output<S>> {
  if (outcome.kind === 'too_large') {
    return err({
      kind: 'bad_response',
      message: `The service sent an answer that is too large (HTTP ${outcome.status}).`,
    });
  }
  if (outcome.status >= 200 && outcome.status < 300) return parseSuccess(outcome.body, schema, clean);
  return err(statusError(outcome.status, outcome.body, outcome.headers, nowMs, clean));
}

/** Maps the last outcome of a (possibly retried) request. For writes, answers that may hide an applied change are outcome_unknown. */
export function mapOutcome<S extends z.ZodType>(
  outcome: TransportOutcome,
  isWrite: boolean,
  schema: S,
  nowMs: number,
  clean = asIs,
): Result<z.output<S>> {
  if (outcome.kind === 'failure')
    return err(failureError(outcome.cause, isWrite && outcome.mayHaveReachedServer, outcome.reach));
  const mapped = mapAnswer(outcome, schema, nowMs, clean);
  return !isWrite || mapped.ok ? mapped : err(writeError(outcome.status, mapped.error));
}

/** Errors that may go away by themselves; a sync loop can simply try again later. */
export function isTransientError(e: ApiError): boolean {
  return e.kind === 'network' || e.kind === 'timeout' || e.kind === 'rate_limited' || e.kind === 'server';
}

/** One line for a status bar or notification; the message already says what happened and what to do. */
export function describeError(e: ApiError): string {
  return e.message;
}
