// The closed union of everything that can go wrong talking to the service. Every variant carries a short
// user-facing `message`; none ever contains the API key (it is never put in a URL, message or thrown object).
import type { $ZodIssue } from 'zod/v4/core';

export type FieldProblem = { field: string; message: string };

export type ApiError =
  | { kind: 'validation'; message: string; problems: FieldProblem[] }
  /** `reach`: what the OS said of the connection, when it said something the app can word truthfully. */
  | { kind: 'network'; message: string; reach?: NetworkReach }
  | { kind: 'timeout'; message: string }
  /** `serverMessage`: the service's own words from the body (bounded, one line, control characters removed). */
  /** `keyOf`: whose key was refused ("One’s key"), set by the engine when several accounts are set up. */
  | { kind: 'unauthorized'; message: string; serverMessage?: string; keyOf?: string }
  | { kind: 'forbidden'; message: string; serverMessage?: string; keyOf?: string }
  | { kind: 'not_found'; message: string; serverMessage?: string }
  /** `problems`: the server's own per-field list (field names as the server wrote them), when it sent one;
   *  `serverSummary`: its top-level words when it sent both (`serverMessage` then holds both). */
  | {
      kind: 'rejected';
      message: string;
      status: number;
      serverMessage?: string;
      serverSummary?: string;
      problems?: FieldProblem[];
    }
  | { kind: 'rate_limited'; message: string; retryAfterMs?: number; serverMessage?: string; keyOf?: string }
  | { kind: 'server'; message: string; status: number; retryAfterMs?: number }
  | { kind: 'bad_response'; message: string; path?: string }
  /**
   * A write (POST/PUT/PATCH) may have been applied but its answer says nothing usable: none came back, a 5xx
   * (often a gateway that lost the server's answer), or a 2xx whose body cannot be read. It is never re-sent.
   */
  | { kind: 'outcome_unknown'; message: string; cause: UnknownCause; status?: number; retryAfterMs?: number };

/** A connection refused (nothing listening), a name not found (DNS), or a TLS handshake that failed. */
export type NetworkReach = 'refused' | 'dns' | 'tls';

export type UnknownCause = 'network' | 'timeout' | 'server' | 'unreadable';

export type ApiErrorKind = ApiError['kind'];

export type Result<T, E = ApiError> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });

/** Turns zod issues into a validation error that names each bad field. */
export function validationError(issues: readonly $ZodIssue[]): Extract<ApiError, { kind: 'validation' }> {
  const problems = issues.map((i) => ({ field: i.path.map(String).join('.') || '(input)', message: i.message }));
  const message = 'Please fix: ' + problems.map((p) => `${p.field} ${p.message}`).join('; ');
  return { kind: 'validation', message, problems };
}
