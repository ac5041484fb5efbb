// The one reading of a Retry-After header (RFC 9110 §10.2.3), shared by every caller: the on-call service's client
// (api/retry.ts, api/error-mapping.ts) and the phone's providers (core/escalation/rate-gate.ts), each against the
// app's clock it is given, so a date is never read one way by one caller and another way by the next (adv47 r35).

/** Retry-After as delta-seconds or an HTTP date, in ms from `nowMs` (0 for a date already past); undefined when
 *  absent or unreadable. */
export function parseRetryAfterMs(header: string | string[] | undefined, nowMs: number): number | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (value === undefined || value === '') return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // Every HTTP-date form starts with a day name; without this check V8 would read "-5" as the year -5.
  const at = /^[A-Za-z]{3}/.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}
