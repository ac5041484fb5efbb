// The one way out to the system browser. Only https links to the configured service's own host pass, and our
// release pages (package.json oncallTray.releasePages, for the update notice); anything else (other hosts, http,
// file:, javascript:, links with credentials) is refused with a plain reason.
// Electron's `shell` is injected so this choke point is tested in Node; it is the project's only openExternal call.
import type { ActionError } from '../shared/ipc-contract';

export type ExternalVerdict = { ok: true; url: string } | { ok: false; error: ActionError };

function refuse(message: string): ExternalVerdict {
  return { ok: false, error: { kind: 'external_refused', message } };
}

function hostOf(baseUrl: string): string | undefined {
  try {
    return new URL(baseUrl).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/** `serviceBaseUrl`: the watched services' addresses (one per account); links to their hosts may be opened. */
export function checkExternalUrl(
  raw: string,
  serviceBaseUrl: string | readonly string[],
  releasePages?: string,
): ExternalVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('That link is not a valid address.');
  }
  if (url.protocol !== 'https:') return refuse('Only https links can be opened.');
  if (url.username !== '' || url.password !== '') return refuse('Links with credentials are not opened.');
  // Compared after parsing and re-serialising, so "https://github.com.evil.net/…" or "/../" tricks can't match.
  if (releasePages?.startsWith('https://') === true && url.href.startsWith(releasePages))
    return { ok: true, url: url.href };
  const hosts = (typeof serviceBaseUrl === 'string' ? [serviceBaseUrl] : serviceBaseUrl)
    .map(hostOf)
    .filter((h): h is string => h !== undefined);
  if (hosts.length === 0) return refuse('No service address is set, so no link can be opened.');
  if (!hosts.includes(url.host.toLowerCase())) return refuse(`Only links to ${hosts.join(' or ')} can be opened.`);
  return { ok: true, url: url.href };
}

export interface ExternalOpenerOptions {
  /** Electron's shell (or a test's stand-in). */
  shell: { openExternal(url: string): Promise<void> };
  serviceBaseUrl(): string | readonly string[];
  /** The release pages prefix (https, ending in "/"), once known; undefined when the app has none. */
  releasePages?(): string | undefined;
}

export function createExternalOpener(options: ExternalOpenerOptions) {
  return async (raw: string): Promise<{ ok: true; value: null } | { ok: false; error: ActionError }> => {
    const verdict = checkExternalUrl(raw, options.serviceBaseUrl(), options.releasePages?.());
    if (!verdict.ok) return verdict;
    try {
      // electronegativity OPEN_EXTERNAL_JS_CHECK (MEDIUM, manual review) points here: reviewed. The URL was
      // re-serialised by checkExternalUrl and is https to the configured service host only (test/adapters/external.test.ts).
      await options.shell.openExternal(verdict.url);
      return { ok: true, value: null };
    } catch {
      return { ok: false, error: { kind: 'external_failed', message: 'The browser could not be opened.' } };
    }
  };
}
