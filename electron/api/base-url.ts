// The base URL decides where the API key is sent, so it is checked before any request: https everywhere,
// plain http only when the traffic never leaves this machine (loopback), e.g. the embedded simulator.
import { err, ok, type ApiError, type Result } from './errors';

export type ValidationError = Extract<ApiError, { kind: 'validation' }>;

const IPV4_LOOPBACK = /^127(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

/** True for hosts whose traffic stays on this machine: localhost, 127.0.0.0/8, ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || IPV4_LOOPBACK.test(host);
}

function problem(message: string): ValidationError {
  return {
    kind: 'validation',
    message: `Please fix: service URL ${message}`,
    problems: [{ field: 'baseUrl', message }],
  };
}

/** Parses and checks a service base URL (it may carry a path prefix, e.g. `https://host/api`). */
export function checkBaseUrl(raw: string): Result<URL, ValidationError> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return err(problem('is not a valid URL'));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return err(problem('must start with https://'));
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return err(problem('must use https:// (plain http:// is only allowed for localhost)'));
  }
  if (url.username !== '' || url.password !== '') return err(problem('must not contain a user name or password'));
  if (url.search !== '' || url.hash !== '') return err(problem('must not contain a query (?…) or fragment (#…)'));
  return ok(url);
}
