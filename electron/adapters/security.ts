// Session-wide defences for our windows: every permission (camera, notifications, geolocation, …) is refused, and
// every response carries a strict Content-Security-Policy (no remote origins, no inline script, no eval), so a page
// that lost its meta tag is still covered.

/** The part of a response the CSP hook reads and answers (Electron's listener details and callback). */
export type HeadersListener = (
  details: { url?: string; responseHeaders?: Record<string, string[]> },
  callback: (response: { responseHeaders?: Record<string, string | string[]> }) => void,
) => void;

/** The part of Electron's Session hardened here; a recording fake in tests. */
export interface HardenableSession {
  setPermissionRequestHandler(
    handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void,
  ): void;
  setPermissionCheckHandler(handler: () => boolean): void;
  webRequest: { onHeadersReceived(listener: HeadersListener): void };
}

const addCsp: HeadersListener = (details, callback) => {
  // Our app:// handler sends its own policy (this one, plus the hash of the one stylesheet the prerendered popover
  // carries inline): replacing it would refuse that stylesheet. Electron runs no header hooks for custom schemes
  // today; this keeps it so if it ever does.
  if (details.url?.startsWith('app://')) return callback({ responseHeaders: details.responseHeaders });
  // A literal, so electronegativity can read it. It is renderer/index.html's meta CSP plus two directives a meta
  // tag cannot carry or does not need there (frame-ancestors is ignored in meta; object-src for any page we
  // ever serve); the browser enforces both policies. Its CSP_GLOBAL_CHECK LOW finding ("directives may be
  // vulnerable") is csp-evaluator's generic caution about script-src 'self'; deliberate: our only scripts are
  // the bundled files beside index.html.
  callback({
    responseHeaders: {
      ...details.responseHeaders,
      'Content-Security-Policy': [
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'",
      ],
    },
  });
};

export function hardenSession(session: HardenableSession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.webRequest.onHeadersReceived(addCsp);
}
