// Session-wide defences for our windows: every permission (camera, notifications, geolocation, …) is refused, and
// every response carries the same strict Content-Security-Policy as the page's own meta tag (no remote origins,
// no inline script, no eval), so a page that lost its meta tag is still covered.
import type { Session } from 'electron';

export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.webRequest.onHeadersReceived((details, callback) => {
    // A literal, identical to renderer/index.html's meta tag (the browser enforces both), so electronegativity can
    // read it. Its CSP_GLOBAL_CHECK LOW finding ("directives may be vulnerable") is csp-evaluator's generic
    // caution about script-src 'self'; deliberate: our only scripts are the bundled files beside index.html.
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [
          "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'",
        ],
      },
    });
  });
}
