// The renderer is served from app://renderer/ instead of file:// (Electron security checklist item 18): a file://
// page may read any file the user can, while this handler answers only for files inside the built renderer
// folder, refuses every way out of it (../, encoded separators, other hosts, symbolic links that resolve outside
// it: the file read is the one fs.realpath finds, and it must lie in the real folder), and sends the strict CSP as a real
// response header. It is a plain function from a fetch Request to a Response, so it is tested in Node;
// main.ts registers the scheme as privileged and hands this function to protocol.handle.
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import {
  inlineStylesheetFrom,
  injectPrerendered,
  withStyleSource,
  type Prerendered,
} from '../core/platform/prerender-page';
import { realPathInside } from '../core/platform/real-path';

export const APP_SCHEME = 'app';
export const RENDERER_HOST = 'renderer';
/** The page our windows load; isRendererUrl (app-paths.ts) recognises exactly this. */
export const RENDERER_INDEX_URL = `${APP_SCHEME}://${RENDERER_HOST}/index.html`;

/**
 * renderer/index.html's meta CSP plus the directives a meta tag can't carry (frame-ancestors) or doesn't need
 * there (object-src); the same policy security.ts adds to every other response (a test keeps them equal).
 */
export const RENDERER_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'";

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

const HEADERS = {
  'Content-Security-Policy': RENDERER_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
};

function refuse(status: 400 | 403 | 404 | 405, reason: string): Response {
  return new Response(reason, { status, headers: { ...HEADERS, 'Content-Type': 'text/plain; charset=utf-8' } });
}

/** The file a request names inside rootDir, or why it names none. */
export function resolveRendererFile(
  rawUrl: string,
  rootDir: string,
): { path: string } | { status: 400 | 403 | 404; reason: string } {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { status: 400, reason: 'not a URL' };
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== RENDERER_HOST) return { status: 404, reason: 'unknown host' };
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return { status: 400, reason: 'bad escape in path' };
  }
  // The URL parser already removed plain ../ segments; decoding can bring back "..", "\" or NUL, all refused.
  if (path.includes('\0') || path.includes('\\') || path.split('/').includes('..'))
    return { status: 403, reason: 'path leaves the renderer folder' };
  const root = resolve(rootDir);
  const file = resolve(root, `.${path === '/' ? '/index.html' : path}`);
  if (!file.startsWith(root + sep)) return { status: 403, reason: 'path leaves the renderer folder' };
  return { path: file };
}

export type AppProtocolHandler = (request: Request) => Promise<Response>;

/**
 * index.html for the popover carries its first frame (see core/platform/prerender-page.ts) and its stylesheet
 * inline, with a header policy that allows exactly that stylesheet; other files as they are, under RENDERER_CSP.
 */
async function withPrerender(
  file: Buffer,
  rawUrl: string,
  rootDir: string,
  options: AppProtocolOptions,
): Promise<{ body: Buffer | string; csp: string }> {
  const url = new URL(rawUrl);
  const out = options.prerender && url.pathname === '/index.html' ? options.prerender(url) : undefined;
  if (!out) return { body: file, csp: RENDERER_CSP };
  const page = injectPrerendered(file.toString('utf8'), out);
  const inlined = await inlineStylesheetFrom(page, rootDir);
  const csp = inlined.styleSource ? withStyleSource(RENDERER_CSP, inlined.styleSource) : undefined;
  // Inline only with a header that allows it; otherwise the page keeps its stylesheet link.
  return csp ? { body: inlined.page, csp } : { body: page, csp: RENDERER_CSP };
}

export interface AppProtocolOptions {
  /** The popover's status view as HTML for this page URL, or undefined to serve index.html as built. */
  prerender?: (url: URL) => Prerendered | undefined;
}

/** Serves GET requests for files inside rootDir (the built renderer folder), each with the CSP header. */
export function createAppProtocolHandler(rootDir: string, options: AppProtocolOptions = {}): AppProtocolHandler {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405, 'only GET');
    const target = resolveRendererFile(request.url, rootDir);
    if (!('path' in target)) return refuse(target.status, target.reason);
    // The path's text stays inside; the file it reaches must too (a link inside may point anywhere).
    const real = await realPathInside(target.path, rootDir);
    if (real === undefined) return refuse(404, 'not found');
    try {
      const { body, csp } = await withPrerender(await readFile(real), request.url, rootDir, options);
      const type = TYPES[extname(target.path).toLowerCase()] ?? 'application/octet-stream';
      return new Response(request.method === 'HEAD' ? null : body, {
        status: 200,
        headers: { ...HEADERS, 'Content-Security-Policy': csp, 'Content-Type': type },
      });
    } catch {
      // Missing, a folder, or unreadable: the page gets a plain 404, never the reason from the file system.
      return refuse(404, 'not found');
    }
  };
}
