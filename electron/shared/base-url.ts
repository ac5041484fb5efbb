// The base URL decides where the API key is sent, so it is checked before any request: https everywhere,
// plain http only when the traffic never leaves this machine (loopback), e.g. the embedded simulator.
// Plain rules with no imports: the API client (through api/base-url.ts) and the renderer's forms check with this code.

/** Why an address was refused, in the shape of the API client's `validation` error (api/errors.ts). */
export interface BaseUrlProblem {
  kind: 'validation';
  message: string;
  problems: { field: string; message: string }[];
}

/** The checked address, or why it can't be used (the shape of api/errors.ts's Result). */
export type BaseUrlCheck = { ok: true; value: URL } | { ok: false; error: BaseUrlProblem };

const IPV4_LOOPBACK = /^127(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

/** True for hosts whose traffic stays on this machine: localhost, 127.0.0.0/8, ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || IPV4_LOOPBACK.test(host);
}

function problem(message: string): BaseUrlCheck {
  return {
    ok: false,
    error: {
      kind: 'validation',
      message: `Please fix: service URL ${message}`,
      problems: [{ field: 'baseUrl', message }],
    },
  };
}

/** The rule in one sentence, for messages that must say why an address was refused. */
export const BASE_URL_RULE =
  'Only https:// addresses are accepted, except http:// on this machine (localhost, 127.0.0.1, ::1).';

/** "scheme://" (or "scheme:") then anything up to an "@" before the first "/": user info, as a reader would see it. */
const LOOKS_LIKE_USER_INFO = /^([a-z][a-z0-9+.-]*:\/*)?[^/]*@/i;

/**
 * The address without what must never be echoed: its user info (a name, a password, or a key pasted there), its
 * query and its fragment. An address with none of them comes back as typed; text that is not a URL (or has no host,
 * like "mailto:key@host") loses whatever looks like them. Every message, log line and field that shows an address
 * goes through this (or shownAddress).
 */
export function addressWithoutSecrets(raw: string): string {
  const trimmed = raw.trim();
  try {
    const url = new URL(trimmed);
    if (url.host !== '') {
      const clean = url.username === '' && url.password === '' && url.search === '' && url.hash === '';
      return clean && !/[@?#]/.test(trimmed) ? trimmed : `${url.protocol}//${url.host}${url.pathname}`;
    }
  } catch {
    // Not a URL: cut by hand below.
  }
  return trimmed.replace(/[?#][\s\S]*$/, '').replace(LOOKS_LIKE_USER_INFO, '$1');
}

/** The address as it may be shown in a message: without user info, query and fragment, and cut when absurdly long. */
export function shownAddress(raw: string): string {
  const shown = addressWithoutSecrets(raw);
  return shown.length > 120 ? `${shown.slice(0, 119)}…` : shown;
}

/**
 * Why an address can't be used, naming it and the rule ("The service address “http://x” can't be used: it must
 * use https:// …"), or undefined when it is usable. Used wherever a stored or given address is refused, so the
 * user learns the address is the problem rather than being asked for something else.
 */
export function unusableBaseUrlMessage(raw: string): string | undefined {
  const checked = checkBaseUrl(raw);
  if (checked.ok) return undefined;
  const reason = checked.error.problems[0]?.message ?? 'is not usable';
  return `The service address “${shownAddress(raw)}” can't be used: it ${reason}. ${BASE_URL_RULE}`;
}

/** Parses and checks a service base URL (it may carry a path prefix, e.g. `https://host/api`). */
export function checkBaseUrl(raw: string): BaseUrlCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return problem('is not a valid URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return problem('must start with https://');
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return problem('must use https:// (plain http:// is only allowed for localhost)');
  }
  if (url.username !== '' || url.password !== '') return problem('must not contain a user name or password');
  if (url.search !== '' || url.hash !== '') return problem('must not contain a query (?…) or fragment (#…)');
  return { ok: true, value: url };
}
