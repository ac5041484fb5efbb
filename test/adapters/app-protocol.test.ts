// The app:// handler as Electron calls it: a fetch Request in, a Response out, over a real folder on disk with a
// secret file next to the renderer folder that no request may reach.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppProtocolHandler, RENDERER_CSP, RENDERER_INDEX_URL } from '../../electron/adapters/app-protocol';
import { hardenSession, type HeadersListener } from '../../electron/adapters/security';

let base = '';
let serve: ReturnType<typeof createAppProtocolHandler>;

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'oncall-protocol-'));
  await mkdir(join(base, 'renderer', 'assets'), { recursive: true });
  await writeFile(join(base, 'renderer', 'index.html'), '<!doctype html><title>OnCall Tray</title>');
  await writeFile(join(base, 'renderer', 'assets', 'app.js'), 'console.log(1)');
  await writeFile(join(base, 'secret.txt'), 'api key');
  await writeFile(join(base, 'renderer-evil.txt'), 'sibling with the same prefix');
  serve = createAppProtocolHandler(join(base, 'renderer'));
});

afterAll(() => rm(base, { recursive: true, force: true }));

const get = (url: string, method = 'GET') => serve(new Request(url, { method }));

describe('app:// protocol handler', () => {
  it('serves the renderer page and its assets with the strict CSP as a response header', async () => {
    const page = await get(`${RENDERER_INDEX_URL}?window=popover&view=status`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    expect(await page.text()).toContain('<title>OnCall Tray</title>');
    const script = await get('app://renderer/assets/app.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses every way out of the renderer folder, and never sends the file', async () => {
    // Encoded separators and NUL survive URL parsing and are refused outright.
    for (const url of [
      'app://renderer/%2E%2E%2Fsecret.txt',
      'app://renderer/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      'app://renderer/..%5csecret.txt',
      'app://renderer/%5c..%5csecret.txt',
      'app://renderer/index.html%00.png',
    ]) {
      const answer = await get(url);
      expect(answer.status, url).toBe(403);
      expect(await answer.text(), url).not.toContain('api key');
    }
    // Dot segments, plain or encoded, are resolved by the URL parser and stay inside: they name renderer/secret.txt.
    for (const url of [
      'app://renderer/../secret.txt',
      'app://renderer/%2e%2e/secret.txt',
      'app://renderer/../renderer-evil.txt',
    ]) {
      const answer = await get(url);
      expect(answer.status, url).toBe(404);
      expect(await answer.text(), url).toBe('not found');
    }
  });

  it('answers 404 for a symbolic link inside the folder that leads outside it, and still serves real files', async () => {
    const renderer = join(base, 'renderer');
    await symlink(join(base, 'secret.txt'), join(renderer, 'assets', 'leak.js'));
    await symlink(base, join(renderer, 'up'));
    // A link that stays inside is a file of the folder like any other.
    await symlink(join(renderer, 'assets', 'app.js'), join(renderer, 'alias.js'));
    for (const url of [
      'app://renderer/assets/leak.js',
      'app://renderer/up/secret.txt',
      'app://renderer/up/renderer-evil.txt',
    ]) {
      const answer = await get(url);
      expect([url, answer.status, await answer.text()]).toEqual([url, 404, 'not found']);
    }
    expect(await (await get('app://renderer/assets/app.js')).text()).toBe('console.log(1)');
    expect(await (await get('app://renderer/alias.js')).text()).toBe('console.log(1)');
  });

  it('serves from a renderer folder that is itself reached through a link (the real folder is the root)', async () => {
    const linked = join(base, 'linked-renderer');
    await symlink(join(base, 'renderer'), linked);
    await symlink(join(base, 'secret.txt'), join(base, 'renderer', 'leak-2.js'));
    const viaLink = createAppProtocolHandler(linked);
    const page = await viaLink(new Request(RENDERER_INDEX_URL));
    expect([page.status, await page.text()]).toEqual([200, '<!doctype html><title>OnCall Tray</title>']);
    expect((await viaLink(new Request('app://renderer/leak-2.js'))).status).toBe(404);
  });

  it('answers only for its own host, only GET/HEAD, and 404 for what is missing or a folder', async () => {
    expect((await get('app://elsewhere/index.html')).status).toBe(404);
    expect((await get('app://renderer/missing.js')).status).toBe(404);
    expect((await get('app://renderer/assets')).status).toBe(404);
    expect((await get('app://renderer/%zz')).status).toBe(400);
    expect((await get(RENDERER_INDEX_URL, 'POST')).status).toBe(405);
    const head = await get(RENDERER_INDEX_URL, 'HEAD');
    expect([head.status, await head.text()]).toEqual([200, '']);
    const root = await get('app://renderer/');
    expect(await root.text()).toContain('OnCall Tray');
  });

  it('sends the same policy the session adds to every other response', () => {
    let listener: HeadersListener | undefined;
    hardenSession({
      setPermissionRequestHandler: () => undefined,
      setPermissionCheckHandler: () => undefined,
      webRequest: { onHeadersReceived: (l) => void (listener = l) },
    });
    let header: unknown;
    listener?.({ responseHeaders: {} }, (r) => (header = r.responseHeaders?.['Content-Security-Policy']));
    expect(header).toEqual([RENDERER_CSP]);
  });

  it("puts main's prerendered popover into index.html only, keeping the CSP header", async () => {
    const built =
      '<!doctype html><html lang="en"><head><script type="module" crossorigin src="./assets/index-A1.js"></script></head><body><div id="app"></div></body></html>';
    await writeFile(join(base, 'renderer', 'index.html'), built);
    const asked: string[] = [];
    const withPrerender = createAppProtocolHandler(join(base, 'renderer'), {
      prerender: (url) => (
        asked.push(url.search),
        url.searchParams.get('view') === 'status'
          ? { html: '<main>On call until 17:00</main>', theme: 'dark' }
          : undefined
      ),
    });
    try {
      const popover = await withPrerender(new Request(`${RENDERER_INDEX_URL}?window=popover&view=status`));
      expect(popover.headers.get('content-security-policy')).toBe(RENDERER_CSP);
      const html = await popover.text();
      expect(html).toContain('<div id="app" data-prerendered><main>On call until 17:00</main></div>');
      expect(html).toContain('<html lang="en" data-theme="dark">');
      expect(await (await withPrerender(new Request(`${RENDERER_INDEX_URL}?window=action&view=override`))).text()).toBe(
        built,
      );
      expect(await (await withPrerender(new Request('app://renderer/assets/app.js'))).text()).toBe('console.log(1)');
      expect(asked).toEqual(['?window=popover&view=status', '?window=action&view=override']);
      // The stylesheet goes inline, and the header allows exactly that text, when the page's CSP lists its hash.
      const css = '.me{color:green}';
      const hash = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
      await writeFile(join(base, 'renderer', 'assets', 'style-B2.css'), css);
      const withSheet = (styleSrc: string) =>
        built.replace(
          '<head>',
          `<head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; ${styleSrc}" /><link rel="stylesheet" crossorigin href="./assets/style-B2.css">`,
        );
      await writeFile(join(base, 'renderer', 'index.html'), withSheet(`style-src 'self' ${hash}`));
      const inlined = await withPrerender(new Request(`${RENDERER_INDEX_URL}?window=popover&view=status`));
      expect(await inlined.text()).toContain('<style>.me{color:green}</style>');
      expect(inlined.headers.get('content-security-policy')).toBe(
        RENDERER_CSP.replace("style-src 'self'", `style-src 'self' ${hash}`),
      );
      await writeFile(join(base, 'renderer', 'index.html'), withSheet("style-src 'self'"));
      const linked = await withPrerender(new Request(`${RENDERER_INDEX_URL}?window=popover&view=status`));
      expect(await linked.text()).toContain('rel="stylesheet"');
      expect(linked.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    } finally {
      await writeFile(join(base, 'renderer', 'index.html'), '<!doctype html><title>OnCall Tray</title>');
    }
  });
});
